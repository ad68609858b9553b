/**
 * The public site's files outside React Router: `/robots.txt`, `/sitemap.xml` and each blog
 * category's feed `/{slug}/category/rss.xml?lng=xx`. Each answer carries an ETag of its bytes
 * and a matching `If-None-Match` gets a 304.
 */
import { Hono } from "hono";
import { categoryPath, feedPath, postPath } from "../../domain/blog/posts";
import { LANGUAGES, type Language, NAMESPACES, isLanguage } from "../../domain/i18n/languages";
import { everyLanguage, PUBLIC_PAGES, robotsTxt, rssXml, type SitemapPage, sitemapXml } from "../../domain/seo/files";
import { getDb } from "../db/client";
import type { Env } from "../env";
import { findCategory, listPosts, sitemapEntries } from "../services/blog";
import { i18nFor, languageOf, TRANSLATIONS_PATH, translationBundle } from "../services/i18n";

/** The site's public origin: configured, else the request's (local runs). */
export const siteOrigin = (env: Env, request: Request) => (env.APP_ORIGIN ?? new URL(request.url).origin).replace(/\/$/, "");

/** Items in a feed: the newest twenty. */
const FEED_SIZE = 20;

/** A weak ETag of a text: the first 16 bytes of its SHA-256, hex. */
export async function etagOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `W/"${[...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

/** Whether the request's `If-None-Match` names this ETag (weak comparison). */
export function matchesEtag(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, "");
  return header === "*" || header.split(",").some((t) => strip(t) === strip(etag));
}

async function textAnswer(request: Request, body: string, type: string, cacheControl: string): Promise<Response> {
  const etag = await etagOf(body);
  const headers = { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": cacheControl, ETag: etag };
  if (matchesEtag(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : body, { headers });
}

/**
 * A page's translations (`translationBundle`). The address names its version: an answer of the
 * same version is kept for a year; a page of another deploy asking for its old version gets the
 * current text, not to be kept. An unknown language or namespace, or namespaces out of their
 * order (`NAMESPACES`, as pages name them) or named twice, are a 404.
 */
async function translations(request: Request, path: string): Promise<Response> {
  const [, lng, set = ""] = TRANSLATIONS_PATH.exec(path) ?? [];
  const namespaces = NAMESPACES.filter((ns) => set.split(",").includes(ns));
  if (!isLanguage(lng) || namespaces.join(",") !== set) return new Response("Not Found", { status: 404 });
  // Not kept unless a page made it: anyone can name any set (`translationBundle`).
  const bundle = translationBundle(lng, namespaces, false);
  const current = bundle.url === path;
  return textAnswer(request, bundle.json, "application/json", current ? "public, max-age=31536000, immutable" : "no-cache");
}

export const site = new Hono<{ Bindings: Env }>()
  .on(["GET", "HEAD"], "/i18n/:lng/:file", (c) => translations(c.req.raw, new URL(c.req.url).pathname))
  .on(["GET", "HEAD"], "/robots.txt", (c) => textAnswer(c.req.raw, robotsTxt(siteOrigin(c.env, c.req.raw)), "text/plain", "public, max-age=3600"))
  .on(["GET", "HEAD"], "/sitemap.xml", async (c) => {
    const { posts, categories } = await sitemapEntries(getDb(c.env.DB));
    const pages: SitemapPage[] = PUBLIC_PAGES.map((path) => ({ versions: everyLanguage(path) }));
    for (const category of categories) {
      const languages = LANGUAGES.filter((l) => posts.some((p) => p.category === category && p.language === l));
      const lastmod = Math.max(0, ...posts.filter((p) => p.category === category).map((p) => p.updatedAt));
      if (languages.length) pages.push({ versions: Object.fromEntries(languages.map((l) => [l, `${categoryPath(category)}?lng=${l}`])), lastmod });
    }
    const groups = new Map<string, typeof posts>();
    for (const post of posts) groups.set(post.group, [...(groups.get(post.group) ?? []), post]);
    // One entry per translation group: each version gets its `<url>` with the others as alternates.
    for (const group of groups.values()) {
      const versions = Object.fromEntries(group.map((p) => [p.language, `${postPath(p.category, p.slug)}?lng=${p.language}`]));
      pages.push({ versions, lastmod: Math.max(...group.map((p) => p.updatedAt)) });
    }
    return textAnswer(c.req.raw, sitemapXml(siteOrigin(c.env, c.req.raw), pages), "application/xml", "public, max-age=300");
  })
  .on(["GET", "HEAD"], "/:slug/category/rss.xml", async (c) => {
    const requested = c.req.query("lng");
    const lng: Language = isLanguage(requested) ? requested : languageOf(c.req.raw);
    const db = getDb(c.env.DB);
    const category = await findCategory(db, c.req.param("slug"), lng);
    if (!category) return c.text(i18nFor(lng).t("errors:category_not_found"), 404);
    const page = await listPosts(db, category.id, category.slug, lng, { limit: FEED_SIZE, offset: 0 });
    const origin = siteOrigin(c.env, c.req.raw);
    const body = rssXml({
      origin,
      title: `${category.name} · ${i18nFor(lng).t("common:appName")}`,
      description: category.description || category.name,
      link: category.url,
      self: feedPath(category.slug, lng),
      language: lng,
      items: page.results.map((p) => ({ title: p.title, url: p.url, description: p.excerpt, published: p.published_at ?? p.updated_at, guid: p.guid })),
    });
    return textAnswer(c.req.raw, body, "application/rss+xml", "public, max-age=300");
  });

/** Whether the Worker should hand a request to this app rather than to React Router. */
export const isSiteFile = (pathname: string) => TRANSLATIONS_PATH.test(pathname) || pathname === "/robots.txt" || pathname === "/sitemap.xml" || /^\/[^/]+\/category\/rss\.xml$/.test(pathname);
