/** Signing in and out, and getting a new password through the mailed link. */
import { DEMO, PASSWORD_LINK, expect, hydrated, open, signInWithApi, signInWithForm, t, test, uniqueEmail } from "./fixtures";

test("signs in with the demo account, lands on the projects and stays signed in after a reload", async ({ page }) => {
  await signInWithForm(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/project$/);
  await expect(page.getByText(DEMO.project)).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/project$/);
  await expect(page.getByText(DEMO.project)).toBeVisible();
  await expect(page.getByTestId("sign-out")).toBeVisible();
});

test("refuses a wrong password with a message in the chosen language and stays on the sign-in page", async ({ page, request }) => {
  await signInWithForm(page, DEMO.email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText(await t(request, "en", "errors:credentials_invalid"));
  await expect(page).toHaveURL(/\/login$/);

  await page.getByTestId("language-select").selectOption("ru");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole("alert")).toHaveText(await t(request, "ru", "errors:credentials_invalid"));
  await expect(page).toHaveURL(/\/login$/);
});

test("signs out to the main page, after which the projects page asks to sign in", async ({ page, request }) => {
  await signInWithApi(page, DEMO.email, DEMO.password);
  await open(page, "/project");
  await page.getByTestId("sign-out").click();

  await expect(page).toHaveURL(/^[^?#]+:\/\/[^/]+\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: await t(request, "en", "common:nav.signIn") })).toBeVisible();
  await expect(page.getByTestId("sign-out")).toHaveCount(0);

  await page.goto("/project");
  await expect(page).toHaveURL(/\/login\?next=%2Fproject$/);
});

test("resets a forgotten password through the mailed link, which works only once", async ({ page, request }) => {
  const email = uniqueEmail("reset");
  const password = "chosen-password-1";

  // A new workspace from the landing page: the account exists but has no password yet.
  await open(page, "/");
  const quickStart = page.getByTestId("quick-start");
  await quickStart.locator('input[name="name"]').fill("Rita Reset");
  await quickStart.locator('input[name="email"]').fill(email);
  await quickStart.locator('button[type="submit"]').click();
  await expect(page.getByText(await t(request, "en", "auth:quickstart.sent"))).toBeVisible();

  await open(page, "/respass");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText(await t(request, "en", "auth:reset.sent"))).toBeVisible();

  await open(page, "/dev/mail");
  const mail = page
    .locator(`[data-testid="mail"][data-to="${email}"]`)
    .filter({ hasText: await t(request, "en", "auth:mail.reset.subject") });
  await expect(mail).toHaveCount(1);
  const link = mail.getByRole("link", { name: await t(request, "en", "auth:mail.reset.action") });
  const href = await link.getAttribute("href");
  expect(href).toMatch(PASSWORD_LINK);

  await link.click();
  await expect(page).toHaveURL(PASSWORD_LINK);
  await hydrated(page);
  await page.locator('input[name="newpass"]').fill(password);
  await page.locator('input[name="repeatnewpass"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/project$/);
  await expect(page.getByText(await t(request, "en", "auth:quickstart.firstProject"))).toBeVisible();

  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/^[^?#]+:\/\/[^/]+\/$/);
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/project$/);

  // The link is spent: using it again is refused and nobody is signed in by it.
  await open(page, href!);
  await page.locator('input[name="newpass"]').fill("another-password-2");
  await page.locator('input[name="repeatnewpass"]').fill("another-password-2");
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole("alert")).toHaveText(await t(request, "en", "errors:link_invalid"));
  await expect(page).toHaveURL(PASSWORD_LINK);
});
