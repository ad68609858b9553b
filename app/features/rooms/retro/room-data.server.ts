/**
 * The retro room's page data, read on the server with the services behind `GET
 * /api/v1/rooms/{id}`: the room, and the viewer's seat in it. Reading enrols nobody: a project
 * participant who has not joined yet gets `you: null`, and the page joins with `POST
 * /api/v1/rooms/{id}/join {}` before it opens the room's socket.
 */
import { redirect } from "react-router";
import { readCookie } from "../../../../domain/i18n/languages";
import { getDb } from "../../../../workers/db/client";
import type { Env } from "../../../../workers/env";
import { canSeeRoom, findRoom, guestsAllowed, roomWire, userSeat } from "../../../../workers/services/rooms";
import { SESSION_COOKIE, userForToken } from "../../../../workers/services/sessions";
import type { RetroRoomInfo } from "./types";

export type RetroRoomData = { state: "ok"; room: RetroRoomInfo } | { state: "not_found" } | { state: "no_access" };

export async function loadRetroRoom(request: Request, env: Env, projectGuid: string, roomUid: string): Promise<RetroRoomData> {
  const db = getDb(env.DB);
  const room = await findRoom(db, roomUid);
  if (!room || room.projectId !== projectGuid) return { state: "not_found" };
  // A poker room's link opened under /room/retro/: show it where it belongs.
  if (room.kind !== "retro") throw redirect(roomWire(room).url);
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  const session = token ? await userForToken(db, token, env) : undefined;
  if (!session) throw redirect(`/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
  const [seat, guests] = await Promise.all([userSeat(db, room, session.user), guestsAllowed(db, room)]);
  if (!seat) return (await canSeeRoom(db, room, session.user)) ? { state: "ok", room: { ...roomWire(room), guests, you: null } } : { state: "no_access" };
  return {
    state: "ok",
    room: { ...roomWire(room), guests, you: { member: seat.member, name: seat.name, role: seat.role, verified: seat.verified, guest: false, read_only: seat.readOnly } },
  };
}
