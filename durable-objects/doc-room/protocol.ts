/**
 * The document room's wire protocol (`/ws/doc/{docGuid}`). Binary frames are the Yjs sync and
 * awareness protocol that y-partyserver speaks; the few facts the Yjs protocol has no word for
 * travel as y-partyserver's custom string frames (`__YPS:` + JSON), parsed on both sides with
 * the schemas below.
 */
import { z } from "zod";
import { SOCKET_CLOSE } from "../../domain/wire/close-codes";

export const PROTOCOL_VERSION = 1;

/** Close codes, named once for both sides. */
export const CLOSE = {
  ...SOCKET_CLOSE,
  /** No session (and no share link): sign in first. */
  UNAUTHORIZED: 4001,
  /** Signed in, but not a participant who may read this document's project. */
  FORBIDDEN: 4003,
  /** The document does not exist (any more), or the share link was turned off or replaced. */
  NOT_FOUND: 4004,
  /** The user's access changed (e.g. lost write access): reconnect, the Worker decides anew. */
  ACCESS_CHANGED: SOCKET_CLOSE.RECHECK,
} as const;
/** After these the client stops reconnecting: only a reload (a new session or link) can help. */
export const FINAL_CLOSE_CODES: readonly number[] = [CLOSE.UNAUTHORIZED, CLOSE.FORBIDDEN, CLOSE.NOT_FOUND];

/** What the Worker verified about a socket, in the headers it overwrites (the object trusts them). */
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

export const docAccess = z.enum(["write", "read", "share"]);
export type DocAccess = z.infer<typeof docAccess>;

export const serverMessage = z.discriminatedUnion("type", [
  /** Sent once on connect: what this socket may do. `readOnly` sockets' document updates are dropped. */
  z.object({ type: z.literal("hello"), v: z.number().int(), readOnly: z.boolean(), access: docAccess }),
  /**
   * The room has stored a sender's edits: `clocks` are `[clientID, clock]` of the clients whose
   * edits that write held, as the room has them. A client whose own clock is covered has every
   * edit of its own saved. Sent only after the write is confirmed.
   */
  z.object({ type: z.literal("saved"), clocks: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])).max(10_000) }),
  /** A restore replaced the content (`by` is the user guid): clients may tell the reader. */
  z.object({ type: z.literal("restored"), version: z.string(), by: z.string().nullable() }),
  /** A refusal that does not close the socket (e.g. an edit from a read-only socket). */
  z.object({ type: z.literal("error"), code: z.enum(["read_only", "unsupported"]) }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

/** Parses a custom frame's JSON; anything else is `null`, never thrown. */
export function parseServerMessage(raw: string): ServerMessage | null {
  try {
    const parsed = serverMessage.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
