/**
 * The planning board: create tasks in lanes, drag one across lanes to a place in a sprint, and
 * sprint lanes into another order (mouse and keyboard); all of it stays after a reload.
 */
import type { Locator, Page } from "@playwright/test";
import { holdLaterChunks } from "./chunks";
import { carryByKeyboard, countReads, projectSocketHello, createProjectFromList, drag, expect, origin, hydrated, joinProject, open, person, t, test } from "./fixtures";

const titlesIn = (lane: Locator) => lane.getByTestId("board-task").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-title")));

test("tasks are created in lanes and dragged to a place in another sprint, sprint lanes are reordered, and all survive a reload", async ({ browser }) => {
  test.slow();
  const { context, page, errors } = await person(browser, "Pat Planner", { viewport: { width: 1280, height: 1400 } });
  const projectPath = await createProjectFromList(page, "Planning");
  const projectGuid = projectPath.split("/")[2]!;
  for (const title of ["Sprint 1", "Sprint 2"]) {
    const res = await page.request.post(`/api/v1/project/${projectGuid}/sprint`, { data: { title }, headers: origin() });
    expect(res.status()).toBe(201);
  }
  const hello = projectSocketHello(page, projectGuid);
  await open(page, `${projectPath}/taskboard`);
  const backlog = page.locator("[data-testid=board-lane][data-backlog=true]");
  const sprint2 = page.getByTestId("board-lane").filter({ has: page.getByTestId("lane-title").getByText("Sprint 2", { exact: true }) });
  // A new task goes on the board as the server answered it: no read of the whole board. (The
  // socket's hello may itself ask for one, the sprints having changed the project just before.)
  await hello;
  await page.waitForLoadState("networkidle");
  const reads = countReads(page, projectGuid);

  for (const title of ["Alpha", "Beta", "Gamma"]) {
    await backlog.getByTestId("new-task-title").fill(title);
    await backlog.getByTestId("new-task-submit").click();
    await expect(backlog.locator(`[data-testid=board-task][data-title="${title}"]`)).toBeVisible();
  }
  await sprint2.getByTestId("new-task-title").fill("Delta");
  await sprint2.getByTestId("new-task-submit").click();
  await expect(sprint2.locator('[data-testid=board-task][data-title="Delta"]')).toBeVisible();
  expect(await titlesIn(backlog)).toEqual(["Alpha", "Beta", "Gamma"]);
  expect(reads.board).toEqual([]);

  // The board writes a move as a PATCH of the changed sort numbers; wait for it before the next move.
  const moveSaved = () => page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith("/issue"));
  // Backlog → Sprint 2, dropped onto Delta (before it).
  const saved = moveSaved();
  await drag(page, backlog.locator('[data-title="Beta"]').getByTestId("task-drag"), sprint2.locator('[data-title="Delta"]'));
  expect((await saved).status()).toBe(200);
  await expect.poll(() => titlesIn(sprint2)).toEqual(["Beta", "Delta"]);
  expect(await titlesIn(backlog)).toEqual(["Alpha", "Gamma"]);
  // The writes land: after a reload the board reads the same.
  await expect.poll(async () => {
    await page.reload();
    await hydrated(page);
    return [await titlesIn(backlog), await titlesIn(sprint2)];
  }, { timeout: 10_000 }).toEqual([["Alpha", "Gamma"], ["Beta", "Delta"]]);
  await expect(sprint2.getByTestId("lane-count")).toContainText("2");

  // Sprint lanes move by the handle in their header (the backlog has none); the order is written
  // as PATCH /spaces and survives a reload.
  const laneTitles = () => page.getByTestId("lane-title").allTextContents();
  const lanesSaved = () => page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith("/spaces"));
  expect(await backlog.getByTestId("lane-drag").count()).toBe(0);
  expect(await laneTitles()).toEqual(["Backlog", "Sprint 1", "Sprint 2", "Epics"]);
  const sprint1 = page.getByTestId("board-lane").filter({ has: page.getByTestId("lane-title").getByText("Sprint 1", { exact: true }) });
  const laneMoved = lanesSaved();
  await drag(page, sprint2.getByRole("button", { name: "Move lane Sprint 2" }), sprint1.getByTestId("lane-drag"));
  expect((await laneMoved).status()).toBe(200);
  expect(await laneTitles()).toEqual(["Backlog", "Sprint 2", "Sprint 1", "Epics"]);
  await page.reload();
  await hydrated(page);
  expect(await laneTitles()).toEqual(["Backlog", "Sprint 2", "Sprint 1", "Epics"]);
  // By keyboard: space picks the lane up, an arrow moves it, space drops it.
  const laneBack = lanesSaved();
  await carryByKeyboard(page, sprint2.getByTestId("lane-drag"), ["ArrowDown"], "Lane Sprint 2 is at place 2 of 2.", " is at place ");
  expect((await laneBack).status()).toBe(200);
  await page.reload();
  await hydrated(page);
  expect(await laneTitles()).toEqual(["Backlog", "Sprint 1", "Sprint 2", "Epics"]);
  expect(errors).toEqual([]);
  await context.close();
});

test("a move made in one browser appears on another's open board without a reload", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Ann Mover", { viewport: { width: 1280, height: 1200 } });
  const b = await person(browser, "Ben Watcher", { viewport: { width: 1280, height: 1200 } });
  const projectPath = await createProjectFromList(a.page, "Live board");
  const projectGuid = projectPath.split("/")[2]!;
  const sprint = (await (await a.page.request.post(`/api/v1/project/${projectGuid}/sprint`, { data: { title: "Sprint 2" }, headers: origin() })).json()) as { guid: string };
  // A invites B as a member; B accepts.
  await joinProject(a.page, b, projectGuid);

  const task = await a.page.request.post(`/api/v1/project/${projectGuid}/issue`, { data: { custom_fields: [{ slug: "title", value: "Travelling task" }] }, headers: origin() });
  expect(task.status()).toBe(201);
  await open(a.page, `${projectPath}/taskboard`);
  await open(b.page, `${projectPath}/taskboard`);
  const laneOf = (page: Page, title: string) => page.getByTestId("board-lane").filter({ has: page.locator(`[data-title="${title}"]`) });
  await expect(laneOf(b.page, "Travelling task")).toHaveAttribute("data-backlog", "true");

  await drag(a.page, a.page.locator('[data-title="Travelling task"]').getByTestId("task-drag"), a.page.locator(`[data-lane="${sprint.guid}"] [data-testid=lane-tasks]`));
  await expect(laneOf(a.page, "Travelling task")).toHaveAttribute("data-lane", sprint.guid);
  // B's board follows within moments, with no reload.
  await expect(laneOf(b.page, "Travelling task")).toHaveAttribute("data-lane", sprint.guid, { timeout: 5_000 });
  // B creates a task; A sees it appear.
  await b.page.locator(`[data-lane="${sprint.guid}"]`).getByTestId("new-task-title").fill("From Ben");
  await b.page.locator(`[data-lane="${sprint.guid}"]`).getByTestId("new-task-submit").click();
  await expect(a.page.locator('[data-title="From Ben"]')).toBeVisible({ timeout: 5_000 });
  const lane = (page: Page) => page.locator(`[data-lane="${sprint.guid}"]`);
  await expect.poll(() => titlesIn(lane(a.page))).toEqual(["Travelling task", "From Ben"]);
  // A reorders within the lane with the keyboard (dnd-kit: space picks up, arrows move, space drops).
  const reordered = a.page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith("/issue"));
  await carryByKeyboard(a.page, lane(a.page).locator('[data-title="From Ben"]').getByTestId("task-drag"), ["ArrowUp"], "Sprint 2, place 1.");
  expect((await reordered).status()).toBe(200);
  await expect.poll(() => titlesIn(lane(a.page))).toEqual(["From Ben", "Travelling task"]);
  // B sees the same order without reloading, and after a reload both still do.
  await expect.poll(() => titlesIn(lane(b.page)), { timeout: 5_000 }).toEqual(["From Ben", "Travelling task"]);
  for (const page of [a.page, b.page]) {
    await page.reload();
    await hydrated(page);
    expect(await titlesIn(lane(page))).toEqual(["From Ben", "Travelling task"]);
  }
  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test("a burst of a teammate's changes is placed on an open board from reads of those tasks alone, one read at a time, and all of them show", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Ann Burst", { viewport: { width: 1280, height: 1200 } });
  const b = await person(browser, "Ben Reader", { viewport: { width: 1280, height: 1200 } });
  const projectPath = await createProjectFromList(a.page, "Busy board");
  const projectGuid = projectPath.split("/")[2]!;
  await joinProject(a.page, b, projectGuid);

  // B's board, with its live socket open (it opens once the page is idle and says hello first).
  const hello = projectSocketHello(b.page, projectGuid);
  await open(b.page, `${projectPath}/taskboard`);
  await hello;
  const reads = countReads(b.page, projectGuid);

  // Six tasks at once: six notices on B's socket, close together.
  const titles = Array.from({ length: 6 }, (_, i) => `Burst ${i + 1}`);
  const made = await Promise.all(titles.map((title) => a.page.request.post(`/api/v1/project/${projectGuid}/issue`, { data: { custom_fields: [{ slug: "title", value: title }] }, headers: origin() })));
  expect(made.map((r) => r.status())).toEqual(titles.map(() => 201));
  for (const title of titles) await expect(b.page.locator(`[data-title="${title}"]`)).toBeVisible({ timeout: 10_000 });
  // Whatever reads were still to come have come.
  await b.page.waitForTimeout(1_000);
  console.log(`a burst of ${titles.length} changes: ${reads.board.length} board reads, ${reads.tasks.length} reads of tasks on the watching page`);
  expect(reads.board).toEqual([]);
  // One read at a time: notices heard while a read is under way wait for the next one. How many
  // reads that makes depends on how the six notices spread in time (two when the machine is idle,
  // more under a loaded suite: 3, 2 and 4 in three full runs); what does not is that no two
  // overlap and each task is read once.
  expect(reads.mostAtOnce).toBe(1);
  const asked = reads.tasks.flatMap((url) => new URL(url).searchParams.get("guids")!.split(","));
  const createdGuids = await Promise.all(made.map(async (r) => ((await r.json()) as { guid: string }).guid));
  expect(asked.toSorted()).toEqual(createdGuids.toSorted());
  // And at least one read carried several of them: fewer reads than notices.
  expect(reads.tasks.length).toBeLessThan(titles.length);
  // In the backlog in the order the server gives them (each new task goes to the end of its lane).
  const backlog = b.page.locator("[data-testid=board-lane][data-backlog=true]");
  const onServer = await b.page.request.get(`/api/v1/project/${projectGuid}/issue_backlog`);
  const serverTitles = ((await onServer.json()) as { custom_fields: { slug: string | null; value: unknown }[] }[]).map((task) => task.custom_fields.find((c) => c.slug === "title")?.value);
  expect(await titlesIn(backlog)).toEqual(serverTitles);
  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test("a teammate's edit, move and deletion show on an open board without reading the board, one's own status edit and move stay through them, and a comment reads nothing unless its task is open", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Ann Mover", { viewport: { width: 1280, height: 1200 } });
  const b = await person(browser, "Ben Watcher", { viewport: { width: 1280, height: 1200 } });
  const projectPath = await createProjectFromList(a.page, "Watched board");
  const projectGuid = projectPath.split("/")[2]!;
  await joinProject(a.page, b, projectGuid);
  const sprint = await a.page.request.post(`/api/v1/project/${projectGuid}/sprint`, { data: { title: "Sprint 1" }, headers: origin() });
  const sprintGuid = ((await sprint.json()) as { guid: string }).guid;
  const guids: Record<string, string> = {};
  for (const title of ["Alpha", "Beta", "Gamma", "Delta"]) {
    const res = await a.page.request.post(`/api/v1/project/${projectGuid}/issue`, { data: { custom_fields: [{ slug: "title", value: title }] }, headers: origin() });
    guids[title] = ((await res.json()) as { guid: string }).guid;
  }
  // What B's project sockets hear (a later page load opens another one).
  const heard: string[] = [];
  b.page.on("websocket", (ws) => {
    if (ws.url().includes(`/ws/project/${projectGuid}`)) ws.on("framereceived", (frame) => heard.push(String(frame.payload)));
  });
  const hello = projectSocketHello(b.page, projectGuid);
  await open(b.page, `${projectPath}/taskboard`);
  await hello;
  await b.page.waitForLoadState("networkidle");
  const reads = countReads(b.page, projectGuid);
  const backlog = b.page.locator("[data-testid=board-lane][data-backlog=true]");
  const sprintLane = b.page.getByTestId("board-lane").filter({ has: b.page.getByTestId("lane-title").getByText("Sprint 1", { exact: true }) });
  const statusOf = (title: string) => b.page.locator(`[data-testid=board-task][data-title="${title}"] [data-testid=line-status]`);

  // B's own status edit, kept without a read of the board.
  await statusOf("Alpha").click();
  const choice = b.page.locator('[data-testid=picker] [role=option][aria-selected="false"]').first();
  const chosen = (await choice.innerText()).trim();
  const saved = b.page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/issue/${guids.Alpha}`));
  await choice.click();
  expect((await saved).status()).toBe(200);

  const put = (task: string, slug: string, value: unknown) => a.page.request.put(`/api/v1/project/${projectGuid}/issue/${task}`, { data: { custom_fields: [{ slug, value }] }, headers: origin() });
  expect((await put(guids.Beta!, "title", "Beta renamed")).status()).toBe(200);
  await expect(backlog.locator('[data-testid=board-task][data-title="Beta renamed"]')).toBeVisible();
  expect((await put(guids.Gamma!, "sprint", sprintGuid)).status()).toBe(200);
  await expect(sprintLane.locator('[data-testid=board-task][data-title="Gamma"]')).toBeVisible();
  await expect(backlog.locator('[data-testid=board-task][data-title="Gamma"]')).toHaveCount(0);
  await expect(sprintLane.getByTestId("lane-count")).toContainText("1");
  expect((await a.page.request.delete(`/api/v1/project/${projectGuid}/issue/${guids.Beta}`, { headers: origin() })).status()).toBe(204);
  await expect(backlog.locator('[data-testid=board-task][data-title="Beta renamed"]')).toHaveCount(0);
  expect(await titlesIn(backlog)).toEqual(["Alpha", "Delta"]);
  await expect(statusOf("Alpha")).toHaveText(chosen);
  // B's own move in an open lane: the lanes show it, the board is not read for it, and A's next
  // change (placed from a read of that task alone) does not undo it.
  const moved = b.page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith("/issue"));
  await carryByKeyboard(b.page, backlog.locator('[data-title="Delta"]').getByTestId("task-drag"), ["ArrowUp"], "Backlog, place 1.");
  expect((await moved).status()).toBe(200);
  expect(await titlesIn(backlog)).toEqual(["Delta", "Alpha"]);
  expect((await put(guids.Gamma!, "title", "Gamma renamed")).status()).toBe(200);
  await expect(sprintLane.locator('[data-testid=board-task][data-title="Gamma renamed"]')).toBeVisible();
  expect(await titlesIn(backlog)).toEqual(["Delta", "Alpha"]);

  await b.page.waitForTimeout(500);
  expect(reads.board).toEqual([]);
  expect(reads.tasks.length).toBeGreaterThanOrEqual(4);
  // What B sees is what a fresh read of the board shows.
  const shown = { backlog: await titlesIn(backlog), sprint: await titlesIn(sprintLane), alpha: await statusOf("Alpha").innerText() };
  const helloReloaded = projectSocketHello(b.page, projectGuid);
  await b.page.reload();
  await hydrated(b.page);
  expect({ backlog: await titlesIn(backlog), sprint: await titlesIn(sprintLane), alpha: await statusOf("Alpha").innerText() }).toEqual(shown);

  // A comment on a task: no card shows comments, so the open board hears it and reads nothing.
  await helloReloaded;
  const comment = (task: string, text: string) => a.page.request.post(`/api/v1/project/${projectGuid}/issue/${task}/comment`, { data: { text }, headers: origin() });
  const commentsHeard = () => heard.filter((frame) => frame.includes('"comments_changed"')).length;
  await b.page.waitForLoadState("networkidle");
  const readsNow = countReads(b.page, projectGuid);
  expect((await comment(guids.Alpha!, "Seen on the board")).status()).toBe(201);
  await expect.poll(commentsHeard).toBe(1);
  await b.page.waitForTimeout(500);
  expect({ board: readsNow.board, tasks: readsNow.tasks }).toEqual({ board: [], tasks: [] });
  // With that task open over the board, a comment on it shows there.
  const helloAgain = projectSocketHello(b.page, projectGuid);
  await open(b.page, `${projectPath}/taskboard/${guids.Alpha}`);
  await expect(b.page.getByTestId("task-modal").getByTestId("comment").filter({ hasText: "Seen on the board" })).toBeVisible();
  await helloAgain;
  expect((await comment(guids.Alpha!, "Seen in the open task")).status()).toBe(201);
  await expect(b.page.getByTestId("task-modal").getByTestId("comment").filter({ hasText: "Seen in the open task" })).toBeVisible({ timeout: 10_000 });
  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test("sprints are created, started and completed from the board; lanes sum their estimates", async ({ browser }) => {
  test.slow();
  const { context, page, errors } = await person(browser, "Sam Sprinter", { viewport: { width: 1280, height: 1400 } });
  const projectPath = await createProjectFromList(page, "Sprints");
  const projectGuid = projectPath.split("/")[2]!;
  await open(page, `${projectPath}/taskboard`);
  // The dialogs' chunk (it carries the schema library) is not loaded with the board, nor once
  // the page is idle: it comes when a hand reaches for a sprint control (issue 17).
  const dialogsLoaded = () => page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/sprint-dialogs-[\w-]+\.js$/.test(e.name)));
  await page.waitForLoadState("networkidle");
  expect(await dialogsLoaded()).toBe(false);
  await page.getByTestId("sprint-new").hover();
  await expect.poll(dialogsLoaded).toBe(true);
  await page.getByTestId("sprint-new").click();
  const dialog = page.getByTestId("sprint-dialog");
  // Escape closes the dialog and the focus goes back to the button that opened it.
  await expect(dialog.getByTestId("sprint-title")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("sprint-new")).toBeFocused();
  await page.getByTestId("sprint-new").click();
  await dialog.getByTestId("sprint-title").fill("Sprint A");
  await dialog.getByTestId("sprint-start").fill("2026-11-23");
  await dialog.getByTestId("sprint-end").fill("2026-11-20");
  await dialog.getByTestId("sprint-save").click();
  // The end before the start is refused in place, in the page's language.
  await expect(dialog).toContainText(await t(page.request, "en", "errors:sprint_dates_order"));
  await dialog.getByTestId("sprint-end").fill("2026-12-04");
  await dialog.getByTestId("sprint-save").click();
  const laneA = page.getByTestId("board-lane").filter({ has: page.getByTestId("lane-title").getByText("Sprint A", { exact: true }) });
  await expect(laneA).toContainText(/Nov 23\s–\sDec 4, 2026/);

  // Two estimated tasks in the sprint, one of them done.
  const fields = (await (await page.request.get(`/api/v1/project/${projectGuid}/fields`)).json()) as { guid: string; slug: string; settings: { values_set: { guid: string; key?: string }[] } }[];
  const done = fields.find((f) => f.slug === "status")!.settings.values_set.find((o) => o.key === "done")!.guid;
  const sprintGuid = (await laneA.getAttribute("data-lane"))!;
  for (const [title, estimate, status] of [["Finished", 3, done], ["Open", 5, null]] as const) {
    const values = [{ slug: "title", value: title }, { slug: "sprint", value: sprintGuid }, { slug: "estimate", value: estimate }, ...(status ? [{ slug: "status", value: status }] : [])];
    expect((await page.request.post(`/api/v1/project/${projectGuid}/issue`, { data: { custom_fields: values }, headers: origin() })).status()).toBe(201);
  }
  await page.reload();
  await hydrated(page);
  await expect(laneA.getByTestId("lane-estimate")).toHaveText(/^8\b/);

  await laneA.getByTestId("sprint-menu").locator("summary").click();
  await laneA.getByTestId("sprint-start").click();
  await expect(laneA.getByTestId("lane-status")).toBeVisible();
  await laneA.getByTestId("sprint-menu").locator("summary").click();
  await laneA.getByTestId("sprint-complete").click();
  const complete = page.getByTestId("complete-dialog");
  await expect(complete).toContainText("1");
  await complete.getByTestId("complete-confirm").click();
  // The unfinished task went to the backlog; the completed sprint left the board for the archive.
  const backlog = page.locator("[data-testid=board-lane][data-backlog=true]");
  await expect(backlog.locator('[data-title="Open"]')).toBeVisible();
  await expect(laneA).toHaveCount(0);
  await page.getByTestId("toggle-archived").click();
  await expect(laneA.locator('[data-title="Finished"]')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("a board read taken before one's own move lands after it and does not undo the move", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Ann Keeper", { viewport: { width: 1280, height: 1200 } });
  const b = await person(browser, "Ben Adder", { viewport: { width: 1280, height: 800 } });
  const projectPath = await createProjectFromList(a.page, "Stale read");
  const projectGuid = projectPath.split("/")[2]!;
  await joinProject(a.page, b, projectGuid);
  for (const title of ["Alpha", "Beta", "Gamma"]) {
    const res = await a.page.request.post(`/api/v1/project/${projectGuid}/issue`, { data: { custom_fields: [{ slug: "title", value: title }] }, headers: origin() });
    expect(res.status()).toBe(201);
  }
  // The board reads itself again when its socket opens; wait for that read before going on.
  const opened = a.page.waitForResponse((r) => r.url().includes(".data"));
  await open(a.page, `${projectPath}/taskboard`);
  await opened;
  const backlog = a.page.locator("[data-testid=board-lane][data-backlog=true]");
  expect(await titlesIn(backlog)).toEqual(["Alpha", "Beta", "Gamma"]);

  // B adds a sprint: A's board reads itself again, whole. That read is answered by the server at
  // once, but its answer reaches A's page only after A's own move has been saved.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const readTaken = new Promise<void>((resolve) => (taken = resolve));
  let held = false;
  await a.page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      if (held) return route.continue();
      held = true;
      const response = await route.fetch();
      taken();
      await gate;
      await route.fulfill({ response }).catch(() => undefined); // the page may have cancelled it
    },
  );
  const added = await b.page.request.post(`/api/v1/project/${projectGuid}/sprint`, { data: { title: "From Ben" }, headers: origin() });
  expect(added.status()).toBe(201);
  await readTaken;

  const saved = a.page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith("/issue"));
  await carryByKeyboard(a.page, backlog.locator('[data-title="Gamma"]').getByTestId("task-drag"), ["ArrowUp", "ArrowUp"], "Backlog, place 1.");
  expect((await saved).status()).toBe(200);
  release();

  // The move stays, and B's sprint arrives with the next read.
  const mine = () => titlesIn(backlog);
  await expect(a.page.getByTestId("lane-title").getByText("From Ben", { exact: true })).toBeVisible();
  await expect.poll(mine).toEqual(["Gamma", "Alpha", "Beta"]);
  await a.page.waitForTimeout(1_000);
  expect(await mine()).toEqual(["Gamma", "Alpha", "Beta"]);
  await a.page.unroute((url) => url.pathname.endsWith(".data"));
  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

for (const held of ["board", "tasks"] as const) {
  test(`a ${held === "board" ? "board read" : "read of tasks"} taken before one's own status edit lands after it and does not put the old status back`, async ({ browser }) => {
    test.slow();
    const a = await person(browser, "Ann Picker", { viewport: { width: 1280, height: 1200 } });
    const b = await person(browser, "Ben Changer", { viewport: { width: 1280, height: 800 } });
    const projectPath = await createProjectFromList(a.page, "Stale status");
    const projectGuid = projectPath.split("/")[2]!;
    await joinProject(a.page, b, projectGuid);
    const guids: string[] = [];
    for (const title of ["Alpha", "Beta"]) {
      const res = await a.page.request.post(`/api/v1/project/${projectGuid}/issue`, { data: { custom_fields: [{ slug: "title", value: title }] }, headers: origin() });
      expect(res.status()).toBe(201);
      guids.push(((await res.json()) as { guid: string }).guid);
    }
    const alpha = guids[0]!;
    const hello = projectSocketHello(a.page, projectGuid);
    await open(a.page, `${projectPath}/taskboard`);
    await hello;
    await a.page.waitForLoadState("networkidle");
    const card = a.page.locator(`[data-testid=board-task][data-guid="${alpha}"]`);
    const status = card.getByTestId("line-status");
    const before = (await status.innerText()).trim();

    // B changes the project: A's board reads it (the whole board for a new sprint, Alpha alone
    // for Alpha's new title). The server answers that read before A's edit is written; its
    // answer reaches A's page only after the edit has been saved.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const readTaken = new Promise<void>((resolve) => (taken = resolve));
    let once = false;
    const isHeld = (url: URL) => (held === "board" ? url.pathname.endsWith(".data") : url.pathname === `/api/v1/project/${projectGuid}/issues`);
    await a.page.route(isHeld, async (route) => {
      if (once) return route.continue();
      once = true;
      const response = await route.fetch();
      taken();
      await gate;
      await route.fulfill({ response }).catch(() => undefined); // the page may have cancelled it
    });
    const changed =
      held === "board"
        ? await b.page.request.post(`/api/v1/project/${projectGuid}/sprint`, { data: { title: "From Ben" }, headers: origin() })
        : await b.page.request.put(`/api/v1/project/${projectGuid}/issue/${alpha}`, { data: { custom_fields: [{ slug: "title", value: "Alpha by Ben" }] }, headers: origin() });
    expect(changed.ok()).toBe(true);
    await readTaken;

    // A status outside a completed sprint: the board is not read for it, so the read under way
    // must not be shown as it is.
    await status.click();
    const choice = a.page.locator('[data-testid=picker] [role=option][aria-selected="false"]').first();
    const chosen = (await choice.innerText()).trim();
    expect(chosen).not.toBe(before);
    const saved = a.page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes(`/api/v1/project/${projectGuid}/issue/`));
    await choice.click();
    expect((await saved).status()).toBe(200);
    release();

    if (held === "board") await expect(a.page.getByTestId("lane-title").getByText("From Ben", { exact: true })).toBeVisible();
    else await expect(card).toHaveAttribute("data-title", "Alpha by Ben");
    await expect(status).toHaveText(chosen);
    await a.page.waitForTimeout(1_000);
    await expect(status).toHaveText(chosen);
    await a.page.unroute(isHeld);
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
}

test("a board fresh from the server is not read again when its socket opens, unless the project changed in between", async ({ browser }) => {
  test.slow();
  const { context, page, errors } = await person(browser, "Flo Fresh", { viewport: { width: 1280, height: 900 } });
  const projectPath = await createProjectFromList(page, "Fresh board");
  const projectGuid = projectPath.split("/")[2]!;
  const reads: string[] = [];
  page.on("request", (r) => void (new URL(r.url()).pathname.endsWith(".data") && reads.push(r.url())));
  const greeted = () =>
    new Promise<{ type: string; changed_at: number | null }>((resolve) =>
      page.on("websocket", (ws) => {
        if (!ws.url().includes("/ws/project/")) return;
        ws.on("framereceived", ({ payload }) => {
          const frame = JSON.parse(String(payload));
          if (frame.type === "hello") resolve(frame);
        });
      }),
    );

  // Nothing changed since the page's data were read: the socket opens and the board stays put.
  let hello = greeted();
  await open(page, `${projectPath}/taskboard`);
  expect(await hello).toEqual({ type: "hello", changed_at: null });
  await page.waitForTimeout(1_000);
  expect(reads).toEqual([]);

  // A task is created after the page's read and before its socket opens (no notice reaches the
  // page): the room's greeting says so and the board reads itself again.
  let greeting!: (frame: { type: string; changed_at: number | null }) => void;
  hello = new Promise((resolve) => (greeting = resolve));
  await page.routeWebSocket(/\/ws\/project\//, async (ws) => {
    const res = await page.request.post(`/api/v1/project/${projectGuid}/issue`, { data: { custom_fields: [{ slug: "title", value: "Slipped in" }] }, headers: origin() });
    expect(res.status()).toBe(201);
    const server = ws.connectToServer();
    server.onMessage((message) => {
      const frame = JSON.parse(String(message));
      if (frame.type === "hello") greeting(frame);
      ws.send(message);
    });
  });
  await page.reload();
  await hydrated(page);
  expect((await hello).changed_at).toEqual(expect.any(Number));
  await expect(page.locator('[data-testid=board-task][data-title="Slipped in"]')).toBeVisible();
  expect(reads.length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await context.close();
});

test("a status picked in a card's line shows at once, in that card alone, is not followed by a board read, stays after a reload, and a refused change is put back", async ({ browser }) => {
  test.slow();
  const { context, page, errors } = await person(browser, "Stan Status", { viewport: { width: 1280, height: 1000 } });
  const projectPath = await createProjectFromList(page, "Statuses");
  const projectGuid = projectPath.split("/")[2]!;
  const sprint = await page.request.post(`/api/v1/project/${projectGuid}/sprint`, { data: { title: "Sprint 1" }, headers: origin() });
  expect(sprint.status()).toBe(201);
  const sprintGuid = ((await sprint.json()) as { guid: string }).guid;
  for (const [title, lane] of [["Alpha", null], ["Beta", null], ["Delta", sprintGuid]] as const) {
    const fields = [{ slug: "title", value: title }, ...(lane ? [{ slug: "sprint", value: lane }] : [])];
    expect((await page.request.post(`/api/v1/project/${projectGuid}/issue`, { data: { custom_fields: fields }, headers: origin() })).status()).toBe(201);
  }
  // The line's status picker comes with the board's own scripts: a part that waited for a later
  // chunk would stay the server's HTML, and React drops a click on a part it cannot hydrate yet
  // (no replay of discrete events). So every later chunk is held while the first click is made.
  const release = await holdLaterChunks(page, "routes/project-taskboard");
  await open(page, `${projectPath}/taskboard`);
  const statusOf = (title: string) => page.locator(`[data-testid=board-task][data-title="${title}"] [data-testid=line-status]`);
  await expect(statusOf("Alpha")).toBeVisible();
  const before = { alpha: await statusOf("Alpha").innerText(), beta: await statusOf("Beta").innerText(), delta: await statusOf("Delta").innerText() };

  // Picked: the card shows it before the write is answered; the other cards, in its lane and in
  // another, keep theirs.
  const alphaGuid = await page.locator('[data-testid=board-task][data-title="Alpha"]').getAttribute("data-guid");
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**/api/v1/project/${projectGuid}/issue/${alphaGuid}`, async (route) => {
    await held;
    await route.continue();
  });
  await statusOf("Alpha").click();
  const choice = page.locator('[data-testid=picker] [role=option][aria-selected="false"]').first();
  const chosen = (await choice.innerText()).trim();
  expect(chosen).not.toBe(before.alpha.trim());
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/issue/${alphaGuid}`));
  await choice.click();
  await expect(statusOf("Alpha")).toHaveText(chosen);
  expect(await statusOf("Beta").innerText()).toBe(before.beta);
  expect(await statusOf("Delta").innerText()).toBe(before.delta);
  await release();
  answer();
  expect((await saved).status()).toBe(200);
  await page.unroute(`**/api/v1/project/${projectGuid}/issue/${alphaGuid}`);

  const hello = projectSocketHello(page, projectGuid);
  await page.reload();
  await hydrated(page);
  await expect(statusOf("Alpha")).toHaveText(chosen);
  await expect(statusOf("Delta")).toHaveText(before.delta);

  // With the board's socket open: a status outside a completed sprint changes that card alone,
  // and the board is not read again for it (the card keeps the value the server answered).
  await hello;
  // The hello may itself ask for a read (the project changed since the page's data was read):
  // that one lands before the edit, so the edit is judged alone.
  await page.waitForLoadState("networkidle");
  const reads = countReads(page, projectGuid);
  await statusOf("Beta").click();
  const betaChoice = page.locator('[data-testid=picker] [role=option][aria-selected="false"]').first();
  const betaChosen = (await betaChoice.innerText()).trim();
  const betaSaved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes(`/api/v1/project/${projectGuid}/issue/`));
  await betaChoice.click();
  expect((await betaSaved).status()).toBe(200);
  await page.waitForTimeout(1_000);
  expect(reads.board).toEqual([]);
  await expect(statusOf("Beta")).toHaveText(betaChosen);

  // Refused by the server: the card gets its status back.
  await page.route(`**/api/v1/project/${projectGuid}/issue/${alphaGuid}`, (route) =>
    route.fulfill({ status: 403, contentType: "application/problem+json", body: JSON.stringify({ code: "forbidden", detail: "No." }) }),
  );
  await statusOf("Alpha").click();
  const other = page.locator('[data-testid=picker] [role=option][aria-selected="false"]').first();
  const refused = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/issue/${alphaGuid}`));
  await other.click();
  expect((await refused).status()).toBe(403);
  await expect(statusOf("Alpha")).toHaveText(chosen);
  expect(errors).toEqual([]);
  await context.close();
});

test("a board hydrates without building a date formatter: the server wrote its sprints' dates, another language writes its own", async ({ browser }) => {
  // A page's first Intl.DateTimeFormat loads the language's calendar data: 17 ms of the board's
  // hydration at full CPU, a long task at a phone's (issue 17). The loader sends the lanes' dates
  // as the server wrote them; the browser formats only what it shows in another language.
  const { context, page, errors } = await person(browser, "Dana Dates", { viewport: { width: 1280, height: 900 } });
  const projectPath = await createProjectFromList(page, "Dates");
  const projectGuid = projectPath.split("/")[2]!;
  const res = await page.request.post(`/api/v1/project/${projectGuid}/sprint`, { data: { title: "Sprint 1", start_date: "2026-11-03", end_date: "2026-11-17" }, headers: origin() });
  expect(res.status()).toBe(201);
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { __formatters: string[] }).__formatters = made;
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        if (!document.documentElement.hasAttribute("data-hydrated")) made.push(JSON.stringify(args));
        return Reflect.construct(target, args);
      },
    });
  });
  await open(page, `${projectPath}/taskboard?lng=en`);
  const dates = page.getByTestId("board-lane").filter({ has: page.getByTestId("lane-title").getByText("Sprint 1", { exact: true }) }).getByTestId("lane-dates");
  await expect(dates).toHaveText(/^Nov 3\s*–\s*17, 2026$/);
  expect(await page.evaluate(() => (window as unknown as { __formatters: string[] }).__formatters)).toEqual([]);

  // Another language: the page formats the dates itself until its loader brings them written.
  const language = page.getByTestId("language-select");
  if (!(await language.isVisible())) await page.getByTestId("header-menu").click();
  await language.selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(dates).toHaveText(/^0?3\.\s*–\s*17\.11\.2026$/);
  expect(errors).toEqual([]);
  await context.close();
});
