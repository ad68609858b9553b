/** Page data of rooms and of the start page: the rooms a viewer sees and a room's own page. */
import { readCookie } from "../../../domain/i18n/languages";
import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { projectAccess } from "../access";
import { listProjects } from "../projects";
import { canSeeRoom, findRoom, guestsAllowed, projectDecks, projectRooms, roomsOfUser, roomWire, userSeat } from "../rooms";
import { SESSION_COOKIE, userForToken } from "../sessions";
import { viewerOf } from "./viewer";

/** The start page: the viewer's projects and the open rooms of them (an archived room is history). */
export async function homePage(env: Env, viewerId: string) {
  const db = getDb(env.DB);
  const [projects, rooms] = await Promise.all([listProjects(db, viewerId), roomsOfUser(db, viewerId)]);
  const openRooms = rooms.filter((r) => !r.room.archived).map((r) => ({ ...roomWire(r.room), project_name: r.projectName }));
  return { projects, rooms: openRooms };
}

/** `/project/{guid}/rooms`: the project's poker and retro rooms and its decks; null without read access. */
export async function projectRoomsPage(env: Env, viewerId: string, projectId: string) {
  const db = getDb(env.DB);
  if (!(await projectAccess(db, viewerId, projectId, "read")).ok) return null;
  const [rooms, decks] = await Promise.all([projectRooms(db, projectId), projectDecks(db, projectId)]);
  return { rooms: rooms.map(roomWire), decks };
}

/**
 * The retro room's page: the room, and the viewer's seat in it. Reading enrols nobody: a project
 * participant who has not joined yet gets `you: null`. A poker room's link opened as a retro,
 * or a reader without a session, is told where to go instead (`redirect`).
 */
export async function retroRoomPage(env: Env, cookieHeader: string | null, projectId: string, roomId: string) {
  const db = getDb(env.DB);
  const room = await findRoom(db, roomId);
  if (!room || room.projectId !== projectId) return { state: "not_found" as const };
  if (room.kind !== "retro") return { state: "redirect" as const, to: roomWire(room).url };
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  const viewer = token ? (await userForToken(db, token, env))?.user : undefined;
  if (!viewer) return { state: "sign_in" as const };
  const [seat, guests] = await Promise.all([userSeat(db, room, viewer), guestsAllowed(db, room)]);
  if (!seat) return (await canSeeRoom(db, room, viewer)) ? { state: "ok" as const, room: { ...roomWire(room), guests, you: null } } : { state: "no_access" as const };
  return {
    state: "ok" as const,
    room: { ...roomWire(room), guests, you: { member: seat.member, name: seat.name, role: seat.role, verified: seat.verified, guest: false, read_only: seat.readOnly } },
  };
}

/**
 * The guest entry of a room (`/join/{roomUid}`): the room as a guest may see it, or null when
 * there is none. The project's own people open the room inside their project (`inProject`).
 */
export async function joinPage(env: Env, request: Request, roomId: string) {
  const db = getDb(env.DB);
  const [room, viewer] = await Promise.all([findRoom(db, roomId), viewerOf(request, env)]);
  if (!room) return { room: null, inProject: null };
  if (viewer && (await projectAccess(db, viewer.guid, room.projectId, "read")).ok) return { room: null, inProject: { project: room.projectId, guid: room.id, kind: room.kind } };
  return { room: { guid: room.id, title: room.title, kind: room.kind, archived: room.archived, guests: await guestsAllowed(db, room) }, inProject: null };
}
