/**
 * Full-page pictures of the main pages in both themes, for a person to look at: they land in
 * test-results/screens/ and are not compared against anything.
 */
import type { Page } from "@playwright/test";
import { DEMO, expect, open, quickStart, signInWithApi, test, uniqueEmail, SCREENS } from "./fixtures";

const THEMES = ["light", "dark"] as const;

async function shoot(page: Page, path: string, name: string, theme: (typeof THEMES)[number]) {
  await open(page, path);
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  await page.screenshot({
    path: `${test.info().project.outputDir}/screens/${name}-${theme}.png`,
    fullPage: true,
    animations: "disabled",
  });
}

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
}

for (const theme of THEMES) {
  test(`pictures the guest pages in the ${theme} theme`, SCREENS, async ({ page }) => {
    await useTheme(page, theme);
    await shoot(page, "/", "landing", theme);
    await shoot(page, "/login", "login", theme);
    await shoot(page, "/respass", "respass", theme);
    await shoot(page, "/pass/00000000-0000-4000-8000-000000000000", "pass", theme);
    await quickStart(page.request, "Sam Screens", uniqueEmail("screens"));
    await shoot(page, "/dev/mail", "dev-mail", theme);
  });

  test(`pictures the signed-in pages in the ${theme} theme`, SCREENS, async ({ page }) => {
    await useTheme(page, theme);
    await signInWithApi(page, DEMO.email, DEMO.password);
    await shoot(page, "/project", "project", theme);
    await shoot(page, "/settings/profile", "settings-profile", theme);
  });
}

test("pictures the landing and sign-in pages in Russian", SCREENS, async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "i18next", value: "ru", url: baseURL! }]);
  await shoot(page, "/", "landing-ru", "light");
  await shoot(page, "/login", "login-ru", "light");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");

  // The form's error state, with an address that has no account (the demo's attempts are counted).
  await page.locator('input[name="email"]').fill("nobody@example.com");
  await page.locator('input[name="password"]').fill("wrong");
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole("alert")).toBeVisible();
  await page.screenshot({ path: `${test.info().project.outputDir}/screens/login-error-ru-light.png`, fullPage: true, animations: "disabled" });
});
