/**
 * Headers through which the Worker tells a Durable Object what it verified about a socket
 * upgrade or a call. The Worker sets them only after its checks, on a request rebuilt from
 * scratch (`workers/socket-forward.ts`), so no client copy of them ever reaches an object; an
 * object trusts them and nothing else the request says.
 */

/** The user whose session opened the socket (every socket kind with a session). */
export const VERIFIED_USER_HEADER = "x-verified-user";

/** The project the Worker checked the user's read access against (project room). */
export const VERIFIED_PROJECT_HEADER = "x-verified-project";

/** Who a poker/retro room socket is, after the session or the guest ticket was checked. */
export const ROOM_HEADER = {
  room: "x-verified-room",
  member: "x-room-member",
  name: "x-room-name",
  role: "x-room-role",
  readOnly: "x-room-read-only",
  admitted: "x-room-admitted",
} as const;

/** What the Worker verified about a document socket. */
export const DOC_HEADERS = {
  /** The document guid the checks were made for; must equal the object's name. */
  doc: "x-verified-doc",
  /** `write` (may edit), `read` (participant without write access) or `share` (read-only link). */
  access: "x-verified-doc-access",
  project: "x-verified-doc-project",
  kind: "x-verified-doc-kind",
  /** The share id a `share` socket presented (so turning sharing off can close exactly those). */
  share: "x-verified-doc-share",
} as const;

/** What the Worker verified about a meeting socket: the room (must equal the object's name) and its project. */
export const MEETING_HEADERS = {
  room: "x-verified-meeting",
  project: "x-verified-meeting-project",
} as const;
