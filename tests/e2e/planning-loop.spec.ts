/**
 * The planning loop on screen: a sprint's capacity computed from availability in the sprint
 * dialog, the lane's load bar and its overcommitted warning, poker started from the lane moving
 * a teammate's load bar live, and velocity and the forecast on the stats page.
 */
import { createProjectFromList, expect, open, person, test } from "./fixtures";

const origin = () => ({ Origin: new URL(test.info().project.use.baseURL!).origin });
const shots = "test-results/screens";

test("a sprint's capacity comes from availability, its lane warns when overcommitted, and stats forecast the open work", async ({ browser }) => {
  test.slow();
  const { context, page, errors } = await person(browser, "Cara Capacity", { viewport: { width: 1280, height: 1100 } });
  const projectPath = await createProjectFromList(page, "Loop");
  const project = projectPath.split("/")[2]!;
  const api = (method: "post" | "put", path: string, data: unknown) => page.request[method](`/api/v1/project/${project}${path}`, { data, headers: origin() });
  const fields = (await (await page.request.get(`/api/v1/project/${project}/fields`)).json()) as { slug: string; settings: { values_set: { guid: string; key?: string }[] } }[];
  const done = fields.find((f) => f.slug === "status")!.settings.values_set.find((o) => o.key === "done")!.guid;
  const task = (title: string, estimate: number, sprint?: string, status?: string) =>
    api("post", "/issue", { custom_fields: [{ slug: "title", value: title }, { slug: "estimate", value: estimate }, ...(sprint ? [{ slug: "sprint", value: sprint }] : []), ...(status ? [{ slug: "status", value: status }] : [])] });

  // History: one completed sprint that finished 6 points; open work of 12 in the backlog.
  const past = (await (await api("post", "/sprint", { title: "Sprint 0", start_date: "2026-11-02", end_date: "2026-11-13" })).json()).guid as string;
  expect((await task("Shipped", 6, past, done)).status()).toBe(201);
  expect((await api("post", `/sprint/${past}/complete`, {})).status()).toBe(200);
  for (const title of ["Later 1", "Later 2"]) expect((await task(title, 6)).status()).toBe(201);
  const next = (await (await api("post", "/sprint", { title: "Sprint 1", start_date: "2026-11-30", end_date: "2026-12-04" })).json()).guid as string;
  expect((await task("Planned", 3, next)).status()).toBe(201);

  await open(page, `${projectPath}/taskboard`);
  const lane = page.getByTestId("board-lane").filter({ has: page.getByTestId("lane-title").getByText("Sprint 1", { exact: true }) });
  await expect(lane.getByTestId("lane-load")).toHaveCount(0);

  // Capacity from availability: five working days, one person at half time with one day off → 2.
  await lane.getByTestId("sprint-menu").locator("summary").click();
  await lane.getByTestId("sprint-edit").click();
  const dialog = page.getByTestId("sprint-dialog");
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
  expect((await api("post", "/issue", { custom_fields: [{ slug: "title", value: "Unsized" }, { slug: "sprint", value: next }] })).status()).toBe(201);
  await open(mate.page, `${projectPath}/taskboard`);
  const mateLane = mate.page.getByTestId("board-lane").filter({ has: mate.page.getByTestId("lane-title").getByText("Sprint 1", { exact: true }) });
  await expect(mateLane.getByTestId("lane-load-text")).toHaveText("3 of 2");

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
