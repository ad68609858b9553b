/**
 * The documents page: a nested tree made through the page, reordered and re-parented by mouse
 * and by keyboard, folds that survive a reload, a delete that says how many documents go with
 * it, a second browser that follows live, and the read-only share link in a signed-out browser.
 */
import type { Locator, Page } from "@playwright/test";
import { createProjectFromList, expect, origin, hydrated, open, person, test, SCREENS } from "./fixtures";

const rowOf = (page: Page, title: string) => page.locator(`[data-testid=doc-row][data-title="${title}"]`);

/** The visible tree as "title@depth" lines, in reading order. */
const outline = (page: Page) =>
  page.getByTestId("doc-row").evaluateAll((rows) => rows.map((r) => `${r.getAttribute("data-title")}@${r.getAttribute("data-depth")}`));

/** Waits for the next move the page saves, and checks that the server took it. */
async function saved(page: Page, act: () => Promise<void>) {
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/move"));
  await act();
  expect((await answer).status()).toBe(200);
}

/** Creates a document of `kind` through a menu, then names it in the tree's inline field. */
async function create(page: Page, menu: Locator, item: string, title: string) {
  await menu.click();
  const made = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/docs"));
  await page.getByTestId(item).click();
  expect((await made).status()).toBe(201);
  const input = page.getByTestId("doc-rename-input");
  await expect(input).toBeFocused();
  const renamed = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/docs/"));
  await input.fill(title);
  await input.press("Enter");
  expect((await renamed).status()).toBe(200);
  await expect(rowOf(page, title)).toBeVisible();
}

/** A keyboard drag of a row: space picks it up, the keys move it (one at a time, as a person would), space drops it. */
async function keyDrag(page: Page, title: string, keys: string[]) {
  await rowOf(page, title).getByTestId("doc-drag").focus();
  await page.keyboard.press("Space");
  for (const key of keys) {
    await page.waitForTimeout(150);
    await page.keyboard.press(key);
  }
  await page.waitForTimeout(150);
  await page.keyboard.press("Space");
}

/** A mouse drag of a row's handle by (dx, dy), in small steps as a hand would. */
async function dragBy(page: Page, handle: Locator, dx: number, dy: number) {
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 5, { steps: 3 });
  await page.mouse.move(x + dx, y + dy, { steps: 15 });
  await page.mouse.move(x + dx, y + dy + (dy === 0 ? 0 : 1), { steps: 3 });
  await page.mouse.up();
}

async function dragOnto(page: Page, handle: Locator, target: Locator, dx = 0) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await dragBy(page, handle, dx, to.y + to.height / 2 - (from.y + from.height / 2));
}

test("a nested tree is built, reordered and re-parented by mouse and keyboard, keeps its folds, and deletes with its children", async ({ browser }) => {
  test.slow();
  const { context, page, errors } = await person(browser, "Dana Docs", { viewport: { width: 1280, height: 900 } });
  const projectPath = await createProjectFromList(page, "Docs");
  await open(page, `${projectPath}/docs`);
  await expect(page.getByTestId("docs-empty")).toBeVisible();

  // Every kind, at three levels, made from the page.
  await create(page, page.getByTestId("doc-new"), "doc-new-text", "Handbook");
  await create(page, rowOf(page, "Handbook").getByTestId("doc-row-menu"), "doc-add-bpmn", "Process");
  await create(page, rowOf(page, "Handbook").getByTestId("doc-row-menu"), "doc-add-drawing", "Sketch");
  await create(page, rowOf(page, "Process").getByTestId("doc-row-menu"), "doc-add-text", "Details");
  await create(page, page.getByTestId("doc-new"), "doc-new-table", "Budget");
  expect(await outline(page)).toEqual(["Handbook@0", "Process@1", "Details@2", "Sketch@1", "Budget@0"]);
  await expect(rowOf(page, "Handbook").getByTestId("doc-child-count")).toHaveText("2");
  await expect(page.getByTestId("doc-panel")).toHaveAttribute("data-kind", "table");

  // Mouse: Sketch onto Process's place (reorder among siblings).
  await saved(page, () => dragOnto(page, rowOf(page, "Sketch").getByTestId("doc-drag"), rowOf(page, "Process")));
  await expect.poll(() => outline(page)).toEqual(["Handbook@0", "Sketch@1", "Process@1", "Details@2", "Budget@0"]);
  // Mouse: Budget dragged one level to the right, in place (re-parent: the last child of Handbook).
  await saved(page, () => dragBy(page, rowOf(page, "Budget").getByTestId("doc-drag"), 24, 0));
  await expect.poll(() => outline(page)).toEqual(["Handbook@0", "Sketch@1", "Process@1", "Details@2", "Budget@1"]);

  // Keyboard: Budget up two places (over Details, then over Process: back to level 1 between Sketch and Process).
  await saved(page, () => keyDrag(page, "Budget", ["ArrowUp", "ArrowUp"]));
  await expect.poll(() => outline(page)).toEqual(["Handbook@0", "Sketch@1", "Budget@1", "Process@1", "Details@2"]);
  // Keyboard: Budget one level right, into Sketch.
  await saved(page, () => keyDrag(page, "Budget", ["ArrowRight"]));
  await expect.poll(() => outline(page)).toEqual(["Handbook@0", "Sketch@1", "Budget@2", "Process@1", "Details@2"]);
  // Keyboard: Details two levels left, out to the root.
  await saved(page, () => keyDrag(page, "Details", ["ArrowLeft", "ArrowLeft"]));
  await expect.poll(() => outline(page)).toEqual(["Handbook@0", "Sketch@1", "Budget@2", "Process@1", "Details@0"]);

  // The server holds the same tree.
  await page.goto(`${projectPath}/docs`);
  await hydrated(page);
  expect(await outline(page)).toEqual(["Handbook@0", "Sketch@1", "Budget@2", "Process@1", "Details@0"]);

  // Folding Sketch hides Budget; the fold survives a reload; unfolding brings it back.
  await rowOf(page, "Sketch").getByTestId("doc-fold").click();
  await expect(rowOf(page, "Budget")).toHaveCount(0);
  await expect(rowOf(page, "Sketch")).toHaveAttribute("aria-expanded", "false");
  await page.reload();
  await hydrated(page);
  await expect.poll(() => outline(page)).toEqual(["Handbook@0", "Sketch@1", "Process@1", "Details@0"]);
  await rowOf(page, "Handbook").getByTestId("doc-fold").click();
  await page.reload();
  await hydrated(page);
  await expect.poll(() => outline(page)).toEqual(["Handbook@0", "Details@0"]);
  await rowOf(page, "Handbook").getByTestId("doc-fold").click();
  await rowOf(page, "Sketch").getByTestId("doc-fold").click();
  await expect.poll(() => outline(page)).toEqual(["Handbook@0", "Sketch@1", "Budget@2", "Process@1", "Details@0"]);

  // Deleting Handbook says that three documents go with it, and takes them all.
  await rowOf(page, "Handbook").getByTestId("doc-open").click();
  // Opening the document re-renders the tree; a menu opened meanwhile may close with it, so
  // the menu is opened again until its delete item shows.
  await expect(async () => {
    await rowOf(page, "Handbook").getByTestId("doc-row-menu").click();
    await expect(page.getByTestId("doc-delete")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId("doc-delete").click();
  const dialog = page.getByTestId("doc-delete-dialog");
  await expect(dialog.getByTestId("doc-delete-count")).toHaveAttribute("data-count", "3");
  await expect(dialog).toContainText("3");
  const deleted = page.waitForResponse((r) => r.request().method() === "DELETE");
  await dialog.getByTestId("doc-delete-confirm").click();
  expect((await deleted).status()).toBe(200);
  await expect.poll(() => outline(page)).toEqual(["Details@0"]);
  await expect(page).toHaveURL(new RegExp(`${projectPath}/docs$`));
  await page.reload();
  await hydrated(page);
  expect(await outline(page)).toEqual(["Details@0"]);

  expect(errors).toEqual([]);
  await context.close();
});

test("a second browser sees the tree change live, a reader gets no editing controls, and a share link opens signed out", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Ann Author", { viewport: { width: 1280, height: 900 } });
  const b = await person(browser, "Rex Reader", { viewport: { width: 1280, height: 900 } });
  const projectPath = await createProjectFromList(a.page, "Shared docs");
  const projectGuid = projectPath.split("/")[2]!;
  // A invites B as a viewer (read access only); B accepts.
  const invite = await a.page.request.post(`/api/v1/project/${projectGuid}/invite`, { data: [{ email: b.email, value: "viewer" }], headers: origin() });
  expect(invite.status(), await invite.text()).toBe(201);
  const [sent] = (await invite.json()) as { guid: string }[];
  expect((await b.page.request.put(`/api/v1/project/invited/${sent!.guid}`, { data: { successfully: true }, headers: origin() })).status()).toBe(200);

  const post = async (body: object) => {
    const res = await a.page.request.post(`/api/v1/project/${projectGuid}/docs`, { data: body, headers: origin() });
    expect(res.status()).toBe(201);
    return (await res.json()) as { guid: string };
  };
  const spec = await post({ kind: "text", title: "Spec" });
  await post({ kind: "drawing", title: "Flow", parent: spec.guid });
  await post({ kind: "table", title: "Costs" });

  await open(a.page, `${projectPath}/docs/${spec.guid}`);
  await open(b.page, `${projectPath}/docs/${spec.guid}`);
  expect(await outline(b.page)).toEqual(["Spec@0", "Flow@1", "Costs@0"]);
  // B reads but cannot change anything.
  await expect(b.page.getByTestId("docs-read-only")).toBeVisible();
  await expect(b.page.getByTestId("doc-new")).toHaveCount(0);
  await expect(b.page.getByTestId("doc-drag")).toHaveCount(0);
  await expect(b.page.getByTestId("doc-row-menu")).toHaveCount(0);
  await expect(b.page.getByTestId("doc-share-toggle")).toHaveCount(0);
  await expect(b.page.getByTestId("doc-title")).not.toHaveRole("button");

  // A moves Costs into Spec by dragging it right; B's tree follows without a reload.
  await saved(a.page, () => dragBy(a.page, rowOf(a.page, "Costs").getByTestId("doc-drag"), 24, 0));
  await expect.poll(() => outline(a.page)).toEqual(["Spec@0", "Flow@1", "Costs@1"]);
  await expect.poll(() => outline(b.page), { timeout: 5_000 }).toEqual(["Spec@0", "Flow@1", "Costs@1"]);
  // A renames and creates; B sees both.
  await a.page.getByTestId("doc-title").click();
  await a.page.getByTestId("doc-title-input").fill("Specification");
  await a.page.getByTestId("doc-title-input").press("Enter");
  await expect(rowOf(b.page, "Specification")).toBeVisible({ timeout: 5_000 });
  await expect(b.page.getByTestId("doc-panel").getByTestId("doc-title")).toHaveText("Specification");
  await create(a.page, a.page.getByTestId("doc-new"), "doc-new-bpmn", "Order flow");
  await expect(rowOf(b.page, "Order flow")).toBeVisible({ timeout: 5_000 });

  // A shares the drawing; a signed-out browser opens the link read-only; off → the link is gone at once.
  await rowOf(a.page, "Flow").getByTestId("doc-open").click();
  await expect(a.page.getByTestId("doc-panel")).toHaveAttribute("data-kind", "drawing");
  await a.page.getByTestId("doc-share-toggle").click();
  const url = a.page.getByTestId("doc-share-url");
  await expect(url).toHaveValue(/\/shared\/excalidraw\/[A-Za-z0-9_-]{43}$/);
  const link = await url.inputValue();
  const guest = await browser.newContext();
  const outsider = await guest.newPage();
  const opened = await outsider.goto(link);
  expect(opened!.status()).toBe(200);
  await hydrated(outsider);
  await expect(outsider.getByTestId("shared-title")).toHaveText("Flow");
  await expect(outsider.getByTestId("shared-read-only")).toBeVisible();
  await a.page.getByTestId("doc-share-toggle").click();
  await expect(a.page.getByTestId("doc-share-url")).toHaveCount(0);
  await expect(a.page.getByTestId("doc-share")).toHaveAttribute("data-shared", "false");
  const gone = await outsider.goto(link);
  expect(gone!.status()).toBe(404);
  await expect(outsider.getByTestId("shared-missing")).toBeVisible();

  expect([...a.errors, ...b.errors]).toEqual([]);
  await guest.close();
  await a.context.close();
  await b.context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`pictures the documents page with a tree in the ${theme} theme`, SCREENS, async ({ browser }) => {
    const { context, page } = await person(browser, "Pia Pictures", { viewport: { width: 1440, height: 900 } });
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    const projectPath = await createProjectFromList(page, "Pictures");
    const projectGuid = projectPath.split("/")[2]!;
    const post = async (body: object) => {
      const res = await page.request.post(`/api/v1/project/${projectGuid}/docs`, { data: body, headers: origin() });
      return (await res.json()) as { guid: string };
    };
    const guide = await post({ kind: "text", title: "Product guide" });
    const onboarding = await post({ kind: "text", title: "Onboarding for new engineers", parent: guide.guid });
    await post({ kind: "bpmn", title: "Release process", parent: guide.guid });
    await post({ kind: "text", title: "A very long title that does not fit in the tree at all, not even close", parent: onboarding.guid });
    const arch = await post({ kind: "drawing", title: "Architecture sketch" });
    await post({ kind: "table", title: "Budget 2027" });
    await page.request.put(`/api/v1/project/${projectGuid}/docs/${arch.guid}/share`, { data: { shared: true }, headers: origin() });
    await page.request.patch(`/api/v1/project/${projectGuid}/docs/${arch.guid}`, { data: { custom_fields: [{ slug: "description", value: "How the services talk to each other." }] }, headers: origin() });
    await open(page, `${projectPath}/docs/${arch.guid}`);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expect(page.getByTestId("doc-share-url")).toBeVisible();
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/docs-${theme}.png`, fullPage: true, animations: "disabled" });
    await rowOf(page, "Product guide").getByTestId("doc-row-menu").click();
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/docs-menu-${theme}.png`, animations: "disabled" });
    await page.keyboard.press("Escape");
    // A text document with its editor (when the build has it).
    await rowOf(page, "Product guide").getByTestId("doc-open").click();
    await expect(page.getByTestId("doc-panel")).toHaveAttribute("data-kind", "text");
    await expect(page.getByTestId("editor-loading")).toHaveCount(0, { timeout: 15_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/docs-text-${theme}.png`, fullPage: true, animations: "disabled" });
    await rowOf(page, "Product guide").getByTestId("doc-row-menu").click();
    await page.getByTestId("doc-delete").click();
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/docs-delete-${theme}.png`, animations: "disabled" });
    await open(page, `${projectPath}/docs`);
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/docs-none-${theme}.png`, animations: "disabled" });
    const link = (await (await page.request.get(`/api/v1/project/${projectGuid}/docs/${arch.guid}`)).json()) as { share_id: string };
    await open(page, `/shared/excalidraw/${link.share_id}`);
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/shared-doc-${theme}.png`, animations: "disabled" });
    await page.goto(`/shared/excalidraw/not-a-link`);
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/shared-missing-${theme}.png`, animations: "disabled" });
    await context.close();
  });
}
