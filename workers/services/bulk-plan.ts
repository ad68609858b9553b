/**
 * A large plan for benchmarks (development only, `POST /api/dev/seed {tasks, project}`): a new
 * project of the demo user with a backlog, four sprints, a few epics and `n` tasks. Creating
 * thousands of tasks one by one through `createTask` would take minutes (each shifts every
 * task's position), so rows are written in bulk — but every value is checked by the same
 * `checkValue` as the value writer and stored in the same shape (JSON per field and task).
 */
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TFunction } from "i18next";
import type { FieldType } from "../../domain/fields/types";
import { checkValue } from "../../domain/fields/value-checks";
import { EPIC_SORT_STEP } from "../../domain/planning/placement";
import { type Db, runBatch } from "../db/client";
import { fieldDefinitions, fieldValues, tasks } from "../db/schema";
import { optionsOf } from "./field-definitions";
import { newGuid } from "./ids";
import { createProject } from "./projects";
import { createSprint, ensureBacklog, updateSprint } from "./sprints";

/** Rows per INSERT: 8 columns × 12 rows stays under D1's 100 bound parameters. */
const ROWS_PER_INSERT = 12;
/** Statements per D1 batch. */
const STATEMENTS_PER_BATCH = 200;

/** Creates the project and fills it; answers its guid and how many tasks it holds. */
export async function seedBulkPlan(db: Db, ownerId: string, name: string, count: number, t: TFunction): Promise<{ project: string; created: number }> {
  const created = await createProject(db, ownerId, name, "", t);
  if (!created.ok) throw new Error(`bulk plan project refused: ${created.reason}`);
  const projectId = created.projectId;
  const backlog = await ensureBacklog(db, projectId);
  const sprintRows = [];
  for (let i = 0; i < 4; i++) {
    const sprint = await createSprint(db, projectId, { title: `Sprint ${i + 1}`, goal: "" });
    if (i === 0) await updateSprint(db, sprint, { status: "active" });
    sprintRows.push(sprint);
  }
  const fields = await db.select().from(fieldDefinitions).where(eq(fieldDefinitions.projectId, projectId));
  const bySlug = (slug: string) => fields.find((f) => f.slug === slug)!;
  const keyed = (slug: string, key: string) => optionsOf(bySlug(slug)).find((o) => o.key === key)!.guid;
  const optionGuids = new Map(fields.map((f) => [f.id, new Set(optionsOf(f).map((o) => o.guid))]));
  const context = {
    participantGuids: new Set([ownerId]),
    sprintGuids: new Set(sprintRows.map((s) => s.id)),
    taskGuids: new Set<string>(),
  };

  // One epic per 500 tasks (at least one); the rest: 40 % backlog, 15 % in each sprint.
  const epics = Math.max(1, Math.floor(count / 500));
  const laneSorts = new Map<string, number>();
  const now = Date.now();
  const taskRows: (typeof tasks.$inferInsert)[] = [];
  const valueRows: (typeof fieldValues.$inferInsert)[] = [];
  let statements: BatchItem<"sqlite">[] = [];
  // Written as they are made, a batch at a time, so a large plan never sits in memory whole.
  const flush = async (force: boolean) => {
    while (taskRows.length >= ROWS_PER_INSERT || (force && taskRows.length > 0)) statements.push(db.insert(tasks).values(taskRows.splice(0, ROWS_PER_INSERT)));
    while (valueRows.length >= ROWS_PER_INSERT || (force && valueRows.length > 0)) statements.push(db.insert(fieldValues).values(valueRows.splice(0, ROWS_PER_INSERT)));
    if (statements.length >= STATEMENTS_PER_BATCH || force) {
      // A task's row is queued before its values, so the values never point at a missing task.
      await runBatch(db, statements);
      statements = [];
    }
  };
  const epicIds: string[] = [];
  const statuses = ["todo", "in_progress", "review", "done"];
  const types = ["task", "task", "story", "bug"];
  for (let i = 0; i < count; i++) {
    const id = newGuid();
    const epic = i < epics;
    const bucket = (i * 7) % 20;
    const sprint = epic || bucket < 8 ? null : sprintRows[Math.floor((bucket - 8) / 3)]!;
    const lane = epic ? "epic" : (sprint?.id ?? backlog.id);
    const index = laneSorts.get(lane) ?? 0;
    laneSorts.set(lane, index + 1);
    taskRows.push({ id, projectId, number: i + 1, sort: epic ? (index + 1) * EPIC_SORT_STEP : index, position: i, createdBy: ownerId, createdAt: now, updatedAt: now });
    const values: [string, unknown][] = [
      ["title", `${epic ? "Epic" : "Task"} ${i + 1}`],
      ["issue_type", keyed("issue_type", epic ? "epic" : types[i % types.length]!)],
      ["status", keyed("status", statuses[i % statuses.length]!)],
      ["participants", [ownerId]],
    ];
    if (!epic) {
      values.push(["estimate", [1, 2, 3, 5, 8][i % 5]!], ["epic", epicIds[i % epicIds.length]!]);
      if (sprint) values.push(["sprint", sprint.id]);
    }
    for (const [slug, value] of values) {
      const field = bySlug(slug);
      const checked = checkValue(field.typeFields as FieldType, value, { ...context, optionGuids: optionGuids.get(field.id)! });
      if (!checked.ok) throw new Error(`bulk plan: ${slug} ${checked.reason}`);
      valueRows.push({ id: newGuid(), projectId, fieldId: field.id, entityKind: "issue", entityId: id, participantValue: "", value: JSON.stringify(checked.value), updatedAt: now });
    }
    if (epic) {
      epicIds.push(id);
      context.taskGuids.add(id);
    }
    await flush(false);
  }
  await flush(true);
  return { project: projectId, created: count };
}
