/** What the retro room's widgets share: the room as REST gives it, the live view and one way to act. */
import type { RetroClientMessage, RetroView } from "../../../../domain/rooms/retro";
import type { RoomYou } from "../../../../domain/wire/live/room";
import type { RoomWire } from "../../../../workers/services/rooms";

/** The room as `GET /api/v1/rooms/{id}` answers an admitted member (the fields this page reads). */
export type RetroRoomInfo = Pick<RoomWire, "guid" | "project" | "kind" | "title" | "method" | "owner" | "archived"> & {
  /** The owner opened the room to guests. */
  guests?: boolean;
  /** Who the viewer is in the room; null when not (yet) a member. */
  you?: { member: string; name: string; role: "voter" | "spectator"; verified: boolean; guest?: boolean; read_only?: boolean } | null;
};

/** Sends a message and, when the room refuses it, tells the person why; resolves whether it was stored. */
export type Act = (message: RetroClientMessage) => Promise<boolean>;

export interface RetroParts {
  room: RetroRoomInfo;
  view: RetroView;
  you: RoomYou | null;
  /** Spectators and read-only guests see the board but cannot change it. */
  readOnly: boolean;
  act: Act;
  /** A participant's name by id (the view's participant list). */
  nameOf: (id: string) => string;
}
