/**
 * The Worker: /api → Hono, live rooms → Durable Objects (added with their features),
 * everything else → React Router with server rendering.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { rewriteLegacyPath } from "../domain/shell";
import { api } from "./api";
import { cloudflareContext } from "./context";
import type { Env } from "./env";
import { isSocketPath, routeSocket } from "./sockets";

export { ProjectRoom } from "../durable-objects/project-room/project-room";
export { UserHub } from "../durable-objects/user-hub/user-hub";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

/** Security headers for every page and API answer. */
function withSecurityHeaders(response: Response): Response {
  // Responses from fetch() or assets can be immutable; copy before editing headers.
  const res = new Response(response.body, response);
  res.headers.set("X-Content-Type-Options", "nosniff");
  res.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  res.headers.set("X-Frame-Options", "DENY");
  return res;
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const isApi = url.pathname === "/api" || url.pathname.startsWith("/api/");
    // Only page URLs have legacy forms; redirecting an API call would turn a POST into a GET.
    const legacy = isApi ? undefined : rewriteLegacyPath(url.pathname);
    if (legacy) return Response.redirect(new URL(legacy + url.search, url).toString(), 301);
    if (isSocketPath(url.pathname)) return routeSocket(request, env);
    if (isApi) {
      return withSecurityHeaders(await api.fetch(request, env, ctx));
    }
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    return withSecurityHeaders(await requestHandler(request, context));
  },
} satisfies ExportedHandler<Env>;
