import { sitePath } from "../shell";

/** Languages the product speaks; Russian is both the default and the fallback (spec §9). */
export const LANGUAGES = ["ru", "en", "es", "de"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ru";
/** Translation namespaces, one JSON file each under `public/locales/<lng>/`. */
export const NAMESPACES = ["common", "landing", "auth", "settings", "errors", "projects", "views", "task", "stats", "docs", "docs-editor", "rooms", "docs-kinds", "retro", "site", "blog", "tour", "ai", "billing", "code", "meetings"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Where a chosen language is cached (spec §9: local storage and a cookie). */
export const LANGUAGE_COOKIE = "i18next";
export const LANGUAGE_STORAGE_KEY = "i18nextLng";
/** Languages that may appear as the first path segment (`/en/...`). */
const PATH_LANGUAGES: readonly Language[] = ["en", "es", "de"];

/**
 * `/en/project/x` → `{ language: "en", rest: "/project/x" }`: the path-segment source of the
 * detection order, read by the route that stores the language and drops the segment. `rest` is
 * always a path of this site. Undefined when the first segment names no path language.
 */
export function splitLanguagePath(pathname: string): { language: Language; rest: string } | undefined {
  const [, first = "", ...rest] = pathname.split("/");
  const language = PATH_LANGUAGES.find((l) => l === first.toLowerCase());
  if (!language) return undefined;
  return { language, rest: sitePath(rest.join("/")) };
}

/** The cookie that caches a chosen language (spec §9), as the browser sets it too. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Reduces `en-US`, `DE`, `es_419` to a supported language, or undefined. */
export function toLanguage(value: string | null | undefined): Language | undefined {
  if (!value) return undefined;
  const short = value.trim().slice(0, 2).toLowerCase();
  return isLanguage(short) ? short : undefined;
}

/** What a detector can read; the server sees fewer sources than the browser. */
export interface LanguageSources {
  /** Full URL of the page. */
  url?: string;
  cookie?: string | null;
  localStorage?: string | null;
  sessionStorage?: string | null;
  /** `navigator.languages` in the browser, the parsed Accept-Language on the server. */
  browserLanguages?: readonly string[];
  htmlLang?: string | null;
}

/**
 * Picks the language in the order of spec §9: query `lng`, a leading path segment (en, es, de),
 * cookie `i18next`, local storage `i18nextLng`, session storage, browser language (first two
 * letters), the html tag; otherwise Russian. (The spec's trailing "path, subdomain" sources
 * can only name a language already covered by the path segment rule or none: `ru` never
 * appears in paths and the product runs on one host.)
 */
export function detectLanguage(sources: LanguageSources): Language {
  const url = sources.url ? safeUrl(sources.url) : undefined;
  const fromQuery = toLanguage(url?.searchParams.get("lng"));
  if (fromQuery) return fromQuery;
  const segment = url?.pathname.split("/")[1]?.toLowerCase();
  const fromPath = PATH_LANGUAGES.find((l) => l === segment);
  if (fromPath) return fromPath;
  for (const value of [sources.cookie, sources.localStorage, sources.sessionStorage]) {
    const lng = toLanguage(value);
    if (lng) return lng;
  }
  for (const value of sources.browserLanguages ?? []) {
    const lng = toLanguage(value);
    if (lng) return lng;
  }
  return toLanguage(sources.htmlLang) ?? DEFAULT_LANGUAGE;
}

/** Parses an Accept-Language header into tags ordered by quality. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, i };
    })
    .filter((l) => l.tag && l.tag !== "*" && l.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.i - b.i)
    .map((l) => l.tag);
}

/** Reads one cookie's value from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value, "http://localhost");
  } catch {
    return undefined;
  }
}
