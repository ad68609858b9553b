/**
 * The edge cache of public pages (Workers Cache API, `caches.default`). A guest's public page
 * is the same for everyone who asks for it in the same language, so the Worker keeps the
 * rendered answer in the data centre's cache and serves it again without rendering or reading
 * D1 beyond one short query. Rules:
 * - Only GET from a guest (no session cookie: a signed-in page has the person's name in it),
 *   only the public reading pages, and only with the query a page is addressed by (`lng`, a
 *   blog category's `page`); help search results and anything else are rendered every time.
 * - The key names the page, the language the Worker detected (`?lng`, cookie or
 *   `Accept-Language`), the build, and for pages that show posts the blog's version
 *   (services/blog `blogVersion`). Publishing, editing or unpublishing a post changes that
 *   version, so the very next request, in every data centre, misses and renders afresh: a purge
 *   without a purge call. Entries left behind expire after a day.
 * - Only a 200 without `Set-Cookie` that does not say `private`/`no-store` is kept. The browser
 *   gets `public, max-age=0, must-revalidate` and an ETag, and revalidates every time (304 from
 *   the cache); the stored copy carries its own lifetime for the cache only.
 * Each answer from the cache gets a fresh CSP nonce, in its policy and on every element that
 * carried the stored one, so a nonce still never repeats between responses.
 */
import { newNonce } from "../../domain/http/security-headers";
import { LEGAL_PAGES } from "../../domain/site/legal";
import { readCookie } from "../../domain/i18n/languages";
import { getDb } from "../db/client";
import type { Env } from "../env";
import { blogVersion } from "../services/blog";
import { languageOf } from "../services/i18n";
import { SESSION_COOKIE } from "../services/sessions";
import { matchesEtag } from "./index";

/** The data centre's cache (Workers' `caches.default`, missing from the DOM's CacheStorage type). */
const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** The header that says whether a page came from the edge cache (`hit`) or was rendered (`miss`). */
export const PAGE_CACHE_HEADER = "X-Page-Cache";
/** What the browser is told: keep it, but ask every time (the answer is a cheap 304). */
export const BROWSER_CACHE_CONTROL = "public, max-age=0, must-revalidate";
/** How long the edge keeps an entry; versioned keys make staleness impossible, this only bounds space. */
const EDGE_TTL_SECONDS = 86_400;

const BLOG_PAGE = /^\/[a-z0-9-]+\/category(\/post\/[a-z0-9-]+)?$/;
const STATIC_PAGES: readonly RegExp[] = [/^\/help(\/[a-z0-9-]+){0,2}$/, /^\/contacts$/, /^\/test$/];
const LEGAL = new Set<string>(Object.keys(LEGAL_PAGES));
const ADDRESSING_QUERY = new Set(["lng", "page"]);

/** Whether the page at this URL may be kept, and whether it shows posts (so its key needs the blog's version). */
export function pageCacheRule(url: URL): { showsPosts: boolean } | null {
  const path = url.pathname;
  for (const name of url.searchParams.keys()) if (!ADDRESSING_QUERY.has(name)) return null;
  if (path === "/" || BLOG_PAGE.test(path)) return { showsPosts: true };
  if (LEGAL.has(path) || STATIC_PAGES.some((re) => re.test(path))) return { showsPosts: false };
  return null;
}

/** The cache key of a guest's GET of a public page, or null when the request must be rendered. */
export async function pageCacheKey(request: Request, env: Env, build: string, now = Date.now()): Promise<Request | null> {
  if (request.method !== "GET" || readCookie(request.headers.get("Cookie"), SESSION_COOKIE)) return null;
  const url = new URL(request.url);
  const rule = pageCacheRule(url);
  if (!rule) return null;
  const key = new URL(`/__page-cache${url.pathname}`, url.origin);
  key.searchParams.set("lng", languageOf(request));
  const page = url.searchParams.get("page");
  if (page) key.searchParams.set("page", page);
  key.searchParams.set("build", build);
  if (rule.showsPosts) key.searchParams.set("blog", await blogVersion(getDb(env.DB), now));
  return new Request(key);
}

/** A kept page for this request: 304 when the browser holds its version, else the page. */
export async function cachedPage(request: Request, key: Request): Promise<Response | null> {
  const hit = await edgeCache().match(key);
  if (!hit) return null;
  const etag = hit.headers.get("ETag");
  if (etag && matchesEtag(request, etag)) {
    const headers = new Headers({ ETag: etag, "Cache-Control": BROWSER_CACHE_CONTROL, [PAGE_CACHE_HEADER]: "hit" });
    if (hit.headers.has("Vary")) headers.set("Vary", hit.headers.get("Vary")!);
    return new Response(null, { status: 304, headers });
  }
  const page = renonce(new Response(hit.body, hit));
  page.headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
  page.headers.set(PAGE_CACHE_HEADER, "hit");
  return page;
}

/** The stored page with a new script nonce in its policy and wherever the stored one stood. */
function renonce(page: Response): Response {
  const policy = page.headers.get("Content-Security-Policy") ?? "";
  const old = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
  if (!old) return page;
  const nonce = newNonce();
  page.headers.set("Content-Security-Policy", policy.replace(`'nonce-${old}'`, `'nonce-${nonce}'`));
  return new HTMLRewriter()
    .on("[nonce]", {
      element(el) {
        if (el.getAttribute("nonce") === old) el.setAttribute("nonce", nonce);
      },
    })
    .transform(page);
}

/**
 * Keeps a freshly rendered page under `key` when it may be shared (see the rules above), and
 * returns what the browser gets. The ETag names the key's versions, so it changes with them.
 */
export async function keepPage(ctx: ExecutionContext, key: Request, page: Response): Promise<Response> {
  const control = page.headers.get("Cache-Control") ?? "";
  if (page.status !== 200 || page.headers.has("Set-Cookie") || /private|no-store|no-cache/.test(control)) return page;
  const res = new Response(page.body, page);
  if (!res.headers.has("ETag")) res.headers.set("ETag", `W/"${await digest(key.url)}"`);
  res.headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
  // One URL answers in the language of the cookie or the browser: no shared cache may mix them.
  if (!res.headers.has("Vary")) res.headers.set("Vary", "Cookie, Accept-Language");
  res.headers.set(PAGE_CACHE_HEADER, "miss");
  const stored = res.clone();
  const kept = new Response(stored.body, stored);
  kept.headers.set("Cache-Control", `public, max-age=${EDGE_TTL_SECONDS}`);
  kept.headers.delete(PAGE_CACHE_HEADER);
  kept.headers.delete("Server-Timing");
  ctx.waitUntil(edgeCache().put(key, kept));
  return res;
}

async function digest(text: string): Promise<string> {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(hash).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A page through the edge cache: a kept copy when there is one, else `render()`'s answer, kept
 * for the next guest when the rules allow. `render` returns the finished answer (headers and
 * policy included); a request the cache must not serve goes straight to it.
 */
export async function throughPageCache(request: Request, env: Env, ctx: ExecutionContext, build: string, render: () => Promise<Response>): Promise<Response> {
  const key = await pageCacheKey(request, env, build);
  if (!key) return render();
  return (await cachedPage(request, key)) ?? keepPage(ctx, key, await render());
}
