/**
 * The one authorization check for everything project-scoped: is the caller a verified
 * participant with the right it needs? Unknown projects and foreign projects look the same.
 */
import { and, eq } from "drizzle-orm";
import { allows, type Need, roleOf, type Role } from "../../domain/projects/roles";
import type { Db } from "../db/client";
import { participants, projects, type Participant, type Project } from "../db/schema";

export interface ProjectAccess {
  project: Project;
  participant: Participant;
  role: Role;
}

export type AccessResult = ({ ok: true } & ProjectAccess) | { ok: false; reason: "forbidden" };

/** The caller's participant row joined with its project: at most one row. */
export function accessQuery(db: Db, userId: string, projectId: string) {
  return db
    .select({ project: projects, participant: participants })
    .from(participants)
    .innerJoin(projects, eq(projects.id, participants.projectId))
    .where(and(eq(participants.projectId, projectId), eq(participants.userId, userId)))
    .limit(1);
}

/**
 * The same two rows as separate queries, for a D1 batch: a batch answers rows as objects keyed
 * by column name, so the join's two `id` (and other shared) columns would overwrite each other.
 */
export const participantQuery = (db: Db, userId: string, projectId: string) =>
  db.select().from(participants).where(and(eq(participants.projectId, projectId), eq(participants.userId, userId))).limit(1);
export const projectQuery = (db: Db, projectId: string) => db.select().from(projects).where(eq(projects.id, projectId)).limit(1);

export async function projectAccess(db: Db, userId: string, projectId: string, need: Need): Promise<AccessResult> {
  return accessOf(await accessQuery(db, userId, projectId).get(), userId, need);
}

/** The decision of `projectAccess` from the row `accessQuery` read (none: not a participant). */
export function accessOf(row: { project: Project; participant: Participant } | undefined, userId: string, need: Need): AccessResult {
  if (!row) return { ok: false, reason: "forbidden" };
  const flags = {
    root: row.participant.root,
    write: row.participant.write,
    read: row.participant.read,
    is_verifications: row.participant.isVerifications,
  };
  if (!allows(flags, need)) return { ok: false, reason: "forbidden" };
  return { ok: true, ...row, role: roleOf(flags, row.project.ownerId === userId) };
}
