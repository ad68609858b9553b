/**
 * Loader data of one task, for the task page (`/project/{guid}/issue/{issueGuid}`) and the task
 * modal over the taskboard: the task with its field values, the project's fields that may show
 * on tasks, its comments, and the tasks and sprints its values name. Same services and access
 * check as the API.
 */
import { and, eq, inArray, like } from "drizzle-orm";
import type { TFunction } from "i18next";
import { getDb, inSlices, type Db } from "../../../workers/db/client";
import { fieldDefinitions, fieldValues, tasks, users } from "../../../workers/db/schema";
import type { Env } from "../../../workers/env";
import { listComments } from "../../../workers/services/comments";
import { listFields, optionsOf, readValues } from "../../../workers/services/fields";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { allSprints } from "../../../workers/services/sprints";
import { findTask, taskViews } from "../../../workers/services/tasks";
import { shownOnTasks } from "../../../domain/task/layout";
import { loadAccess } from "../projects/project-data.server";
import type { RelatedTask, TaskData } from "./types";

/** Number, title, status and type of some tasks of a project (those that exist), in the given order. */
export async function relatedTasks(db: Db, projectId: string, ids: readonly string[]): Promise<RelatedTask[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await inSlices(unique, (slice) => db.select().from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, slice))));
  const values = await readValues(db, "issue", rows.map((r) => r.id), ["title", "status", "issue_type"]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique
    .filter((id) => byId.has(id))
    .map((id) => {
      const v = values.get(id) ?? [];
      const of = (slug: string) => v.find((x) => x.slug === slug)?.value;
      return { guid: id, number: byId.get(id)!.number, title: String(of("title") ?? ""), status: (of("status") as string) ?? null, issue_type: (of("issue_type") as string) ?? null };
    });
}

/** Tasks whose value of the field `fieldId` is exactly `json` (e.g. the tasks of an epic). */
async function tasksWithValue(db: Db, fieldId: string | undefined, json: string): Promise<string[]> {
  if (!fieldId) return [];
  const rows = await db.select({ id: fieldValues.entityId }).from(fieldValues).where(and(eq(fieldValues.fieldId, fieldId), eq(fieldValues.value, json)));
  return rows.map((r) => r.id);
}

/** The task of `taskId` as the viewer may see it: no access, not found, or everything the task page shows. */
export async function loadTask(request: Request, env: Env, projectId: string, taskId: string): Promise<TaskData> {
  const { viewer, access } = await loadAccess(request, env, projectId, "read");
  if (!access.ok) return { state: "no_access" };
  const db = getDb(env.DB);
  const row = await findTask(db, projectId, taskId);
  if (!row) return { state: "not_found", guid: taskId };
  const t: TFunction = i18nFor(languageOf(request)).t;
  const [[task], definitions, comments, sprints] = await Promise.all([taskViews(db, [row]), listFields(db, projectId, t), listComments(db, row), allSprints(db, projectId, t)]);
  const fields = definitions.filter(shownOnTasks);

  // Tasks named by this task's values (epic, subtasks, custom task fields), with their numbers.
  const taskFieldIds = new Set(fields.filter((f) => f.type_fields === "issue" || f.type_fields === "issues").map((f) => f.guid));
  const named = task!.custom_fields.filter((v) => taskFieldIds.has(v.guid)).flatMap((v) => (Array.isArray(v.value) ? v.value : [v.value])).filter((v): v is string => typeof v === "string");
  // The epics (to pick one) and, when this task is an epic, its tasks.
  const defs = await db.select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, projectId), inArray(fieldDefinitions.slug, ["issue_type", "epic", "subtasks"])));
  const bySlug = (slug: string) => defs.find((d) => d.slug === slug);
  const epicType = bySlug("issue_type") ? optionsOf(bySlug("issue_type")!).find((o) => o.key === "epic")?.guid : undefined;
  const [epicIds, childIds, parentIds] = await Promise.all([
    epicType ? tasksWithValue(db, bySlug("issue_type")?.id, JSON.stringify(epicType)) : Promise.resolve([]),
    tasksWithValue(db, bySlug("epic")?.id, JSON.stringify(row.id)),
    parentsOf(db, bySlug("subtasks")?.id, row.id),
  ]);
  const related = await relatedTasks(db, projectId, [...named, ...epicIds, ...childIds, ...parentIds]);
  const creator = row.createdBy ? await db.select({ guid: users.id, name: users.name }).from(users).where(eq(users.id, row.createdBy)).get() : undefined;
  const participant = access.participant;
  return {
    state: "ok",
    task: task!,
    fields,
    comments,
    sprints: sprints.map((s) => ({ guid: s.guid, title: s.title, backlog: s.backlog, archived: s.archived })),
    related,
    epics: epicIds.filter((id) => id !== row.id),
    children: childIds,
    parents: parentIds,
    epicType: epicType ?? null,
    creator: creator ?? null,
    canWrite: participant.write || participant.root,
    isRoot: participant.root,
    viewer: viewer.guid,
    now: Date.now(),
  };
}

/** Tasks listing `taskId` among their subtasks. */
async function parentsOf(db: Db, subtasksField: string | undefined, taskId: string): Promise<string[]> {
  if (!subtasksField) return [];
  // Values are JSON arrays of guids; a guid holds no LIKE wildcards.
  const rows = await db.select({ id: fieldValues.entityId }).from(fieldValues).where(and(eq(fieldValues.fieldId, subtasksField), like(fieldValues.value, `%"${taskId}"%`)));
  return rows.map((r) => r.id);
}
