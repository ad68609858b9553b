/** Projects and their participants. */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import { normaliseFlags, roleOf, type AccessFlags, type Role } from "../../domain/projects/roles";
import { type Db, runBatch } from "../db/client";
import { participants, projects, users, type Participant, type Project } from "../db/schema";
import { systemFieldRows, systemFieldStatements } from "./field-definitions";
import type { ValueView } from "../../domain/wire/task-view";
import { checkValues, entityValues, entityValueViews, projectParticipantValues, type StoredValue, type ValueInput, valueStatements, valueViewsByEntity } from "./field-values";
import { newGuid } from "./ids";
import { trashStatement } from "./participant-trash";

/** The statements that create a project with its creator as root participant (for db.batch). */
export function createProjectStatements(db: Db, ownerId: string, name: string, description = "") {
  const projectId = newGuid();
  return {
    projectId,
    statements: [
      db.insert(projects).values({ id: projectId, name, description, ownerId }),
      db.insert(participants).values({
        id: newGuid(),
        projectId,
        userId: ownerId,
        isVerifications: true,
        root: true,
        write: true,
        read: true,
      }),
    ] as const,
  };
}

/**
 * Creates a project with its creator as root participant, its system fields and the given
 * values, in one D1 batch: the values are checked against the fields the batch will create,
 * so a refused value leaves nothing behind.
 */
export async function createProject(
  db: Db,
  ownerId: string,
  name: string,
  description: string,
  t: TFunction,
  values: ValueInput[] = [],
): Promise<{ ok: true; projectId: string } | { ok: false; reason: string; index: number }> {
  const { projectId, statements } = createProjectStatements(db, ownerId, name, description);
  const fields = systemFieldRows(projectId, t);
  const checked = await checkValues(db, projectId, "project", projectId, values, ownerId, { fields, participants: [ownerId] });
  if (!checked.ok) return checked;
  // New projects go to the top of the creator's list.
  const mine = await db.select({ sort: participants.sort }).from(participants).where(eq(participants.userId, ownerId));
  const top = Math.min(0, ...mine.map((p) => p.sort)) - 1;
  await db.batch([
    ...statements,
    db.update(participants).set({ sort: top }).where(and(eq(participants.projectId, projectId), eq(participants.userId, ownerId))),
    ...systemFieldStatements(db, fields),
    ...valueStatements(db, projectId, "project", projectId, checked.writes),
  ]);
  return { ok: true, projectId };
}

export interface AccessView extends AccessFlags {
  guid: string;
}

export interface ParticipantView {
  guid: string;
  name: string;
  email: string;
  color: string;
  avatar: string | null;
  role: Role;
  access_project: AccessView;
  custom_fields: ValueView[];
}

export interface ProjectView {
  guid: string;
  name: string;
  description: string;
  sstime: string | null;
  hidden: boolean;
  archive: boolean;
  sort: number;
  slug: string | null;
  owner: string;
  updated_at: number;
  /** The caller's own access. */
  access: AccessView & { role: Role };
  custom_fields: ValueView[];
  participants?: { count: number; results: ParticipantView[] };
}

function accessView(p: Participant): AccessView {
  return { guid: p.id, is_verifications: p.isVerifications, root: p.root, write: p.write, read: p.read };
}

export function projectView(project: Project, mine: Participant): ProjectView {
  return {
    guid: project.id,
    name: project.name,
    description: project.description,
    sstime: project.sstime,
    hidden: project.hidden,
    archive: project.archive,
    sort: mine.sort,
    slug: project.slug,
    owner: project.ownerId,
    updated_at: project.updatedAt,
    access: { ...accessView(mine), role: roleOf(mine, project.ownerId === mine.userId) },
    custom_fields: [],
  };
}

/** Every project the user takes part in (verified or not), in their own order. */
export async function listProjects(db: Db, userId: string): Promise<ProjectView[]> {
  const rows = await db
    .select({ project: projects, participant: participants })
    .from(participants)
    .innerJoin(projects, eq(projects.id, participants.projectId))
    .where(eq(participants.userId, userId))
    .orderBy(asc(participants.sort), asc(projects.createdAt));
  return rows.map((r) => projectView(r.project, r.participant));
}

/**
 * The participants of a project with the user columns their view needs. Only columns whose
 * names differ from the participant's are read from `users`: a D1 batch answers rows keyed by
 * column name, so a second `id` or `created_at` would overwrite the participant's.
 */
export const participantRowsQuery = (db: Db, projectId: string) =>
  db
    .select({ participant: participants, user: { name: users.name, email: users.email, color: users.color, avatar: users.avatar } })
    .from(participants)
    .innerJoin(users, eq(users.id, participants.userId))
    .where(eq(participants.projectId, projectId))
    .orderBy(asc(participants.createdAt));

/** The reads of a project's full view, for a caller's batch (see `projectViewOf`). */
export const projectViewQueries = (db: Db, projectId: string) =>
  [participantRowsQuery(db, projectId), projectParticipantValues(db, projectId), entityValues(db, "project", projectId)] as const;

type ProjectViewRows = [Awaited<ReturnType<typeof participantRowsQuery>>, StoredValue[], StoredValue[]];

/** A project with its participants and field values, from the rows `projectViewQueries` read. */
export function projectViewOf(project: Project, mine: Participant, [rows, participantValues, projectValues]: ProjectViewRows, only?: string[]): ProjectView {
  const values = valueViewsByEntity(participantValues, only);
  const results = rows.map(({ participant, user }) => ({
    guid: participant.userId,
    name: user.name,
    email: user.email,
    color: user.color,
    avatar: user.avatar,
    role: roleOf(participant, project.ownerId === participant.userId),
    access_project: accessView(participant),
    custom_fields: values.get(participant.id) ?? [],
  }));
  return { ...projectView(project, mine), custom_fields: entityValueViews(projectValues, project.id, only), participants: { count: results.length, results } };
}

/** A project with its participants and field values (optionally only the named fields), in one D1 round trip. */
export async function fullProjectView(db: Db, project: Project, mine: Participant, only?: string[]): Promise<ProjectView> {
  return projectViewOf(project, mine, await db.batch([...projectViewQueries(db, project.id)]), only);
}

type ProjectChanges = Partial<Pick<Project, "name" | "description" | "sstime" | "hidden" | "archive" | "slug">>;

export async function updateProject(db: Db, project: Project, mine: Participant, changes: ProjectChanges, sort?: number) {
  const statements = [];
  if (Object.keys(changes).length > 0) {
    statements.push(db.update(projects).set({ ...changes, updatedAt: Date.now() }).where(eq(projects.id, project.id)));
  }
  if (sort !== undefined) statements.push(db.update(participants).set({ sort }).where(eq(participants.id, mine.id)));
  await runBatch(db, statements);
}

export function findParticipant(db: Db, projectId: string, accessGuid: string) {
  return db
    .select()
    .from(participants)
    .where(and(eq(participants.projectId, projectId), eq(participants.id, accessGuid)))
    .get();
}

export type AccessChange = Partial<AccessFlags>;

/** The owner's access is fixed: it can be neither changed nor removed. */
export const isAccessFixed = (project: Project, target: Participant) => target.userId === project.ownerId;

/**
 * Changes a participant's flags and their values on the team's fields, in one D1 batch: a
 * refused value changes no flag, and a flag change never lands without its values. The
 * owner's access cannot be changed, and a project never loses its last root.
 */
export async function changeAccess(
  db: Db,
  project: Project,
  target: Participant,
  change: AccessChange,
  values: ValueInput[] = [],
  actorId = "",
): Promise<{ ok: true; participant: Participant } | { ok: false; reason: string; index?: number }> {
  const changesFlags = Object.keys(change).length > 0;
  if (changesFlags && isAccessFixed(project, target)) return { ok: false, reason: "owner_access_fixed" };
  const checked = await checkValues(db, project.id, "participant", target.id, values, actorId);
  if (!checked.ok) return checked;
  const writes = valueStatements(db, project.id, "participant", target.id, checked.writes);
  if (!changesFlags) {
    await runBatch(db, writes);
    return { ok: true, participant: target };
  }
  const flags = normaliseFlags({
    root: change.root ?? target.root,
    write: change.write ?? target.write,
    read: change.read ?? target.read,
  });
  const [updated] = await db.batch([
    db
      .update(participants)
      .set({ ...flags, isVerifications: change.is_verifications ?? target.isVerifications })
      .where(eq(participants.id, target.id))
      .returning(),
    ...writes,
  ]);
  return updated[0] ? { ok: true, participant: updated[0] } : { ok: false, reason: "not_found" };
}

/**
 * Takes `target` out of the project. A root removing someone else (`removedBy`) keeps the row
 * for Undo in the same batch (participant-trash.ts); leaving the project oneself keeps nothing.
 */
export async function removeParticipant(db: Db, project: Project, target: Participant, removedBy?: string) {
  if (isAccessFixed(project, target)) return { ok: false as const, reason: "owner_access_fixed" };
  const remove = db.delete(participants).where(eq(participants.id, target.id));
  if (removedBy) await db.batch([trashStatement(db, target, removedBy, Date.now()), remove]);
  else await remove;
  return { ok: true as const };
}

/** The ids of a project's verified roots (who hear about team changes). */
export async function rootsOf(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: participants.userId })
    .from(participants)
    .where(and(eq(participants.projectId, projectId), eq(participants.root, true), eq(participants.isVerifications, true)));
  return rows.map((r) => r.userId);
}

export function usersByIds(db: Db, ids: string[]) {
  return ids.length ? db.select().from(users).where(inArray(users.id, ids)) : Promise.resolve([]);
}

export interface ProjectSummary {
  guid: string;
  name: string;
  description: string;
  hidden: boolean;
  archive: boolean;
  sort: number;
  updatedAt: number;
}

/** The projects a user takes part in, in their own order (for the signed-in home). */
export async function listProjectsForUser(db: Db, userId: string): Promise<ProjectSummary[]> {
  return (await listProjects(db, userId)).map((p) => ({
    guid: p.guid,
    name: p.name,
    description: p.description,
    hidden: p.hidden,
    archive: p.archive,
    sort: p.sort,
    updatedAt: p.updated_at,
  }));
}
