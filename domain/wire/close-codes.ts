/**
 * The one close-code table of every live socket (user hub, project room, poker/retro room,
 * document room), named once for servers and browsers. A code means the same thing on every
 * socket; the numbers echo the HTTP status of the same meaning (4001 ≈ 401, 4029 ≈ 429…), and
 * the codes browsers already acted on kept their numbers (only the room's "waiting", once a
 * second meaning of 4004, moved to 4025).
 */
export const CLOSE = {
  /** No session (no share link, no guest ticket), or the socket did not come through the Worker's checks: do not reconnect. */
  UNAUTHORIZED: 4001,
  /**
   * Signed in, but not allowed here — never was, or lost the access (removed from the project
   * or the room, no read access): do not reconnect.
   */
  FORBIDDEN: 4003,
  /** What the socket is for does not exist (any more): a deleted document or account, a share link turned off or replaced. Do not reconnect. */
  NOT_FOUND: 4004,
  /**
   * What this socket may do changed — the session ended, the password changed, the user's
   * access changed: reconnect, and the Worker decides anew. A socket whose session is gone is
   * then refused; one whose session lives on comes back with its new rights.
   */
  RECHECK: 4009,
  /** A frame longer than the object's cap (`SOCKET_RULES[…].maxFrameBytes`). */
  TOO_LARGE: 4013,
  /** A guest waiting for the room's owner to admit them: try again in a few seconds. */
  WAITING: 4025,
  /**
   * The page speaks an older protocol than the server (`PROTOCOL_VERSION`, sent as the
   * socket's `v` parameter): do not reconnect; the page offers a reload.
   */
  STALE_VERSION: 4026,
  /** More frames or bytes than the object's allowance (`SOCKET_RULES`): slow down, then reconnect. */
  RATE_LIMITED: 4029,
  /** A video meeting already holds as many peers as its mesh carries (`MAX_MESH_PEERS`): try again later. */
  MEETING_FULL: 4030,
} as const;

export type CloseCode = (typeof CLOSE)[keyof typeof CLOSE];

/** After these a client stops reconnecting: only a reload (a new session, link or page) can help. */
export const FINAL_CLOSE_CODES: readonly number[] = [CLOSE.UNAUTHORIZED, CLOSE.FORBIDDEN, CLOSE.NOT_FOUND, CLOSE.STALE_VERSION];
