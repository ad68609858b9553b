/** The product tour of the start page: shown once to a new user, replayed from the help menu. */
import { expect, hydrated, open, person, signInWithApi, t, test } from "./fixtures";

test("shows a new user the tour once, step by step on real elements, not again on another device, and replays it from the help menu", async ({ browser, request }) => {
  const { page, context, errors, email, password } = await person(browser, "Tour Taker");
  await open(page, "/project");
  const tour = page.getByTestId("tour");
  const dialog = page.getByRole("dialog", { name: await t(request, "en", "tour:steps.newProject.title") });
  await expect(dialog).toBeVisible();
  await expect(tour).toHaveAttribute("data-step", "newProject");
  // A new user has no rooms yet: that step is left out, four remain.
  await expect(page.getByTestId("tour-progress")).toHaveText("Step 1 of 4");
  // Each step's popover sits next to the element it names.
  for (const [step, target] of [["newProject", "new-project"], ["notifications", "notifications"], ["help", "help"], ["preferences", "preferences"]] as const) {
    await expect(tour).toHaveAttribute("data-step", step);
    const box = (await page.locator(`[data-tour="${target}"]`).boundingBox())!;
    const pop = (await tour.boundingBox())!;
    expect(Math.abs(pop.y - (box.y + box.height)) < 40 || Math.abs(pop.y + pop.height - box.y) < 40).toBe(true);
    if (step === "help") await page.screenshot({ path: test.info().outputPath("tour-step.png") });
    const next = tour.getByRole("button", { name: step === "preferences" ? "Done" : "Next" });
    await next.click();
  }
  await expect(tour).toHaveCount(0);

  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("new-project")).toBeVisible();
  await expect(tour).toHaveCount(0);

  // Another device (a browser with empty storage) of the same account: the account remembers.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await signInWithApi(phonePage, email, password);
  await open(phonePage, "/project");
  await expect(phonePage.getByTestId("new-project")).toBeVisible();
  // The tour would open on the task after hydration: let that task and a frame pass first.
  await phonePage.evaluate(() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => done(null)), 0)));
  await expect(phonePage.getByTestId("tour")).toHaveCount(0);
  await phone.close();

  // The kit's menu: the first item takes the focus, arrows move and wrap, Escape closes it and
  // gives the focus back to its button.
  await page.getByTestId("help-menu").click();
  const take = page.getByTestId("take-tour");
  await expect(page.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(take).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(take).toHaveCount(0);
  await expect(page.getByTestId("help-menu")).toBeFocused();
  await page.getByTestId("help-menu").click();
  await take.click();
  await expect(tour).toHaveAttribute("data-step", "newProject");
  await expect(tour).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(tour).toHaveCount(0);

  // On a phone, language and theme sit in the header's closed menu: the tour keeps that step and
  // points at the menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("help-menu").click();
  await page.getByTestId("take-tour").click();
  await expect(page.getByTestId("tour-progress")).toHaveText("Step 1 of 4");
  for (let i = 0; i < 3; i++) await tour.getByRole("button", { name: "Next" }).click();
  await expect(tour).toHaveAttribute("data-step", "preferences");
  const menu = (await page.getByTestId("header-menu").boundingBox())!;
  const pop = (await tour.boundingBox())!;
  expect(Math.abs(pop.y - (menu.y + menu.height)) < 40).toBe(true);
  await tour.getByRole("button", { name: "Done" }).click();
  await expect(tour).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
