/** Page data of rooms and of the start page: the rooms a viewer sees and a room's own page. */
import { readCookie } from "../../../domain/i18n/languages";
import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { projectAccess } from "../access";
import { listProjects } from "../projects";
import type { RoomView } from "../../../domain/rooms/views";
import type { RoomKind } from "../../../domain/wire/live/room";
import { canSeeRoom, findRoom, guestsAllowed, projectDecks, projectRooms, type RoomWire, roomStub, roomsOfUser, roomWire, userSeat } from "../rooms";
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

/** A room's page in its project, as its loader renders it (`roomPage`). */
export type RoomPage =
  | {
      state: "ok";
      room: RoomWire & { guests: boolean; you: { member: string; name: string; role: "voter" | "spectator"; verified: boolean; guest: boolean; read_only: boolean } | null };
      /** The room as its member sees it now (the socket's first state replaces it); null before joining or when not asked for. */
      live: { kind: RoomKind; view: RoomView; you: { member: string; name: string; readOnly: boolean } } | null;
    }
  | { state: "redirect"; to: string }
  | { state: "not_found" }
  | { state: "no_access" }
  | { state: "sign_in" };

/**
 * A room's page inside a project (`/project/{guid}/room/{kind}/{roomUid}`), for both kinds: the
 * room as `GET /rooms/{id}` shows it to one of its project's people, with the viewer's seat, so
 * the room is in the server's HTML (issue 17). Reading enrols nobody: a project participant who
 * has not joined yet gets `you: null`, and the page joins before it opens the room's socket. A
 * link naming another kind or project, once the viewer may see the room, is sent to the room's
 * own page; a reader without a session signs in first. `live` (the poker page's first view)
 * costs a call to the room object, so only a page that shows it asks for it.
 */
export async function roomPage(env: Env, cookieHeader: string | null, projectId: string, roomId: string, kind: RoomKind, withLive = false): Promise<RoomPage> {
  const db = getDb(env.DB);
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  const [room, session] = await Promise.all([findRoom(db, roomId), token ? userForToken(db, token, env) : undefined]);
  if (!room) return { state: "not_found" };
  if (!session) return { state: "sign_in" };
  const [seat, guests] = await Promise.all([userSeat(db, room, session.user), guestsAllowed(db, room)]);
  if (!seat && !(await canSeeRoom(db, room, session.user))) return { state: "no_access" };
  if (room.kind !== kind || room.projectId !== projectId) return { state: "redirect", to: roomWire(room).url };
  const you = seat ? { member: seat.member, name: seat.name, role: seat.role, verified: seat.verified, guest: false, read_only: seat.readOnly } : null;
  const snapshot = seat && withLive ? await (await roomStub(env, room.id)).viewOf(seat.member) : null;
  const live = snapshot && seat ? { kind: snapshot.kind, view: snapshot.view, you: { member: seat.member, name: seat.name, readOnly: seat.readOnly } } : null;
  return { state: "ok", room: { ...roomWire(room), guests, you }, live };
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
