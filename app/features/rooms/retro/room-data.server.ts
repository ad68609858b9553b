/**
 * The retro room's page data, read on the server with the services behind `GET
 * /api/v1/rooms/{id}` and `POST /api/v1/rooms/{id}/join {}`: the room, and the viewer's seat in it
 * (a project participant is enrolled on first visit, as the join call does).
 */
import { redirect } from "react-router";
import { readCookie } from "../../../../domain/i18n/languages";
import { getDb } from "../../../../workers/db/client";
import type { Env } from "../../../../workers/env";
import { findRoom, roomWire, userSeat } from "../../../../workers/services/rooms";
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
  const seat = await userSeat(env, db, room, session.user);
  if (!seat) return { state: "no_access" };
  return {
    state: "ok",
    room: { ...roomWire(room), you: { member: seat.member, name: seat.name, role: seat.role, verified: seat.verified, guest: false, read_only: seat.readOnly } },
  };
}
