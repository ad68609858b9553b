/** Authenticates socket upgrades before they reach a Durable Object. */
import { getServerByName } from "partyserver";
import { DOC_ROOM_PATH, routeDocSocket } from "./doc-socket";
import { VERIFIED_PROJECT_HEADER } from "../durable-objects/project-room/project-room";
import { VERIFIED_USER_HEADER } from "../durable-objects/user-hub/user-hub";
import { readCookie } from "../domain/i18n/languages";
import { getDb } from "./db/client";
import type { Env } from "./env";
import { projectAccess } from "./services/access";
import { SESSION_COOKIE, userForToken } from "./services/sessions";

const USER_HUB_PATH = /^\/ws\/user\/([0-9a-f-]{36})\/?$/;
const PROJECT_ROOM_PATH = /^\/ws\/project\/([0-9a-f-]{36})\/?$/;

export function isSocketPath(pathname: string): boolean {
  return pathname.startsWith("/ws/");
}

/**
 * `/ws/user/{userGuid}`: the session cookie must belong to that very user.
 * `/ws/project/{projectGuid}`: the session's user must be able to read that project.
 * Both need a WebSocket upgrade from one of our own pages (Origin); anything else is refused
 * before a Durable Object is woken.
 */
export async function routeSocket(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const userHub = url.pathname.match(USER_HUB_PATH);
  const projectRoom = url.pathname.match(PROJECT_ROOM_PATH);
  const docRoom = url.pathname.match(DOC_ROOM_PATH);
  if (!userHub && !projectRoom && !docRoom) return new Response("Not found", { status: 404 });
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return new Response("Expected a WebSocket upgrade", { status: 426 });
  }
  const origin = request.headers.get("Origin");
  if (origin && origin !== url.origin) return new Response("Forbidden origin", { status: 403 });
  // Documents also open by share link, without a session: see doc-socket.ts.
  if (docRoom) return routeDocSocket(request, env, docRoom[1]!);
  const db = getDb(env.DB);
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  const session = token ? await userForToken(db, token) : undefined;
  if (!session) return new Response("Unauthorized", { status: 401 });
  const userId = session.user.id;

  // The verified headers are set here, replacing any copy the client sent: the objects trust them.
  const headers = new Headers(request.headers);
  headers.set(VERIFIED_USER_HEADER, userId);
  if (userHub) {
    if (userId !== userHub[1]) return new Response("Forbidden", { status: 403 });
    const stub = await getServerByName(env.UserHub, userId);
    return stub.fetch(new Request(request, { headers }));
  }
  const projectId = projectRoom![1]!;
  const access = await projectAccess(db, userId, projectId, "read");
  if (!access.ok) return new Response("Forbidden", { status: 403 });
  headers.set(VERIFIED_PROJECT_HEADER, projectId);
  const stub = await getServerByName(env.ProjectRoom, projectId);
  return stub.fetch(new Request(request, { headers }));
}
