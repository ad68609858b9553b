/** The planning board: create tasks in lanes, drag one across lanes to a place in a sprint; it stays there after a reload. */
import type { Locator, Page } from "@playwright/test";
import { createProjectFromList, expect, hydrated, open, person, test } from "./fixtures";

const origin = () => ({ Origin: new URL(test.info().project.use.baseURL!).origin });

async function drag(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 2, { steps: 4 });
  await page.mouse.up();
}

const titlesIn = (lane: Locator) => lane.getByTestId("board-task").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-title")));

test("tasks are created in lanes and dragged to a place in another sprint, which survives a reload", async ({ browser }) => {
  test.slow();
  const { context, page, errors } = await person(browser, "Pat Planner", { viewport: { width: 1280, height: 1400 } });
  const projectPath = await createProjectFromList(page, "Planning");
  const projectGuid = projectPath.split("/")[2]!;
  for (const title of ["Sprint 1", "Sprint 2"]) {
    const res = await page.request.post(`/api/v1/project/${projectGuid}/sprint`, { data: { title }, headers: origin() });
    expect(res.status()).toBe(201);
  }
  await open(page, `${projectPath}/taskboard`);
  const backlog = page.locator("[data-testid=board-lane][data-backlog=true]");
  const sprint2 = page.getByTestId("board-lane").filter({ has: page.getByTestId("lane-title").getByText("Sprint 2", { exact: true }) });

  for (const title of ["Alpha", "Beta", "Gamma"]) {
    await backlog.getByTestId("new-task-title").fill(title);
    await backlog.getByTestId("new-task-submit").click();
    await expect(backlog.locator(`[data-testid=board-task][data-title="${title}"]`)).toBeVisible();
  }
  await sprint2.getByTestId("new-task-title").fill("Delta");
  await sprint2.getByTestId("new-task-submit").click();
  await expect(sprint2.locator('[data-testid=board-task][data-title="Delta"]')).toBeVisible();
  expect(await titlesIn(backlog)).toEqual(["Alpha", "Beta", "Gamma"]);

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
  const invite = await a.page.request.post(`/api/v1/project/${projectGuid}/invite`, { data: [{ email: b.email, value: "member" }], headers: origin() });
  const [sent] = (await invite.json()) as { guid: string }[];
  expect((await b.page.request.put(`/api/v1/project/invited/${sent!.guid}`, { data: { successfully: true }, headers: origin() })).status()).toBe(200);

  const task = await a.page.request.post(`/api/v1/project/${projectGuid}/issue`, { data: { custom_fields: [{ slug: "title", value: "Travelling task" }] }, headers: origin() });
  expect(task.status()).toBe(201);
  await open(a.page, `${projectPath}/taskboard`);
  await open(b.page, `${projectPath}/taskboard`);
  const laneOf = (page: Page, title: string) => page.getByTestId("board-lane").filter({ has: page.locator(`[data-title="${title}"]`) });
  await expect(laneOf(b.page, "Travelling task")).toHaveAttribute("data-backlog", "true");

  await drag(a.page, a.page.locator('[data-title="Travelling task"]').getByTestId("task-drag"), a.page.locator(`[data-lane="${sprint.guid}"] ul`));
  await expect(laneOf(a.page, "Travelling task")).toHaveAttribute("data-lane", sprint.guid);
  // B's board follows within moments, with no reload.
  await expect(laneOf(b.page, "Travelling task")).toHaveAttribute("data-lane", sprint.guid, { timeout: 5_000 });
  // B creates a task; A sees it appear.
  await b.page.locator(`[data-lane="${sprint.guid}"]`).getByTestId("new-task-title").fill("From Ben");
  await b.page.locator(`[data-lane="${sprint.guid}"]`).getByTestId("new-task-submit").click();
  await expect(a.page.locator('[data-title="From Ben"]')).toBeVisible({ timeout: 5_000 });
  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.context.close();
  await b.context.close();
});
