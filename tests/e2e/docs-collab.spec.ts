/**
 * Editing a text document together (issue 6): two people type into one document at the same
 * time and each sees the other's words and named caret; edits made while one of them is cut
 * off merge when the connection comes back; a viewer reads without being able to type; a
 * signed-out reader follows the shared link live. Pictures of the editor with two carets in
 * both themes land in test-results/screens/.
 */
import type { Page, WebSocketRoute } from "@playwright/test";
import { expect, hydrated, joinProject, openTextDocument, person, sharedTextDocument, test } from "./fixtures";

const writeHeaders = () => ({ Origin: new URL(test.info().project.use.baseURL!).origin });

/** The document's text block by block, without the other people's caret labels. */
function docText(page: Page) {
  return page.getByTestId("doc-editor-content").evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
    return [...copy.children].map((block) => block.textContent ?? "");
  });
}

/** Puts the caret at the end of the document. */
async function focusEnd(page: Page) {
  const content = page.getByTestId("doc-editor-content");
  await content.click();
  await page.keyboard.press("Control+End");
}

/** The document's sockets of one page go through this switch, to cut them off and back. */
async function cable(page: Page) {
  let online = true;
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws\/doc\//, (ws) => {
    if (!online) {
      // Refused like a lost network: the provider keeps retrying with backoff.
      void ws.close({ code: 4500, reason: "offline" });
      return;
    }
    ws.connectToServer();
    open.push(ws);
  });
  return {
    unplug: async () => {
      online = false;
      for (const ws of open.splice(0)) await ws.close({ code: 4500, reason: "offline" });
    },
    plug: () => {
      online = true;
    },
  };
}

test("two people type into one document at once and see each other's text and named caret", async ({ browser }) => {
  test.slow();
  const ann = await person(browser, "Ann Author");
  const ben = await person(browser, "Ben Builder");
  const { project, doc } = await sharedTextDocument(ann.page, ben, "Docs");
  const a = await openTextDocument(ann.page, project, doc);
  const b = await openTextDocument(ben.page, project, doc);

  await focusEnd(ann.page);
  await ann.page.keyboard.type("Goals for the launch. ");
  await expect(b).toContainText("Goals for the launch.");
  await focusEnd(ben.page);
  await ben.page.keyboard.press("Enter");
  // Both at once, in different paragraphs.
  await Promise.all([ann.page.keyboard.type("Ann writes the intro.", { delay: 15 }), ben.page.keyboard.type("Ben adds the budget.", { delay: 15 })]);
  for (const content of [a, b]) {
    await expect(content).toContainText("Ann writes the intro.");
    await expect(content).toContainText("Ben adds the budget.");
  }
  expect(await docText(ann.page)).toEqual(await docText(ben.page));

  // Each sees the other's caret with their name, and both in the presence list.
  await expect(ann.page.locator(".collaboration-carets__label", { hasText: "Ben Builder" })).toBeVisible();
  await expect(ben.page.locator(".collaboration-carets__label", { hasText: "Ann Author" })).toBeVisible();
  for (const page of [ann.page, ben.page]) {
    await expect(page.locator("[data-testid=doc-presence-person][data-name='Ann Author']")).toHaveCount(1);
    await expect(page.locator("[data-testid=doc-presence-person][data-name='Ben Builder']")).toHaveCount(1);
  }

  // Formatting travels too: a heading made by Ben is a heading for Ann.
  await focusEnd(ben.page);
  await ben.page.keyboard.press("Enter");
  await ben.page.keyboard.type("## Timeline");
  await expect(a.locator("h2", { hasText: "Timeline" })).toBeVisible();

  // It was stored: a reload shows the same text.
  await ann.page.reload();
  await expect(ann.page.getByTestId("doc-status")).toHaveAttribute("data-status", "synced", { timeout: 15_000 });
  await expect(ann.page.getByTestId("doc-editor-content")).toContainText("Ben adds the budget.");

  // A third person joins for the pictures: Ann sees two named carets besides her own.
  const cleo = await person(browser, "Cleo Checker");
  await joinProject(ann.page, cleo, project);
  await openTextDocument(cleo.page, project, doc);
  await cleo.page.getByTestId("doc-editor-content").locator("p", { hasText: "Ben adds" }).click();
  await ben.page.getByTestId("doc-editor-content").locator("p", { hasText: "Ann writes" }).click();
  await ann.page.getByTestId("doc-editor-content").locator("h2").click();
  await expect(ann.page.locator(".collaboration-carets__label", { hasText: "Ben Builder" })).toBeVisible();
  await expect(ann.page.locator(".collaboration-carets__label", { hasText: "Cleo Checker" })).toBeVisible();
  await expect(ann.page.getByTestId("doc-presence-person")).toHaveCount(3);
  for (const theme of ["light", "dark"] as const) {
    await ann.page.evaluate((value) => {
      document.documentElement.setAttribute("data-theme", value);
      window.scrollTo(0, 0);
    }, theme);
    await ann.page.screenshot({ path: `${test.info().project.outputDir}/screens/docs-editor-two-carets-${theme}.png`, fullPage: true, animations: "disabled" });
  }
  await cleo.context.close();
  await ann.context.close();
  await ben.context.close();
});

test("edits made while cut off merge when the connection comes back", async ({ browser }) => {
  test.slow();
  const ann = await person(browser, "Ann Offline");
  const ben = await person(browser, "Ben Online");
  const { project, doc } = await sharedTextDocument(ann.page, ben, "Docs");
  const wire = await cable(ann.page);
  const a = await openTextDocument(ann.page, project, doc);
  const b = await openTextDocument(ben.page, project, doc);
  await focusEnd(ann.page);
  await ann.page.keyboard.type("Shared start.");
  await expect(b).toContainText("Shared start.");

  await wire.unplug();
  await expect(ann.page.getByTestId("doc-status")).toHaveAttribute("data-status", "offline");
  await ann.page.keyboard.press("Enter");
  await ann.page.keyboard.type("Written on the train.");
  await focusEnd(ben.page);
  await ben.page.keyboard.press("Enter");
  await ben.page.keyboard.type("Written at the office.");
  await expect(a).not.toContainText("Written at the office.");
  await expect(b).not.toContainText("Written on the train.");

  wire.plug();
  await expect(ann.page.getByTestId("doc-status")).toHaveAttribute("data-status", "synced", { timeout: 15_000 });
  for (const content of [a, b]) {
    await expect(content).toContainText("Written on the train.");
    await expect(content).toContainText("Written at the office.");
  }
  expect(await docText(ann.page)).toEqual(await docText(ben.page));
  await ann.context.close();
  await ben.context.close();
});

test("a viewer reads along without a toolbar and cannot type; a signed-out reader follows the shared link", async ({ browser }) => {
  test.slow();
  const ann = await person(browser, "Ann Owner");
  const vic = await person(browser, "Vic Viewer");
  const { project, doc } = await sharedTextDocument(ann.page, vic, "Docs", "viewer");
  const a = await openTextDocument(ann.page, project, doc);
  await focusEnd(ann.page);
  await ann.page.keyboard.type("Only Ann edits this.");

  const v = await openTextDocument(vic.page, project, doc);
  await expect(v).toContainText("Only Ann edits this.");
  await expect(v).toHaveAttribute("contenteditable", "false");
  await expect(vic.page.getByTestId("doc-toolbar")).toHaveCount(0);
  await v.click();
  await vic.page.keyboard.type("Vic was here");
  await ann.page.keyboard.type(" Still Ann.");
  await expect(v).toContainText("Still Ann.");
  await expect(a).not.toContainText("Vic was here");

  const share = await ann.page.request.put(`/api/v1/project/${project}/docs/${doc}/share`, { data: { shared: true }, headers: writeHeaders() });
  expect(share.status(), await share.text()).toBe(200);
  const { url } = (await share.json()) as { url: string };
  const guest = await browser.newContext();
  const reader = await guest.newPage();
  await reader.goto(new URL(url).pathname);
  await hydrated(reader);
  const r = reader.getByTestId("doc-editor-content");
  await expect(r).toContainText("Still Ann.", { timeout: 15_000 });
  await expect(r).toHaveAttribute("contenteditable", "false");
  await ann.page.keyboard.type(" Live for readers.");
  await expect(r).toContainText("Live for readers.");

  // Turning sharing off closes the reader's socket at once.
  await ann.page.request.put(`/api/v1/project/${project}/docs/${doc}/share`, { data: { shared: false }, headers: writeHeaders() });
  await expect(reader.getByTestId("doc-denied")).toBeVisible();
  await guest.close();
  await ann.context.close();
  await vic.context.close();
});

test("versions are saved, viewed and restored; @ and # pickers mention people and tasks; Markdown goes out and comes back in", async ({ browser }) => {
  test.slow();
  const ann = await person(browser, "Ann Archivist");
  const ben = await person(browser, "Ben Mentioned");
  const { project, doc } = await sharedTextDocument(ann.page, ben, "Docs");
  const task = await ann.page.request.post(`/api/v1/project/${project}/issue`, { data: { custom_fields: [{ slug: "title", value: "Fix the login page" }] }, headers: writeHeaders() });
  expect(task.status(), await task.text()).toBe(201);
  const taskGuid = ((await task.json()) as { guid: string }).guid;
  const page = ann.page;
  const content = await openTextDocument(page, project, doc);
  await focusEnd(page);
  await page.keyboard.type("# Release notes");
  await page.keyboard.press("Enter");
  await page.keyboard.type("First draft of the notes.");

  // A named version, then more edits.
  await page.getByTestId("doc-history-toggle").click();
  await page.getByTestId("version-name").fill("Draft one");
  await page.getByTestId("version-save").click();
  await expect(page.getByTestId("version-item").filter({ hasText: "Draft one" })).toHaveCount(1);
  await focusEnd(page);
  await page.keyboard.press("Enter");
  await page.keyboard.type("A later paragraph to undo. Ask ");

  // @ picker: people of the project; # picker: tasks by words of their title.
  await page.keyboard.type("@Ben");
  const people = page.getByTestId("mention-people").getByTestId("mention-option");
  await expect(people).toHaveCount(1);
  await expect(people).toContainText("Ben Mentioned");
  await page.keyboard.press("Enter");
  await page.keyboard.type("about #login");
  const tasks = page.getByTestId("mention-tasks");
  await expect(tasks.getByTestId("mention-option")).toHaveCount(1);
  await expect(tasks.getByTestId("mention-option")).toContainText("Fix the login page");
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((value) => {
      document.documentElement.setAttribute("data-theme", value);
      window.scrollTo(0, 0);
    }, theme);
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/docs-editor-task-picker-${theme}.png`, fullPage: true, animations: "disabled" });
  }
  await page.keyboard.press("Enter");
  await expect(content.locator(".doc-mention-person")).toHaveText("@Ben Mentioned");
  await expect(content.locator(".doc-mention-task a")).toHaveAttribute("href", `/project/${project}/issue/${taskGuid}`);
  // Ben hears about the mention through his notifications, once the room has saved.
  await ben.page.goto("/project");
  await hydrated(ben.page);
  await expect(ben.page.getByTestId("notifications-count")).toBeVisible({ timeout: 15_000 });
  await ben.page.getByTestId("notifications-bell").click();
  await expect(ben.page.getByTestId("notification-item").filter({ hasText: "Ann Archivist mentioned you" })).toHaveCount(1);

  // View the named version, then restore it: the later paragraph goes away for everyone.
  await page.getByTestId("version-item").filter({ hasText: "Draft one" }).click();
  await expect(page.getByTestId("version-banner")).toBeVisible();
  await expect(page.getByTestId("version-content")).toContainText("First draft of the notes.");
  await expect(page.getByTestId("version-content")).not.toContainText("A later paragraph");
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((value) => {
      document.documentElement.setAttribute("data-theme", value);
      window.scrollTo(0, 0);
    }, theme);
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/docs-editor-history-${theme}.png`, fullPage: true, animations: "disabled" });
  }
  await page.getByTestId("version-restore").click();
  await expect(page.getByTestId("version-banner")).toHaveCount(0);
  await expect(page.getByTestId("doc-editor-content")).not.toContainText("A later paragraph");
  await expect(page.getByTestId("doc-editor-content")).toContainText("First draft of the notes.");
  // The content before the restore was kept as an automatic version, newest first.
  await expect(page.getByTestId("version-item").first()).toContainText("Automatic version");

  // Markdown out…
  await page.getByTestId("doc-menu").click();
  const download = page.waitForEvent("download");
  await page.getByTestId("doc-export-md").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Launch plan.md");
  const markdown = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(markdown).toContain("# Release notes");
  expect(markdown).toContain("First draft of the notes.");

  // …and in: a .md file becomes a new page under this one, with its headings, lists and tasks.
  await page.getByTestId("doc-menu").click();
  await page.getByTestId("doc-import-input").setInputFiles({
    name: "Checklist.md",
    mimeType: "text/markdown",
    buffer: Buffer.from("# Checklist\n\n- [x] Write notes\n- [ ] Ship it\n\n| Who | What |\n| --- | --- |\n| Ann | Notes |\n"),
  });
  await expect(page).not.toHaveURL(new RegExp(`/docs/${doc}$`));
  const imported = page.getByTestId("doc-editor-content");
  await expect(imported.locator("h1")).toHaveText("Checklist");
  await expect(imported.locator("ul[data-type=taskList] li")).toHaveCount(2);
  await expect(imported.locator("td", { hasText: "Notes" })).toHaveCount(1);
  await ann.context.close();
  await ben.context.close();
});
