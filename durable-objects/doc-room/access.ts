/**
 * Who a doc room's socket is and what it may do: the facts the Worker verified (read from its
 * headers on connect, kept in the connection's state), the periodic check of those facts
 * against D1, and which frames a socket may speak for. The room (`doc-room.ts`) decides when
 * to ask; this file only answers.
 */
import type { Connection, ConnectionContext } from "partyserver";
import { DOC_KINDS, type DocKind } from "../../domain/docs/layout";
import { classifyFrame } from "../../domain/docs/sync-frames";
import { CLOSE } from "../../domain/wire/close-codes";
import { DOC_HEADERS, VERIFIED_USER_HEADER } from "../../domain/wire/headers";
import { type DocAccess, docAccess } from "../../domain/wire/live/doc";
import type { DocumentAudience } from "../host";

/**
 * An edit is applied only if the sockets' access was checked against D1 less than this long
 * ago; otherwise it waits for a new check (one read of the document and one of the project's
 * participants). Removal and demotion also reach the room at once (`accessChanged`, pushed by
 * the Worker before its answer): this check is the backstop should that push be lost.
 */
export const ACCESS_RECHECK_MS = 30_000;

/** What the Worker verified about a socket, kept with it (survives hibernation). */
export interface SocketFacts {
  access: DocAccess;
  user: string | null;
  share: string | null;
  /** Set once the socket was told its edits are dropped, so it is told only once. */
  warned?: boolean;
}

export const userTag = (user: string) => `user:${user}`;
export const SHARE_TAG = "share";

/** Where y-partyserver keeps the awareness client ids a connection spoke for (its connection state). */
const AWARENESS_IDS = "__ypsAwarenessIds";

const awarenessIdsOf = (connection: Connection): number[] => {
  const ids = (connection.state as Record<string, unknown> | null)?.[AWARENESS_IDS];
  return Array.isArray(ids) ? (ids as number[]) : [];
};

export function factsOf(connection: Connection): SocketFacts | null {
  const state = connection.state as Partial<SocketFacts> | null;
  return state && docAccess.safeParse(state.access).success ? (state as SocketFacts) : null;
}

/**
 * The headers are set by the Worker after its checks, replacing any copy the client sent; a
 * socket without them, or checked for another document, did not come through those checks.
 */
export function verifiedFacts(room: string, ctx: ConnectionContext): (SocketFacts & { project: string; kind: DocKind }) | null {
  const h = ctx.request.headers;
  const access = docAccess.safeParse(h.get(DOC_HEADERS.access));
  const kind = h.get(DOC_HEADERS.kind) as DocKind | null;
  const project = h.get(DOC_HEADERS.project);
  if (h.get(DOC_HEADERS.doc) !== room || !access.success || !project || !kind || !DOC_KINDS.includes(kind)) return null;
  const user = h.get(VERIFIED_USER_HEADER);
  const share = h.get(DOC_HEADERS.share);
  if (access.data === "share" ? !share : !user) return null;
  return { access: access.data, user: access.data === "share" ? null : user, share: access.data === "share" ? share : null, project, kind };
}

/**
 * Compares every open socket with what D1 says now (`doc`: null when the document is gone)
 * and closes those whose access is gone or changed.
 */
export function closeChanged(connections: Iterable<Connection>, doc: DocumentAudience | null): void {
  for (const connection of connections) {
    const facts = factsOf(connection);
    if (!facts) continue;
    if (!doc) connection.close(CLOSE.NOT_FOUND, "deleted");
    else if (facts.access === "share") {
      if (facts.share !== doc.shareId) connection.close(CLOSE.NOT_FOUND, "link off");
    } else {
      const access = facts.user ? doc.access.get(facts.user) : null;
      if (!access) connection.close(CLOSE.FORBIDDEN, "access lost");
      else if (access !== facts.access) connection.close(CLOSE.RECHECK, "access changed");
    }
  }
}

/** A socket speaks only for its own client ids: none another open socket already speaks for. */
export function ownsPresence(connection: Connection, clients: number[], connections: Iterable<Connection>): boolean {
  if (clients.length === 0) return true;
  for (const other of connections) {
    if (other.id === connection.id) continue;
    const theirs = awarenessIdsOf(other);
    if (clients.some((c) => theirs.includes(c))) return false;
  }
  return true;
}

export const toBytes = (message: ArrayBuffer | ArrayBufferView): Uint8Array =>
  message instanceof ArrayBuffer ? new Uint8Array(message) : new Uint8Array(message.buffer, message.byteOffset, message.byteLength);

/** Whether a binary frame changes the document (sync step 2 or an update). */
export function isEdit(message: ArrayBuffer | ArrayBufferView): boolean {
  const kind = classifyFrame(toBytes(message)).kind;
  return kind === "sync_step2" || kind === "update";
}
