/** Settings → Views: what a planning-board line shows is chosen, ordered and made editable there. */
import { createProjectFromList, expect, origin, hydrated, open, person, test } from "./fixtures";

test("a root changes the planning-board line; the board shows the new fields in the new order", async ({ browser }) => {
  test.slow();
  const { context, page, errors } = await person(browser, "Vic Viewer", { viewport: { width: 1280, height: 1000 } });
  const projectPath = await createProjectFromList(page, "Mapping");
  const projectGuid = projectPath.split("/")[2]!;
  const created = await page.request.post(`/api/v1/project/${projectGuid}/issue`, {
    data: { custom_fields: [{ slug: "title", value: "Dated task" }, { slug: "end_date", value: "2026-12-24" }, { slug: "estimate", value: 5 }] },
    headers: origin(),
  });
  expect(created.status()).toBe(201);

  await open(page, `${projectPath}/settings/views`);
  const line = page.getByTestId("mapping-planning_board_line");
  const entries = line.getByTestId("mapping-entry");
  await expect(entries).toHaveCount(4);
  // Remove "Participants", add "End date", and move "Estimate" to the top.
  await entries.filter({ hasText: "Participants" }).getByTestId("mapping-remove").click();
  await expect(entries).toHaveCount(3);
  await line.getByTestId("mapping-add").selectOption({ label: "End date" });
  await expect(entries).toHaveCount(4);
  await entries.filter({ hasText: "Estimate" }).getByTestId("mapping-up").click();
  await entries.filter({ hasText: "Estimate" }).getByTestId("mapping-up").click();
  await expect(entries.first()).toContainText("Estimate");
  // The server kept it: once every change is answered, a reload shows the same list.
  await expect(page.getByTestId("mapping-state")).toHaveAttribute("data-saving", "false");
  await page.reload();
  await hydrated(page);
  await expect(entries).toHaveText([/Estimate/, /Issue type/, /Status/, /End date/]);

  await open(page, `${projectPath}/taskboard?view=planning`);
  const row = page.locator('[data-testid=board-task][data-title="Dated task"]');
  await expect(row).toContainText("24.12.26");
  await expect(row.getByTestId("line-estimate")).toHaveText("5");
  await expect(row.locator("[title='Participants']")).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
