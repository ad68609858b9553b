import { spawnSync } from "node:child_process";
import { crc32, deflateSync } from "node:zlib";
import { expect, hydrated, open, person, t, test, E2E_STATE } from "./fixtures";

/** A solid-colour RGB PNG of any size, real enough for the browser to draw smaller copies of. */
function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5b)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}
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

  // Wider than two of the offered widths: the browser sends 320 and 640 pixel copies with it.
  await writer.page.locator("#post-cover").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: solidPng(700, 368) });
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
  // Resized covers: the page offers the copies by width, and a copy is a smaller image.
  const srcset = (await page.getByTestId("post-cover").getAttribute("srcset"))!;
  expect(srcset).toMatch(/^\/api\/v1\/blog\/cover\/[0-9a-f]{32}-320\.webp 320w, \S+-640\.webp 640w, \S+\.png 700w$/);
  const copy = await page.request.get(srcset.split(" ")[0]!);
  expect(copy.headers()["content-type"]).toBe("image/webp");
  const decodedWidth = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return image.naturalWidth;
  }, srcset.split(" ")[0]!);
  expect(decodedWidth).toBe(320);
  // The edge cache: a guest's second request is served from it, and an edit shows right after.
  const postUrl = page.url();
  await page.request.get(postUrl);
  expect((await page.request.get(postUrl)).headers()["x-page-cache"]).toBe("hit");
  await editor.locator('input[name="title"]').fill(`${title} (edited)`);
  await Promise.all([writer.page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes("/api/v1/blog/posts/") && r.ok()), editor.getByTestId("post-save").click()]);
  await page.reload();
  await expect(page.getByTestId("post-title")).toHaveText(`${title} (edited)`);
  await guest.close();
  await writer.context.close();
});
