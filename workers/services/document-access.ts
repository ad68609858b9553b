/**
 * Who may open a document's live socket (`/ws/doc/{docGuid}`), and what they may do there —
 * decided in this one place. The Worker asks before waking the document's object and passes
 * the answer in headers the object trusts; the object enforces read-only itself.
 *
 * - a session whose user may read the document's project: `write` with write access, else `read`;
 * - `?share={shareId}` equal to the document's current `share_id`: `share` (read-only, no account).
 */
import { and, eq } from "drizzle-orm";
import { getServerByName } from "partyserver";
import type { DocAccess } from "../../domain/wire/live/doc";
import { CLOSE } from "../../domain/wire/close-codes";
import { allows } from "../../domain/projects/roles";
import type { Db } from "../db/client";
import { documents, type Document } from "../db/schema";
import type { Env } from "../env";
import { projectAccess } from "./access";

export type DocSocketAccess =
  | { ok: true; doc: Document; access: DocAccess; userId: string | null }
  | { ok: false; reason: "unauthorized" | "forbidden" | "not_found" };

/** Compares secrets in time independent of where they differ. */
function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The access of a socket to a document. A share id that is not the document's current one is
 * `not_found` (the link is off); a document that does not exist or lies in a project the user
 * may not read is `forbidden` alike, so guids cannot be probed.
 */
export async function documentSocketAccess(db: Db, docGuid: string, who: { userId: string | null; shareId: string | null }): Promise<DocSocketAccess> {
  const doc = await db.select().from(documents).where(eq(documents.id, docGuid)).get();
  if (who.shareId !== null) {
    if (!doc?.shareId || !sameSecret(doc.shareId, who.shareId)) return { ok: false, reason: "not_found" };
    return { ok: true, doc, access: "share", userId: null };
  }
  if (!who.userId) return { ok: false, reason: "unauthorized" };
  if (!doc) return { ok: false, reason: "forbidden" };
  const access = await projectAccess(db, who.userId, doc.projectId, "read");
  if (!access.ok) return { ok: false, reason: "forbidden" };
  const p = access.participant;
  const canWrite = allows({ root: p.root, write: p.write, read: p.read, is_verifications: p.isVerifications }, "write");
  return { ok: true, doc, access: canWrite ? "write" : "read", userId: who.userId };
}

/** The close code a refused socket gets, so the page can say why instead of retrying. */
export const REFUSAL_CLOSE = { unauthorized: CLOSE.UNAUTHORIZED, forbidden: CLOSE.FORBIDDEN, not_found: CLOSE.NOT_FOUND } as const;

/** A document of a project, or undefined (for the REST calls on a document's content). */
export function findDocument(db: Db, projectId: string, docGuid: string): Promise<Document | undefined> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.projectId, projectId), eq(documents.id, docGuid)))
    .get();
}

/** The document's room (initialised: partyserver's getServerByName starts it). */
export function docRoom(env: Env, docGuid: string) {
  return getServerByName(env.DocRoom, docGuid);
}

/**
 * Call after sharing was turned off or the share id replaced: open link readers are closed at
 * once (their link now answers 404 too). Failures are logged, not raised: D1 already decides.
 */
export async function closeDocShares(env: Env, docGuid: string, currentShareId: string | null): Promise<void> {
  try {
    await (await docRoom(env, docGuid)).closeShares(currentShareId);
  } catch (err) {
    console.error("closing share sockets failed", docGuid, err);
  }
}

/**
 * Call after deleting documents: closes their sockets and drops their stored content, ten
 * rooms at a time. A failure is logged and skipped: D1 no longer has the row, so the Worker
 * refuses every socket to it anyway.
 */
export async function destroyDocRooms(env: Env, docGuids: readonly string[]): Promise<void> {
  for (let at = 0; at < docGuids.length; at += 10) {
    await Promise.all(
      docGuids.slice(at, at + 10).map(async (guid) => {
        try {
          await (await docRoom(env, guid)).destroy();
        } catch (err) {
          console.error("dropping a document room failed", guid, err);
        }
      }),
    );
  }
}
