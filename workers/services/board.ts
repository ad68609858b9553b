/**
 * The planning board: sprints (backlog first, archived appended on request) with their tasks
 * and the epic lane, placed by the rules of spec §4 and narrowed by filter conditions.
 */
import { type SQLWrapper, and, asc, eq, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { type Condition, matchesFilter } from "../../domain/fields/filters";
import { placeTasks } from "../../domain/planning/placement";
import type { Db } from "../db/client";
import { fieldValues, tasks, type FieldDefinition, type Sprint } from "../db/schema";
import { type FieldRow, fieldRowsQuery, hasSystemFields, optionsOf, projectFields } from "./field-definitions";
import { archivedSprints, backlogFirst, boardSprintRowsQuery, boardSprints, sprintView, type SprintView } from "./sprints";
import type { TaskView, ValueView } from "../../domain/wire/task-view";
import { notDeleted } from "./task-filter";

export interface PlanningBoardView {
  sprints: (SprintView & { issues: TaskView[]; count: number })[];
  epics: TaskView[];
  /** Option guid of the epic issue type, so clients place tasks by the same rule. */
  epic_type: string | null;
}

/**
 * A task as SQLite writes it: `[id, number, sort, position, created_by, created_at, updated_at,
 * values]`, where `values` is flat: `key, value` for a shared value and `-key, participant, value`
 * for a participant's own (`participant_value` not empty).
 */
type StoredTask = [string, number, number, number, string | null, number, number, unknown[]];

/**
 * Every task of the project with its values, in lane order, in one D1 call. Each row is one
 * JSON text that SQLite writes: the task's columns and its values in one flat array (see
 * `StoredTask`). The answer has as many rows as tasks (not one per value, seven times as many)
 * and needs no id list (slices of 90 ids would be dozens of calls); each row stays far below
 * D1's 2 MB row limit. One column per row is what makes 5,000 rows cheap to take in: D1's result
 * objects and drizzle's mapping cost per column, and the rows are read by one `JSON.parse`
 * (`taskViewsOf`). A value names its field by the field row's key (its rowid, `FieldRow`), not
 * its 36-character guid, so the fields must be read in the same batch (one transaction).
 *
 * The text is joined by SQLite's `||` rather than built by `json_array`: a stored value is
 * already JSON text and goes in as `json()` writes it (`json_valid` checks it first; one that is
 * not valid JSON reads as null, as in `readValues`), every other part is written by `json_quote`. Values are flat
 * rather than an array each (no `""` for the shared ones): a 5,000-task board's rows went from
 * 1.83 MB with 142,000 quotes (each escaped again in D1's answer) to 1.66 MB with 76,000, and
 * `JSON.parse` builds 5,000 arrays of values instead of 40,000 (issue 17). A value whose field
 * row is gone (no key) drops out whole: `||` with NULL is NULL and `group_concat` skips it.
 */
export function tasksWithStoredValues(db: Db, projectId: string) {
  const q = (column: SQLWrapper) => sql`json_quote(${column})`;
  const key = sql`(select "f"."rowid" from "field_definitions" "f" where "f"."id" = ${fieldValues.fieldId})`;
  const shared = sql`${fieldValues.participantValue} = ''`;
  // `json()` writes the checked value canonically: whatever a SQLite version's `json_valid` lets
  // through (older ones took JSON5), the row stays text that `JSON.parse` reads.
  const value = sql`case when json_valid(${fieldValues.value}) then json(${fieldValues.value}) else 'null' end`;
  const entry = sql`case when ${shared} then ${key} || ',' else '-' || ${key} || ',' || json_quote(${fieldValues.participantValue}) || ',' end || ${value}`;
  const values = sql`coalesce((select group_concat(${entry}, ',') from ${fieldValues} where ${fieldValues.entityKind} = 'issue' and ${fieldValues.entityId} = "tasks"."id"), '')`;
  // drizzle writes columns of a one-table query unqualified; the outer task id must be named in full.
  return db
    .select({
      row: sql<string>`'[' || ${q(sql`"tasks"."id"`)} || ',' || ${q(tasks.number)} || ',' || ${q(tasks.sort)} || ',' || ${q(tasks.position)} || ',' || ${q(tasks.createdBy)} || ',' || ${q(tasks.createdAt)} || ',' || ${q(tasks.updatedAt)} || ',[' || ${values} || ']]'`,
    })
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), notDeleted))
    .orderBy(asc(tasks.sort), asc(tasks.position));
}

/**
 * Equal values (same field, participant and value: a status, a type, a sprint…) as one shared
 * object, never copied: most of a board's values repeat, and the page sends a shared value once
 * (`domain/wire/board-pack.ts`, and the API's JSON is no larger for it). The views are read-only;
 * writers build new objects (as the board's optimistic edits do).
 */
class SharedValues {
  /** field guid → participant value → value (a primitive as itself, an array or object as its JSON). */
  private byField = new Map<string, Map<string, { plain: Map<unknown, ValueView>; json: Map<string, ValueView> }>>();

  of(field: FieldDefinition, participant: string, value: unknown): ValueView {
    let byParticipant = this.byField.get(field.id);
    if (!byParticipant) this.byField.set(field.id, (byParticipant = new Map()));
    let known = byParticipant.get(participant);
    if (!known) byParticipant.set(participant, (known = { plain: new Map(), json: new Map() }));
    const structured = typeof value === "object" && value !== null;
    const key = structured ? JSON.stringify(value) : (value ?? null);
    const map: Map<unknown, ValueView> = structured ? known.json : known.plain;
    let view = map.get(key);
    if (!view) map.set(key, (view = { guid: field.id, slug: field.slug, value: value ?? null, participant_value: participant || null }));
    return view;
  }
}

/** The wire shape of those rows (the fields read in their batch): values in field order (as `readValues` gives them), with slugs. */
function taskViewsOf(rows: { row: string }[], fields: FieldRow[]): TaskView[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const shared = new SharedValues();
  // One parse for every row: SQLite wrote each as JSON.
  const stored = JSON.parse(`[${rows.map((r) => r.row).join(",")}]`) as StoredTask[];
  const views: ValueView[] = [];
  const order: number[] = [];
  return stored.map(([id, number, sort, position, createdBy, createdAt, updatedAt, values]) => {
    views.length = 0;
    order.length = 0;
    let ordered = true;
    for (let i = 0; i < values.length; ) {
      const key = values[i] as number;
      // `key, value` (shared) or `-key, participant, value` (a participant's own).
      const participant = key < 0 ? (values[i + 1] as string) : "";
      const value = values[key < 0 ? i + 2 : i + 1];
      i += key < 0 ? 3 : 2;
      const field = byKey.get(Math.abs(key));
      if (!field) continue;
      if (order.length > 0 && order[order.length - 1]! > field.sort) ordered = false;
      views.push(shared.of(field, participant, value));
      order.push(field.sort);
    }
    return { guid: id, number, sort, position, created_by: createdBy, created_at: createdAt, updated_at: updatedAt, custom_fields: ordered ? views.slice() : inFieldOrder(views, order) };
  });
}

/** `views` sorted by their fields' `order`, stably (as `Array.prototype.sort` is). */
function inFieldOrder(views: ValueView[], order: number[]): ValueView[] {
  return views
    .map((view, i) => ({ view, sort: order[i]! }))
    .sort((a, b) => a.sort - b.sort)
    .map((v) => v.view);
}

export async function planningBoard(db: Db, projectId: string, t: TFunction, options: { conditions?: Condition[]; withArchived?: boolean } = {}): Promise<PlanningBoardView> {
  // Every read in one D1 call, and of one moment: the tasks' values name their fields by keys
  // that only the field rows of the same batch explain.
  const read = () => db.batch([fieldRowsQuery(db, projectId), boardSprintRowsQuery(db, projectId), archivedSprints(db, projectId), tasksWithStoredValues(db, projectId)]);
  let [fields, sprintRows, archived, taskRows] = await read();
  // A project from before its system fields or backlog existed: make them (writes), then read again.
  if (!hasSystemFields(fields) || !backlogFirst(sprintRows)) {
    await Promise.all([projectFields(db, projectId, t), boardSprints(db, projectId)]);
    [fields, sprintRows, archived, taskRows] = await read();
  }
  return boardOf({ fields, sprintRows: backlogFirst(sprintRows) ?? [], archived: options.withArchived ? archived : [], taskRows }, t, options.conditions);
}

/**
 * The board from its rows: the definitions, the board's sprints (backlog first), the archived
 * sprints to append (none unless asked) and the tasks with their stored values.
 */
export function boardOf(
  rows: { fields: FieldRow[]; sprintRows: Sprint[]; archived: Sprint[]; taskRows: Awaited<ReturnType<typeof tasksWithStoredValues>> },
  t: TFunction,
  conditions?: Condition[],
): PlanningBoardView {
  const { fields, sprintRows, archived, taskRows } = rows;
  const issueType = fields.find((f) => f.slug === "issue_type");
  const sprintField = fields.find((f) => f.slug === "sprint");
  const epicType = issueType ? (optionsOf(issueType).find((o) => o.key === "epic")?.guid ?? null) : null;
  let views = taskViewsOf(taskRows, fields);
  if (conditions && conditions.length > 0) {
    views = views.filter((v) => matchesFilter(new Map(v.custom_fields.map((c) => [c.guid, c.value])), conditions));
  }
  const allSprints = [...sprintRows, ...archived.filter((a) => !sprintRows.some((s) => s.id === a.id))];
  const valueOf = (v: TaskView, fieldId: string | undefined) => (fieldId ? ((v.custom_fields.find((c) => c.guid === fieldId)?.value as string | undefined) ?? null) : null);
  // Each view is placed through a small record that points at it: copying every view with the
  // two placement keys and taking them off again made two objects per task.
  const placed = placeTasks(
    views.map((view) => ({ guid: view.guid, sort: view.sort, position: view.position, issueType: valueOf(view, issueType?.id), sprint: valueOf(view, sprintField?.id), view })),
    allSprints.map((s) => s.id),
    epicType,
  );
  const viewOf = (placedTask: { view: TaskView }) => placedTask.view;
  return {
    sprints: allSprints.map((s, i) => {
      const issues = placed.sprints[i]!.issues.map(viewOf);
      return { ...sprintView(s, t), issues, count: issues.length };
    }),
    epics: placed.epics.map(viewOf),
    epic_type: epicType,
  };
}

/** Tasks of the backlog lane: no sprint (or one not on the board) and not epics (spec §4). */
export async function backlogTasks(db: Db, projectId: string, t: TFunction): Promise<TaskView[]> {
  return (await planningBoard(db, projectId, t)).sprints[0]?.issues ?? [];
}
