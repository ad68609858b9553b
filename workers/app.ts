/**
 * The Worker: /api → Hono, live rooms → Durable Objects (added with their features),
 * everything else → React Router with server rendering.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { API_CONTENT_SECURITY_POLICY, baseSecurityHeaders, contentSecurityPolicy, newNonce, permissionsPolicyFor } from "../domain/http/security-headers";
import { rewriteLegacyPath } from "../domain/shell";
import { api } from "./api";
import { cloudflareContext, cspNonceContext } from "./context";
import { countingD1, getDb, patientD1 } from "./db/client";
import type { Env } from "./env";
import { installHost } from "../durable-objects/host";
import { objectHost } from "./object-host";
import { runBillingSchedule } from "./services/payments/renewals";
import { runJiraSchedule } from "./services/jira-sync";
import { purgeDeletedTasks } from "./services/task-trash";
import { purgeRemovedParticipants } from "./services/participant-trash";
import { isGitPath, routeGit } from "./git-http";
import { isSiteFile, matchesEtag, site } from "./site";
import { paintFirst } from "./site/first-paint";
import { withoutReact } from "./site/static-page";
import { throughPageCache } from "./site/page-cache";
import { perBuild } from "./site/per-build";
import { isSitePage } from "../domain/i18n/page-namespaces";
import { readCookie } from "../domain/i18n/languages";
import { SESSION_COOKIE } from "./services/sessions";
import { isSocketPath, routeSocket } from "./sockets";

// Before the runtime makes any object: the classes below come from this very module.
installHost(objectHost);

export { DocRoom } from "../durable-objects/doc-room/doc-room";
export { GitRepo } from "../durable-objects/git-repo/git-repo";
export { MeetingRoom } from "../durable-objects/meeting-room/meeting-room";
export { JiraImport } from "../durable-objects/jira-import/jira-import";
export { ProjectRoom } from "../durable-objects/project-room/project-room";
export { RoomServer } from "../durable-objects/room/room-server";
export { UserHub } from "../durable-objects/user-hub/user-hub";

const pageHandler = perBuild(
  () => import("virtual:react-router/server-build"),
  (build) => createRequestHandler(build, import.meta.env.MODE),
);

/**
 * Security headers on an answer, keeping any a route set itself (a file download's stricter
 * sandboxing CSP); responses from fetch() or assets can be immutable, so copy first.
 */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  const res = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) if (!res.headers.has(name)) res.headers.set(name, value);
  return res;
}

/** The headers of every answer, and the policy for an API answer (data, never a document). */
function apiHeaders(env: Env): Record<string, string> {
  return { ...baseSecurityHeaders(env.APP_ENV !== "development"), "Content-Security-Policy": API_CONTENT_SECURITY_POLICY };
}

/**
 * In development every request gets its own counting D1 binding, and its answer says how many
 * D1 round trips it took (`Server-Timing: d1;desc="calls";dur=<n>`) for the benchmarks.
 * Deployed Workers skip both: no wrapper on the hot path, nothing about internals in headers.
 */
function withD1Count(env: Env): { env: Env; stamp: (response: Response) => Response } {
  if (env.APP_ENV !== "development") return { env, stamp: (response) => response };
  const counted = countingD1(env.DB);
  return {
    env: { ...env, DB: counted.d1 },
    stamp: (response) => {
      response.headers.append("Server-Timing", `d1;desc="calls";dur=${counted.calls()}`);
      return response;
    },
  };
}

/**
 * A public page whose route set an ETag (built from its data, not its bytes: every render has a
 * fresh CSP nonce) answers 304 when the browser already holds that version. The tag also names
 * the build, so a deploy never revives a page that points at old script chunks. A 304 carries
 * only caching headers: a fresh CSP nonce on it would replace the stored page's and block its
 * inline scripts.
 */
async function notModified(request: Request, page: Response): Promise<Response> {
  const tag = page.headers.get("ETag");
  if (page.status !== 200 || !tag) return page;
  const etag = tag.replace(/"$/, `-${await buildVersion()}"`);
  if (!matchesEtag(request, etag)) {
    const res = new Response(page.body, page);
    res.headers.set("ETag", etag);
    return res;
  }
  const headers = new Headers({ ETag: etag });
  for (const name of ["Cache-Control", "Vary"]) if (page.headers.has(name)) headers.set(name, page.headers.get(name)!);
  return new Response(null, { status: 304, headers });
}

/** The client build's version: pages of another build point at other script chunks. */
async function buildVersion(): Promise<string> {
  const build = (await import("virtual:react-router/server-build")) as { assets?: { version?: string } };
  return build.assets?.version ?? "dev";
}

/** A page rendered by React Router, with its security headers and policy. */
async function renderPage(request: Request, env: Env, ctx: ExecutionContext, url: URL): Promise<Response> {
  const nonce = newNonce();
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx });
  context.set(cspNonceContext, nonce);
  const rendered = await notModified(request, await (await pageHandler())(request, context));
  if (rendered.status === 304) return rendered;
  // A project's pages are rendered on the server too: they paint before their scripts run (issue 17).
  // A guest's landing page does without React (issue 17: its own few KB of script instead of
  // 150 KB); a session cookie means the signed-in home, hydrated as usual.
  const guestLanding = url.pathname === "/" && !readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  const page = guestLanding ? withoutReact(rendered, nonce) : isSitePage(url.pathname) || url.pathname.startsWith("/project/") ? paintFirst(rendered, nonce) : rendered;
  const csp = contentSecurityPolicy({ nonce, origin: url.origin, viteDevServer: import.meta.env.DEV });
  const headers = baseSecurityHeaders(env.APP_ENV !== "development", permissionsPolicyFor(url.pathname));
  return withHeaders(page, { ...headers, "Content-Security-Policy": csp });
}

export default {
  async fetch(request, rawEnv, ctx) {
    // Patient outermost: the rate limits and sign-in guard use the binding without drizzle.
    const counted = withD1Count(rawEnv);
    const { stamp } = counted;
    const env: Env = { ...counted.env, DB: patientD1(counted.env.DB) };
    const url = new URL(request.url);
    const isApi = url.pathname === "/api" || url.pathname.startsWith("/api/");
    // Only page URLs have legacy forms; redirecting an API call would turn a POST into a GET.
    const legacy = isApi || isGitPath(url.pathname) ? undefined : rewriteLegacyPath(url.pathname);
    // `legacy` is a path of this site (rewriteLegacyPath → sitePath); resolving it against our
    // own origin, never the request URL's authority, keeps `//evil.example/planning` at home.
    if (legacy) return withHeaders(Response.redirect(new URL(legacy + url.search, url.origin).toString(), 301), apiHeaders(env));
    if (isSocketPath(url.pathname)) return routeSocket(request, env);
    // git's smart HTTP: its own authentication (Basic with a token), never a page.
    if (isGitPath(url.pathname)) return withHeaders(await routeGit(request, env), apiHeaders(env));
    if (isApi) {
      return stamp(withHeaders(await api.fetch(request, env, ctx), apiHeaders(env)));
    }
    if (isSiteFile(url.pathname)) return stamp(withHeaders(await site.fetch(request, env, ctx), apiHeaders(env)));
    // A guest's public page may come from the edge cache (workers/site/page-cache.ts); Vite's
    // dev server changes the code under the same build name, so it renders every time.
    if (import.meta.env.DEV) return stamp(await renderPage(request, env, ctx, url));
    return stamp(await throughPageCache(request, env, ctx, await buildVersion(), () => renderPage(request, env, ctx, url)));
  },
  /** The cron trigger (wrangler.toml `[triggers]`): licence renewals and expiries, Jira re-syncs, the task and participant trashes' purges. */
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runBillingSchedule(env, getDb(env.DB)).then((report) => console.log("billing schedule", JSON.stringify(report))));
    ctx.waitUntil(runJiraSchedule(env, getDb(env.DB)).then((report) => console.log("jira re-sync", JSON.stringify(report))));
    ctx.waitUntil(purgeDeletedTasks(env, getDb(env.DB)).then((purged) => console.log("task trash purged", purged)));
    ctx.waitUntil(purgeRemovedParticipants(getDb(env.DB)).then((purged) => console.log("participant trash purged", purged)));
  },
} satisfies ExportedHandler<Env>;
