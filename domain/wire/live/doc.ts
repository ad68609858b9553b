/**
 * The document room's wire protocol (`/ws/doc/{docGuid}`). Binary frames are the Yjs sync and
 * awareness protocol that y-partyserver speaks; the few facts the Yjs protocol has no word for
 * travel as y-partyserver's custom string frames (`__YPS:` + JSON), parsed on both sides with
 * the schemas below. Close codes: `CLOSE` in `../close-codes.ts` (UNAUTHORIZED: sign in first;
 * FORBIDDEN: no read access; NOT_FOUND: deleted, or the link is off; RECHECK: the access
 * changed, reconnect). The Worker's verified facts travel in `DOC_HEADERS` (`../headers.ts`).
 */
import { z } from "zod";

export const docAccess = z.enum(["write", "read", "share"]);
export type DocAccess = z.infer<typeof docAccess>;

export const serverMessage = z.discriminatedUnion("type", [
  /** Sent once on connect: what this socket may do (`v`: the server's `PROTOCOL_VERSION`). `readOnly` sockets' document updates are dropped. */
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
