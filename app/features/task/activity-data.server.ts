/**
 * What activity rows need to be read as sentences: the fields (names and options), people,
 * sprints and the tasks the rows name, as plain records for the loader's answer.
 */
import { inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import { type ActivityRow, tasksMentioned } from "../../../domain/activity/describe";
import { type Db, inSlices } from "../../../workers/db/client";
import { users } from "../../../workers/db/schema";
import { listFields } from "../../../workers/services/fields";
import { allSprints } from "../../../workers/services/sprints";
import { relatedTasks } from "./task-data.server";
import type { NamingData } from "./types";

/** Names for everything `rows` mention: fields, people (present or past), sprints and tasks. */
export async function namingFor(db: Db, projectId: string, rows: readonly ActivityRow[], t: TFunction): Promise<NamingData> {
  const [fields, sprints] = await Promise.all([listFields(db, projectId, t), allSprints(db, projectId, t)]);
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
