/**
 * The one authorization check for everything project-scoped: is the caller a verified
 * participant with the right it needs? Unknown projects and foreign projects look the same.
 */
import { and, eq, getTableColumns, inArray, type Placeholder } from "drizzle-orm";
import { allows, type Need, roleOf, type Role } from "../../domain/projects/roles";
import type { Db } from "../db/client";
import { keptRead } from "../db/kept-read";
import type { Env } from "../env";
import { participants, projects, type Participant, type Project } from "../db/schema";
import { liveSessionOfRows, sessionHolder, sessionOfResults, sessionStatements, tokenHash } from "./sessions";

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
/**
 * The participant row of whoever holds the session of `hash`, read beside the session itself
 * (the rows are the holder's whatever the session turns out to be; `liveSession` judges it).
 */
export const sessionParticipantQuery = (db: Db, hash: string | Placeholder, projectId: string | Placeholder) =>
  db.select().from(participants).where(and(eq(participants.projectId, projectId), inArray(participants.userId, sessionHolder(db, hash)))).limit(1);
export const projectQuery = (db: Db, projectId: string | Placeholder) => db.select().from(projects).where(eq(projects.id, projectId)).limit(1);

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

/** The rows `accessOf` decides on, read for `userId` on `projectId` (none: not a participant). */
export interface AccessRows {
  projectId: string;
  userId: string;
  row: { project: Project; participant: Participant } | undefined;
}

/**
 * A session token's user and, in the same D1 round trip, their rows on the project a request
 * names (issue 17: a project call took three round trips, the session, the access and its own
 * work; now two). The participant is read by the session's holder in SQL, so the rows are the
 * session's user's whatever the session turns out to be; `liveSession` still judges it.
 */
export async function userWithAccessRows(db: Db, token: string, projectId: string, config: Pick<Env, "SESSION_IDLE_DAYS">, now = Date.now()) {
  const hash = await tokenHash(token);
  if (!hash) return undefined;
  const d1 = db.$client;
  const values = { hash, project: projectId };
  const sessionReads = sessionStatements(d1, hash);
  const results = await d1.batch([...sessionReads, keptSessionParticipant.statement(d1, values), keptProject.statement(d1, values)]);
  const { times, user } = sessionOfResults(results);
  const session = await liveSessionOfRows(db, hash, times, user, config, now);
  if (!session) return undefined;
  const [participantResult, projectResult] = results.slice(sessionReads.length);
  const [participant, project] = [keptSessionParticipant.first(participantResult!), keptProject.first(projectResult!)];
  const rows: AccessRows = { projectId, userId: session.user.id, row: participant && project ? { participant, project } : undefined };
  return { ...session, rows };
}

// The caller's two rows on the project, built once (`../db/kept-read.ts`) like the session's two.
const keptSessionParticipant = keptRead<Participant>((db, value) => sessionParticipantQuery(db, value("hash"), value("project")), getTableColumns(participants));
const keptProject = keptRead<Project>((db, value) => projectQuery(db, value("project")), getTableColumns(projects));

/** `projectAccess`, decided on rows already read for this user and project when there are. */
export async function projectAccessWith(rows: AccessRows | undefined, db: Db, userId: string, projectId: string, need: Need): Promise<AccessResult> {
  if (rows && rows.projectId === projectId && rows.userId === userId) return accessOf(rows.row, userId, need);
  return projectAccess(db, userId, projectId, need);
}
