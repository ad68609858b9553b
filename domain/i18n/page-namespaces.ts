/**
 * Which translation namespaces a page's HTML carries. Every namespace of the app inlined into
 * every page was about 100 KB of JSON (issue 17); the public site needs a fifth of it. Pages of
 * the public site (landing, sign-in, help, blog, legal texts, prices) get the site's set; a
 * project's pages all but those only another area of the project shows; every other page gets
 * them all. The browser's i18next loads a missing namespace over HTTP should a
 * screen ever ask for one, so a forgotten entry costs a request, never a broken page.
 */
import { LEGAL_PAGES } from "../site/legal";
import { NAMESPACES, type Namespace } from "./languages";

/** Namespaces no page of the public site shows to a signed-out visitor. */
const APP_ONLY: ReadonlySet<Namespace> = new Set<Namespace>([
  "projects",
  "task",
  "views",
  "stats",
  "settings",
  "docs",
  "docs-editor",
  "docs-kinds",
  "rooms",
  "retro",
  "ai",
  "code",
  "meetings",
]);

const SITE_PATHS: readonly RegExp[] = [
  /^\/$/,
  /^\/login$/,
  /^\/respass(\/|$)/,
  /^\/pass\//,
  /^\/email\//,
  /^\/help(\/|$)/,
  /^\/contacts$/,
  /^\/price$/,
  /^\/donate(\/|$)/,
  // The blog: /{category}/category and /{category}/category/post/{post}.
  /^\/[^/]+\/category(\/|$)/,
];
const LEGAL = new Set<string>(Object.keys(LEGAL_PAGES));

export function isSitePage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return LEGAL.has(path) || SITE_PATHS.some((pattern) => pattern.test(path));
}

/**
 * Inside a project, namespaces that only one of its areas shows, with the pages of that area:
 * a planning board does not carry the retro room's, the document editors' or the charts' texts
 * (issue 17: the board's first render parsed every namespace of the app), nor the landing page's.
 */
const PROJECT_AREA_ONLY: ReadonlyArray<readonly [Namespace, RegExp]> = [
  ["landing", /^$/],
  ["retro", /^\/room\/retro\//],
  ["docs-editor", /^\/docs(\/|$)/],
  ["docs-kinds", /^\/docs(\/|$)/],
  ["stats", /^\/stats$/],
];
const PROJECT_PAGE = /^\/project\/[^/]+(\/.*)?$/;

/** The namespaces the page at `pathname` is rendered with, in NAMESPACES order. */
export function namespacesFor(pathname: string, signedIn: boolean): Namespace[] {
  const inProject = PROJECT_PAGE.exec(pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
  if (inProject) {
    const rest = inProject[1] ?? "";
    return NAMESPACES.filter((ns) => PROJECT_AREA_ONLY.every(([only, area]) => only !== ns || area.test(rest)));
  }
  if (!isSitePage(pathname)) return [...NAMESPACES];
  // The signed-in header's notification menu speaks "projects".
  return NAMESPACES.filter((ns) => !APP_ONLY.has(ns) || (signedIn && ns === "projects"));
}

/** A short key of a page's set: when it differs between two pages, the root loader runs again (root.tsx). */
export function namespaceSetKey(pathname: string, signedIn: boolean): string {
  return namespacesFor(pathname, signedIn).join(",");
}
