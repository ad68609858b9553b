/**
 * The roadmap and the stats page: a bar dragged in one browser moves in another's open roadmap
 * without a reload and its dates are stored; keys move and resize it; zoom changes the scale;
 * a viewer cannot change dates; the stats page shows the right totals in its tables. Pictures
 * of both pages in both themes land in test-results/screens/.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { createProjectFromList, expect, origin, open, person, t, test, SCREENS } from "./fixtures";

const DAY = 86_400_000;
/** Pixels per day at week zoom (domain/planning/roadmap.ts). */
const WEEK_DAY_WIDTH = 44;

/** The browser's own calendar day, shifted by `offset` days, as "YYYY-MM-DD". */
async function localDay(page: Page, offset = 0): Promise<string> {
  const today = await page.evaluate(() => {
    const d = new Date();
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  });
  return new Date(today + offset * DAY).toISOString().slice(0, 10);
}

async function post(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(path, { data, headers: origin() });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function newTask(request: APIRequestContext, projectGuid: string, values: Record<string, unknown>): Promise<string> {
  const body = { custom_fields: Object.entries(values).map(([slug, value]) => ({ slug, value })) };
  return (await post(request, `/api/v1/project/${projectGuid}/issue`, body)).guid;
}

/** The stored dates of a task, read through the API. */
async function storedDates(request: APIRequestContext, projectGuid: string, task: string) {
  const res = await request.get(`/api/v1/project/${projectGuid}/issue/${task}`);
  expect(res.status()).toBe(200);
  const { custom_fields } = (await res.json()) as { custom_fields: { slug: string; value: unknown }[] };
  return [custom_fields.find((c) => c.slug === "start_date")?.value ?? null, custom_fields.find((c) => c.slug === "end_date")?.value ?? null];
}

/** Invites someone to the project with a role; they accept. */
async function join(owner: Page, guest: Page, email: string, projectGuid: string, role: "member" | "viewer") {
  const invite = await owner.request.post(`/api/v1/project/${projectGuid}/invite`, { data: [{ email, value: role }], headers: origin() });
  const [sent] = (await invite.json()) as { guid: string }[];
  expect((await guest.request.put(`/api/v1/project/invited/${sent!.guid}`, { data: { successfully: true }, headers: origin() })).status()).toBe(200);
}

async function dragBy(page: Page, handle: Locator, dx: number) {
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + Math.sign(dx) * 6, y, { steps: 2 });
  await page.mouse.move(x + dx, y, { steps: 12 });
  await page.mouse.up();
}

const bar = (page: Page, title: string) => page.locator(`[data-testid=roadmap-bar][data-title="${title}"]`);
const saved = (page: Page, task: string) => page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/issue/${task}`));

test("a bar dragged in one browser moves in another's roadmap without a reload; edges, keys, a refused write and zoom work", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Ann Roadmap", { viewport: { width: 1400, height: 900 } });
  const b = await person(browser, "Ben Roadmap", { viewport: { width: 1400, height: 900 } });
  const projectPath = await createProjectFromList(a.page, "Roadmap");
  const projectGuid = projectPath.split("/")[2]!;
  await join(a.page, b.page, b.email, projectGuid, "member");
  const day = (offset: number) => localDay(a.page, offset);
  const task = await newTask(a.page.request, projectGuid, { title: "Launch", start_date: await day(0), end_date: await day(4) });

  await open(a.page, `${projectPath}/taskboard?view=roadmap`);
  await open(b.page, `${projectPath}/taskboard?view=roadmap`);
  await a.page.getByTestId("roadmap-zoom-week").click();
  await expect(a.page.getByTestId("roadmap")).toHaveAttribute("data-zoom", "week");
  await expect(bar(b.page, "Launch")).toHaveAttribute("data-start", await day(0));

  // A drags the bar three days later: both dates move.
  const put = saved(a.page, task);
  await dragBy(a.page, bar(a.page, "Launch"), 3 * WEEK_DAY_WIDTH);
  expect((await put).status()).toBe(200);
  await expect(bar(a.page, "Launch")).toHaveAttribute("data-start", await day(3));
  await expect(bar(a.page, "Launch")).toHaveAttribute("data-end", await day(7));
  // B's open roadmap follows, with no reload.
  await expect(bar(b.page, "Launch")).toHaveAttribute("data-start", await day(3), { timeout: 5_000 });
  await expect(bar(b.page, "Launch")).toHaveAttribute("data-end", await day(7));
  expect(await storedDates(a.page.request, projectGuid, task)).toEqual([await day(3), await day(7)]);
  // A click on the title (no drag) opens the task.
  await expect(bar(a.page, "Launch").getByTestId("roadmap-bar-title")).toHaveAttribute("href", `${projectPath}/taskboard/${task}?view=roadmap`);

  // Dragging the right edge lengthens the task; the start stays.
  const resized = saved(a.page, task);
  await dragBy(a.page, bar(a.page, "Launch").getByTestId("roadmap-bar-end"), 2 * WEEK_DAY_WIDTH);
  expect((await resized).status()).toBe(200);
  await expect(bar(a.page, "Launch")).toHaveAttribute("data-end", await day(9));
  await expect(bar(a.page, "Launch")).toHaveAttribute("data-start", await day(3));

  // Keys on the focused bar: left moves a day earlier, Shift+left shortens it by a day.
  const keyed = saved(a.page, task);
  await bar(a.page, "Launch").focus();
  await a.page.keyboard.press("ArrowLeft");
  await a.page.keyboard.press("Shift+ArrowLeft");
  await expect(bar(a.page, "Launch")).toHaveAttribute("data-start", await day(2));
  await expect(bar(a.page, "Launch")).toHaveAttribute("data-end", await day(7));
  expect((await keyed).status()).toBe(200);
  await expect.poll(() => storedDates(a.page.request, projectGuid, task)).toEqual([await day(2), await day(7)]);
  await expect(bar(b.page, "Launch")).toHaveAttribute("data-start", await day(2), { timeout: 5_000 });
  // The task page shows the dates the roadmap wrote.
  const taskPage = await b.context.newPage();
  await open(taskPage, `${projectPath}/issue/${task}`);
  await expect(taskPage.getByTestId("value-start_date")).toHaveValue(await day(2));
  await expect(taskPage.getByTestId("value-end_date")).toHaveValue(await day(7));
  await taskPage.close();

  // A refused write is taken back and the server's translated reason shown. The refusal is
  // staged for this one request (the task "deleted by someone else" a moment before the drop).
  const reason = await t(a.page.request, "en", "errors:task_not_found");
  await a.page.route(`**/api/v1/project/${projectGuid}/issue/${task}`, (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ detail: reason, code: "task_not_found" }) }) : route.fallback(),
  );
  await dragBy(a.page, bar(a.page, "Launch"), 2 * WEEK_DAY_WIDTH);
  await expect(a.page.getByTestId("error-toast")).toContainText(reason);
  await expect(bar(a.page, "Launch")).toHaveAttribute("data-start", await day(2));
  await expect(bar(a.page, "Launch")).toHaveAttribute("data-end", await day(7));
  await a.page.unroute(`**/api/v1/project/${projectGuid}/issue/${task}`);
  expect(await storedDates(a.page.request, projectGuid, task)).toEqual([await day(2), await day(7)]);

  // Zoom: the same six days are narrower by month and narrower still by quarter; the choice is remembered.
  const widthAt = async () => (await bar(a.page, "Launch").boundingBox())!.width;
  expect(await widthAt()).toBeCloseTo(6 * WEEK_DAY_WIDTH, 0);
  await a.page.getByTestId("roadmap-zoom-month").click();
  await expect(a.page.getByTestId("roadmap")).toHaveAttribute("data-zoom", "month");
  const month = await widthAt();
  await a.page.getByTestId("roadmap-zoom-quarter").click();
  const quarter = await widthAt();
  expect(month).toBeLessThan(6 * WEEK_DAY_WIDTH);
  expect(quarter).toBeLessThan(month);
  await a.page.reload();
  await expect(a.page.getByTestId("roadmap")).toHaveAttribute("data-zoom", "quarter");
  // It opens scrolled to today: the today line is inside the visible part of the timeline.
  const line = (await a.page.getByTestId("roadmap-today").boundingBox())!;
  const view = (await a.page.getByTestId("roadmap-scroller").boundingBox())!;
  expect(line.x).toBeGreaterThan(view.x + 300);
  expect(line.x).toBeLessThan(view.x + view.width);

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test("tasks are grouped by epic or sprint, unscheduled ones get dates from the list, and a viewer cannot change dates", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Ada Planner", { viewport: { width: 1400, height: 900 } });
  const v = await person(browser, "Vic Viewer", { viewport: { width: 1400, height: 900 } });
  const projectPath = await createProjectFromList(a.page, "Roadmap groups");
  const projectGuid = projectPath.split("/")[2]!;
  await join(a.page, v.page, v.email, projectGuid, "viewer");
  const day = (offset: number) => localDay(a.page, offset);
  const fields = (await (await a.page.request.get(`/api/v1/project/${projectGuid}/fields`)).json()) as { slug: string; settings: { values_set: { guid: string; key?: string }[] } }[];
  const epicType = fields.find((f) => f.slug === "issue_type")!.settings.values_set.find((o) => o.key === "epic")!.guid;
  const sprint = (await post(a.page.request, `/api/v1/project/${projectGuid}/sprint`, { title: "Sprint 7", start_date: await day(-2), end_date: await day(11) })).guid as string;
  const epic = await newTask(a.page.request, projectGuid, { title: "Big epic", issue_type: epicType, start_date: await day(-1), end_date: await day(20) });
  await newTask(a.page.request, projectGuid, { title: "Part one", epic, sprint, start_date: await day(0), end_date: await day(3) });
  await newTask(a.page.request, projectGuid, { title: "Milestone", epic, end_date: await day(6) });
  const loose = await newTask(a.page.request, projectGuid, { title: "Someday" });

  await open(a.page, `${projectPath}/taskboard?view=roadmap`);
  const group = (page: Page, id: string) => page.locator(`[data-testid=roadmap-group][data-group-id="${id}"]`);
  await expect(group(a.page, epic).getByTestId("roadmap-group-title")).toHaveText("Big epic");
  await expect(bar(a.page, "Milestone")).toHaveAttribute("data-marker", "true");
  await expect(a.page.getByTestId("roadmap-sprint")).toHaveText("Sprint 7");
  await expect(a.page.getByTestId("roadmap-sprint-band")).toHaveCount(1);

  // By sprint: the sprint's group carries its dates.
  await a.page.getByTestId("roadmap-group-sprint").click();
  await expect(group(a.page, sprint).getByTestId("roadmap-group-title")).toHaveText("Sprint 7");
  await expect(a.page.locator(`[data-testid=roadmap-row]`).first()).toHaveAttribute("data-guid", /.+/);

  // The unscheduled task is scheduled from today for a week.
  const unscheduled = a.page.locator(`[data-testid=roadmap-unscheduled-task][data-guid="${loose}"]`);
  const put = saved(a.page, loose);
  await unscheduled.getByTestId("roadmap-schedule").click();
  expect((await put).status()).toBe(200);
  await expect(bar(a.page, "Someday")).toHaveAttribute("data-start", await day(0));
  await expect(bar(a.page, "Someday")).toHaveAttribute("data-end", await day(7));
  await expect(unscheduled).toHaveCount(0);
  // Grouping is remembered per project.
  await a.page.reload();
  await expect(a.page.getByTestId("roadmap")).toHaveAttribute("data-group", "sprint");

  // The viewer sees the bars but cannot drag or key them, and has no schedule button.
  await open(v.page, `${projectPath}/taskboard?view=roadmap`);
  await expect(v.page.getByTestId("roadmap-read-only")).toBeVisible();
  await expect(bar(v.page, "Part one")).not.toHaveAttribute("role", "slider");
  await expect(bar(v.page, "Part one").getByTestId("roadmap-bar-end")).toHaveCount(0);
  let writes = 0;
  v.page.on("request", (r) => {
    if (r.method() === "PUT") writes += 1;
  });
  await dragBy(v.page, bar(v.page, "Part one"), 150);
  await expect(bar(v.page, "Part one")).toHaveAttribute("data-start", await day(0));
  expect(writes).toBe(0);
  await expect(v.page.getByTestId("roadmap-schedule")).toHaveCount(0);

  expect([...a.errors, ...v.errors]).toEqual([]);
  await a.context.close();
  await v.context.close();
});

/** A project with demo-like plan data: epics, three sprints (one active), tasks with dates, statuses, estimates and people. */
async function demoProject(page: Page, assignee: string) {
  const projectPath = await createProjectFromList(page, "Stats");
  const projectGuid = projectPath.split("/")[2]!;
  const day = (offset: number) => localDay(page, offset);
  const fields = (await (await page.request.get(`/api/v1/project/${projectGuid}/fields`)).json()) as { slug: string; settings: { values_set: { guid: string; key?: string }[] } }[];
  const option = (slug: string, key: string) => fields.find((f) => f.slug === slug)!.settings.values_set.find((o) => o.key === key)!.guid;
  const sprints: string[] = [];
  for (const [i, title] of ["Sprint 1", "Sprint 2", "Sprint 3"].entries()) {
    const guid = (await post(page.request, `/api/v1/project/${projectGuid}/sprint`, { title, start_date: await day(i * 14 - 5), end_date: await day(i * 14 + 8) })).guid as string;
    sprints.push(guid);
  }
  const active = await page.request.put(`/api/v1/project/${projectGuid}/sprint/${sprints[0]}`, { data: { status: "active" }, headers: origin() });
  expect(active.status()).toBe(200);
  const epics = [
    await newTask(page.request, projectGuid, { title: "Onboarding revamp", issue_type: option("issue_type", "epic"), start_date: await day(-5), end_date: await day(22) }),
    await newTask(page.request, projectGuid, { title: "Mobile offline mode", issue_type: option("issue_type", "epic"), start_date: await day(3), end_date: await day(36) }),
  ];
  const titles = ["Sign-up form validation", "Invite teammates step", "Empty state for new projects", "Offline queue for edits", "Conflict resolution dialog", "Sync indicator in header", "Retry failed uploads", "Dark theme contrast audit", "Sprint burndown chart", "Roadmap zoom controls", "Export table to CSV", "Saved filter sharing"];
  const statuses = ["done", "done", "in_progress", "review", "todo", "in_progress", "todo", "done", "todo", "todo", "todo", "todo"];
  const estimates = [3, 5, 2, 8, 3, 5, 1, 2, 8, 5, 3, 2];
  for (const [i, title] of titles.entries()) {
    const s = i < 7 ? 0 : i < 10 ? 1 : 2;
    const start = s * 14 - 5 + (i % 4) * 2;
    await newTask(page.request, projectGuid, {
      title,
      sprint: sprints[s],
      epic: epics[i % 2],
      status: option("status", statuses[i]!),
      issue_type: option("issue_type", i % 5 === 3 ? "bug" : "task"),
      estimate: estimates[i],
      participants: i % 3 === 0 ? [] : [assignee],
      start_date: await day(start),
      end_date: i === 6 ? null : await day(start + 3 + (i % 3)),
    });
  }
  await newTask(page.request, projectGuid, { title: "Keyboard shortcuts help" });
  await newTask(page.request, projectGuid, { title: "Attachment previews", epic: epics[0] });
  return { projectPath, projectGuid, sprints };
}

/** The rows of a chart's data table, after switching the chart to its table. */
async function tableOf(page: Page, chart: string) {
  const card = page.getByTestId(chart);
  await card.getByTestId("chart-table-toggle").click();
  await expect(card.getByTestId("chart-table")).toBeVisible();
  return card.getByTestId("chart-table").locator("tbody tr").evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent?.trim())));
}

test("the stats page shows the burndown, status, assignee and sprint totals, with tables matching the data", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Sam Stats", { viewport: { width: 1300, height: 1000 } });
  const me = ((await (await a.page.request.get("/api/v2/whoami")).json()) as { guid: string }).guid;
  const { projectPath, projectGuid, sprints } = await demoProject(a.page, me);
  await open(a.page, `${projectPath}/stats`);
  // Each chart is drawn (an SVG inside a labelled image) and titled.
  for (const chart of ["chart-burndown", "chart-status", "chart-assignee", "chart-sprints"]) {
    await expect(a.page.getByTestId(chart).getByTestId("chart-picture").locator("svg").first()).toBeVisible();
  }
  await expect(a.page.getByTestId("chart-burndown").getByTestId("chart-title")).toHaveText("Burndown: Sprint 1");

  expect(await tableOf(a.page, "chart-status")).toEqual([
    ["To do", "6"],
    ["In progress", "2"],
    ["Review", "1"],
    ["Done", "3"],
    ["No status", "2"],
  ]);
  expect(await tableOf(a.page, "chart-assignee")).toEqual([
    ["Sam Stats", "8"],
    ["Unassigned", "6"],
  ]);
  expect(await tableOf(a.page, "chart-sprints")).toEqual([
    ["Sprint 1", "8", "19", "2", "5"],
    ["Sprint 2", "2", "13", "1", "2"],
    ["Sprint 3", "0", "5", "0", "2"],
  ]);
  // Sprint 1 runs 14 days from five days ago: six days have points, the rest are still ahead.
  // Its tasks were all made today, so the work appears today (the replay does not invent a past).
  const burndown = await tableOf(a.page, "chart-burndown");
  expect(burndown).toHaveLength(14);
  expect(burndown.slice(0, 6).map((r) => r[1])).toEqual(["0", "0", "0", "0", "0", "19"]);
  expect(burndown.slice(0, 6).map((r) => r[3])).toEqual(["0", "0", "0", "0", "0", "5"]);
  expect(burndown.slice(6).every((r) => r[1] === "—" && r[3] === "—")).toBe(true);

  await a.page.screenshot({ path: `${test.info().project.outputDir}/screens/stats-tables-light.png`, fullPage: true, animations: "disabled" });

  // Someone else finishes a task: the open page follows without a reload.
  const b = await person(browser, "Bo Finisher");
  await join(a.page, b.page, b.email, projectGuid, "member");
  const fields = (await (await b.page.request.get(`/api/v1/project/${projectGuid}/fields`)).json()) as { slug: string; guid: string; settings: { values_set: { guid: string; key?: string }[] } }[];
  const status = fields.find((f) => f.slug === "status")!;
  const board = (await (await b.page.request.get(`/api/v1/project/${projectGuid}/issue_backlog`)).json()) as { guid: string }[];
  const finish = await b.page.request.put(`/api/v1/project/${projectGuid}/issue/${board[0]!.guid}`, {
    data: { custom_fields: [{ guid: status.guid, value: status.settings.values_set.find((o) => o.key === "done")!.guid }] },
    headers: origin(),
  });
  expect(finish.status()).toBe(200);
  await expect(a.page.getByTestId("chart-status").getByTestId("chart-table").locator("tbody tr").last()).toHaveText(/No status\s*1/, { timeout: 5_000 });
  await b.context.close();

  // Another sprint from the picker; the address remembers it.
  await a.page.getByTestId("sprint-picker").selectOption(sprints[1]!);
  await expect(a.page).toHaveURL(new RegExp(`sprint=${sprints[1]}`));
  await expect(a.page.getByTestId("chart-burndown").getByTestId("chart-title")).toHaveText("Burndown: Sprint 2");
  expect(a.errors).toEqual([]);
  await a.context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`pictures the roadmap and the stats page in the ${theme} theme`, SCREENS, async ({ browser }) => {
    test.slow();
    const a = await person(browser, "Dana Demo", { viewport: { width: 1440, height: 1000 } });
    await a.page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    const me = ((await (await a.page.request.get("/api/v2/whoami")).json()) as { guid: string }).guid;
    const { projectPath } = await demoProject(a.page, me);
    const shot = async (name: string) => {
      await expect(a.page.locator("html")).toHaveAttribute("data-theme", theme);
      await a.page.screenshot({ path: `${test.info().project.outputDir}/screens/${name}-${theme}.png`, fullPage: true, animations: "disabled" });
    };
    await open(a.page, `${projectPath}/taskboard?view=roadmap`);
    await expect(bar(a.page, "Sign-up form validation")).toBeVisible();
    await shot("roadmap");
    await a.page.getByTestId("roadmap-group-sprint").click();
    await a.page.getByTestId("roadmap-zoom-week").click();
    await shot("roadmap-sprints-week");
    await open(a.page, `${projectPath}/stats`);
    await expect(a.page.getByTestId("chart-sprints").locator("svg").first()).toBeVisible();
    await shot("stats");
    expect(a.errors).toEqual([]);
    await a.context.close();
  });
}
