/** Tasks: identity and order in their row, everything else as field values. */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { initialValues, valueChanges } from "../../domain/planning/activity";
import { taskTitleRefusal } from "../../domain/planning/schemas";
import { type Db, inSlices, MAX_IDS_PER_QUERY, runBatch } from "../db/client";
import { fieldDefinitions, projects, tasks, users, type Task } from "../db/schema";
import type { Env } from "../env";
import { activityStatements } from "./activity";
import { notify } from "./notifications";
import { ensureSystemFields } from "./field-definitions";
import { checkValues, checkValuesIn, entityValues, entityValueViews, readValueContext, readValues, type StoredValue, type ValueInput, type WrittenValue, valueStatements } from "./field-values";
import { newGuid } from "./ids";
import { notDeleted } from "./task-filter";
import type { TaskView, ValueView } from "../../domain/wire/task-view";

/** The wire shape of a task row with its values. */
export const taskView = (t: Task, values: ValueView[]): TaskView => ({
  guid: t.id,
  number: t.number,
  sort: t.sort,
  position: t.position,
  created_by: t.createdBy,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
  custom_fields: values,
});

export async function taskViews(db: Db, rows: Task[], only?: string[]): Promise<TaskView[]> {
  const values = await readValues(db, "issue", rows.map((r) => r.id), only);
  return rows.map((r) => taskView(r, values.get(r.id) ?? []));
}

export function findTask(db: Db, projectId: string, id: string) {
  return db.select().from(tasks).where(and(eq(tasks.projectId, projectId), eq(tasks.id, id), notDeleted)).get();
}

/**
 * The named tasks of the project with their values (`GET /issues?guids=`): a guid of a task in
 * the trash, of another project's or of none is left out, so a board takes it off. At most
 * `PATCH_TASKS_MAX` guids (within D1's bound parameters beside the project).
 */
export async function tasksByGuids(db: Db, projectId: string, ids: readonly string[]): Promise<TaskView[]> {
  const rows = await db.select().from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, [...ids]), notDeleted));
  return taskViews(db, rows);
}

type Failure = { ok: false; reason: string; index?: number };

/**
 * Creates a task from its field values (a non-empty title is required). It enters the task
 * board at position 0, the others shifting down by one (spec §4), and the end of its lane.
 * Values are checked first; then the row, its values and its log entry are one D1 batch, so a
 * task exists whole or not at all. `options.id` makes the call idempotent for a caller that
 * may retry (the retro outbox): a second call with the same id fails on the primary key.
 */
export async function createTask(
  env: Env,
  db: Db,
  projectId: string,
  userId: string,
  values: ValueInput[],
  t: TFunction,
  options: { id?: string } = {},
): Promise<{ ok: true; task: TaskView } | Failure> {
  await ensureSystemFields(db, projectId, t);
  const title = await db.select({ id: fieldDefinitions.id }).from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, projectId), eq(fieldDefinitions.slug, "title"))).get();
  const titleAt = values.findIndex((v) => (v.guid !== undefined && v.guid === title?.id) || v.slug === "title");
  // The same rule as every other write of a title (checked again by the field engine); missing is refused too.
  const refusal = taskTitleRefusal(titleAt < 0 ? null : values[titleAt]!.value ?? null);
  if (refusal) return { ok: false, reason: refusal, ...(titleAt < 0 ? {} : { index: titleAt }) };
  const id = options.id ?? newGuid();
  const checked = await checkValues(db, projectId, "issue", id, values, userId);
  if (!checked.ok) return checked;
  const detail = JSON.stringify({ values: initialValues(checked.writes.map(stored)) });
  // The number and the lane end are taken inside the insert itself: one statement is atomic in
  // D1, so tasks created at the same moment never get the same number. The log entry reads
  // the number back inside the same batch.
  await db.batch([
    db.update(tasks).set({ position: sql`${tasks.position} + 1` }).where(eq(tasks.projectId, projectId)),
    db.insert(tasks).values({
      id,
      projectId,
      number: sql`(SELECT COALESCE(MAX(number), 0) + 1 FROM tasks WHERE project_id = ${projectId})`,
      sort: sql`(SELECT COALESCE(MAX(sort), -1) + 1 FROM tasks WHERE project_id = ${projectId})`,
      position: 0,
      createdBy: userId,
    }),
    ...valueStatements(db, projectId, "issue", id, checked.writes),
    ...activityStatements(db, [
      { projectId, actorId: userId, entityKind: "issue", entityId: id, action: "created", detail: sql`json_set(${detail}, '$.number', (SELECT number FROM tasks WHERE id = ${id}))` },
    ]),
  ]);
  const row = (await findTask(db, projectId, id))!;
  const view = (await taskViews(db, [row]))[0]!;
  await notifyAssigned(env, db, row, userId, [], assigneesOf(view.custom_fields));
  return { ok: true, task: view };
}

/**
 * Writes values on a task. The `updated` log entry (only the fields whose value really
 * changed, from → to) and the task's `updatedAt` go into the same batch as the values.
 * Two D1 round trips: one batch reads what the checks need together with the values held
 * now; one batch writes all or nothing and reads the task and its values back after the
 * writes. Telling newly assigned people costs the notifications' own calls on top.
 */
export async function updateTask(env: Env, db: Db, task: Task, userId: string, values: ValueInput[], only?: string[]): Promise<{ ok: true; task: TaskView } | Failure> {
  const context = await readValueContext(db, task.projectId, "issue", task.id, values);
  const current = entityValueViews(context.current, task.id);
  if (values.length === 0) return { ok: true, task: taskView(task, entityValueViews(context.current, task.id, only)) };
  const checked = checkValuesIn(context, "issue", values, userId);
  if (!checked.ok) return checked;
  const changes = valueChanges(
    current.map((v) => ({ field: v.guid, slug: v.slug, participant: v.participant_value ?? "", value: v.value })),
    checked.writes.map(stored),
  );
  // One statement per value, and there is at least one value: the batch is never empty.
  const [firstWrite, ...otherWrites] = valueStatements(db, task.projectId, "issue", task.id, checked.writes);
  const results: readonly unknown[] = await db.batch([
    firstWrite!,
    ...otherWrites,
    db.update(tasks).set({ updatedAt: Date.now() }).where(eq(tasks.id, task.id)),
    ...(changes.length > 0
      ? activityStatements(db, [{ projectId: task.projectId, actorId: userId, entityKind: "issue", entityId: task.id, action: "updated", detail: { changes } }])
      : []),
    // Read after the writes, inside the same batch: the answer shows what was stored.
    db.select().from(tasks).where(eq(tasks.id, task.id)),
    entityValues(db, "issue", task.id),
  ]);
  const row = (results.at(-2) as Task[])[0] ?? task;
  const after = results.at(-1) as StoredValue[];
  await notifyAssigned(env, db, row, userId, assigneesOf(current), assigneesOf(entityValueViews(after, task.id)));
  return { ok: true, task: taskView(row, entityValueViews(after, task.id, only)) };
}

const stored = (w: WrittenValue) => ({ field: w.fieldId, slug: w.slug, participant: w.participantValue, value: w.value });

/** The people in a task's `participants` field. */
function assigneesOf(values: ValueView[]): string[] {
  const value = values.find((v) => v.slug === "participants")?.value;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** Tells the people newly added to a task (never the one who added them). */
async function notifyAssigned(env: Env, db: Db, task: Task, actorId: string, before: string[], after: string[]) {
  const added = after.filter((id) => id !== actorId && !before.includes(id));
  if (added.length === 0) return;
  const [project, actor] = await Promise.all([
    db.select({ name: projects.name }).from(projects).where(eq(projects.id, task.projectId)).get(),
    db.select({ name: users.name }).from(users).where(eq(users.id, actorId)).get(),
  ]);
  for (const userId of added) {
    await notify(env, db, userId, "assigned", task.projectId, { project: project?.name ?? "", name: actor?.name ?? "", task: task.id, number: task.number });
  }
}

/** Removes files' bytes from R2; a failure leaves unreachable bytes behind, never a broken row. */
export async function deleteStoredFiles(env: Env, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    try {
      await env.FILES.delete(keys.slice(i, i + 1000));
    } catch (err) {
      console.error("R2 delete failed", keys.length, err);
    }
  }
}

/** Applies `[{guid, sort, position?}]`, writing only rows whose numbers change, in one batch. */
export async function reorderTasks(db: Db, projectId: string, moves: { guid: string; sort: number; position?: number }[]): Promise<{ ok: boolean; written: number }> {
  const ids = [...new Set(moves.map((m) => m.guid))];
  if (ids.length <= MAX_IDS_PER_QUERY && new Set(moves.map((m) => m.guid)).size === moves.length) return reorderInOneTrip(db, projectId, ids, moves);
  const rows = await inSlices(ids, (slice) =>
    db.select({ id: tasks.id, sort: tasks.sort, position: tasks.position }).from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, slice), notDeleted)),
  );
  if (rows.length !== ids.length) return { ok: false, written: 0 };
  const byId = new Map(rows.map((r) => [r.id, r]));
  const statements = moves
    .filter((m) => byId.get(m.guid)!.sort !== m.sort || (m.position !== undefined && byId.get(m.guid)!.position !== m.position))
    .map((m) => db.update(tasks).set({ sort: m.sort, ...(m.position !== undefined ? { position: m.position } : {}) }).where(eq(tasks.id, m.guid)));
  await runBatch(db, statements);
  return { ok: true, written: statements.length };
}

/**
 * A card move in one D1 round trip (issue 17; it took two: read, then write): each update is
 * guarded in SQL by what the read checked — every moved task is the project's and not in the
 * trash, and the row changes — and answers its id when it wrote; the count read in the same
 * batch tells "not found" from "nothing changed". A batch is one transaction, so a move naming
 * a task that is not there writes nothing, as before.
 */
async function reorderInOneTrip(db: Db, projectId: string, ids: string[], moves: { guid: string; sort: number; position?: number }[]) {
  const found = db.select({ n: sql<number>`count(*)` }).from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, ids), notDeleted));
  const allThere = sql`(${found}) = ${ids.length}`;
  const updates = moves.map((m) =>
    db
      .update(tasks)
      .set({ sort: m.sort, ...(m.position !== undefined ? { position: m.position } : {}) })
      .where(and(eq(tasks.id, m.guid), allThere, m.position !== undefined ? sql`(${tasks.sort} is not ${m.sort} or ${tasks.position} is not ${m.position})` : sql`${tasks.sort} is not ${m.sort}`))
      .returning({ id: tasks.id }),
  );
  const [[count], ...written] = await db.batch([found, ...updates]);
  if (Number(count?.n) !== ids.length) return { ok: false, written: 0 };
  return { ok: true, written: written.reduce((n, rows) => n + rows.length, 0) };
}
