/** The user's own settings: profile and password. Each test works on an account of its own. */
import { expect, newSignedInUser, open, signInWithForm, t, test, uniqueEmail } from "./fixtures";

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

test("changes the e-mail only once the link mailed to the new address is confirmed", async ({ page, request }) => {
  const user = await newSignedInUser(page, "Erin Email");
  const newEmail = uniqueEmail("moved");
  await open(page, "/settings/profile");
  await page.locator('input[name="email"]').fill(newEmail);
  // Changing the address asks for the current password; without it nothing is sent.
  const save = page.getByRole("button", { name: await t(request, "en", "settings:save"), exact: true });
  await save.click();
  await expect(page.getByText(await t(request, "en", "errors:password_required"))).toBeVisible();
  await page.locator('input[name="password"]').fill(user.password);
  await save.click();
  const sent = (await t(request, "en", "settings:profile.emailSent")).replace("{{email}}", newEmail);
  await expect(page.getByText(sent)).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveValue(user.email);

  // The old address is told; the new one gets the link.
  const notice = await request.get(`/api/dev/mails?to=${encodeURIComponent(user.email)}`);
  expect(((await notice.json()) as { text: string }[])[0]?.text).toContain(newEmail);
  const mailed = await request.get(`/api/dev/mails?to=${encodeURIComponent(newEmail)}`);
  const path = ((await mailed.json()) as { text: string }[])[0]?.text.match(/\/email\/[0-9a-f-]{36}/)?.[0];
  expect(path).toBeTruthy();

  await open(page, path!);
  await expect(page.getByText((await t(request, "en", "auth:emailConfirm.question")).replace("{{email}}", newEmail))).toBeVisible();
  await page.getByRole("button", { name: await t(request, "en", "auth:emailConfirm.submit") }).click();
  await expect(page.getByText((await t(request, "en", "auth:emailConfirm.done")).replace("{{email}}", newEmail))).toBeVisible();

  await open(page, "/settings/profile");
  await expect(page.locator('input[name="email"]')).toHaveValue(newEmail);
  await open(page, path!);
  await expect(page.getByText(await t(request, "en", "errors:link_invalid"))).toBeVisible();
});
