/** Completing a sprint: unfinished tasks move on, the sprint is marked completed (and archived on request). */
import { and, eq, inArray, max, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { carryOver } from "../../domain/planning/sprint-complete";
import { type Db, MAX_IDS_PER_QUERY, inSlices, runBatch } from "../db/client";
import { fieldDefinitions, fieldValues, sprints, tasks, type Sprint } from "../db/schema";
import { activityStatements } from "./activity";
import { ensureSystemFields, optionsOf } from "./field-definitions";
import { findSprint } from "./sprints";
import { notDeleted } from "./task-filter";

export type CompleteResult = { ok: true; sprint: Sprint; moved: string[]; to: string | null } | { ok: false; reason: string };

const json = (value: unknown) => JSON.stringify(value);

/**
 * Completes `sprint`: every task placed in its lane whose status is not a done status moves to
 * `moveTo` (a sprint on the board) or, with `null`, to the backlog — at the end of that lane.
 * Finished tasks stay with the completed sprint as its record. Everything is one batch.
 */
export async function completeSprint(db: Db, sprint: Sprint, input: { moveTo: string | null; archive: boolean }, actorId: string, t: TFunction): Promise<CompleteResult> {
  if (sprint.isBacklog) return { ok: false, reason: "backlog_fixed" };
  if (sprint.status === "completed") return { ok: false, reason: "sprint_already_completed" };
  let target: Sprint | undefined;
  if (input.moveTo !== null) {
    target = await findSprint(db, sprint.projectId, input.moveTo);
    if (!target || target.id === sprint.id || target.archived || target.status === "completed") return { ok: false, reason: "sprint_target_invalid" };
  }
  await ensureSystemFields(db, sprint.projectId, t);
  const fields = await db
    .select()
    .from(fieldDefinitions)
    .where(and(eq(fieldDefinitions.projectId, sprint.projectId), inArray(fieldDefinitions.slug, ["sprint", "status", "issue_type"])));
  const sprintField = fields.find((f) => f.slug === "sprint")!;
  const statusField = fields.find((f) => f.slug === "status");
  const typeField = fields.find((f) => f.slug === "issue_type");
  const epicType = typeField ? optionsOf(typeField).find((o) => o.key === "epic")?.guid : undefined;
  const done = new Set(statusField ? optionsOf(statusField).filter((o) => o.key === "done").map((o) => o.guid) : []);

  const inSprint = await db
    .select({ id: fieldValues.entityId })
    .from(fieldValues)
    .where(and(eq(fieldValues.fieldId, sprintField.id), eq(fieldValues.entityKind, "issue"), eq(fieldValues.value, json(sprint.id))));
  const ids = inSprint.map((r) => r.id);
  const [rows, values] = await Promise.all([
    inSlices(ids, (slice) => db.select({ id: tasks.id, sort: tasks.sort }).from(tasks).where(and(inArray(tasks.id, slice), notDeleted))),
    inSlices(ids, (slice) =>
      db
        .select({ entityId: fieldValues.entityId, fieldId: fieldValues.fieldId, value: fieldValues.value })
        .from(fieldValues)
        .where(and(eq(fieldValues.entityKind, "issue"), inArray(fieldValues.entityId, slice), inArray(fieldValues.fieldId, [statusField?.id ?? "", typeField?.id ?? ""]))),
    ),
  ]);
  const valueOf = (taskId: string, fieldId: string | undefined) => {
    const raw = values.find((v) => v.entityId === taskId && v.fieldId === fieldId)?.value;
    return raw ? (JSON.parse(raw) as string | null) : null;
  };
  // Epics live in their own lane whatever their sprint says; they are not the sprint's work.
  const sprintTasks = rows.filter((r) => !epicType || valueOf(r.id, typeField?.id) !== epicType).map((r) => ({ guid: r.id, sort: r.sort, status: valueOf(r.id, statusField?.id) }));
  const [{ last } = { last: 0 }] = await db.select({ last: max(tasks.sort) }).from(tasks).where(eq(tasks.projectId, sprint.projectId));
  const moves = carryOver(sprintTasks, done, last ?? 0);
  const now = Date.now();
  const movedIds = moves.map((m) => m.guid);
  const statements = [
    ...sortStatements(db, moves, now),
    ...chunk(movedIds, MAX_IDS_PER_QUERY).map((slice) =>
      target
        ? db.update(fieldValues).set({ value: json(target.id), updatedAt: now }).where(and(eq(fieldValues.fieldId, sprintField.id), inArray(fieldValues.entityId, slice)))
        : db.delete(fieldValues).where(and(eq(fieldValues.fieldId, sprintField.id), inArray(fieldValues.entityId, slice))),
    ),
    db.update(sprints).set({ status: "completed", ...(input.archive ? { archived: true } : {}) }).where(eq(sprints.id, sprint.id)),
    // The activity log records each move (so the burndown sees the tasks leave) and the completion.
    ...activityStatements(db, [
      ...movedIds.map((id) => ({
        projectId: sprint.projectId,
        actorId,
        entityKind: "issue" as const,
        entityId: id,
        action: "updated",
        detail: { changes: [{ field: sprintField.id, slug: "sprint", from: sprint.id, to: target?.id ?? null }] },
        createdAt: now,
      })),
      { projectId: sprint.projectId, actorId, entityKind: "sprint", entityId: sprint.id, action: "completed", detail: { title: sprint.title, moved: movedIds.length, to: target?.id ?? null }, createdAt: now },
    ]),
  ];
  await runBatch(db, statements);
  const updated = (await findSprint(db, sprint.projectId, sprint.id))!;
  return { ok: true, sprint: updated, moved: movedIds, to: target?.id ?? null };
}

/**
 * D1 binds at most 100 values per statement; a sort update takes three per task (the id twice
 * and its sort) plus the time, so 30 tasks go in one statement.
 */
const SORTS_PER_STATEMENT = 30;

/**
 * The new sort numbers as one statement per 30 tasks (a CASE over the ids) instead of one per
 * task: a sprint of a thousand unfinished tasks still completes in one batch far below D1's
 * thousand queries per request.
 */
function sortStatements(db: Db, moves: readonly { guid: string; sort: number }[], now: number) {
  return chunk([...moves], SORTS_PER_STATEMENT).map((slice) =>
    db
      .update(tasks)
      .set({ sort: sql`CASE ${tasks.id} ${sql.join(slice.map((m) => sql`WHEN ${m.guid} THEN ${m.sort}`), sql` `)} END`, updatedAt: now })
      .where(inArray(tasks.id, slice.map((m) => m.guid))),
  );
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

