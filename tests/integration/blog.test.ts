/** The blog: public reading with paging and its own 404s, writing by site administrators only, safe Markdown, covers, sitemap, robots and feeds. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { blogCategory, blogPost, coverForm, siteAdmin, uniqueSlug } from "../fixtures/blog";
import { call, fetchRaw } from "../fixtures/http";
import { GIF, PNG, sizedPng } from "../fixtures/images";
import { signedIn } from "../fixtures/users";

let admin: Awaited<ReturnType<typeof siteAdmin>>;
let category: string;
const DAY = 86_400_000;

beforeAll(async () => {
  admin = await siteAdmin();
  category = await blogCategory(admin);
});

describe("reading the blog", () => {
  it("pages a category's public posts in one language with the true total, newest first", async () => {
    const cat = await blogCategory(admin);
    const now = Date.now();
    for (let i = 0; i < 7; i++) await blogPost(admin, { category: cat, title: `English ${i}` });
    await blogPost(admin, { category: cat, language: "de", title: "Deutsch" });
    await blogPost(admin, { category: cat, title: "Draft", state: "draft" });
    await blogPost(admin, { category: cat, title: "Later", state: "scheduled", publish_at: now + DAY });
    const first = await call("GET", `/api/v1/allposts/${cat}?lng=en&limit=3&offset=0`);
    expect(first.status).toBe(200);
    expect(first.json.count).toBe(7);
    expect(first.json.results.map((p: { title: string }) => p.title)).toEqual(["English 6", "English 5", "English 4"]);
    const last = await call("GET", `/api/v1/allposts/${cat}?lng=en&limit=3&offset=6`);
    expect(last.json.results.map((p: { title: string }) => p.title)).toEqual(["English 0"]);
    const german = await call("GET", `/api/v1/allposts/${cat}?lng=de`);
    expect(german.json).toMatchObject({ count: 1, limit: 10, offset: 0 });
    const latest = await call("GET", `/api/v1/posts/${cat}?lng=en`);
    expect(latest.json).toHaveLength(7);
    expect(latest.json[0]).toMatchObject({ language: "en", reading_minutes: 1, category: cat });
  });

  it("refuses a limit or offset out of range with a readable problem", async () => {
    for (const q of ["limit=0", "limit=201", "offset=-1", "limit=abc"]) {
      const res = await call("GET", `/api/v1/allposts/${category}?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.json.code).toMatch(/limit_invalid|offset_invalid/);
    }
  });

  it("answers an unknown category or post with its own code, unlike an unknown route", async () => {
    for (const path of ["/api/v1/category/no-such-cat", "/api/v1/posts/no-such-cat", "/api/v1/allposts/no-such-cat"]) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(404);
      expect(res.json.code).toBe("category_not_found");
    }
    const post = await call("GET", "/api/v1/post/no-such-post");
    expect(post.status).toBe(404);
    expect(post.json.code).toBe("post_not_found");
    const route = await call("GET", "/api/v1/no-such-route/x");
    expect(route.status).toBe(404);
    expect(route.json.code).toBe("not_found");
  });

  it("hides drafts and scheduled posts until their time, then shows them without anything else happening", async () => {
    const draft = await blogPost(admin, { category, state: "draft" });
    expect((await call("GET", `/api/v1/post/${draft.slug}`)).status).toBe(404);
    const soon = await blogPost(admin, { category, state: "scheduled", publish_at: Date.now() + 1500 });
    expect((await call("GET", `/api/v1/post/${soon.slug}`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await call("GET", `/api/v1/post/${soon.slug}`)).status).toBe(200);
  });

  it("links translations to each other and gives each post its neighbours", async () => {
    const cat = await blogCategory(admin);
    const one = await blogPost(admin, { category: cat, title: "One" });
    const two = await blogPost(admin, { category: cat, title: "Two" });
    const zwei = await blogPost(admin, { category: cat, title: "Zwei", language: "de", translation_of: two.guid });
    const res = await call("GET", `/api/v1/post/${two.slug}`);
    expect(res.json.translations).toEqual([{ slug: zwei.slug, title: "Zwei", language: "de", url: `/${cat}/category/post/${zwei.slug}?lng=de` }]);
    expect(res.json.previous).toMatchObject({ slug: one.slug });
    expect(res.json.next).toBeNull();
    const again = await call("POST", "/api/v1/blog/posts", { cookie: admin.cookie, body: { slug: uniqueSlug(), language: "de", category: cat, title: "Noch mal", translation_of: one.guid, state: "draft" } });
    expect(again.status).toBe(201);
    const clash = await call("POST", "/api/v1/blog/posts", { cookie: admin.cookie, body: { slug: uniqueSlug(), language: "de", category: cat, title: "Zwei bis", translation_of: two.guid } });
    expect(clash.status).toBe(409);
    expect(clash.json.code).toBe("translation_taken");
  });
});

describe("writing the blog", () => {
  it("refuses every writing call to a signed-in user who is not a site administrator, and changes nothing", async () => {
    const user = await signedIn();
    const post = await blogPost(admin, { category });
    const before = await call("GET", `/api/v1/post/${post.slug}`);
    const attempts: [string, string, Record<string, unknown>][] = [
      ["POST", "/api/v1/blog/posts", { body: { slug: uniqueSlug(), language: "en", category, title: "Mine" } }],
      ["PUT", `/api/v1/blog/posts/${post.guid}`, { body: { slug: post.slug, language: "en", category, title: "Hijacked", state: "published" } }],
      ["DELETE", `/api/v1/blog/posts/${post.guid}`, {}],
      ["POST", `/api/v1/blog/posts/${post.guid}/cover`, { form: coverForm() }],
      ["POST", "/api/v1/blog/categories", { body: { slug: uniqueSlug("cat"), names: { en: "Mine" } } }],
      ["GET", "/api/v1/blog/posts", {}],
    ];
    for (const [method, path, options] of attempts) {
      const res = await call(method, path, { cookie: user.cookie, ...options });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.code).toBe("site_admin_required");
      const anon = await call(method, path, options);
      expect(anon.status, `signed out ${method} ${path}`).toBe(401);
    }
    expect((await call("GET", `/api/v1/post/${post.slug}`)).json).toEqual(before.json);
  });

  it("refuses a taken slug, an unknown category, a schedule without a time and a bad language", async () => {
    const post = await blogPost(admin, { category });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ slug: post.slug }, 409, "slug_taken"],
      [{ category: "no-such-cat" }, 404, "category_not_found"],
      [{ state: "scheduled", publish_at: null }, 400, "publish_at_required"],
      [{ language: "fr" }, 400, "language_invalid"],
      [{ slug: "Not A Slug" }, 400, "slug_invalid"],
      [{ title: "" }, 400, "title_required"],
    ];
    for (const [fields, status, code] of cases) {
      const res = await call("POST", "/api/v1/blog/posts", { cookie: admin.cookie, body: { slug: uniqueSlug(), language: "en", category, title: "T", ...fields } });
      expect(res.status, code).toBe(status);
      expect(res.json.code).toBe(code);
    }
  });

  it("stores a cover in R2 with its size, serves it, and refuses what is not an image it takes", async () => {
    const post = await blogPost(admin, { category });
    const bad = await call("POST", `/api/v1/blog/posts/${post.guid}/cover`, { cookie: admin.cookie, form: coverForm(GIF, "x.gif", "image/gif") });
    expect(bad.status).toBe(415);
    expect(bad.json.code).toBe("cover_type_refused");
    const script = await call("POST", `/api/v1/blog/posts/${post.guid}/cover`, { cookie: admin.cookie, form: coverForm("<script>alert(1)</script>", "x.png") });
    expect(script.status).toBe(415);
    const big = await call("POST", `/api/v1/blog/posts/${post.guid}/cover`, { cookie: admin.cookie, form: coverForm(new Uint8Array(5 * 1024 * 1024 + 10).fill(1), "big.png") });
    expect(big.status).toBe(413);
    const ok = await call("POST", `/api/v1/blog/posts/${post.guid}/cover`, { cookie: admin.cookie, form: coverForm(PNG) });
    expect(ok.status).toBe(200);
    expect(ok.json.cover).toMatchObject({ width: 1, height: 1 });
    const image = await fetchRaw(ok.json.cover.url);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    const replaced = await call("POST", `/api/v1/blog/posts/${post.guid}/cover`, { cookie: admin.cookie, form: coverForm(PNG) });
    const oldKey = `blog/covers/${ok.json.cover.url.split("/").pop()}`;
    expect(replaced.json.cover.url).not.toBe(ok.json.cover.url);
    expect(await (env as unknown as { FILES: R2Bucket }).FILES.head(oldKey)).toBeNull();
  });

  it("stores the smaller copies of a cover beside it, offers them by width in srcset and serves a copy's own bytes", async () => {
    const post = await blogPost(admin, { category });
    const upload = (copies: Uint8Array[]) => {
      const form = coverForm(sizedPng(1200, 630));
      for (const copy of copies) form.append("variant", new File([copy as BlobPart], "variant.png", { type: "image/png" }));
      return call("POST", `/api/v1/blog/posts/${post.guid}/cover`, { cookie: admin.cookie, form });
    };
    // A copy of a width we do not offer, one as wide as the original, and one out of proportion.
    for (const wrong of [sizedPng(500, 263), sizedPng(1200, 630), sizedPng(640, 640)]) {
      const refused = await upload([sizedPng(320, 168), wrong]);
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe("cover_variant_invalid");
    }
    expect((await call("GET", `/api/v1/post/${post.slug}`)).json.cover).toBeNull();

    const small = sizedPng(320, 168);
    const medium = sizedPng(640, 336);
    const ok = await upload([medium, small]);
    expect(ok.status).toBe(200);
    const { srcset } = ok.json.cover as { srcset: string };
    const candidates = srcset.split(", ").map((c) => c.split(" "));
    expect(candidates.map(([, w]) => w)).toEqual(["320w", "640w", "1200w"]);
    const smallest = await fetchRaw(candidates[0]![0]!);
    expect(smallest.status).toBe(200);
    expect(smallest.headers.get("Cache-Control")).toContain("immutable");
    expect(new Uint8Array(await smallest.arrayBuffer())).toEqual(small);
    expect(new Uint8Array(await (await fetchRaw(candidates[1]![0]!)).arrayBuffer())).toEqual(medium);

    // Replacing the cover removes the old one and its copies from R2.
    await upload([]);
    const files = (env as unknown as { FILES: R2Bucket }).FILES;
    for (const [url] of candidates) expect(await files.head(`blog/covers/${url!.split("/").pop()}`)).toBeNull();
  });

  it("renders Markdown safely: a script, an event handler or a javascript: link in a post never reaches the page as markup", async () => {
    const body = '# Hi\n\n<script>alert("x")</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [ok](https://example.com)';
    const post = await blogPost(admin, { category, body });
    const res = await call("GET", `/api/v1/post/${post.slug}`);
    expect(res.json.body).toBe(body);
    expect(res.json.html).not.toMatch(/<script|<img|<[^>]*(onerror|javascript:)/i);
    expect(res.json.html).toContain("&lt;script&gt;");
    expect(res.json.html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">ok</a>');
  });
});

describe("files for search engines and feed readers", () => {
  it("serves robots.txt that points at the sitemap and keeps crawlers out of the app", async () => {
    const res = await fetchRaw("/robots.txt");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("Sitemap: http://localhost:8787/sitemap.xml");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /project");
  });

  it("lists the main page, categories and public posts with their translations in the sitemap, and no drafts", async () => {
    const cat = await blogCategory(admin);
    const en = await blogPost(admin, { category: cat, title: "Hello" });
    const ru = await blogPost(admin, { category: cat, title: "Привет", language: "ru", translation_of: en.guid });
    const draft = await blogPost(admin, { category: cat, state: "draft" });
    const res = await fetchRaw("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    const origin = "http://localhost:8787";
    expect(xml).toContain(`<loc>${origin}/?lng=de</loc>`);
    expect(xml).toContain(`<loc>${origin}/${cat}/category?lng=en</loc>`);
    expect(xml).toContain(`<loc>${origin}/${cat}/category?lng=ru</loc>`);
    expect(xml).not.toContain(`<loc>${origin}/${cat}/category?lng=de</loc>`);
    expect(xml).toContain(`<loc>${origin}/${cat}/category/post/${en.slug}?lng=en</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ru" href="${origin}/${cat}/category/post/${ru.slug}?lng=ru"/>`);
    expect(xml).not.toContain(draft.slug);
    const again = await fetchRaw("/sitemap.xml", { headers: { "If-None-Match": res.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });

  it("gives each category an RSS feed per language with its public posts only", async () => {
    const cat = await blogCategory(admin);
    const en = await blogPost(admin, { category: cat, title: "Fish & <chips>" });
    await blogPost(admin, { category: cat, title: "Auf Deutsch", language: "de" });
    await blogPost(admin, { category: cat, title: "Unfinished", state: "draft" });
    const res = await fetchRaw(`/${cat}/category/rss.xml?lng=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/rss\+xml/);
    const xml = await res.text();
    expect(xml).toContain("<title>Fish &amp; &lt;chips&gt;</title>");
    expect(xml).toContain(`<link>http://localhost:8787/${cat}/category/post/${en.slug}?lng=en</link>`);
    expect(xml).toContain("<language>en</language>");
    expect(xml).not.toContain("Auf Deutsch");
    expect(xml).not.toContain("Unfinished");
    expect((await fetchRaw(`/${cat}/category/rss.xml?lng=de`).then((r) => r.text()))).toContain("Auf Deutsch");
    expect((await fetchRaw("/no-such-cat/category/rss.xml")).status).toBe(404);
  });
});
