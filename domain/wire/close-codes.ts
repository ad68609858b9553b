/**
 * Close codes every live socket shares (user hub, project room, poker/retro room, document
 * room), named once for servers and browsers. Each object's `protocol.ts` spreads these into
 * its own table, next to the codes only it uses.
 */
export const SOCKET_CLOSE = {
  /**
   * What this socket may do changed — the session ended, the password changed, the user's
   * access to the project changed: reconnect, and the Worker decides anew. A socket whose
   * session is gone is then refused; one whose session lives on comes back with its new rights.
   */
  RECHECK: 4009,
  /** A frame longer than the object's cap (`SOCKET_RULES[…].maxFrameBytes`). */
  TOO_LARGE: 4013,
  /** More frames or bytes than the object's allowance (`SOCKET_RULES`): slow down, then reconnect. */
  RATE_LIMITED: 4029,
} as const;
