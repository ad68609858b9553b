/**
 * The files search engines and feed readers fetch: `/robots.txt`, `/sitemap.xml` and a blog
 * category's RSS feed. Pure text builders; the Worker fills them from D1 (workers/site).
 */
import { LANGUAGES, type Language } from "../i18n/languages";
import { withLanguage } from "./head";

/** Public pages that are not blog pages; other public areas add their paths here. */
export const PUBLIC_PAGES: readonly string[] = ["/"];

/** Paths of the signed-in app and of private links: nothing there is for a search engine. */
const PRIVATE_PREFIXES = ["/api/", "/project", "/settings", "/shared/", "/invite/", "/pass/", "/email/", "/join/", "/respass", "/auth-callback", "/dev/", "/blog/"];

const xml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    // Covers are the posts' Open Graph images: crawlers must be able to fetch them.
    "Allow: /api/v1/blog/cover/",
    ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export interface SitemapPage {
  /** Address of each language version (path and query); the first listed is the page's own. */
  versions: Partial<Record<Language, string>>;
  lastmod?: number;
}

/** The same path in every language (`?lng=`). */
export const everyLanguage = (path: string): Partial<Record<Language, string>> => Object.fromEntries(LANGUAGES.map((l) => [l, withLanguage(path, l)]));

/**
 * A sitemap with one `<url>` per language version and the `xhtml:link` alternates of each, as
 * search engines want translated pages announced.
 */
export function sitemapXml(origin: string, pages: SitemapPage[]): string {
  const urls: string[] = [];
  for (const page of pages) {
    const versions = Object.entries(page.versions) as [Language, string][];
    const alternates = versions.map(([l, href]) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${xml(origin + href)}"/>`).join("\n");
    for (const [, href] of versions) {
      urls.push(
        [
          "  <url>",
          `    <loc>${xml(origin + href)}</loc>`,
          ...(page.lastmod ? [`    <lastmod>${new Date(page.lastmod).toISOString()}</lastmod>`] : []),
          ...(versions.length > 1 ? [alternates] : []),
          "  </url>",
        ].join("\n"),
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export interface FeedItem {
  title: string;
  url: string;
  description: string;
  published: number;
  guid: string;
}

/** RSS 2.0 of a category in one language, with its own address as `atom:link rel=self`. */
export function rssXml(f: { origin: string; title: string; description: string; link: string; self: string; language: Language; items: FeedItem[] }): string {
  const items = f.items.map((item) =>
    [
      "    <item>",
      `      <title>${xml(item.title)}</title>`,
      `      <link>${xml(f.origin + item.url)}</link>`,
      `      <guid isPermaLink="false">${xml(item.guid)}</guid>`,
      `      <pubDate>${new Date(item.published).toUTCString()}</pubDate>`,
      `      <description>${xml(item.description)}</description>`,
      "    </item>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${xml(f.title)}</title>`,
    `    <link>${xml(f.origin + f.link)}</link>`,
    `    <description>${xml(f.description)}</description>`,
    `    <language>${f.language}</language>`,
    `    <atom:link href="${xml(f.origin + f.self)}" rel="self" type="application/rss+xml"/>`,
    ...(f.items[0] ? [`    <lastBuildDate>${new Date(f.items[0].published).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
