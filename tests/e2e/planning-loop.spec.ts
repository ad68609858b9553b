/**
 * The planning loop on screen: a sprint's capacity suggested by velocity or computed from
 * availability in the sprint dialog, the lane's load bar, its overcommitted warning and its
 * preview while a card is dragged, poker started from the lane moving a teammate's load bar and
 * roadmap forecast live, and velocity and the forecast on the stats page.
 */
import { createProjectFromList, expect, origin, open, person, test } from "./fixtures";

const shots = "test-results/screens";

test("a sprint's capacity comes from availability, its lane warns when overcommitted, and stats forecast the open work", async ({ browser }) => {
  test.slow();
  const { context, page, errors } = await person(browser, "Cara Capacity", { viewport: { width: 1280, height: 1100 } });
  const projectPath = await createProjectFromList(page, "Loop");
  const project = projectPath.split("/")[2]!;
  const api = (method: "post" | "put", path: string, data: unknown) => page.request[method](`/api/v1/project/${project}${path}`, { data, headers: origin() });
  const fields = (await (await page.request.get(`/api/v1/project/${project}/fields`)).json()) as { slug: string; settings: { values_set: { guid: string; key?: string }[] } }[];
  const option = (slug: string, key: string) => fields.find((f) => f.slug === slug)!.settings.values_set.find((o) => o.key === key)!.guid;
  const done = option("status", "done");
  const task = (title: string, estimate: number | null, sprint?: string, status?: string, epic?: string) =>
    api("post", "/issue", {
      custom_fields: [
        { slug: "title", value: title },
        ...(estimate === null ? [] : [{ slug: "estimate", value: estimate }]),
        ...(sprint ? [{ slug: "sprint", value: sprint }] : []),
        ...(status ? [{ slug: "status", value: status }] : []),
        ...(epic ? [{ slug: "epic", value: epic }] : []),
      ],
    });

  // History: one completed sprint that finished 6 points; open work of 12 in the backlog.
  const past = (await (await api("post", "/sprint", { title: "Sprint 0", start_date: "2026-11-02", end_date: "2026-11-13" })).json()).guid as string;
  expect((await task("Shipped", 6, past, done)).status()).toBe(201);
  expect((await api("post", `/sprint/${past}/complete`, {})).status()).toBe(200);
  for (const title of ["Later 1", "Later 2"]) expect((await task(title, 6)).status()).toBe(201);
  const next = (await (await api("post", "/sprint", { title: "Sprint 1", start_date: "2026-11-30", end_date: "2026-12-04" })).json()).guid as string;
  const epic = (await (await api("post", "/issue", { custom_fields: [{ slug: "title", value: "Launch" }, { slug: "issue_type", value: option("issue_type", "epic") }, { slug: "start_date", value: "2026-11-30" }, { slug: "end_date", value: "2026-12-18" }] })).json()).guid as string;
  expect((await task("Planned", 3, next, undefined, epic)).status()).toBe(201);

  await open(page, `${projectPath}/taskboard`);
  const lane = page.getByTestId("board-lane").filter({ has: page.getByTestId("lane-title").getByText("Sprint 1", { exact: true }) });
  await expect(lane.getByTestId("lane-load")).toHaveCount(0);

  // Capacity from availability: five working days, one person at half time with one day off → 2.
  await lane.getByTestId("sprint-menu").locator("summary").click();
  await lane.getByTestId("sprint-edit").click();
  const dialog = page.getByTestId("sprint-dialog");
  // Velocity suggests the mean of the completed sprints: 6.
  await dialog.getByTestId("sprint-capacity-velocity").click();
  await expect(dialog.getByTestId("sprint-capacity-input")).toHaveValue("6");
  await dialog.getByText("Compute from availability").click();
  await dialog.getByLabel(/Share of time of Cara Capacity/).fill("50");
  await dialog.getByLabel(/Days off of Cara Capacity/).fill("1");
  await dialog.getByTestId("sprint-capacity-compute").click();
  await expect(dialog.getByTestId("sprint-capacity-input")).toHaveValue("2");
  await page.screenshot({ path: `${shots}/sprint-capacity-dialog.png` });
  await dialog.getByTestId("sprint-save").click();
  await expect(dialog).toBeHidden();

  // 3 points planned against 2: the lane is overcommitted by 1, and the bar says so.
  await expect(lane.getByTestId("lane-load")).toHaveAttribute("data-level", "over");
  await expect(lane.getByTestId("lane-load-text")).toHaveText("3 of 2");
  await expect(lane.getByTestId("lane-overcommitted")).toHaveText("Over by 1");
  await page.screenshot({ path: `${shots}/lane-load.png` });

  // Carrying a 6-point card from the backlog over the lane previews its load before the drop.
  const backlog = page.locator("[data-testid=board-lane][data-backlog=true]");
  const handle = (await backlog.locator('[data-testid=board-task][data-title="Later 1"]').getByTestId("task-drag").boundingBox())!;
  const over = (await lane.getByTestId("lane-tasks").boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 + 8, { steps: 4 });
  await page.mouse.move(over.x + over.width / 2, over.y + over.height / 2, { steps: 10 });
  await expect(lane.getByTestId("lane-load-text")).toHaveText("3 → 9 of 2");
  await expect(lane.getByTestId("lane-overcommitted")).toHaveText("Over by 7");
  await page.screenshot({ path: `${shots}/lane-drag-preview.png` });
  await page.keyboard.press("Escape");
  await page.mouse.up();
  await expect(lane.getByTestId("lane-load-text")).toHaveText("3 of 2");

  // A bad capacity is refused with the field's error and changes nothing.
  await lane.getByTestId("sprint-menu").locator("summary").click();
  await lane.getByTestId("sprint-edit").click();
  await dialog.getByTestId("sprint-capacity-input").fill("-4");
  await dialog.getByTestId("sprint-save").click();
  await expect(dialog.getByText("The capacity must be a number from 0 up.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(lane.getByTestId("lane-load-text")).toHaveText("3 of 2");

  // The loop: a teammate watches the board while the lane's unestimated task is estimated in
  // poker, started from the lane; the accepted card lands in the task and the load bar moves.
  const mate = await person(browser, "Milo Mate", { viewport: { width: 1280, height: 1000 } });
  const invite = await page.request.post(`/api/v1/project/${project}/invite`, { data: [{ email: mate.email, value: "member" }], headers: origin() });
  const [sent] = (await invite.json()) as { guid: string }[];
  expect((await mate.page.request.put(`/api/v1/project/invited/${sent!.guid}`, { data: { successfully: true }, headers: origin() })).status()).toBe(200);
  expect((await task("Unsized", null, next, undefined, epic)).status()).toBe(201);
  // Each tab names its view: the roadmap tab remembers "roadmap" as the project's view (a cookie).
  await open(mate.page, `${projectPath}/taskboard?view=planning`);
  const mateLane = mate.page.getByTestId("board-lane").filter({ has: mate.page.getByTestId("lane-title").getByText("Sprint 1", { exact: true }) });
  await expect(mateLane.getByTestId("lane-load-text")).toHaveText("3 of 2");
  // The teammate also watches the roadmap: the epic's 3 points end in one sprint, one task unsized.
  const roadmap = await mate.context.newPage();
  await open(roadmap, `${projectPath}/taskboard?view=roadmap`);
  const epicForecast = roadmap.locator(`[data-testid=roadmap-forecast-row][data-epic="${epic}"]`);
  await expect(epicForecast).toHaveAttribute("data-sprints50", "1");
  await expect(epicForecast.getByTestId("roadmap-forecast-risk")).toHaveText("1 task without estimate");
  const before = await epicForecast.getAttribute("data-p50");

  await open(page, `${projectPath}/taskboard`);
  await lane.getByTestId("sprint-menu").locator("summary").click();
  await lane.getByTestId("sprint-poker").click();
  await expect(page.getByTestId("poker-room")).toBeVisible();
  await expect(page.getByTestId("queue-issue")).toHaveCount(1);
  await page.locator('[data-testid=queue-issue][data-title="Unsized"]').getByTestId("queue-pick").click();
  await page.locator('[data-testid=deck-card][data-card="5"]').click();
  await page.getByTestId("flip").click();
  await expect(page.getByTestId("accept-select")).toHaveValue("5");
  await page.getByTestId("accept").click();
  await expect(mateLane.getByTestId("lane-load-text")).toHaveText("8 of 2");
  await expect(mateLane.getByTestId("lane-overcommitted")).toHaveText("Over by 6");
  // 3 + 5 points at 6 a sprint: the epic now ends a sprint later, and nothing is unsized.
  await expect(epicForecast).toHaveAttribute("data-sprints50", "2");
  await expect(epicForecast).not.toHaveAttribute("data-p50", before!);
  await expect(epicForecast.getByTestId("roadmap-forecast-risk")).toHaveText("All estimated");
  await roadmap.screenshot({ path: `${shots}/roadmap-forecast.png`, fullPage: true });
  await mate.context.close();

  // Stats: velocity 6 a sprint; 20 points open → four sprints.
  await open(page, `${projectPath}/stats`);
  await expect(page.getByTestId("chart-velocity")).toBeVisible();
  await expect(page.getByTestId("forecast-remaining")).toContainText("20");
  await expect(page.getByTestId("forecast-p50")).not.toBeEmpty();
  await expect(page.getByTestId("forecast")).toContainText("in 4 sprints");
  await page.getByTestId("forecast").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/velocity-forecast.png`, fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});
