/**
 * Page data of one task, for the task page (`/project/{guid}/issue/{issueGuid}`) and the task
 * modal over the taskboard: the task with its field values, the project's fields that may show
 * on tasks, its comments, and the tasks and sprints its values name. Same services and access
 * check as the API.
 */
import { and, eq, inArray, like } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { ActivityRow } from "../../../domain/activity/describe";
import type { TaskCommit } from "../../../domain/wire/git";
import { shownOnTasks } from "../../../domain/task/layout";
import { type Db, getDb } from "../../db/client";
import { fieldDefinitions, fieldValues, users } from "../../db/schema";
import type { Env } from "../../env";
import { projectAccess } from "../access";
import { listActivity } from "../activity";
import { commitsOfTask } from "../git-mentions";
import { type CommentView, listComments } from "../comments";
import { type FileView, listFiles } from "../entity-files";
import { type FieldView, listFields, optionsOf } from "../field-definitions";
import { type LinkView, listLinks } from "../links";
import { retroOfTask } from "../retro-loop";
import { allSprints } from "../sprints";
import { findTask, taskViews } from "../tasks";
import type { TaskView } from "../../../domain/wire/task-view";
import { type NamingData, namingFor, type RelatedTask, relatedTasks } from "./activity";

export interface SprintChoice {
  guid: string;
  title: string;
  backlog: boolean;
  archived: boolean;
}

export interface TaskFound {
  state: "ok";
  task: TaskView;
  /** The project's fields permitted on tasks, in the project's order. */
  fields: FieldView[];
  comments: CommentView[];
  sprints: SprintChoice[];
  /** Every task the lists below and the task's values name. */
  related: RelatedTask[];
  /** Guids of the project's epics (to choose this task's epic from). */
  epics: string[];
  /** Guids of the tasks in this epic (when the task is one). */
  children: string[];
  /** Guids of the tasks that list this one as a subtask. */
  parents: string[];
  /** Option guid of the epic issue type. */
  epicType: string | null;
  creator: { guid: string; name: string } | null;
  /** The retro whose action item this task is (issue 16), linked from the task's header. */
  fromRetro: { guid: string; title: string; url: string } | null;
  /** Links to other tasks (parent and subtask links included). */
  links: LinkView[];
  files: FileView[];
  /** The newest rows of the task's activity; `more` when older ones exist (on the activity page). */
  history: { rows: ActivityRow[]; more: boolean; naming: NamingData };
  /** Newest commits whose messages name this task (git hosting). */
  commits: TaskCommit[];
  canWrite: boolean;
  isRoot: boolean;
  viewer: string;
  /** The server's clock when loaded, so relative times render the same on both sides. */
  now: number;
}

export type TaskData = TaskFound | { state: "not_found"; guid: string } | { state: "no_access" };

/** Tasks whose value of the field `fieldId` is exactly `json` (e.g. the tasks of an epic). */
async function tasksWithValue(db: Db, fieldId: string | undefined, json: string): Promise<string[]> {
  if (!fieldId) return [];
  const rows = await db.select({ id: fieldValues.entityId }).from(fieldValues).where(and(eq(fieldValues.fieldId, fieldId), eq(fieldValues.value, json)));
  return rows.map((r) => r.id);
}

/** Tasks listing `taskId` among their subtasks. */
async function parentsOf(db: Db, subtasksField: string | undefined, taskId: string): Promise<string[]> {
  if (!subtasksField) return [];
  // Values are JSON arrays of guids; a guid holds no LIKE wildcards.
  const rows = await db.select({ id: fieldValues.entityId }).from(fieldValues).where(and(eq(fieldValues.fieldId, subtasksField), like(fieldValues.value, `%"${taskId}"%`)));
  return rows.map((r) => r.id);
}

/** Rows of a task's history shown on its page; older ones are on the activity page. */
const HISTORY_ROWS = 30;

/** The task of `taskId` as the viewer may see it: no access, not found, or everything the task page shows. */
export async function taskPage(env: Env, viewerId: string, projectId: string, taskId: string, t: TFunction): Promise<TaskData> {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "read");
  if (!access.ok) return { state: "no_access" };
  const row = await findTask(db, projectId, taskId);
  if (!row) return { state: "not_found", guid: taskId };
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
  const [creator, links, files, history, fromRetro, commits] = await Promise.all([
    row.createdBy ? db.select({ guid: users.id, name: users.name }).from(users).where(eq(users.id, row.createdBy)).get() : undefined,
    listLinks(db, row),
    listFiles(db, row),
    listActivity(db, projectId, { limit: HISTORY_ROWS, entity: row.id, entityKind: "issue" }),
    retroOfTask(db, projectId, row.id),
    commitsOfTask(db, projectId, row.id),
  ]);
  const naming = await namingFor(db, projectId, history.results, t, { fields: definitions, sprints });
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
    fromRetro,
    links,
    files,
    history: { rows: history.results, more: history.next !== null, naming },
    commits,
    canWrite: participant.write || participant.root,
    isRoot: participant.root,
    viewer: viewerId,
    now: Date.now(),
  };
}
