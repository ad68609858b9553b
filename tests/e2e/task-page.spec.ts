/**
 * The task page, the task modal and the activity page. Two people look at one task: what one
 * edits (title, status, estimate, dates, a comment with a mention) appears for the other
 * without a reload, and the one mentioned is told. The modal opens from a planning-board card
 * and closes with Escape; a viewer sees the values without editors.
 */
import type { Page } from "@playwright/test";
import { createProjectFromList, expect, origin, hydrated, open, person, t, test, SCREENS } from "./fixtures";

type Field = { guid: string; slug: string | null; settings: { values_set: { guid: string; key?: string; title?: string; value?: string }[] } };

/** The project's fields by slug, as the API serves them. */
async function fieldsOf(page: Page, projectGuid: string) {
  const res = await page.request.get(`/api/v1/project/${projectGuid}/fields`);
  expect(res.status()).toBe(200);
  const list = (await res.json()) as Field[];
  return (slug: string) => list.find((f) => f.slug === slug)!;
}

/** Invites `email` with `role`; the invitee accepts from their own browser. */
async function join(owner: Page, invitee: Page, projectGuid: string, email: string, role: "member" | "viewer") {
  const invite = await owner.request.post(`/api/v1/project/${projectGuid}/invite`, { data: [{ email, value: role }], headers: origin() });
  expect(invite.status(), await invite.text()).toBeLessThan(300);
  const [sent] = (await invite.json()) as { guid: string }[];
  const accepted = await invitee.request.put(`/api/v1/project/invited/${sent!.guid}`, { data: { successfully: true }, headers: origin() });
  expect(accepted.status()).toBe(200);
}

async function createTask(page: Page, projectGuid: string, title: string, more: { slug: string; value: unknown }[] = []) {
  const res = await page.request.post(`/api/v1/project/${projectGuid}/issue`, { data: { custom_fields: [{ slug: "title", value: title }, ...more] }, headers: origin() });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { guid: string; number: number };
}

/** Picks `label` in the picker opened by the button `testId`. */
async function pick(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByTestId("picker").getByRole("option", { name: label }).click();
}

test("what one person edits on a task page appears on another's open page, and a mention notifies", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Ann Author", { viewport: { width: 1280, height: 1100 } });
  const b = await person(browser, "Ben Buddy", { viewport: { width: 1280, height: 1100 } });
  const projectPath = await createProjectFromList(a.page, "Task page");
  const projectGuid = projectPath.split("/")[2]!;
  await join(a.page, b.page, projectGuid, b.email, "member");
  const field = await fieldsOf(a.page, projectGuid);
  const status = field("status").settings.values_set;
  const todo = status.find((o) => o.key === "todo")!;
  const done = status.find((o) => o.key === "done")!;
  const inProgress = status.find((o) => o.key === "in_progress")!;
  // The workflow lets a task go from To do to In progress, but not straight to Done.
  const workflow = await a.page.request.post(`/api/v1/project/${projectGuid}/workflow`, {
    data: { title: "Flow", field: field("status").guid, transitions: [{ from: todo.guid, to: inProgress.guid }, { from: inProgress.guid, to: done.guid }] },
    headers: origin(),
  });
  expect(workflow.status(), await workflow.text()).toBeLessThan(300);
  const task = await createTask(a.page, projectGuid, "Draft title", [{ slug: "status", value: todo.guid }]);
  const taskPath = `${projectPath}/issue/${task.guid}`;

  await open(a.page, taskPath);
  await open(b.page, taskPath);
  await expect(b.page.getByTestId("task-number")).toHaveText(`#${task.number}`);

  // Title.
  await a.page.getByTestId("task-title").click();
  await a.page.getByTestId("task-title-input").fill("Checkout flow");
  await a.page.getByTestId("task-title-input").press("Enter");
  await expect(a.page.getByTestId("task-title")).toHaveText("Checkout flow");
  await expect(b.page.getByTestId("task-title")).toHaveText("Checkout flow", { timeout: 5_000 });

  // Status: a move the workflow forbids is refused with the translated reason and the old value stays.
  await pick(a.page, "task-status", done.title!);
  await expect(a.page.getByTestId("status-error")).toHaveText(await t(a.page.request, "en", "errors:transition_forbidden"));
  await expect(a.page.getByTestId("task-status")).toContainText(todo.title!);
  await pick(a.page, "task-status", inProgress.title!);
  await expect(a.page.getByTestId("status-error")).toHaveCount(0);
  await expect(b.page.getByTestId("task-status")).toContainText(inProgress.title!, { timeout: 5_000 });

  // Estimate and dates.
  await a.page.getByTestId("value-estimate").fill("8");
  await a.page.getByTestId("value-estimate").press("Enter");
  await expect(b.page.getByTestId("value-estimate")).toHaveValue("8", { timeout: 5_000 });
  await a.page.getByTestId("value-start_date").fill("2026-05-04");
  await a.page.getByTestId("value-start_date").press("Enter");
  await a.page.getByTestId("value-end_date").fill("2026-05-15");
  await a.page.getByTestId("value-end_date").press("Enter");
  await expect(b.page.getByTestId("value-start_date")).toHaveValue("2026-05-04", { timeout: 5_000 });
  await expect(b.page.getByTestId("value-end_date")).toHaveValue("2026-05-15", { timeout: 5_000 });

  // A comment that mentions Ben, picked from the list after "@".
  const box = a.page.getByTestId("comment-input");
  await box.click();
  await box.pressSequentially("Please review @Be");
  await a.page.getByTestId("mention-option").filter({ hasText: "Ben Buddy" }).click();
  await box.pressSequentially("today");
  await expect(box).toHaveValue("Please review @Ben Buddy today");
  await a.page.getByTestId("comment-submit").click();
  const comment = b.page.getByTestId("comment").filter({ hasText: "Please review" });
  await expect(comment).toBeVisible({ timeout: 5_000 });
  await expect(comment.getByTestId("mention")).toHaveText("@Ben Buddy");
  // Ben is told: the bell counts the mention.
  await expect(b.page.getByTestId("notifications-count")).toBeVisible({ timeout: 5_000 });
  await b.page.getByTestId("notifications-bell").click();
  await expect(b.page.getByTestId("notification-item").first()).toContainText("Ann Author");

  // Everything survives a reload.
  await b.page.reload();
  await hydrated(b.page);
  await expect(b.page.getByTestId("task-title")).toHaveText("Checkout flow");
  await expect(b.page.getByTestId("value-estimate")).toHaveValue("8");

  // The task modal over B's board follows A's changes too.
  await open(b.page, `${projectPath}/taskboard/${task.guid}`);
  const modal = b.page.getByTestId("task-modal");
  await expect(modal.getByTestId("task-title")).toHaveText("Checkout flow");
  await a.page.getByTestId("task-title").click();
  await a.page.getByTestId("task-title-input").fill("Checkout flow, final");
  await a.page.getByTestId("task-title-input").press("Enter");
  await expect(modal.getByTestId("task-title")).toHaveText("Checkout flow, final", { timeout: 5_000 });
  await a.page.getByTestId("comment-input").fill("Shipped");
  await a.page.getByTestId("comment-submit").click();
  await expect(modal.getByTestId("comment").filter({ hasText: "Shipped" })).toBeVisible({ timeout: 5_000 });
  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test("the task modal opens from a planning-board card over the board, keeps focus inside, and Escape closes it", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Mo Modal", { viewport: { width: 1280, height: 900 } });
  const projectPath = await createProjectFromList(a.page, "Modal");
  const projectGuid = projectPath.split("/")[2]!;
  const task = await createTask(a.page, projectGuid, "Open me");
  await open(a.page, `${projectPath}/taskboard?view=planning`);
  const card = a.page.locator(`[data-testid=board-task][data-guid="${task.guid}"]`);
  await card.getByTestId("task-open").click();
  const modal = a.page.getByTestId("task-modal");
  await expect(modal).toBeVisible();
  await expect(a.page).toHaveURL(new RegExp(`${projectPath}/taskboard/${task.guid}\\?view=planning$`));
  // The board stays behind the modal.
  await expect(a.page.getByTestId("planning-board")).toBeAttached();
  await expect(modal.getByTestId("task-title")).toHaveText("Open me");

  // Tab and Shift+Tab keep the focus inside the dialog.
  for (let i = 0; i < 25; i++) {
    await a.page.keyboard.press(i % 5 === 4 ? "Shift+Tab" : "Tab");
    expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  // Escape inside an inline editor cancels the edit only; the next Escape closes the modal.
  await modal.getByTestId("task-title").click();
  await a.page.keyboard.press("Escape");
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId("task-title")).toHaveText("Open me");
  // A change made in the modal shows on the board behind it.
  await modal.getByTestId("task-title").click();
  await modal.getByTestId("task-title-input").fill("Opened and renamed");
  await modal.getByTestId("task-title-input").press("Enter");
  await expect(card).toHaveAttribute("data-title", "Opened and renamed");
  await a.page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);
  await expect(a.page).toHaveURL(new RegExp(`${projectPath}/taskboard\\?view=planning$`));
  // Focus goes back to the card that opened it.
  await expect(card.getByTestId("task-open")).toBeFocused();

  // Over the task board view too; closing keeps that view.
  await open(a.page, `${projectPath}/taskboard/${task.guid}?view=board`);
  await expect(modal).toBeVisible();
  await expect(modal).toHaveAttribute("data-keys", "live");
  await a.page.keyboard.press("Escape");
  await expect(a.page).toHaveURL(new RegExp(`${projectPath}/taskboard\\?view=board$`));
  await expect(a.page.locator("main[data-view=board]")).toBeVisible();

  // The address opens the modal directly, and its button leads to the full page.
  await open(a.page, `${projectPath}/taskboard/${task.guid}`);
  await a.page.getByTestId("open-page").click();
  await expect(a.page).toHaveURL(new RegExp(`${projectPath}/issue/${task.guid}$`));
  await expect(a.page.getByTestId("task-page").getByTestId("task-title")).toHaveText("Opened and renamed");
  expect(a.errors).toEqual([]);
  await a.context.close();
});

test("a viewer sees the task's values but no editors", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Olga Owner");
  const v = await person(browser, "Vic Viewer");
  const projectPath = await createProjectFromList(a.page, "Read only");
  const projectGuid = projectPath.split("/")[2]!;
  await join(a.page, v.page, projectGuid, v.email, "viewer");
  const task = await createTask(a.page, projectGuid, "Look, do not touch", [{ slug: "estimate", value: 3 }, { slug: "description", value: "Just read me" }]);
  await a.page.request.post(`/api/v1/project/${projectGuid}/issue/${task.guid}/comment`, { data: { text: "First!" }, headers: origin() });
  await open(v.page, `${projectPath}/issue/${task.guid}`);
  const page = v.page.getByTestId("task-page");
  await expect(page.getByTestId("task-title")).toHaveText("Look, do not touch");
  await expect(page.getByTestId("value-estimate")).toHaveText("3");
  await expect(page.getByTestId("value-description")).toHaveText("Just read me");
  await expect(page.getByTestId("comment")).toContainText("First!");
  // No editors anywhere: no buttons that edit, no inputs, no pickers, no comment box, no delete.
  await expect(page.locator("input, textarea, select")).toHaveCount(0);
  await expect(page.locator("[aria-haspopup=listbox]")).toHaveCount(0);
  await expect(page.getByRole("button", { name: await t(v.page.request, "en", "task:header.title") })).toHaveCount(0);
  await expect(page.getByTestId("task-delete")).toHaveCount(0);
  await expect(page.getByTestId("comment-form")).toHaveCount(0);
  await expect(page.getByTestId("comment-edit")).toHaveCount(0);
  // The copy-link button is for everyone.
  await expect(page.getByTestId("copy-link")).toBeVisible();
  expect(v.errors).toEqual([]);
  await a.context.close();
  await v.context.close();
});

test("an unknown task shows a not-found state in the project, a task deleted meanwhile says so, and Undo brings it back for everyone", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Del Eter");
  const b = await person(browser, "Wat Cher");
  const projectPath = await createProjectFromList(a.page, "Gone");
  const projectGuid = projectPath.split("/")[2]!;
  await join(a.page, b.page, projectGuid, b.email, "member");
  await open(a.page, `${projectPath}/issue/00000000-0000-4000-8000-000000000000`);
  await expect(a.page.getByTestId("task-not-found")).toBeVisible();
  await expect(a.page.getByTestId("project-name")).toBeVisible();

  const task = await createTask(a.page, projectGuid, "Short-lived");
  await open(b.page, `${projectPath}/issue/${task.guid}`);
  await open(a.page, `${projectPath}/issue/${task.guid}`);
  await a.page.getByTestId("task-delete").click();
  // The one who deleted it goes back to the board; the other is told it is gone.
  await expect(a.page).toHaveURL(new RegExp(`${projectPath}/taskboard$`));
  await expect(b.page.getByTestId("task-deleted")).toBeVisible({ timeout: 5_000 });
  // No confirm dialog any more: the board lacks the card and a toast offers Undo, which brings
  // the task back on the deleter's board and, live, on the other person's page.
  const card = a.page.locator(`[data-testid="board-task"][data-guid="${task.guid}"]`);
  await expect(a.page.getByTestId("undo-toast")).toBeVisible();
  await expect(card).toHaveCount(0);
  await a.page.getByTestId("undo-button").click();
  await expect(card).toBeVisible({ timeout: 5_000 });
  await expect(b.page.getByTestId("task")).toBeVisible({ timeout: 5_000 });
  await expect(b.page.getByTestId("task-deleted")).toHaveCount(0);
  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test("links, subtasks, labels, the epic and attachments: found by search, created in place, uploaded with a size check, removed again", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Lin Ker", { viewport: { width: 1280, height: 1000 } });
  const projectPath = await createProjectFromList(a.page, "Links");
  const projectGuid = projectPath.split("/")[2]!;
  const task = await createTask(a.page, projectGuid, "Release notes");
  const other = await createTask(a.page, projectGuid, "Translate the changelog");
  await open(a.page, `${projectPath}/issue/${task.guid}`);

  // A link to another task, found by a word of its title; the other task reads it inverted.
  await a.page.getByTestId("link-add").click();
  await a.page.getByTestId("link-kind").selectOption("blocks");
  await a.page.getByTestId("link-search").fill("changelog");
  await a.page.getByTestId("search-hit").filter({ hasText: "Translate the changelog" }).click();
  const group = a.page.locator("[data-testid=link-group][data-kind=blocks]");
  await expect(group.getByTestId("link")).toHaveAttribute("data-guid", other.guid);
  const fromOther = await (await a.page.request.get(`/api/v1/project/${projectGuid}/issue/${other.guid}/issues`)).json();
  expect(fromOther).toMatchObject([{ kind: "blocked_by", issue: task.guid }]);
  // Linking them again the same way is refused in words.
  await a.page.getByTestId("link-add").click();
  await a.page.getByTestId("link-kind").selectOption("blocked_by");
  await a.page.getByTestId("link-search").fill(`#${other.number}`);
  await a.page.getByTestId("search-hit").first().click();
  await expect(a.page.getByTestId("links").getByRole("alert")).toHaveText(await t(a.page.request, "en", "errors:link_cycle"));
  await a.page.getByTestId("link-search").press("Escape");
  await group.getByTestId("link-remove").click();
  await expect(a.page.getByTestId("link")).toHaveCount(0);

  // A subtask made by its title is a parent link; it carries the parent's place on the board.
  await a.page.getByTestId("subtask-title").fill("Draft the notes");
  await a.page.getByTestId("subtask-add").click();
  await expect(a.page.getByTestId("subtask")).toHaveCount(1);
  await expect(a.page.getByTestId("subtask")).toContainText("Draft the notes");
  const links = (await (await a.page.request.get(`/api/v1/project/${projectGuid}/issue/${task.guid}/issues`)).json()) as { kind: string }[];
  expect(links.map((l) => l.kind)).toEqual(["parent"]);
  // An existing task becomes one through search.
  await a.page.getByTestId("subtask-existing").click();
  await a.page.getByTestId("subtask-search").fill("Translate");
  await a.page.getByTestId("search-hit").first().click();
  await expect(a.page.getByTestId("subtask")).toHaveCount(2);
  await expect(a.page.getByTestId("subtasks-progress")).toHaveText("0 of 2 done");

  // Attachments: an image uploads with its thumbnail; a file over the limit is refused before sending.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
  await a.page.getByTestId("file-input").setInputFiles({ name: "screen.png", mimeType: "image/png", buffer: png });
  const file = a.page.locator("[data-testid=file][data-name='screen.png']");
  await expect(file).toBeVisible();
  await expect(file.locator("img")).toHaveJSProperty("complete", true);
  const download = a.page.waitForEvent("download");
  await file.getByTestId("file-download").click();
  expect((await download).suggestedFilename()).toBe("screen.png");
  await a.page.getByTestId("file-input").setInputFiles({ name: "huge.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(a.page.locator("[data-testid=upload][data-name='huge.bin']").getByTestId("upload-error")).toContainText("10 MB");
  // A type the server does not take comes back as its translated refusal.
  await a.page.getByTestId("file-input").setInputFiles({ name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ\x90\x00 not really a program") });
  await expect(a.page.locator("[data-testid=upload][data-name='tool.exe']").getByTestId("upload-error")).toHaveText(await t(a.page.request, "en", "errors:file_type_refused"));
  await file.getByTestId("file-delete").click();
  await a.page.getByTestId("confirm-dialog-confirm").click();
  await expect(file).toHaveCount(0);

  // A label is created from the tags picker and put on the task; the epic is picked from the epics.
  await a.page.getByTestId("value-tags").click();
  await a.page.getByTestId("picker-search").fill("release-blocker");
  await a.page.getByTestId("picker-create").click();
  await expect(a.page.getByTestId("value-tags")).toContainText("release-blocker");
  await a.page.keyboard.press("Escape");
  const epicType = (await fieldsOf(a.page, projectGuid))("issue_type").settings.values_set.find((o) => o.key === "epic")!;
  await createTask(a.page, projectGuid, "Spring release", [{ slug: "issue_type", value: epicType.guid }]);
  await a.page.reload();
  await hydrated(a.page);
  const epicSaved = a.page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/issue/${task.guid}`));
  await pick(a.page, "value-epic", "Spring release");
  await expect(a.page.getByTestId("value-epic")).toContainText("Spring release");
  expect((await epicSaved).status()).toBe(200);
  await a.page.reload();
  await hydrated(a.page);
  await expect(a.page.getByTestId("value-tags")).toContainText("release-blocker");
  await expect(a.page.getByTestId("value-epic")).toContainText("Spring release");

  // The history tab tells it all, newest first.
  await a.page.getByTestId("tab-history").click();
  await expect(a.page.getByTestId("history").getByTestId("activity-row").first()).toHaveAttribute("data-action", "updated");
  await expect(a.page.getByTestId("history").locator("[data-action=file_removed]")).toBeVisible();
  await expect(a.page.getByTestId("history").locator("[data-action=link_added]").first()).toBeVisible();
  expect(a.errors).toEqual([]);
  await a.context.close();
});

test("the activity page says who did what to which task, pages back, filters by person and grows live", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Ada Actor", { viewport: { width: 1280, height: 1000 } });
  const b = await person(browser, "Bo Busy", { viewport: { width: 1280, height: 1000 } });
  const projectPath = await createProjectFromList(a.page, "Activity");
  const projectGuid = projectPath.split("/")[2]!;
  await join(a.page, b.page, projectGuid, b.email, "member");
  const field = await fieldsOf(a.page, projectGuid);
  const status = field("status").settings.values_set;
  const todo = status.find((o) => o.key === "todo")!;
  const doing = status.find((o) => o.key === "in_progress")!;
  const task = await createTask(a.page, projectGuid, "Alpha", [{ slug: "status", value: todo.guid }]);
  const put = (page: Page, values: { slug: string; value: unknown }[]) => page.request.put(`/api/v1/project/${projectGuid}/issue/${task.guid}`, { data: { custom_fields: values.map((v) => ({ guid: field(v.slug).guid, value: v.value })) }, headers: origin() });
  // Sixty estimate changes make more than one page.
  for (let i = 1; i <= 60; i++) expect((await put(a.page, [{ slug: "estimate", value: i }])).status()).toBe(200);
  expect((await put(a.page, [{ slug: "status", value: doing.guid }])).status()).toBe(200);
  const comment = await b.page.request.post(`/api/v1/project/${projectGuid}/issue/${task.guid}/comment`, { data: { text: "On it" }, headers: origin() });
  expect(comment.status()).toBe(201);

  await open(a.page, `${projectPath}/events`);
  const rows = a.page.getByTestId("activity-row");
  await expect(rows.first()).toHaveAttribute("data-action", "comment_added");
  await expect(rows.first().getByTestId("activity-sentence")).toContainText("Bo Busy commented on #1 Alpha");
  await expect(rows.first().getByTestId("activity-task")).toHaveAttribute("href", `${projectPath}/issue/${task.guid}`);
  const statusRow = rows.nth(1);
  await expect(statusRow.getByTestId("activity-sentence")).toContainText("Ada Actor changed Status of #1 Alpha");
  await expect(statusRow.getByTestId("change-from")).toHaveText(todo.title!);
  await expect(statusRow.getByTestId("change-to")).toHaveText(doing.title!);
  await expect(a.page.getByTestId("activity-day").first().locator("h3")).toHaveText(await t(a.page.request, "en", "task:activity.today"));
  // 63 rows in all: a first page of 50, then the rest.
  await expect(rows).toHaveCount(50);
  await a.page.getByTestId("events-more").click();
  await expect(rows).toHaveCount(63);
  await expect(rows.last()).toHaveAttribute("data-action", "created");
  await expect(a.page.getByTestId("events-more")).toHaveCount(0);
  // A teammate's change while the older rows are shown: one row more at the top, none lost where
  // the first page ends.
  const fiftieth = await rows.nth(49).getAttribute("data-guid");
  expect((await put(b.page, [{ slug: "estimate", value: 99 }])).status()).toBe(200);
  await expect(rows).toHaveCount(64);
  await expect(rows.first().getByTestId("activity-sentence")).toContainText("Bo Busy changed Estimate of #1 Alpha");
  await expect(rows.nth(50)).toHaveAttribute("data-guid", fiftieth!);

  // One person's doings.
  await a.page.getByTestId("events-person").selectOption({ label: "Bo Busy" });
  await expect(rows).toHaveCount(2);
  await expect(a.page).toHaveURL(/actor=/);
  // A teammate's change reads the page again, and the "Load more" page with it: its rows, read for
  // everyone, stay out of one person's list.
  const olderPageReadAgain = a.page.waitForResponse((r) => r.url().includes("before="));
  expect((await b.page.request.post(`/api/v1/project/${projectGuid}/issue/${task.guid}/comment`, { data: { text: "Done soon" }, headers: origin() })).status()).toBe(201);
  await olderPageReadAgain;
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByTestId("activity-sentence")).toContainText("Bo Busy commented on #1 Alpha");
  await expect(rows.nth(1).getByTestId("activity-sentence")).toContainText("Bo Busy changed Estimate of #1 Alpha");
  await expect(rows.nth(2).getByTestId("activity-sentence")).toContainText("Bo Busy commented on #1 Alpha");
  // New rows appear while the page is open.
  await a.page.getByTestId("events-person").selectOption({ label: await t(a.page.request, "en", "task:activity.everyone") });
  await expect(rows).toHaveCount(50);
  expect((await b.page.request.put(`/api/v1/project/${projectGuid}/issue/${task.guid}`, { data: { custom_fields: [{ guid: field("title").guid, value: "Alpha, renamed" }] }, headers: origin() })).status()).toBe(200);
  await expect(rows.first().getByTestId("activity-sentence")).toContainText("Bo Busy changed Title of #1 Alpha, renamed", { timeout: 5_000 });
  await expect(rows.first().getByTestId("change-from")).toHaveText("Alpha");
  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

/** A task with most kinds of values, for the pictures. */
async function richTask(page: Page, projectGuid: string, people: string[]) {
  const field = await fieldsOf(page, projectGuid);
  const sprint = (await (await page.request.post(`/api/v1/project/${projectGuid}/sprint`, { data: { title: "Sprint 7" }, headers: origin() })).json()) as { guid: string };
  const epicType = field("issue_type").settings.values_set.find((o) => o.key === "epic")!;
  const epic = await createTask(page, projectGuid, "Payments revamp", [{ slug: "issue_type", value: epicType.guid }]);
  const sub1 = await createTask(page, projectGuid, "Card form validation", [{ slug: "status", value: field("status").settings.values_set.find((o) => o.key === "done")!.guid }]);
  const sub2 = await createTask(page, projectGuid, "3-D Secure redirect");
  const tags = field("tags").settings.values_set;
  const task = await createTask(page, projectGuid, "Checkout flow with saved cards", [
    { slug: "description", value: "Customers should be able to pay with a saved card.\n\n- Show the last four digits\n- Let them remove a card\n- Ask for the CVC again" },
    { slug: "status", value: field("status").settings.values_set.find((o) => o.key === "in_progress")!.guid },
    { slug: "issue_type", value: field("issue_type").settings.values_set.find((o) => o.key === "story")!.guid },
    { slug: "participants", value: people },
    { slug: "sprint", value: sprint.guid },
    { slug: "epic", value: epic.guid },
    { slug: "estimate", value: 5 },
    { slug: "start_date", value: "2026-05-04" },
    { slug: "end_date", value: "2026-05-15" },
    { slug: "subtasks", value: [sub1.guid, sub2.guid] },
    ...(tags.length ? [{ slug: "tags", value: tags.slice(0, 2).map((o) => o.guid) }] : []),
  ]);
  return { task, epic };
}

test("pictures the task page, the task modal and the activity page in both themes", SCREENS, async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Ann Author", { viewport: { width: 1280, height: 900 } });
  const projectPath = await createProjectFromList(a.page, "Pictures");
  const projectGuid = projectPath.split("/")[2]!;
  const me = (await (await a.page.request.get("/api/v2/whoami")).json()) as { guid: string };
  const { task } = await richTask(a.page, projectGuid, [me.guid]);
  const comment = await a.page.request.post(`/api/v1/project/${projectGuid}/issue/${task.guid}/comment`, { data: { text: `Looks good. @[Ann Author](${me.guid}) can you add the CVC step?` }, headers: origin() });
  expect(comment.status()).toBe(201);
  const blocker = await createTask(a.page, projectGuid, "Tokenise stored cards");
  await a.page.request.post(`/api/v1/project/${projectGuid}/issue/${task.guid}/issues`, { data: { issue: blocker.guid, kind: "blocked_by" }, headers: origin() });
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
  const upload = await a.page.request.post(`/api/v1/project/${projectGuid}/entity-file`, {
    multipart: { entity_kind: "issue", entity_guid: task.guid, file: { name: "checkout-mockup.png", mimeType: "image/png", buffer: png } },
    headers: origin(),
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const field = await fieldsOf(a.page, projectGuid);
  await a.page.request.put(`/api/v1/project/${projectGuid}/issue/${task.guid}`, { data: { custom_fields: [{ guid: field("estimate").guid, value: 8 }, { guid: field("status").guid, value: field("status").settings.values_set.find((o) => o.key === "review")!.guid }] }, headers: origin() });
  const dir = `${test.info().project.outputDir}/screens`;
  for (const theme of ["light", "dark"] as const) {
    await a.page.evaluate((value) => localStorage.setItem("theme", value), theme);
    await open(a.page, `${projectPath}/issue/${task.guid}`);
    await expect(a.page.locator("html")).toHaveAttribute("data-theme", theme);
    await a.page.screenshot({ path: `${dir}/task-page-${theme}.png`, fullPage: true, animations: "disabled" });
    await a.page.getByTestId("tab-history").click();
    await a.page.getByTestId("history").scrollIntoViewIfNeeded();
    await a.page.screenshot({ path: `${dir}/task-history-${theme}.png`, animations: "disabled" });
    await open(a.page, `${projectPath}/taskboard/${task.guid}`);
    await expect(a.page.getByTestId("task-modal")).toBeVisible();
    await a.page.screenshot({ path: `${dir}/task-modal-${theme}.png`, animations: "disabled" });
    await open(a.page, `${projectPath}/events`);
    await a.page.screenshot({ path: `${dir}/activity-${theme}.png`, fullPage: true, animations: "disabled" });
  }
  // Russian: plurals and longer words.
  await a.context.addCookies([{ name: "i18next", value: "ru", url: test.info().project.use.baseURL! }]);
  await a.page.evaluate(() => localStorage.setItem("i18nextLng", "ru"));
  await open(a.page, `${projectPath}/issue/${task.guid}`);
  await expect(a.page.locator("html")).toHaveAttribute("lang", "ru");
  await a.page.screenshot({ path: `${dir}/task-page-ru-dark.png`, fullPage: true, animations: "disabled" });
  await open(a.page, `${projectPath}/events`);
  await a.page.screenshot({ path: `${dir}/activity-ru-dark.png`, fullPage: true, animations: "disabled" });
  await a.context.close();
});
