/** Authenticates socket upgrades before they reach a Durable Object. */
import { getServerByName } from "partyserver";
import { VERIFIED_USER_HEADER } from "../durable-objects/user-hub/user-hub";
import { readCookie } from "../domain/i18n/languages";
import { getDb } from "./db/client";
import type { Env } from "./env";
import { SESSION_COOKIE, userForToken } from "./services/sessions";

const USER_HUB_PATH = /^\/ws\/user\/([0-9a-f-]{36})\/?$/;

export function isSocketPath(pathname: string): boolean {
  return pathname.startsWith("/ws/");
}

/**
 * `/ws/user/{userGuid}`: the session cookie must belong to that very user and the page must be
 * ours (Origin); anything else is refused before a Durable Object is woken.
 */
export async function routeSocket(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const match = url.pathname.match(USER_HUB_PATH);
  if (!match) return new Response("Not found", { status: 404 });
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return new Response("Expected a WebSocket upgrade", { status: 426 });
  }
  const origin = request.headers.get("Origin");
  if (origin && origin !== url.origin) return new Response("Forbidden origin", { status: 403 });
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  const session = token ? await userForToken(getDb(env.DB), token) : undefined;
  if (!session) return new Response("Unauthorized", { status: 401 });
  if (session.user.id !== match[1]) return new Response("Forbidden", { status: 403 });
  const headers = new Headers(request.headers);
  headers.set(VERIFIED_USER_HEADER, session.user.id);
  const stub = await getServerByName(env.UserHub, session.user.id);
  return stub.fetch(new Request(request, { headers }));
}
