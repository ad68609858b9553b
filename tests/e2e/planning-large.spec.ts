/**
 * A planning board of hundreds of tasks: a long lane renders only the rows near the viewport,
 * yet holds every task, scrolls to its last one, and reorders by keyboard and mouse as a short one.
 */
import type { Browser, Locator } from "@playwright/test";
import { DEMO, carryByKeyboard, drag, expect, origin, hydrated, open, signInWithApi, test } from "./fixtures";

const titlesIn = (lane: Locator) => lane.getByTestId("board-task").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-title")));

type Task = { custom_fields: { slug: string | null; value: unknown }[] };

/** The demo user, signed in on a laptop-sized window, with a development seed of `tasks` tasks as a new project. */
async function seededBoard(browser: Browser, tasks: number, name: string, network: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { "CF-Connecting-IP": `10.${network}.${test.info().workerIndex % 200}.9` } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signInWithApi(page, DEMO.email, DEMO.password);
  const seeded = await page.request.post("/api/dev/seed", { data: { tasks, project: `${name} ${Date.now().toString(36)}` }, headers: origin() });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const { project } = (await seeded.json()) as { project: string };
  return { context, page, errors, project };
}

test("a lane of hundreds of tasks renders the rows near the viewport, reaches its last task and reorders by keyboard and mouse", async ({ browser }) => {
  test.slow();
  // The development seed makes a project of the demo user: 400 tasks, 160 of them in the backlog.
  const { context, page, errors, project } = await seededBoard(browser, 400, "Large", 251);
  const board = (await (await page.request.post(`/api/v3/project/${project}/filters`, { data: {}, headers: origin() })).json()) as { sprints: { issues: Task[] }[] };
  const titles = board.sprints[0]!.issues.map((task) => String(task.custom_fields.find((c) => c.slug === "title")!.value));
  expect(titles.length).toBeGreaterThan(150);

  await open(page, `/project/${project}/taskboard?view=planning`);
  const backlog = page.locator("[data-testid=board-lane][data-backlog=true]");
  await expect(backlog).toHaveAttribute("data-count", String(titles.length));
  const rendered = await backlog.getByTestId("board-task").count();
  expect(rendered).toBeGreaterThan(10);
  expect(rendered).toBeLessThan(titles.length);
  expect((await titlesIn(backlog)).slice(0, 5)).toEqual(titles.slice(0, 5));

  // Scrolling to the end of the lane brings its last task; back at the top, the first ones again.
  await backlog.getByTestId("new-task-title").scrollIntoViewIfNeeded();
  await expect(backlog.locator(`[data-title="${titles.at(-1)}"]`)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(backlog.locator(`[data-title="${titles[0]}"]`)).toBeVisible();

  const moveSaved = () => page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith("/issue"));
  const [first, second, third] = titles as [string, string, string];
  // Keyboard: the first task one place down.
  let saved = moveSaved();
  await carryByKeyboard(page, backlog.locator(`[data-title="${first}"]`).getByTestId("task-drag"), ["ArrowDown"], "Backlog, place 2.");
  expect((await saved).status()).toBe(200);
  await expect.poll(async () => (await titlesIn(backlog)).slice(0, 3)).toEqual([second, first, third]);
  // Mouse: the third task dropped onto the top row.
  saved = moveSaved();
  await drag(page, backlog.locator(`[data-title="${third}"]`).getByTestId("task-drag"), backlog.locator(`[data-title="${second}"]`), -2);
  expect((await saved).status()).toBe(200);
  await expect.poll(async () => (await titlesIn(backlog)).slice(0, 3)).toEqual([third, second, first]);

  await page.reload();
  await hydrated(page);
  expect((await titlesIn(backlog)).slice(0, 4)).toEqual([third, second, first, titles[3]]);
  expect(errors).toEqual([]);
  await context.close();
});

test("a long lane more than a screen below the window renders only its nearest row until it is scrolled to", async ({ browser }) => {
  // 1,000 tasks: a backlog of 400, then four sprints of 150 (each a windowed lane).
  const { context, page, errors, project } = await seededBoard(browser, 1000, "Far", 252);

  await open(page, `/project/${project}/taskboard?view=planning`);
  const sprints = page.locator("[data-testid=board-lane]:not([data-backlog=true])").filter({ has: page.getByTestId("lane-drag") });
  await expect(sprints).toHaveCount(4);
  // Far below the backlog's 400 rows: each shows its first row alone, not the overscan's seven.
  for (let i = 0; i < 4; i++) {
    const lane = sprints.nth(i);
    expect(Number(await lane.getAttribute("data-count"))).toBeGreaterThan(100);
    await expect(lane.getByTestId("board-task")).toHaveCount(1);
  }
  // Scrolled to, a lane renders the rows near the window as any long lane does.
  const last = sprints.nth(3);
  await last.getByTestId("lane-title").scrollIntoViewIfNeeded();
  await expect.poll(() => last.getByTestId("board-task").count()).toBeGreaterThan(10);
  await expect(last.getByTestId("board-task").first()).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
