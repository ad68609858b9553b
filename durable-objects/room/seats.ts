/**
 * Who is behind each socket of a room, and how the room follows a member's access: the seat
 * comes from the headers the Worker set after its checks (`ROOM_HEADER`), lives on the connection
 * (so it survives hibernation), and is tagged with the member so all their sockets are found
 * at once.
 */
import type { Connection } from "partyserver";
import type { PokerRole } from "../../domain/rooms/poker";
import { CLOSE } from "../../domain/wire/close-codes";
import { ROOM_HEADER } from "../../domain/wire/headers";
import type { RoomYou } from "../../domain/wire/live/room";

/** Who is behind a socket; kept on the connection so it survives hibernation. */
export interface Seat extends RoomYou {
  role: PokerRole;
}

/** The tag of every socket of one member. */
export const memberTag = (member: string) => `member:${member}`;

/** The seat the Worker admitted to room `room`, or null when the headers do not name one. */
export function seatOf(headers: Headers, room: string): Seat | null {
  const member = headers.get(ROOM_HEADER.member);
  if (headers.get(ROOM_HEADER.room) !== room || !member) return null;
  const readOnly = headers.get(ROOM_HEADER.readOnly) === "1";
  return { member, name: decodeURIComponent(headers.get(ROOM_HEADER.name) ?? ""), readOnly, role: readOnly || headers.get(ROOM_HEADER.role) === "spectator" ? "spectator" : "voter" };
}

/**
 * Closes a member's sockets: with `FORBIDDEN` once they were removed from the room or the
 * project, with `RECHECK` when their session may have ended (they reconnect if it did not).
 */
export function closeSeats(sockets: Iterable<Connection>, code: number): number {
  let closed = 0;
  for (const connection of sockets) {
    connection.close(code, code === CLOSE.FORBIDDEN ? "access lost" : "recheck");
    closed += 1;
  }
  return closed;
}

/**
 * Gives a member's open sockets their new right (a reader watches, a writer votes) and sends each
 * the state again (`resend`), so no frame after this is judged by the old right. Answers how many
 * sockets changed.
 */
export function reseatAll(sockets: Iterable<Connection<Seat>>, readOnly: boolean, resend: (connection: Connection<Seat>, seat: Seat) => void): number {
  let changed = 0;
  for (const connection of sockets) {
    const seat = connection.state;
    if (!seat || seat.readOnly === readOnly) continue;
    const next = connection.setState((prev) => ({ ...prev!, readOnly, role: readOnly ? "spectator" : "voter" }))!;
    resend(connection, next);
    changed += 1;
  }
  return changed;
}
