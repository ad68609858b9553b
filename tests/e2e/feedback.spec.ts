import { expect, test } from "@playwright/test";
import { open, t } from "./fixtures";

test("a visitor sends feedback from the main page and it reaches the team's mailbox", async ({ page, request }) => {
  await open(page, "/?lng=en");
  await page.getByTestId("feedback-open").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("feedback-send").click();
  await expect(dialog.locator(".field-error").first()).toBeVisible();
  const marker = `Board drag feels great ${Date.now()}`;
  await dialog.locator('input[name="name_sender"]').fill("Fran Feedback");
  await dialog.locator('input[name="email"]').fill("fran@example.com");
  await dialog.locator('textarea[name="text"]').fill(marker);
  await dialog.getByTestId("feedback-send").click();
  await expect(dialog.getByRole("status")).toHaveText(await t(request, "en", "common:feedback.sent"));
  const mails = (await (await request.get("/api/dev/mails?to=team@planning.local")).json()) as { text: string }[];
  expect(mails.some((m) => m.text.includes(marker) && m.text.includes("Page: /"))).toBe(true);
  // The kit's dialog: Escape closes it and gives the focus back to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("feedback-open")).toBeFocused();
});
