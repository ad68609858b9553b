/** The user's own settings: profile and password. Each test works on an account of its own. */
import { expect, newSignedInUser, open, signInWithForm, t, test } from "./fixtures";

test("renames the user in the profile settings and shows the new name in the header", async ({ page, request }) => {
  await newSignedInUser(page, "Nora Name");
  await open(page, "/settings/profile");
  await expect(page.getByTestId("user-menu")).toContainText("Nora Name");

  const name = page.locator('input[name="name"]');
  await expect(name).toHaveValue("Nora Name");
  await name.fill("Nora Renamed");
  await page.getByRole("button", { name: await t(request, "en", "settings:save"), exact: true }).click();
  await expect(page.getByText(await t(request, "en", "settings:saved"))).toBeVisible();
  await expect(page.getByTestId("user-menu")).toContainText("Nora Renamed");

  await page.reload();
  await expect(page.getByTestId("user-menu")).toContainText("Nora Renamed");
});

test("changes the password, after which only the new one signs in", async ({ page, request }) => {
  const user = await newSignedInUser(page, "Paul Password");
  const newPassword = "second-password-2";
  await open(page, "/settings/password");
  await page.locator('input[name="oldpass"]').fill(user.password);
  await page.locator('input[name="newpass"]').fill(newPassword);
  await page.locator('input[name="repeatnewpass"]').fill(newPassword);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText(await t(request, "en", "settings:password.changed"))).toBeVisible();

  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/^[^?#]+:\/\/[^/]+\/$/);

  await signInWithForm(page, user.email, user.password);
  await expect(page.getByRole("alert")).toHaveText(await t(request, "en", "errors:credentials_invalid"));

  await page.locator('input[name="password"]').fill(newPassword);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/project$/);
});
