/**
 * Removing a participant with Undo (issue 15). A root's removal deletes the participant row as
 * it always did — so every access check (REST, loaders, sockets) refuses the person with no
 * flag to remember — and keeps a snapshot of that row in `participant_trash` in the same batch.
 * Undo puts the same row back: same guid, flags and list order. Nothing else is touched by a
 * removal: the person's values on the team's fields stay keyed by their participant guid (reads
 * join the live participants, so they are hidden while the person is out), and their votes,
 * assignments, room seats, filters and notification settings are keyed by their user. The
 * hourly cron purges entries older than `PARTICIPANT_RESTORE_MS` with the values they kept.
 */
import { and, eq, exists, gt, inArray, lte, sql } from "drizzle-orm";
import { PARTICIPANT_RESTORE_MS } from "../../domain/projects/participant-trash";
import type { Db } from "../db/client";
import { fieldValues, participantTrash, participants, type Participant, type RemovedParticipant } from "../db/schema";

/** The statement that keeps `target`'s row for Undo (for the removal's batch). */
export function trashStatement(db: Db, target: Participant, removedBy: string, removedAt: number) {
  const snapshot = {
    projectId: target.projectId,
    userId: target.userId,
    isVerifications: target.isVerifications,
    root: target.root,
    write: target.write,
    read: target.read,
    sort: target.sort,
    joinedAt: target.createdAt,
    removedBy,
    removedAt,
  };
  return db
    .insert(participantTrash)
    .values({ id: target.id, ...snapshot })
    .onConflictDoUpdate({ target: participantTrash.id, set: snapshot });
}

/** A removal of the project that Undo may still restore at `now` (unknown, foreign and expired ones read the same). */
export function findRemoval(db: Db, projectId: string, accessGuid: string, now = Date.now()) {
  return db
    .select()
    .from(participantTrash)
    .where(and(eq(participantTrash.projectId, projectId), eq(participantTrash.id, accessGuid), gt(participantTrash.removedAt, now - PARTICIPANT_RESTORE_MS)))
    .get();
}

/** Whether the removed person is a participant again (they accepted a new invitation meanwhile). */
export async function rejoined(db: Db, removal: RemovedParticipant): Promise<boolean> {
  const row = await db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.projectId, removal.projectId), eq(participants.userId, removal.userId)))
    .get();
  return row !== undefined;
}

/**
 * Puts the removed participant back and empties their trash entry, in one batch. The insert
 * does nothing if the person joined again between the caller's checks and this write (the
 * project-user unique index), and the entry is then kept: the result says `participant_rejoined`.
 */
export async function restoreParticipant(db: Db, removal: RemovedParticipant): Promise<{ ok: true; participant: Participant } | { ok: false; reason: "participant_rejoined" }> {
  const [inserted] = await db.batch([
    db
      .insert(participants)
      .values({
        id: removal.id,
        projectId: removal.projectId,
        userId: removal.userId,
        isVerifications: removal.isVerifications,
        root: removal.root,
        write: removal.write,
        read: removal.read,
        sort: removal.sort,
        createdAt: removal.joinedAt,
      })
      .onConflictDoNothing()
      .returning(),
    db
      .delete(participantTrash)
      .where(and(eq(participantTrash.id, removal.id), exists(db.select({ one: sql`1` }).from(participants).where(eq(participants.id, removal.id))))),
  ]);
  return inserted[0] ? { ok: true, participant: inserted[0] } : { ok: false, reason: "participant_rejoined" };
}

/** Entries purged per cron run: their ids are bound parameters of one statement (D1 allows 100). */
const PURGE_PER_RUN = 50;

/**
 * Forgets the removals that can no longer be undone at `now`: their entries and the values the
 * removed participants held on the team's fields (no one can read those any more). Returns how
 * many were purged; the rest wait for the next run.
 */
export async function purgeRemovedParticipants(db: Db, now = Date.now()): Promise<number> {
  const due = await db
    .select({ id: participantTrash.id })
    .from(participantTrash)
    .where(lte(participantTrash.removedAt, now - PARTICIPANT_RESTORE_MS))
    .limit(PURGE_PER_RUN);
  if (due.length === 0) return 0;
  const ids = due.map((d) => d.id);
  await db.batch([
    db.delete(fieldValues).where(and(eq(fieldValues.entityKind, "participant"), inArray(fieldValues.entityId, ids))),
    db.delete(participantTrash).where(inArray(participantTrash.id, ids)),
  ]);
  return due.length;
}
