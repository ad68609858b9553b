/** Authenticates socket upgrades before they reach a Durable Object. */
import { getServerByName } from "partyserver";
import { DOC_ROOM_PATH, routeDocSocket } from "./doc-socket";
import { MEETING_HEADERS, ROOM_HEADER, VERIFIED_PROJECT_HEADER, VERIFIED_USER_HEADER } from "../domain/wire/headers";
import { readCookie } from "../domain/i18n/languages";
import { getDb } from "./db/client";
import type { Env } from "./env";
import { projectAccess } from "./services/access";
import { meetingStub, readableMeeting } from "./services/meetings";
import { findRoom, roomStub, seatFor } from "./services/rooms";
import { SESSION_COOKIE, userForToken } from "./services/sessions";
import { trackSocket } from "./services/user-sockets";
import { forwardedUpgrade, refuseStaleClient, uncompressed } from "./socket-forward";

const USER_HUB_PATH = /^\/ws\/user\/([0-9a-f-]{36})\/?$/;
const PROJECT_ROOM_PATH = /^\/ws\/project\/([0-9a-f-]{36})\/?$/;
const ROOM_PATH = /^\/ws\/room\/([0-9a-f-]{36})\/?$/;
const MEETING_PATH = /^\/ws\/meeting\/([0-9a-f-]{36})\/?$/;

export function isSocketPath(pathname: string): boolean {
  return pathname.startsWith("/ws/");
}

/**
 * `/ws/user/{userGuid}`: the session cookie must belong to that very user.
 * `/ws/project/{projectGuid}`: the session's user must be able to read that project.
 * Every socket needs a WebSocket upgrade from one of our own pages (Origin) speaking this
 * Worker's protocol version (`v`); anything else is refused before a Durable Object is woken.
 * An object receives only what `forwardedUpgrade` passes on: the verified headers set here and
 * a connection id chosen here. A failure answers a bare 503,
 * never an error's text.
 */
export async function routeSocket(request: Request, env: Env): Promise<Response> {
  try {
    return uncompressed(await route(request, env));
  } catch (err) {
    console.error("socket routing failed", err);
    return new Response("Service unavailable", { status: 503 });
  }
}

async function route(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const userHub = url.pathname.match(USER_HUB_PATH);
  const projectRoom = url.pathname.match(PROJECT_ROOM_PATH);
  const room = url.pathname.match(ROOM_PATH);
  const docRoom = url.pathname.match(DOC_ROOM_PATH);
  const meeting = url.pathname.match(MEETING_PATH);
  if (!userHub && !projectRoom && !room && !docRoom && !meeting) return new Response("Not found", { status: 404 });
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return new Response("Expected a WebSocket upgrade", { status: 426 });
  }
  const origin = request.headers.get("Origin");
  if (origin && origin !== url.origin) return new Response("Forbidden origin", { status: 403 });
  const stale = refuseStaleClient(request);
  if (stale) return stale;
  // Documents also open by share link, without a session: see doc-socket.ts.
  if (docRoom) return routeDocSocket(request, env, docRoom[1]!);
  const db = getDb(env.DB);
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  const session = token ? await userForToken(db, token, env) : undefined;
  if (room) return routeRoomSocket(request, env, db, room[1]!, session?.user);
  if (!session) return new Response("Unauthorized", { status: 401 });
  const userId = session.user.id;

  // A meeting: anyone who reads its project (who has joined: the object checks that).
  if (meeting) {
    const row = await readableMeeting(db, userId, meeting[1]!);
    if (!row) return new Response("Not found", { status: 404 });
    await trackSocket(env, userId, { kind: "meeting", name: row.id, project: row.projectId });
    const stub = await meetingStub(env, row.id);
    return stub.fetch(forwardedUpgrade(request, { [VERIFIED_USER_HEADER]: userId, [MEETING_HEADERS.room]: row.id, [MEETING_HEADERS.project]: row.projectId }));
  }

  if (userHub) {
    if (userId !== userHub[1]) return new Response("Forbidden", { status: 403 });
    const stub = await getServerByName(env.UserHub, userId);
    return stub.fetch(forwardedUpgrade(request, { [VERIFIED_USER_HEADER]: userId }));
  }
  const projectId = projectRoom![1]!;
  const access = await projectAccess(db, userId, projectId, "read");
  if (!access.ok) return new Response("Forbidden", { status: 403 });
  await trackSocket(env, userId, { kind: "project", name: projectId, project: projectId });
  const stub = await getServerByName(env.ProjectRoom, projectId);
  return stub.fetch(forwardedUpgrade(request, { [VERIFIED_USER_HEADER]: userId, [VERIFIED_PROJECT_HEADER]: projectId }));
}

/**
 * `/ws/room/{roomGuid}`: a project participant who joined (`POST /rooms/{id}/join`) or a guest
 * with the room's ticket; opening the socket is not joining. A guest still waiting for the
 * owner reaches the object, which tells them so and closes.
 */
async function routeRoomSocket(request: Request, env: Env, db: ReturnType<typeof getDb>, roomId: string, user: Parameters<typeof seatFor>[2]): Promise<Response> {
  const row = await findRoom(db, roomId);
  if (!row) return new Response("Not found", { status: 404 });
  const seat = await seatFor(db, row, user, request.headers.get("Cookie"));
  if (!seat) return new Response(user ? "Forbidden" : "Unauthorized", { status: user ? 403 : 401 });
  // A participant's seat is recorded with their hub, so losing access or the session reaches it.
  if (!seat.guest) await trackSocket(env, seat.member, { kind: "room", name: row.id, project: row.projectId });
  const stub = await roomStub(env, row.id);
  return stub.fetch(
    forwardedUpgrade(request, {
      [ROOM_HEADER.room]: row.id,
      [ROOM_HEADER.member]: seat.member,
      [ROOM_HEADER.name]: encodeURIComponent(seat.name),
      [ROOM_HEADER.role]: seat.role,
      [ROOM_HEADER.readOnly]: seat.readOnly ? "1" : "0",
      [ROOM_HEADER.admitted]: seat.verified ? "1" : "0",
    }),
  );
}
