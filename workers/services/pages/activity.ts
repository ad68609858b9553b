/**
 * Page data of the project's log: rows with everything needed to read them as sentences (the
 * fields with their options, people, sprints and the tasks the rows name), as plain records.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import { type ActivityRow, collapseMirrored, tasksMentioned } from "../../../domain/activity/describe";
import { type Db, getDb, inSlices } from "../../db/client";
import { tasks, users } from "../../db/schema";
import type { Env } from "../../env";
import { projectAccess } from "../access";
import { listActivity } from "../activity";
import { type FieldView, listFields } from "../field-definitions";
import { readValues } from "../field-values";
import { allSprints, type SprintView } from "../sprints";
import { notDeleted } from "../task-filter";

/** Another task named by this one (epic, subtask, parent…): enough to show and link it. */
export interface RelatedTask {
  guid: string;
  number: number;
  title: string;
  /** Option guids of its status and issue type. */
  status: string | null;
  issue_type: string | null;
}

/** Names for reading activity rows (see domain/activity/describe.ts), as plain records. */
export interface NamingData {
  fields: FieldView[];
  people: Record<string, string>;
  sprints: Record<string, string>;
  tasks: Record<string, { number: number; title: string }>;
}

/** Number, title, status and type of some tasks of a project (those that exist), in the given order. */
export async function relatedTasks(db: Db, projectId: string, ids: readonly string[]): Promise<RelatedTask[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await inSlices(unique, (slice) => db.select().from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, slice), notDeleted)));
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

/** Names for everything `rows` mention: fields, people (present or past), sprints and tasks. */
export async function namingFor(
  db: Db,
  projectId: string,
  rows: readonly ActivityRow[],
  t: TFunction,
  loaded?: { fields: FieldView[]; sprints: SprintView[] },
): Promise<NamingData> {
  const [fields, sprints] = loaded ? [loaded.fields, loaded.sprints] : await Promise.all([listFields(db, projectId, t), allSprints(db, projectId, t)]);
  const personFields = new Set(fields.filter((f) => f.type_fields === "participant" || f.type_fields === "participants").map((f) => f.guid));
  // People named as values may have left the project since: look them up by id.
  const peopleIds = new Set<string>();
  for (const row of rows) {
    for (const c of (Array.isArray(row.detail?.changes) ? row.detail.changes : []) as { field?: unknown; from?: unknown; to?: unknown }[]) {
      if (c && typeof c.field === "string" && personFields.has(c.field)) for (const v of [c.from, c.to].flat()) if (typeof v === "string") peopleIds.add(v);
    }
  }
  const [people, named] = await Promise.all([
    inSlices([...peopleIds], (slice) => db.select({ guid: users.id, name: users.name }).from(users).where(inArray(users.id, slice))),
    relatedTasks(db, projectId, tasksMentioned(rows, fields)),
  ]);
  return {
    fields,
    people: Object.fromEntries(people.map((p) => [p.guid, p.name])),
    sprints: Object.fromEntries(sprints.map((s) => [s.guid, s.title])),
    tasks: Object.fromEntries(named.map((task) => [task.guid, { number: task.number, title: task.title }])),
  };
}

/** Rows per page of the activity page. */
const EVENTS_PAGE = 50;

/** One page of the project's log for the activity page: `before` pages, `actor` one person, `task` one task. */
export async function eventsPage(env: Env, viewerId: string, projectId: string, t: TFunction, query: { before?: number; actor?: string; task?: string }) {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "read");
  if (!access.ok) return { state: "no_access" as const };
  const { before, actor, task } = query;
  const page = await listActivity(db, projectId, { limit: EVENTS_PAGE, before, actor, entity: task, entityKind: task ? "issue" : undefined });
  const rows = collapseMirrored(page.results);
  const naming = await namingFor(db, projectId, rows, t);
  const taskRef = task ? ((await relatedTasks(db, projectId, [task]))[0] ?? null) : null;
  return { state: "ok" as const, rows, next: page.next, naming, actor: actor ?? null, task: task ? { guid: task, number: taskRef?.number ?? null, title: taskRef?.title ?? "" } : null, now: Date.now() };
}
