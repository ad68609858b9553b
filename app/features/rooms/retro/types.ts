/** What the retro room's widgets share: the room as REST gives it, the live view and one way to act. */
import type { RetroClientMessage, RetroView } from "../../../../domain/rooms/retro";
import type { RoomYou } from "../../../../durable-objects/room/protocol";

/** The room as `GET /api/v1/rooms/{id}` answers it (the fields this page reads). */
export interface RetroRoomInfo {
  guid: string;
  project: string;
  kind: "poker" | "retro";
  title: string;
  method: string;
  owner: string;
  archived: boolean;
  /** The viewer's membership; absent in lists, null when not (yet) a member. */
  you?: { member: string; name: string; role: string; verified: boolean } | null;
}

/** What sending one message came to: stored, or refused with a rule's code. */
export type SendResult = { ok: true } | { ok: false; code: string };

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
