import { expect, open, t, test } from "./fixtures";

/**
 * The public site without an account: the help centre (search, an article, a vote), the
 * contact form, a legal page in two languages and a round on the try-it table.
 */
test("a guest searches help, votes on an article, writes to the team, reads the terms in two languages and plays a round on /test", async ({ page, request, browser }) => {
  const shots = `${test.info().project.outputDir}/screens`;

  // Search works on the server: the answer to a plain GET already lists the article.
  const html = await (await request.get("/help?q=deck&lng=en")).text();
  expect(html).toContain('href="/help/estimation/planning-poker-room"');

  await open(page, "/help?lng=en");
  await expect(page).toHaveTitle(`${await t(request, "en", "site:help.title")} · Planning`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/help\?lng=en$/);
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(5);
  await page.screenshot({ path: `${shots}/help-en.png`, fullPage: true, animations: "disabled" });
  await page.getByRole("searchbox").fill("deck");
  await page.getByRole("search").getByRole("button").click();
  const results = page.getByTestId("help-results");
  await expect(results.getByRole("heading")).toHaveText("Results for “deck”");
  await results.getByRole("link", { name: "Run a planning poker session" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Run a planning poker session");
  await expect(page).toHaveURL(/\/help\/estimation\/planning-poker-room$/);
  await page.getByTestId("helpful-vote").getByRole("button", { name: await t(request, "en", "site:help.yes") }).click();
  await expect(page.getByTestId("helpful-vote").getByRole("status")).toHaveText(await t(request, "en", "site:help.thanks"));
  await page.screenshot({ path: `${shots}/help-article-en.png`, fullPage: true, animations: "disabled" });

  // A bad message gets field errors first, in the page's language; then a good one is mailed.
  await open(page, "/contacts?lng=en");
  await expect(page.getByTestId("operator-details")).toContainText("Planning Workspace Ltd");
  await page.screenshot({ path: `${shots}/contacts-en.png`, fullPage: true, animations: "disabled" });
  const form = page.getByTestId("contact-form");
  await form.locator('input[name="email"]').fill("not-an-address");
  await form.getByTestId("contact-send").click();
  await expect(form.locator(".field-error")).toHaveText([
    await t(request, "en", "errors:name_required"),
    await t(request, "en", "errors:email_invalid"),
    await t(request, "en", "errors:text_required"),
  ]);
  const marker = `The try-it table is fun ${Date.now()}`;
  await form.locator('input[name="name_sender"]').fill("Gwen Guest");
  await form.locator('input[name="email"]').fill("gwen@example.com");
  await form.locator('textarea[name="text"]').fill(marker);
  await form.getByTestId("contact-send").click();
  await expect(page.getByRole("status")).toHaveText(await t(request, "en", "common:feedback.sent"));
  const mails = (await (await request.get("/api/dev/mails?to=team@planning.local")).json()) as { text: string }[];
  expect(mails.some((m) => m.text.includes(marker) && m.text.includes("Page: /contacts"))).toBe(true);

  // Without JavaScript the same form posts to the page itself: the same checks, the same mail.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto("/contacts?lng=en");
  await bare.getByTestId("contact-send").click();
  await expect(bare.locator(".field-error").first()).toHaveText(await t(request, "en", "errors:name_required"));
  const plainMarker = `Sent without scripts ${Date.now()}`;
  await bare.locator('input[name="name_sender"]').fill("Nora Noscript");
  await bare.locator('input[name="email"]').fill("nora@example.com");
  await bare.locator('textarea[name="text"]').fill(plainMarker);
  await bare.getByTestId("contact-send").click();
  await expect(bare.getByRole("status")).toHaveText(await t(request, "en", "common:feedback.sent"));
  const plainMails = (await (await request.get("/api/dev/mails?to=team@planning.local")).json()) as { text: string }[];
  expect(plainMails.some((m) => m.text.includes(plainMarker))).toBe(true);
  await noScript.close();

  // The terms, then the same page in German from its language links.
  await open(page, "/terms?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Use");
  await expect(page.getByTestId("legal-page")).toContainText("Planning Workspace Ltd, 1 Example Street");
  await page.screenshot({ path: `${shots}/terms-en.png`, fullPage: true, animations: "disabled" });
  await page.getByRole("link", { name: "Deutsch" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nutzungsbedingungen");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/terms\?lng=de$/);

  // One round at the try-it table, ending with the invitation.
  await open(page, "/test?lng=en");
  const table = page.getByTestId("try-table");
  await expect(table.getByTestId("try-reveal")).toBeDisabled();
  await table.getByRole("button", { name: "Card 5", exact: true }).click();
  await table.getByTestId("try-reveal").click();
  await expect(table.getByTestId("try-average")).toHaveText(/^\d+(\.\d+)?$/);
  await expect(table.getByTestId("try-seat").first()).toContainText("5");
  await expect(page.getByTestId("try-invite").getByRole("link", { name: await t(request, "en", "site:test.createWorkspace") })).toHaveAttribute("href", "/#start");
  await page.screenshot({ path: `${shots}/test-en.png`, fullPage: true, animations: "disabled" });
});
