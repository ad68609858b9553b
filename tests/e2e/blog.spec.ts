import { spawnSync } from "node:child_process";
import { expect, hydrated, open, person, t, test, E2E_STATE } from "./fixtures";

/** A 2×1 PNG (the cover's bytes are checked, so it must be a real image). */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mNk+M9Qz0AEYBxVSF8HAMwnBf+5SgE5AAAAAElFTkSuQmCC", "base64");
const shots = () => `${test.info().project.outputDir}/screens`;

test("a guest reads the blog in two languages, opens a post by its slug and follows the feed link", async ({ page, request }) => {
  await open(page, "/news/category?lng=en");
  await expect(page.getByTestId("category-title")).toHaveText("News");
  await expect(page).toHaveTitle(/News/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/news\/category\?lng=en$/);
  await expect(page.locator('link[hreflang="de"]')).toHaveAttribute("href", /\/news\/category\?lng=de$/);
  const card = page.getByTestId("post-card").filter({ hasText: "Plan a sprint in ten minutes" });
  await expect(card).toContainText(await t(request, "en", "blog:readingTime").then((s) => s.replace("{{count}}", "1")));
  await page.screenshot({ path: `${shots()}/blog-list-en.png`, fullPage: true, animations: "disabled" });

  // The feed link of the category: RSS with the English post.
  const feed = await page.getByTestId("rss-link").getAttribute("href");
  const rss = await request.get(feed!);
  expect(rss.headers()["content-type"]).toMatch(/application\/rss\+xml/);
  expect(await rss.text()).toContain("<title>Plan a sprint in ten minutes</title>");

  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/news\/category\/post\/plan-a-sprint-in-ten-minutes\?lng=en$/);
  await expect(page.getByTestId("post-title")).toHaveText("Plan a sprint in ten minutes");
  await expect(page.getByTestId("post-body").locator("h2").first()).toHaveText("1. Groom the backlog");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld).toMatchObject({ "@type": "BlogPosting", headline: "Plan a sprint in ten minutes", inLanguage: "en" });
  await page.screenshot({ path: `${shots()}/blog-post-en.png`, fullPage: true, animations: "disabled" });

  // The Russian translation, by its own slug, linked from the English post.
  await page.getByTestId("post-translations").getByRole("link").click();
  await hydrated(page);
  await expect(page).toHaveURL(/\/news\/category\/post\/splanirovat-sprint-za-desyat-minut\?lng=ru$/);
  await expect(page.getByTestId("post-title")).toHaveText("Спланировать спринт за десять минут");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await page.getByTestId("back-to-category").click();
  await expect(page.getByTestId("category-title")).toHaveText("Новости");

  // An unknown post is a 404 page of its own, not the main page.
  const missing = await page.goto("/news/category/post/no-such-post");
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId("blog-missing")).toBeVisible();
});

test("an administrator writes, previews and publishes a post with a cover, and a guest sees it; a non-administrator cannot", async ({ browser }) => {
  const writer = await person(browser, "Wren Writer");
  await open(writer.page, "/blog/write");
  await expect(writer.page.getByTestId("blog-editor-forbidden")).toBeVisible();
  const refused = await writer.page.request.post("/api/v1/blog/posts", { data: {}, headers: { Origin: new URL(writer.page.url()).origin } });
  expect(refused.status()).toBe(403);

  // The operator's command, on the e2e server's own database (scripts/serve-e2e.mjs).
  const granted = spawnSync("node", ["scripts/admin.mjs", "grant", writer.email, "--persist-to", E2E_STATE], { encoding: "utf8" });
  expect(granted.status, granted.stderr).toBe(0);

  await open(writer.page, "/blog/write");
  const editor = writer.page.getByTestId("post-editor");
  const title = `Retro tips ${Date.now().toString(36)}`;
  await editor.locator('input[name="title"]').fill(title);
  await expect(editor.locator('input[name="slug"]')).toHaveValue(/^retro-tips-/);
  await editor.locator('textarea[name="excerpt"]').fill("Three habits of a useful retrospective.");
  await editor.locator('textarea[name="body"]').fill("# Start with facts\n\nCollect **what happened** first.\n\n<script>alert(1)</script>");
  const preview = writer.page.getByTestId("post-preview");
  await expect(preview.locator("h2")).toHaveText("Start with facts");
  await expect(preview.locator("strong")).toHaveText("what happened");
  await expect(preview).toContainText("<script>alert(1)</script>");
  await editor.getByTestId("post-save").click();
  await expect(writer.page).toHaveURL(/\/blog\/write\/[0-9a-f-]{36}$/);
  // The saved post's editor (a cover needs a saved post).
  await expect(writer.page.getByTestId("post-open")).toBeVisible();
  await expect(writer.page.locator("#post-cover")).toBeEnabled();

  await writer.page.locator("#post-cover").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  await expect(writer.page.getByTestId("editor-cover")).toBeVisible();
  await writer.page.getByTestId("post-editor").locator('input[name="cover_alt"]').fill("A team around a board");
  await writer.page.getByTestId("post-editor").getByRole("radio", { name: "Published" }).check();
  await writer.page.getByTestId("post-editor").getByTestId("post-save").click();
  await expect(writer.page.getByTestId("post-editor").getByRole("status")).toBeVisible();
  await writer.page.evaluate(() => window.scrollTo(0, 0));
  await writer.page.screenshot({ path: `${shots()}/blog-editor.png`, fullPage: true, animations: "disabled" });

  const guest = await browser.newContext();
  const page = await guest.newPage();
  await open(page, "/news/category?lng=en");
  const card = page.getByTestId("post-card").filter({ hasText: title });
  await card.getByRole("link").click();
  await expect(page.getByTestId("post-title")).toHaveText(title);
  await expect(page.getByTestId("post-cover")).toHaveAttribute("alt", "A team around a board");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/api\/v1\/blog\/cover\/[0-9a-f]{32}\.png$/);
  await expect(page.getByTestId("post-body")).toContainText("<script>alert(1)</script>");
  await guest.close();
  await writer.context.close();
});
