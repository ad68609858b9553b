/**
 * The head of every public page, built in one place: `<title>`, meta description, canonical
 * URL, `hreflang` alternates for the four languages (and `x-default`), Open Graph and Twitter
 * card tags, and JSON-LD. A route's `meta` export returns `headTags(loaderData.head)`; its loader
 * builds the `PublicHead` with the translated texts and the site's origin.
 *
 * Language in URLs: a public page's language is the `?lng=` query (first in the detection order
 * of spec §9), so each language has its own crawlable address; `x-default` is the bare path.
 */
import { LANGUAGES, type Language } from "../i18n/languages";

/** One tag, in the shape React Router's `meta` export takes (structurally, without importing it). */
export type HeadTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string; hrefLang?: string; type?: string; title?: string }
  | { "script:ld+json": Record<string, unknown> };

export interface PublicHead {
  /** The site's origin, `https://plan.example.com`, without a trailing slash. */
  origin: string;
  siteName: string;
  /** The page's path (no query): `/news/category`. */
  path: string;
  language: Language;
  title: string;
  description: string;
  /**
   * The page's address in each language it exists in (path and query). Unset: the same path
   * with `?lng=` in all four languages. A post lists its translations only.
   */
  alternates?: Partial<Record<Language, string>>;
  /** The canonical address (path and query); by default this language's alternate. */
  canonical?: string;
  /**
   * The address asked for names no language (the `x-default` one, whose language comes from
   * the visitor): it is its own canonical address. Pointing it at a language's address would
   * make one alternate of the set name another as canonical, which search engines reject.
   */
  negotiated?: boolean;
  image?: { url: string; width?: number | null; height?: number | null; alt?: string };
  type?: "website" | "article";
  article?: { publishedTime?: string; modifiedTime?: string; section?: string; author?: string };
  /** Feeds to announce (`<link rel=alternate type=application/rss+xml>`). */
  feeds?: { href: string; title: string }[];
  jsonLd?: Record<string, unknown>[];
  /** Pages that must not be indexed (drafts seen by their writer). */
  noindex?: boolean;
}

/** Open Graph's locale names for our languages. */
const OG_LOCALE: Record<Language, string> = { ru: "ru_RU", en: "en_US", es: "es_ES", de: "de_DE" };

/** `path?lng=xx`, keeping any other query the path has. */
export function withLanguage(path: string, lng: Language): string {
  const [base, query = ""] = path.split("?");
  const params = new URLSearchParams(query);
  params.set("lng", lng);
  return `${base}?${params.toString()}`;
}

/** An absolute address on the site. */
export const absolute = (origin: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`);

/** Cuts a description to what search results show (about 160 characters), on a word boundary. */
export function clampDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > max / 2 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/** The alternates a page has: its own list, or the same path in every language. */
export function alternatesOf(head: Pick<PublicHead, "path" | "alternates">): Partial<Record<Language, string>> {
  return head.alternates ?? Object.fromEntries(LANGUAGES.map((l) => [l, withLanguage(head.path, l)]));
}

/** The tags of a public page's head. */
export function headTags(head: PublicHead): HeadTag[] {
  const alternates = alternatesOf(head);
  const xDefault = head.negotiated && !head.alternates;
  const canonical = absolute(head.origin, head.canonical ?? (xDefault ? head.path : (alternates[head.language] ?? withLanguage(head.path, head.language))));
  const title = head.title === head.siteName ? head.title : `${head.title} · ${head.siteName}`;
  const description = clampDescription(head.description);
  const tags: HeadTag[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
  if (head.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  for (const lng of LANGUAGES) {
    const href = alternates[lng];
    if (href) tags.push({ tagName: "link", rel: "alternate", hrefLang: lng, href: absolute(head.origin, href) });
  }
  // x-default: the bare path picks the language from the visitor (cookie, browser).
  if (!head.alternates) tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: absolute(head.origin, head.path) });
  for (const feed of head.feeds ?? []) tags.push({ tagName: "link", rel: "alternate", type: "application/rss+xml", title: feed.title, href: absolute(head.origin, feed.href) });
  tags.push(
    { property: "og:type", content: head.type ?? "website" },
    { property: "og:site_name", content: head.siteName },
    { property: "og:title", content: head.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: OG_LOCALE[head.language] },
  );
  for (const lng of LANGUAGES) if (lng !== head.language && alternates[lng]) tags.push({ property: "og:locale:alternate", content: OG_LOCALE[lng] });
  if (head.image) {
    tags.push({ property: "og:image", content: absolute(head.origin, head.image.url) });
    if (head.image.width) tags.push({ property: "og:image:width", content: String(head.image.width) });
    if (head.image.height) tags.push({ property: "og:image:height", content: String(head.image.height) });
    if (head.image.alt) tags.push({ property: "og:image:alt", content: head.image.alt });
  }
  if (head.article) {
    const a = head.article;
    if (a.publishedTime) tags.push({ property: "article:published_time", content: a.publishedTime });
    if (a.modifiedTime) tags.push({ property: "article:modified_time", content: a.modifiedTime });
    if (a.section) tags.push({ property: "article:section", content: a.section });
  }
  tags.push(
    { name: "twitter:card", content: head.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: head.title },
    { name: "twitter:description", content: description },
  );
  if (head.image) tags.push({ name: "twitter:image", content: absolute(head.origin, head.image.url) });
  for (const ld of head.jsonLd ?? []) tags.push({ "script:ld+json": ld });
  return tags;
}

/** JSON-LD of a blog post (schema.org BlogPosting). */
export function blogPostingLd(p: {
  url: string;
  title: string;
  description: string;
  language: Language;
  published: string;
  modified: string;
  author?: string;
  image?: string;
  siteName: string;
  origin: string;
  section?: string;
}): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: p.title.slice(0, 110),
    description: p.description,
    inLanguage: p.language,
    datePublished: p.published,
    dateModified: p.modified,
    mainEntityOfPage: { "@type": "WebPage", "@id": p.url },
    url: p.url,
    ...(p.image ? { image: [p.image] } : {}),
    ...(p.section ? { articleSection: p.section } : {}),
    author: p.author ? { "@type": "Person", name: p.author } : { "@type": "Organization", name: p.siteName },
    publisher: { "@type": "Organization", name: p.siteName, logo: { "@type": "ImageObject", url: `${p.origin}/favicon.svg` } },
  };
}
