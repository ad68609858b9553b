/**
 * The project's field settings: a project admin creates a select field with coloured options,
 * orders, hides and deletes it, edits a field's details, and cannot delete a system field.
 */
import type { Locator, Page } from "@playwright/test";
import { createProjectFromList, expect, hydrated, open, person, t, test, SCREENS } from "./fixtures";


/** Tall enough for the whole field list, so a drag never needs to scroll. */
const TALL = { viewport: { width: 1280, height: 1800 } };

const rowsOf = (page: Page, list: "fields-shown" | "fields-hidden") => page.getByTestId(list).getByTestId("field-row");
/** The row of the field with this exact title (a `has` locator is relative to the row, so it starts at the page). */
function rowTitled(scope: Page | Locator, title: string) {
  const page = "page" in scope ? scope.page() : scope;
  return scope.getByTestId("field-row").filter({ has: page.getByTestId("field-title").getByText(title, { exact: true }) });
}
const guids = (rows: Locator) => rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-guid")));

/** Drags a row by its handle onto another row, moving the pointer in steps as a person would. */
async function dragRow(page: Page, row: Locator, onto: Locator) {
  const from = (await row.getByTestId("field-drag").boundingBox())!;
  const to = (await onto.boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(x, to.y + to.height / 2, { steps: 25 });
  await page.mouse.up();
}

/** Picks a palette colour in the colour picker with the given test id. */
async function pickColor(scope: Page | Locator, pickerTestId: string, hex: string) {
  await scope.getByTestId(pickerTestId).click();
  await scope.getByTestId("color-swatch").and(scope.locator(`[data-color="${hex}"]`)).click();
  await expect(scope.getByTestId(pickerTestId)).toHaveAttribute("data-color", hex);
}

async function createSelectField(page: Page, title: string, options: [string, string][]) {
  await page.getByTestId("new-field-open").click();
  const form = page.getByTestId("new-field-form");
  await form.getByTestId("new-field-title").fill(title);
  await form.getByTestId("new-field-type").selectOption("select");
  for (const [label, hex] of options) {
    await form.getByTestId("new-option-name").fill(label);
    await pickColor(form, "new-option-color", hex);
    await form.getByTestId("new-option-add").click();
  }
  await expect(form.getByTestId("new-option")).toHaveCount(options.length);
  await form.getByTestId("new-field-submit").click();
  await expect(form).toHaveCount(0);
}

const RED = "#ef4444";
const GREEN = "#10b981";
const VIOLET = "#8b5cf6";

test("an admin creates, orders, hides and deletes a select field, and cannot delete a system field", async ({ browser, request }) => {
  // A long journey with several reloads, each re-rendering the whole list.
  test.slow();
  const { context, page, errors } = await person(browser, "Fiona Fields", TALL);
  const projectPath = await createProjectFromList(page, "Fields");

  // Settings → Fields.
  await open(page, `${projectPath}/settings`);
  await page.getByRole("link", { name: await t(request, "en", "projects:settings.tabs.fields"), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${projectPath}/settings/fields$`));
  await expect(rowsOf(page, "fields-shown").first()).toBeVisible();

  // A select field with two coloured options.
  const title = `Priority ${Date.now().toString(36)}`;
  await createSelectField(page, title, [
    ["High", RED],
    ["Low", GREEN],
  ]);
  const row = rowTitled(page.getByTestId("fields-shown"), title);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("field-type")).toHaveText(await t(request, "en", "projects:fields.types.select"));
  const chips = row.getByTestId("field-option-chip");
  await expect(chips).toHaveText(["High", "Low"]);
  await expect(chips.nth(0)).toHaveAttribute("data-color", RED);
  await expect(chips.nth(1)).toHaveAttribute("data-color", GREEN);
  await expect(chips.nth(0).locator("span").first()).toHaveCSS("background-color", "rgb(239, 68, 68)");
  const fieldGuid = (await row.getAttribute("data-guid"))!;

  // New fields come last; dragging it onto the first row puts it first, and that is saved.
  const shown = rowsOf(page, "fields-shown");
  await expect(shown.last()).toHaveAttribute("data-guid", fieldGuid);
  const before = await guids(shown);
  const saved = page.waitForResponse((r) => r.url().endsWith("/fields") && r.request().method() === "PATCH");
  await dragRow(page, row, shown.first());
  expect((await saved).status()).toBe(200);
  const expected = [fieldGuid, ...before.filter((g) => g !== fieldGuid)];
  await expect.poll(() => guids(shown)).toEqual(expected);
  await page.reload();
  await hydrated(page);
  await expect.poll(() => guids(shown)).toEqual(expected);

  // Hiding moves it to the hidden list, also after a reload.
  await row.getByTestId("field-toggle-hidden").click();
  const hiddenRow = rowTitled(page.getByTestId("fields-hidden"), title);
  await expect(hiddenRow).toBeVisible();
  await expect(rowTitled(page.getByTestId("fields-shown"), title)).toHaveCount(0);
  await page.reload();
  await hydrated(page);
  await expect(hiddenRow).toBeVisible();
  await expect(page.getByTestId("fields-hidden-count")).toHaveText("1");

  // Deleting asks first, in the app's own dialog and language (Escape keeps the field), then
  // the field is gone for good.
  await hiddenRow.getByTestId("field-delete").click();
  const question = page.getByTestId("confirm-dialog");
  await expect(question.getByRole("heading")).toHaveText((await t(page.request, "en", "projects:fieldSettings.confirmDelete")).replace("{{name}}", title));
  await expect(question.getByRole("button", { name: await t(page.request, "en", "common:confirm.cancel") })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect(rowTitled(page, title)).toHaveCount(1);
  await hiddenRow.getByTestId("field-delete").click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(rowTitled(page, title)).toHaveCount(0);
  await page.reload();
  await hydrated(page);
  await expect(rowsOf(page, "fields-shown").first()).toBeVisible();
  await expect(rowTitled(page, title)).toHaveCount(0);

  // A system field has no working delete: the button is disabled and explains why on hover…
  const status = rowTitled(page, await t(request, "en", "projects:fields.system.status"));
  await expect(status).toHaveAttribute("data-system", "true");
  await expect(status.getByTestId("field-system-badge")).toBeVisible();
  await expect(status.getByTestId("field-delete")).toBeDisabled();
  await status.getByTestId("field-delete-locked").hover();
  await expect(page.getByRole("tooltip")).toHaveText(await t(request, "en", "projects:fieldSettings.systemNoDelete"));

  // …and the API refuses it.
  const statusGuid = await status.getAttribute("data-guid");
  const projectGuid = projectPath.split("/")[2];
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await page.request.delete(`/api/v1/project/${projectGuid}/fields/${statusGuid}`, { headers: { Origin: origin } });
  expect(res.status()).toBe(403);
  expect((await res.json()).code).toBe("system_field");
  await page.reload();
  await hydrated(page);
  await expect(status).toBeVisible();

  expect(errors, "uncaught errors in the page").toEqual([]);
  await context.close();
});

test("an admin edits a field's details: name, where it appears, and its options", async ({ browser, request }) => {
  // A long journey with several reloads, each re-rendering the whole list.
  test.slow();
  const { context, page, errors } = await person(browser, "Dora Details", TALL);
  const projectPath = await createProjectFromList(page, "Fields");
  await open(page, `${projectPath}/settings/fields`);
  const title = `Size ${Date.now().toString(36)}`;
  await createSelectField(page, title, [
    ["Small", GREEN],
    ["Large", RED],
  ]);

  await rowTitled(page, title).getByTestId("field-open").click();
  const details = page.getByTestId("field-details");
  await expect(details.getByTestId("field-details-title")).toHaveText(title);
  await hydrated(page);

  // Rename.
  const renamed = `${title} renamed`;
  await details.getByTestId("field-name").fill(renamed);
  await details.getByTestId("field-name-save").click();
  await expect(details.getByTestId("field-details-title")).toHaveText(renamed);

  // Where it appears, and an individual value.
  const rooms = details.locator('[data-testid=field-entity][data-entity="room"]');
  await expect(details.locator('[data-testid=field-entity][data-entity="issue"]')).toBeChecked();
  await expect(rooms).not.toBeChecked();
  await rooms.check();
  await details.getByTestId("field-individual").check();

  // Options: rename, recolour, add, reorder, delete.
  const options = details.getByTestId("field-option");
  const names = () => options.getByTestId("option-name").evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
  await expect.poll(names).toEqual(["Small", "Large"]);
  await options.nth(0).getByTestId("option-name").fill("Tiny");
  await options.nth(0).getByTestId("option-name").press("Enter");
  await pickColor(options.nth(1), "option-color", VIOLET);
  await details.getByTestId("option-add-name").fill("Medium");
  await pickColor(details, "option-add-color", RED);
  await details.getByTestId("option-add").click();
  await expect.poll(names).toEqual(["Tiny", "Large", "Medium"]);
  const optionSaved = page.waitForResponse((r) => /\/select\/[^/]+$/.test(r.url()) && r.request().method() === "PUT");
  const handle = (await options.nth(2).getByTestId("option-drag").boundingBox())!;
  const target = (await options.nth(1).boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 - 10, { steps: 4 });
  await page.mouse.move(handle.x + handle.width / 2, target.y + target.height / 2, { steps: 20 });
  await page.mouse.up();
  expect((await optionSaved).status()).toBe(200);
  await expect.poll(names).toEqual(["Tiny", "Medium", "Large"]);
  await options.nth(0).getByTestId("option-delete").click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect.poll(names).toEqual(["Medium", "Large"]);

  // Everything is saved.
  await page.reload();
  await hydrated(page);
  await expect(details.getByTestId("field-details-title")).toHaveText(renamed);
  await expect(rooms).toBeChecked();
  await expect(details.getByTestId("field-individual")).toBeChecked();
  await expect.poll(names).toEqual(["Medium", "Large"]);
  expect(await options.evaluateAll((els) => els.map((el) => el.getAttribute("data-color")))).toEqual([RED, VIOLET]);

  // A system field's details: the name is fixed and there is no delete.
  await page.getByTestId("field-back").click();
  await rowTitled(page, await t(request, "en", "projects:fields.system.status")).getByTestId("field-open").click();
  await expect(details.getByTestId("field-name")).toBeDisabled();
  await expect(details.getByTestId("field-name-save")).toHaveCount(0);
  await expect(details.getByTestId("field-details-delete")).toHaveCount(0);

  expect(errors, "uncaught errors in the page").toEqual([]);
  await context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`pictures the field settings in the ${theme} theme`, SCREENS, async ({ browser }) => {
    test.slow();
    const { context, page } = await person(browser, "Pia Pictures", TALL);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    const projectPath = await createProjectFromList(page, "Fields");
    await open(page, `${projectPath}/settings/fields`);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await page.getByTestId("new-field-open").click();
    const form = page.getByTestId("new-field-form");
    await form.getByTestId("new-field-title").fill("Priority");
    await form.getByTestId("new-field-type").selectOption("select");
    for (const [label, hex] of [
      ["High", RED],
      ["Medium", "#f59e0b"],
    ]) {
      await form.getByTestId("new-option-name").fill(label!);
      await pickColor(form, "new-option-color", hex!);
      await form.getByTestId("new-option-add").click();
    }
    await form.getByTestId("new-option-name").fill("Low");
    await form.getByTestId("new-option-color").click();
    const dir = `${test.info().project.outputDir}/screens`;
    await page.screenshot({ path: `${dir}/fields-new-${theme}.png`, animations: "disabled" });
    await form.getByTestId("color-swatch").and(form.locator(`[data-color="${GREEN}"]`)).click();
    // The option still being typed is added with the form.
    await form.getByTestId("new-field-submit").click();
    await expect(rowTitled(page, "Priority").getByTestId("field-option-chip")).toHaveText(["High", "Medium", "Low"]);
    await rowTitled(page, await t(page.request, "en", "projects:fields.system.tags")).getByTestId("field-toggle-hidden").click();
    await expect(page.getByTestId("fields-hidden-count")).toHaveText("1");
    await page.reload();
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await page.screenshot({ path: `${dir}/fields-${theme}.png`, fullPage: true, animations: "disabled" });
    await rowTitled(page, await t(page.request, "en", "projects:fields.system.status")).getByTestId("field-delete-locked").hover();
    await expect(page.getByRole("tooltip")).toBeVisible();
    await page.screenshot({ path: `${dir}/fields-tooltip-${theme}.png`, animations: "disabled" });

    await rowTitled(page, "Priority").getByTestId("field-open").click();
    await expect(page.getByTestId("field-details")).toBeVisible();
    await page.getByTestId("field-option").nth(0).getByTestId("option-color").click();
    await expect(page.getByTestId("color-palette")).toBeVisible();
    // A scrolled page pictures its sticky header in the middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/field-details-${theme}.png`, fullPage: true, animations: "disabled" });

    await page.getByTestId("field-back").click();
    await rowTitled(page, await t(page.request, "en", "projects:fields.system.status")).getByTestId("field-open").click();
    await expect(page.getByTestId("field-details")).toBeVisible();
    await page.screenshot({ path: `${dir}/field-details-system-${theme}.png`, fullPage: true, animations: "disabled" });
    await context.close();
  });
}
