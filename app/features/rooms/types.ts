/**
 * What the room pages exchange with the API and with each room screen (issue 5 contract).
 * A room screen (`app/features/rooms/<kind>/room.tsx`) is a default export taking
 * `RoomScreenProps`; the join page and the project room routes render it.
 */
import type { RoomWire } from "../../../workers/services/rooms";

/** A room as `GET /project/{id}/rooms` lists it (the API's own wire type). */
export type RoomSummary = RoomWire;

/** `GET /rooms_part`: a room I take part in, with its project's name. */
export type RoomPart = RoomSummary & { project_name: string };

/** Who I am in a room (`GET /rooms/{id}`), null before I joined. */
export interface RoomMembership {
  member: string;
  name: string;
  role: "voter" | "spectator";
  verified: boolean;
  /** Joined by link without an account. */
  guest: boolean;
  /** Sees the room but cannot change it (a spectator guest, a read-only participant). */
  read_only?: boolean;
}

/**
 * `GET /rooms/{id}` for an admitted member or a project participant who may join (others get
 * only guid, kind, title and flags). `guests`: the owner opened the room to guests.
 */
export type RoomDetails = RoomSummary & { custom_fields?: unknown[]; guests?: boolean; you: RoomMembership | null };

/** What `useRoom(roomGuid)` returns: the live room as this person may see it. */
export type { RoomLive, RoomStatus, SendResult as RoomSendResult } from "./use-room";
import type { RoomLive } from "./use-room";

/** The props of every room screen. */
export interface RoomScreenProps {
  room: RoomDetails;
  live: RoomLive;
}

/** A deck as `GET /project/{id}/valmethod` lists it. */
export interface DeckView {
  guid: string;
  name: string;
  builtin: boolean;
  cards: { label: string; value: number | null }[];
}

/** The project page of a room. */
export const roomPath = (projectGuid: string, room: Pick<RoomSummary, "kind" | "guid">) => `/project/${projectGuid}/room/${room.kind}/${room.guid}`;

/** The link a guest opens to join (absolute, to be copied). */
export const joinUrl = (origin: string, roomGuid: string) => `${origin}/join/${roomGuid}`;
