/**
 * The workflow settings: a project admin creates a workflow for Status, forbids one move, and
 * the saved workflow — as the API serves it — lacks exactly that move; then renames and
 * deletes it. (Tasks do not exist yet, so the refusal itself is proven by the service tests.)
 */
import type { Locator, Page } from "@playwright/test";
import { createProjectFromList, expect, hydrated, open, person, t, test, SCREENS } from "./fixtures";


/** A message with its `{{placeholders}}` filled in, as i18next would. */
async function message(page: Page, key: string, values: Record<string, string>) {
  const text = await t(page.request, "en", key);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

/** The status options as a new English project names them. */
async function statusOptions(page: Page) {
  const name = (key: string) => t(page.request, "en", `projects:fields.options.status.${key}`);
  return { todo: await name("todo"), inProgress: await name("in_progress"), review: await name("review"), done: await name("done") };
}

type Move = { from: string; to: string };
const moveKeys = (moves: Move[]) => moves.map((m) => `${m.from}>${m.to}`).sort();
/** Every tickable move of the matrix with its state, read from the checkboxes. */
const matrixMoves = (moves: Locator) =>
  moves.evaluateAll((els) =>
    (els as HTMLInputElement[]).filter((el) => !el.disabled).map((el) => ({ from: el.dataset.from!, to: el.dataset.to!, checked: el.checked })),
  );

async function createStatusWorkflow(page: Page, projectPath: string, title: string) {
  await open(page, `${projectPath}/settings/workflow`);
  const form = page.getByTestId("new-workflow-form");
  await form.getByTestId("new-workflow-title").fill(title);
  await form.getByTestId("new-workflow-field").selectOption({ label: await t(page.request, "en", "projects:fields.system.status") });
  await form.getByTestId("new-workflow-submit").click();
  await expect(page).toHaveURL(new RegExp(`${projectPath}/settings/workflow/[0-9a-f-]{36}$`));
  await expect(page.getByTestId("workflow-title")).toHaveText(title);
}

test("an admin forbids moving a task from To do straight to Done, then renames and deletes the workflow", async ({ browser }) => {
  // A long journey with several reloads.
  test.slow();
  const { context, page, errors } = await person(browser, "Wanda Workflow");
  const projectPath = await createProjectFromList(page, "Workflow");
  const projectGuid = projectPath.split("/")[2];
  const status = await statusOptions(page);

  // Settings (the project's tab first) → Workflow: none yet.
  await page.getByRole("link", { name: await t(page.request, "en", "projects:nav.settings"), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${projectPath}/settings/project$`));
  await page.getByRole("link", { name: await t(page.request, "en", "projects:settings.tabs.workflow"), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${projectPath}/settings/workflow$`));
  await expect(page.getByTestId("workflows-empty")).toBeVisible();

  // A workflow for Status starts with every move allowed; staying put needs no tick.
  await createStatusWorkflow(page, projectPath, "Task flow");
  const workflowGuid = new URL(page.url()).pathname.split("/").pop()!;
  const matrix = page.getByTestId("transition-matrix");
  await expect(matrix.getByTestId("matrix-from")).toHaveText([status.todo, status.inProgress, status.review, status.done]);
  await expect(matrix.getByTestId("matrix-to")).toHaveText([status.todo, status.inProgress, status.review, status.done]);
  const moves = matrix.getByTestId("transition");
  await expect(moves).toHaveCount(16);
  await expect(matrix.locator("[data-testid=transition]:disabled")).toHaveCount(4);
  await expect(matrix.locator("[data-testid=transition]:disabled:checked")).toHaveCount(4);
  expect((await matrixMoves(moves)).every((m) => m.checked)).toBe(true);
  await expect(page.getByTestId("workflow-save")).toBeDisabled();

  // "Allow none" and "Allow all" tick everything off and on again; back where it started, nothing is unsaved.
  await page.getByTestId("allow-none").click();
  expect((await matrixMoves(moves)).some((m) => m.checked)).toBe(false);
  await expect(page.getByTestId("workflow-unsaved")).toBeVisible();
  await page.getByTestId("allow-all").click();
  expect((await matrixMoves(moves)).every((m) => m.checked)).toBe(true);
  await expect(page.getByTestId("workflow-unsaved")).toHaveCount(0);

  // Untick To do → Done and save.
  const todoToDone = page.getByRole("checkbox", { name: await message(page, "projects:workflow.move", { from: status.todo, to: status.done }), exact: true });
  await todoToDone.uncheck();
  await expect(page.getByTestId("workflow-unsaved")).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith(`/workflow/${workflowGuid}`) && r.request().method() === "PUT");
  await page.getByTestId("workflow-save").click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId("workflow-moves-alert")).toHaveText(await t(page.request, "en", "projects:workflow.saved"));
  await expect(page.getByTestId("workflow-unsaved")).toHaveCount(0);

  // After a reload it is still unticked, and every other move still ticked.
  await page.reload();
  await hydrated(page);
  await expect(todoToDone).not.toBeChecked();
  const afterReload = await matrixMoves(moves);
  const forbidden = afterReload.filter((m) => !m.checked);
  expect(forbidden).toHaveLength(1);
  expect(await todoToDone.getAttribute("data-from")).toBe(forbidden[0]!.from);
  expect(await todoToDone.getAttribute("data-to")).toBe(forbidden[0]!.to);

  // The API serves the workflow without that move and with all the others.
  const res = await page.request.get(`/api/v1/project/${projectGuid}/workflow/${workflowGuid}`);
  expect(res.status()).toBe(200);
  const served = (await res.json()) as { title: string; transitions: Move[] };
  expect(served.transitions).not.toContainEqual({ from: forbidden[0]!.from, to: forbidden[0]!.to });
  expect(moveKeys(served.transitions)).toEqual(moveKeys(afterReload.filter((m) => m.checked)));
  expect(served.transitions).toHaveLength(11);

  // Rename.
  await page.getByTestId("workflow-name").fill("Release flow");
  await page.getByTestId("workflow-rename-save").click();
  await expect(page.getByTestId("workflow-title")).toHaveText("Release flow");

  // The list shows it under its new name with 11 of 12 moves, and Status is no longer offered.
  await page.getByTestId("workflow-back").click();
  const row = page.getByTestId("workflow-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("workflow-row-title")).toHaveText("Release flow");
  await expect(row).toContainText(await message(page, "projects:workflow.moves", { count: "11", total: "12" }));
  const statusChoice = page.getByTestId("new-workflow-field").locator("option", { hasText: await t(page.request, "en", "projects:fields.system.status") });
  await expect(statusChoice).toBeDisabled();

  // Delete: it asks first, then the list is empty and the API no longer has it.
  await row.getByRole("link").click();
  await expect(page.getByTestId("workflow-title")).toHaveText("Release flow");
  await page.getByTestId("workflow-delete").click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(page).toHaveURL(new RegExp(`${projectPath}/settings/workflow$`));
  await expect(page.getByTestId("workflows-empty")).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("workflows-empty")).toBeVisible();
  const gone = await page.request.get(`/api/v1/project/${projectGuid}/workflow/${workflowGuid}`);
  expect(gone.status()).toBe(404);

  expect(errors, "uncaught errors in the page").toEqual([]);
  await context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`pictures the workflow settings in the ${theme} theme`, SCREENS, async ({ browser }) => {
    test.slow();
    const { context, page } = await person(browser, "Pia Pictures");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    const projectPath = await createProjectFromList(page, "Workflow");
    const dir = `${test.info().project.outputDir}/screens`;

    await createStatusWorkflow(page, projectPath, "Task flow");
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    const status = await statusOptions(page);
    await page.getByRole("checkbox", { name: await message(page, "projects:workflow.move", { from: status.todo, to: status.done }), exact: true }).uncheck();
    await page.getByRole("checkbox", { name: await message(page, "projects:workflow.move", { from: status.done, to: status.todo }), exact: true }).uncheck();
    // The pointer off the matrix, so no cell shows its hover colour.
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${dir}/workflow-details-${theme}.png`, fullPage: true, animations: "disabled" });

    await page.getByTestId("workflow-save").click();
    await expect(page.getByTestId("workflow-unsaved")).toHaveCount(0);
    await page.getByTestId("workflow-back").click();
    await expect(page.getByTestId("workflow-row")).toHaveCount(1);
    await page.getByTestId("new-workflow-title").fill("Bugs");
    await page.screenshot({ path: `${dir}/workflow-${theme}.png`, fullPage: true, animations: "disabled" });

    // A wider matrix: a select field with six options, some with long names.
    const projectGuid = projectPath.split("/")[2];
    const headers = { Origin: new URL(test.info().project.use.baseURL!).origin };
    const stages = ["Idea", "Waiting for customer feedback", "Planned", "Building", "Shipped to production", "Dropped"];
    const palette = ["#64748b", "#f59e0b", "#0ea5e9", "#8b5cf6", "#10b981", "#ef4444"];
    const field = await page.request.post(`/api/v1/project/${projectGuid}/fields`, {
      data: { title: "Stage", type_fields: "select", settings: { values_set: stages.map((value, i) => ({ value, color: palette[i] })) } },
      headers,
    });
    expect(field.status(), await field.text()).toBe(201);
    await page.reload();
    await hydrated(page);
    await page.getByTestId("new-workflow-title").fill("Stage flow");
    await page.getByTestId("new-workflow-field").selectOption({ label: "Stage" });
    await page.getByTestId("new-workflow-submit").click();
    await expect(page.getByTestId("transition-matrix").getByTestId("transition")).toHaveCount(36);
    await page.getByRole("checkbox", { name: await message(page, "projects:workflow.move", { from: "Idea", to: "Shipped to production" }), exact: true }).uncheck();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${dir}/workflow-details-wide-${theme}.png`, fullPage: true, animations: "disabled" });
    await context.close();
  });
}
