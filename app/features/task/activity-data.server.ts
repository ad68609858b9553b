/**
 * What activity rows need to be read as sentences: the fields (names and options), people,
 * sprints and the tasks the rows name, as plain records for the loader's answer.
 */
import { inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import { type ActivityRow, collapseMirrored, tasksMentioned } from "../../../domain/activity/describe";
import { type Db, getDb, inSlices } from "../../../workers/db/client";
import type { Env } from "../../../workers/env";
import { listActivity } from "../../../workers/services/activity";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { loadAccess } from "../projects/project-data.server";
import { users } from "../../../workers/db/schema";
import { type FieldView, listFields } from "../../../workers/services/fields";
import { allSprints, type SprintView } from "../../../workers/services/sprints";
import { relatedTasks } from "./related.server";
import type { NamingData } from "./types";

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
  const [people, tasks] = await Promise.all([
    inSlices([...peopleIds], (slice) => db.select({ guid: users.id, name: users.name }).from(users).where(inArray(users.id, slice))),
    relatedTasks(db, projectId, tasksMentioned(rows, fields)),
  ]);
  return {
    fields,
    people: Object.fromEntries(people.map((p) => [p.guid, p.name])),
    sprints: Object.fromEntries(sprints.map((s) => [s.guid, s.title])),
    tasks: Object.fromEntries(tasks.map((task) => [task.guid, { number: task.number, title: task.title }])),
  };
}

/** One page of the project's log for the activity page: `?before=` pages, `?actor=` one person, `?task=` one task. */
export async function loadEvents(request: Request, env: Env, projectId: string) {
  const { access } = await loadAccess(request, env, projectId, "read");
  if (!access.ok) return { state: "no_access" as const };
  const url = new URL(request.url);
  const number = (v: string | null) => (v && /^\d{1,16}$/.test(v) ? Number(v) : undefined);
  const guid = (v: string | null) => (v && /^[0-9a-f-]{1,64}$/i.test(v) ? v : undefined);
  const before = number(url.searchParams.get("before"));
  const actor = guid(url.searchParams.get("actor"));
  const task = guid(url.searchParams.get("task"));
  const db = getDb(env.DB);
  const t = i18nFor(languageOf(request)).t;
  const page = await listActivity(db, projectId, { limit: EVENTS_PAGE, before, actor, entity: task, entityKind: task ? "issue" : undefined });
  const rows = collapseMirrored(page.results);
  const naming = await namingFor(db, projectId, rows, t);
  const taskRef = task ? ((await relatedTasks(db, projectId, [task]))[0] ?? null) : null;
  return { state: "ok" as const, rows, next: page.next, naming, actor: actor ?? null, task: task ? { guid: task, number: taskRef?.number ?? null, title: taskRef?.title ?? "" } : null, now: Date.now() };
}

/** Rows per page of the activity page. */
const EVENTS_PAGE = 50;
