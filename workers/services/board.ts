/**
 * The planning board: sprints (backlog first, archived appended on request) with their tasks
 * and the epic lane, placed by the rules of spec §4 and narrowed by filter conditions.
 */
import { type SQLWrapper, and, asc, eq, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { type Condition, matchesFilter } from "../../domain/fields/filters";
import { placeTasks } from "../../domain/planning/placement";
import { type Db, isTooBig } from "../db/client";
import { fieldValues, tasks, type FieldDefinition, type Sprint } from "../db/schema";
import { type FieldRow, fieldRowsQuery, hasSystemFields, optionsOf, projectFields } from "./field-definitions";
import { archivedSprints, backlogFirst, boardSprintRowsQuery, boardSprints, sprintView, type SprintView } from "./sprints";
import type { BoardTaskView, TaskView, ValueView } from "../../domain/wire/task-view";
import { notDeleted } from "./task-filter";

export interface PlanningBoardView<Task extends BoardTaskView = TaskView> {
  sprints: (SprintView & { issues: Task[]; count: number })[];
  epics: Task[];
  /** Option guid of the epic issue type, so clients place tasks by the same rule. */
  epic_type: string | null;
}

/** The board as the task board page's views read it: its tasks as the page sends them (`domain/wire/board-pack.ts`). */
export type BoardPageView = PlanningBoardView<BoardTaskView>;

/**
 * A task as SQLite writes it: `[id, number, sort, position, created_by, created_at, updated_at,
 * values]`, where `values` is flat: `key, value` for a shared value and `-key, participant, value`
 * for a participant's own (`participant_value` not empty).
 */
type StoredTask = [string, number, number, number, string | null, number, number, unknown[]];

/**
 * Every task of the project with its values, in lane order, in one D1 call. Each task is one
 * JSON text that SQLite writes: the task's columns and its values in one flat array (see
 * `StoredTask`). It needs no id list (slices of 90 ids would be dozens of calls).
 *
 * Two forms of the same texts (`BoardRowsForm`), read the same way (`taskViewsOf`):
 * - `joined` (the one used): one row, the texts joined into one JSON array. D1 costs per row on
 *   both sides of its binding (the database object's cursor, its result objects, drizzle's
 *   mapping): the 5,000-task board page took 11–14 ms less in the Worker with one row than with
 *   5,000 (issue 17), with SQLite's own time unchanged. An aggregate over a subquery with ORDER BY
 *   is never flattened (SQLite's rule 16), so the texts are joined in lane order, as the
 *   subquery reads them from `tasks_board_order_idx`.
 * - `rows`: a row per task. D1 refuses a string above 2,000,000 bytes, and a board's joined text
 *   passes that at some 6,000 tasks (fewer with long texts): such a board is read again in this
 *   form (`readBoardRows`).
 *
 * The text is joined by SQLite's `||` rather than built by `json_array`: a stored value is
 * already JSON text and goes in as `json()` writes it (`json_valid` checks it first; one that is
 * not valid JSON reads as null, as in `readValues`), every other part is written by `json_quote`.
 * Values are flat rather than an array each (no `""` for the shared ones): a 5,000-task board's
 * rows went from 1.83 MB with 142,000 quotes (each escaped again in D1's answer) to 1.66 MB with
 * 76,000, and `JSON.parse` builds 5,000 arrays of values instead of 40,000 (issue 17). A value
 * whose field row is gone (no key) drops out whole: `||` with NULL is NULL and `group_concat`
 * skips it. A value names its field by the field row's key (its rowid, `FieldRow`), not its
 * 36-character guid, so the fields must be read in the same batch (one transaction).
 */
export function tasksWithStoredValues(db: Db, projectId: string, form: BoardRowsForm = "joined") {
  const q = (column: SQLWrapper) => sql`json_quote(${column})`;
  const key = sql`(select "f"."rowid" from "field_definitions" "f" where "f"."id" = ${fieldValues.fieldId})`;
  const shared = sql`${fieldValues.participantValue} = ''`;
  // `json()` writes the checked value canonically: whatever a SQLite version's `json_valid` lets
  // through (older ones took JSON5), the row stays text that `JSON.parse` reads.
  const value = sql`case when json_valid(${fieldValues.value}) then json(${fieldValues.value}) else 'null' end`;
  const entry = sql`case when ${shared} then ${key} || ',' else '-' || ${key} || ',' || json_quote(${fieldValues.participantValue}) || ',' end || ${value}`;
  const values = sql`coalesce((select group_concat(${entry}, ',') from ${fieldValues} where ${fieldValues.entityKind} = 'issue' and ${fieldValues.entityId} = "tasks"."id"), '')`;
  // drizzle writes columns of a one-table query unqualified; the outer task id must be named in full.
  const task = sql<string>`'[' || ${q(sql`"tasks"."id"`)} || ',' || ${q(tasks.number)} || ',' || ${q(tasks.sort)} || ',' || ${q(tasks.position)} || ',' || ${q(tasks.createdBy)} || ',' || ${q(tasks.createdAt)} || ',' || ${q(tasks.updatedAt)} || ',[' || ${values} || ']]'`;
  const ofProject = and(eq(tasks.projectId, projectId), notDeleted);
  if (form === "rows") return db.select({ tasks: task }).from(tasks).where(ofProject).orderBy(asc(tasks.sort), asc(tasks.position));
  const rows = db.select({ task: task.as("task") }).from(tasks).where(ofProject).orderBy(asc(tasks.sort), asc(tasks.position)).as(BOARD_ROWS);
  return db.select({ tasks: sql<string>`coalesce('[' || group_concat(${rows.task}, ',') || ']', '[]')` }).from(rows);
}

/** How the board's tasks come from D1: one row of every task (the rule), or a row per task (a board too large for one). */
export type BoardRowsForm = "joined" | "rows";

/** The name of the board's task texts inside their one-row answer (a subquery, not a table). */
export const BOARD_ROWS = "board_rows";

/** Projects whose joined board text D1 refused lately: read a row per task at once (per isolate, bounded). */
const tooLargeBoards = new Set<string>();
const TOO_LARGE_REMEMBERED = 200;

/**
 * Runs a read of the board's tasks in the joined form, and again a row per task when D1 refuses
 * the joined text as too big (the project is then read that way for a while).
 */
export async function readBoardRows<T>(projectId: string, read: (form: BoardRowsForm) => Promise<T>): Promise<T> {
  if (!tooLargeBoards.has(projectId)) {
    try {
      return await read("joined");
    } catch (err) {
      if (!isTooBig(err)) throw err;
      if (tooLargeBoards.size >= TOO_LARGE_REMEMBERED) tooLargeBoards.delete(tooLargeBoards.values().next().value!);
      tooLargeBoards.add(projectId);
    }
  }
  return read("rows");
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
function taskViewsOf(rows: { tasks: string }[], fields: FieldRow[]): TaskView[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const shared = new SharedValues();
  // One parse for every task: SQLite wrote them as one JSON array (`joined`: `[[` or `[]`), or
  // one task's array a row (`rows`: `["guid"…`), joined here.
  const joined = rows.length === 1 && rows[0]!.tasks.charAt(1) !== '"';
  const stored = JSON.parse(joined ? rows[0]!.tasks : `[${rows.map((r) => r.tasks).join(",")}]`) as StoredTask[];
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
  const read = () => readBoardRows(projectId, (form) => db.batch([fieldRowsQuery(db, projectId), boardSprintRowsQuery(db, projectId), archivedSprints(db, projectId), tasksWithStoredValues(db, projectId, form)]));
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
