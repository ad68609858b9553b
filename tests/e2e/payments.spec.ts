/** Plans and payments through the sandbox provider: buying lifts a limit at once, declining changes nothing; a donation. */
import { spawnSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, hydrated, open, person, test, E2E_STATE } from "./fixtures";

const origin = () => new URL(test.info().project.use.baseURL!).origin;

const createProject = (page: Page, name: string) => page.request.post("/api/v1/project", { data: { name }, headers: { Origin: origin() } });

test("buys a plan through the sandbox: the result page, the badge of another tab, and a lifted project limit; declining changes nothing", async ({ browser, request }) => {
  test.setTimeout(60_000);
  const { page, context, errors } = await person(browser, "Plan Buyer");
  // Free allows ten projects; the eleventh is refused with a pointer to the plans.
  const owned = ((await (await page.request.get("/api/v1/project")).json()) as unknown[]).length;
  for (let i = owned; i < 10; i++) expect((await createProject(page, `Project ${i}`)).status()).toBe(201);
  const refused = await createProject(page, "One too many");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe("plan_limit_projects");
  expect(refused.headers().link).toBe(`</price>; rel="payment"`);

  const other = await context.newPage();
  await open(other, "/project");
  await expect(other.getByTestId("licence-badge")).toHaveAttribute("data-licence", "free");

  await open(page, "/price");
  await expect(page.getByTestId("plan-free")).toHaveAttribute("aria-current", "true");
  await page.getByTestId("period-year").click();
  await expect(page.getByTestId("plan-team").getByTestId("plan-price")).toContainText("80");
  await page.getByTestId("period-month").click();
  await page.screenshot({ path: test.info().outputPath("price.png"), fullPage: true });
  await page.getByTestId("buy-team").click();
  await expect(page.getByTestId("sandbox-checkout")).toBeVisible();
  await hydrated(page);
  await page.screenshot({ path: test.info().outputPath("sandbox-checkout.png") });
  await page.getByTestId("sandbox-pay").click();
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-status", "paid");
  await page.screenshot({ path: test.info().outputPath("payment-paid.png") });
  // The other tab hears `update_license_user` over the user hub: no reload.
  await expect(other.getByTestId("licence-badge")).toHaveAttribute("data-licence", "team");
  expect((await createProject(page, "Now allowed")).status()).toBe(201);

  // Declining a Business checkout leaves the Team licence as it was.
  await open(page, "/price");
  await expect(page.getByTestId("plan-team")).toHaveAttribute("aria-current", "true");
  await page.getByTestId("buy-business").click();
  await expect(page.getByTestId("sandbox-checkout")).toBeVisible();
  await hydrated(page);
  await page.getByTestId("sandbox-decline").click();
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-status", "declined");
  await expect(page.getByTestId("licence-badge")).toHaveAttribute("data-licence", "team");

  await open(page, "/settings/billing");
  await expect(page.getByTestId("receipts").locator("tbody tr")).toHaveCount(2);
  await expect(page.getByTestId("autopay")).toBeVisible();
  await expect(page.getByTestId("billing-licence")).toContainText("Team");
  // The licence history: one Team period, paid through checkout, current.
  const period = page.getByTestId("licence-history").locator("tbody tr");
  await expect(period).toHaveCount(1);
  await expect(period).toHaveAttribute("data-state", "active");
  await expect(period).toContainText("Team");
  await expect(period).toHaveAttribute("data-paid-by", "checkout");
  await page.screenshot({ path: test.info().outputPath("receipts.png"), fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

test("completes a donation of a freely chosen amount, which a site administrator then finds in the donations list, and one to a project through its public page", async ({ browser }) => {
  test.setTimeout(60_000);
  const { page, context, errors, email } = await person(browser, "Generous Donor");
  await open(page, "/donate");
  await page.getByTestId("donate-amount").fill("0.5");
  await page.getByTestId("donate-submit").click();
  await expect(page.getByRole("alert")).toBeVisible();
  await page.getByTestId("donate-amount").fill("7.50");
  await page.screenshot({ path: test.info().outputPath("donate.png"), fullPage: true });
  await page.getByTestId("donate-submit").click();
  await expect(page.getByTestId("sandbox-checkout")).toContainText("7.50");
  await hydrated(page);
  await page.getByTestId("sandbox-pay").click();
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-status", "paid");
  await page.screenshot({ path: test.info().outputPath("donation-thanks.png") });
  // The donations list is for site administrators (the operator's command grants it).
  await open(page, "/admin/donations");
  await expect(page.getByTestId("donations-forbidden")).toBeVisible();
  const granted = spawnSync("node", ["scripts/admin.mjs", "grant", email, "--persist-to", E2E_STATE], { encoding: "utf8" });
  expect(granted.status, granted.stderr).toBe(0);
  await open(page, "/settings/billing");
  await page.getByTestId("donations-admin-link").click();
  const mine = page.getByTestId("donations").locator("tbody tr", { hasText: email });
  await expect(mine.first()).toContainText("7.50");
  await page.screenshot({ path: test.info().outputPath("donations-admin.png"), fullPage: true });

  // A donation to a project: its root opens the public page, a donation goes through it, and the
  // project's Donations tab lists it with its owner as the receiver.
  const project = (await (await createProject(page, "Donated Project")).json()) as { guid: string };
  await open(page, `/project/${project.guid}/settings/donations`);
  await hydrated(page);
  await page.getByTestId("project-donations-open").click();
  await expect(page.getByTestId("project-donations-open")).toBeChecked();
  await page.getByTestId("project-donations-link").click();
  await expect(page.getByTestId("donate-receiver")).toContainText("Donated Project");
  await expect(page.getByTestId("donate-receiver")).toContainText("Generous Donor");
  await hydrated(page);
  await page.getByTestId("donate-amount").fill("4.20");
  await page.getByTestId("donate-submit").click();
  await expect(page.getByTestId("sandbox-checkout")).toContainText("4.20");
  await hydrated(page);
  await page.getByTestId("sandbox-pay").click();
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-status", "paid");
  await open(page, `/project/${project.guid}/settings/donations`);
  await expect(page.getByTestId("project-donations-list").locator("tbody tr")).toContainText(["4.20"]);
  await expect(page.getByTestId("project-donations-received")).toContainText("4.20");
  await page.screenshot({ path: test.info().outputPath("project-donations.png"), fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});
