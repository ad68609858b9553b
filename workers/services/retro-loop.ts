/**
 * Rooms in the planning loop (issue 16): a retro bound to a sprint and the facts it opens with,
 * the tasks its action items became (with their live status), the previous bound retro's
 * actions under review, and the reference stories of a poker room's calibration strip. The
 * rules of what the facts mean are `domain/rooms/retro-facts.ts`; this file only reads D1.
 */
import { and, desc, eq, inArray, like, lt, ne, or, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { optionLabel } from "../../domain/fields/types";
import { type BurndownFact, burndownFact } from "../../domain/rooms/retro-burndown";
import type { DeckFieldMeta } from "../../domain/wire/rpc";
import { type FactTask, type RetroFacts, retroFacts, sprintMoves, sprintStart } from "../../domain/rooms/retro-facts";
import { type BurndownTask, readDetail, type Tracked, type ValueChange, updatedDetail } from "../../domain/stats/burndown";
import { type Db, inSlices } from "../db/client";
import { activity, fieldDefinitions, fieldValues, pokerEstimates, type Room, retroActionTasks, retroSprints, rooms, type Sprint, tasks } from "../db/schema";
import { ensureSystemFields, optionsOf } from "./field-definitions";
import { findSprint } from "./sprints";
import { notDeleted } from "./task-filter";

/** A task as a retro lists it: with its status now. */
export interface LoopTask extends FactTask {
  status: { label: string; color: string } | null;
}

export interface ActionTaskView extends LoopTask {
  /** The note of the retro it came from. */
  note: string;
}

export interface RetroFactsView {
  sprint: { guid: string; title: string; status: Sprint["status"]; start_date: string | null; end_date: string | null } | null;
  facts: (Omit<RetroFacts, "carriedOver" | "added" | "accuracy"> & {
    carried_over: LoopTask[];
    added: LoopTask[];
    accuracy: { estimated: number; changed: { task: LoopTask; poker: number; now: number | null }[] };
    /** Remaining estimate per sprint day; null when the sprint has no dates or has not begun. */
    burndown: BurndownFact | null;
  }) | null;
  /** The action items of the previous retro bound to a sprint of the project, with their tasks' status now. */
  last_actions: { room: { guid: string; title: string; url: string }; items: ActionTaskView[] } | null;
  /** This retro's action items that became tasks, with their status now. */
  actions: ActionTaskView[];
}

const SLUGS = ["title", "estimate", "status", "sprint", "issue_type"] as const;

/** The project's field definitions the loop reads, by slug. */
async function loopFields(db: Db, projectId: string) {
  const defs = await db.select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, projectId), inArray(fieldDefinitions.slug, [...SLUGS])));
  return Object.fromEntries(SLUGS.map((s) => [s, defs.find((d) => d.slug === s)])) as Record<(typeof SLUGS)[number], (typeof defs)[number] | undefined>;
}

type Fields = Awaited<ReturnType<typeof loopFields>>;

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Tasks of the project by guid with their title, estimate and status now (deleted ones absent). */
async function loopTasks(db: Db, projectId: string, fields: Fields, ids: readonly string[]): Promise<Map<string, LoopTask>> {
  const unique = [...new Set(ids)];
  const fieldIds = [fields.title?.id, fields.estimate?.id, fields.status?.id].filter((id): id is string => Boolean(id));
  const [rows, values] = await Promise.all([
    inSlices(unique, (slice) => db.select({ id: tasks.id, number: tasks.number }).from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, slice), notDeleted))),
    inSlices(unique, (slice) =>
      db
        .select({ entity: fieldValues.entityId, field: fieldValues.fieldId, value: fieldValues.value })
        .from(fieldValues)
        .where(and(eq(fieldValues.entityKind, "issue"), eq(fieldValues.participantValue, ""), inArray(fieldValues.entityId, slice), inArray(fieldValues.fieldId, fieldIds))),
    ),
  ]);
  const options = fields.status ? optionsOf(fields.status) : [];
  const valueOf = new Map(values.map((v) => [`${v.entity} ${v.field}`, parse(v.value)]));
  const out = new Map<string, LoopTask>();
  for (const row of rows) {
    const title = valueOf.get(`${row.id} ${fields.title?.id}`);
    const estimate = valueOf.get(`${row.id} ${fields.estimate?.id}`);
    const option = options.find((o) => o.guid === valueOf.get(`${row.id} ${fields.status?.id}`));
    out.set(row.id, {
      guid: row.id,
      number: row.number,
      title: typeof title === "string" ? title : "",
      estimate: typeof estimate === "number" && Number.isFinite(estimate) ? estimate : null,
      done: option?.key === "done",
      status: option ? { label: optionLabel(option), color: option.color } : null,
    });
  }
  return out;
}

/** The tasks a retro's action items became, in the order they were made, with their status now. */
async function actionTasksOf(db: Db, projectId: string, fields: Fields, roomId: string): Promise<ActionTaskView[]> {
  const links = await db.select().from(retroActionTasks).where(and(eq(retroActionTasks.projectId, projectId), eq(retroActionTasks.roomId, roomId))).orderBy(retroActionTasks.createdAt);
  const found = await loopTasks(db, projectId, fields, links.map((l) => l.taskId));
  return links.flatMap((l) => {
    const task = found.get(l.taskId);
    return task ? [{ ...task, note: l.note }] : [];
  });
}

/** The sprint a retro is bound to, if any. */
export async function boundSprint(db: Db, room: Room): Promise<Sprint | null> {
  const row = await db.select({ sprint: retroSprints.sprintId }).from(retroSprints).where(eq(retroSprints.roomId, room.id)).get();
  return row ? ((await findSprint(db, room.projectId, row.sprint)) ?? null) : null;
}

/** The sprint's facts, read from its lane, the activity log and the poker rooms' estimates. */
async function factsOf(db: Db, sprint: Sprint, fields: Fields): Promise<NonNullable<RetroFactsView["facts"]>> {
  const projectId = sprint.projectId;
  const sprintJson = JSON.stringify(sprint.id);
  const [inLane, log] = await Promise.all([
    fields.sprint
      ? db.select({ id: fieldValues.entityId }).from(fieldValues).where(and(eq(fieldValues.fieldId, fields.sprint.id), eq(fieldValues.entityKind, "issue"), eq(fieldValues.value, sprintJson)))
      : Promise.resolve([]),
    // A sprint's guid holds no LIKE wildcards; the rules below read only the entries that really name it.
    db
      .select({ entity: activity.entityId, kind: activity.entityKind, action: activity.action, detail: activity.detail, at: activity.createdAt })
      .from(activity)
      .where(and(eq(activity.projectId, projectId), or(and(eq(activity.entityKind, "sprint"), eq(activity.entityId, sprint.id)), and(eq(activity.entityKind, "issue"), like(activity.detail, `%${sprint.id}%`)))))
      .orderBy(activity.createdAt),
  ]);
  const entries = (kind: string) => log.filter((e) => e.kind === kind).map((e) => ({ entity: e.entity, action: e.action, detail: parse(e.detail), at: e.at }));
  const sprintLog = entries("sprint");
  const moves = sprintMoves(entries("issue"), sprint.id);
  const completedAt = sprint.status === "completed" ? (sprintLog.filter((e) => e.action === "completed").at(-1)?.at ?? null) : null;
  // Epics live in their own lane whatever their sprint says; they are not the sprint's work.
  const epicType = fields.issue_type ? optionsOf(fields.issue_type).find((o) => o.key === "epic")?.guid : undefined;
  const ids = [...new Set([...inLane.map((r) => r.id), ...moves.map((m) => m.task)])];
  const epics = new Set(
    epicType && fields.issue_type
      ? (
          await inSlices(ids, (slice) =>
            db
              .select({ id: fieldValues.entityId })
              .from(fieldValues)
              .where(and(eq(fieldValues.fieldId, fields.issue_type!.id), inArray(fieldValues.entityId, slice), eq(fieldValues.value, JSON.stringify(epicType)))),
          )
        ).map((r) => r.id)
      : [],
  );
  const work = ids.filter((id) => !epics.has(id));
  const [found, poker, history, born] = await Promise.all([
    loopTasks(db, projectId, fields, work),
    inSlices(work, (slice) => db.select({ task: pokerEstimates.taskId, value: pokerEstimates.value, at: pokerEstimates.at }).from(pokerEstimates).where(and(eq(pokerEstimates.projectId, projectId), inArray(pokerEstimates.taskId, slice)))),
    // The burndown's history: the work's logged creations and changes.
    inSlices(work, (slice) =>
      db
        .select({ entity: activity.entityId, action: activity.action, detail: activity.detail, at: activity.createdAt })
        .from(activity)
        .where(and(eq(activity.projectId, projectId), eq(activity.entityKind, "issue"), inArray(activity.action, ["created", "updated"]), inArray(activity.entityId, slice))),
    ),
    inSlices(work, (slice) => db.select({ id: tasks.id, createdAt: tasks.createdAt }).from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, slice), notDeleted))),
  ]);
  const facts = retroFacts({
    sprint: sprint.id,
    start: sprintStart(sprintLog, sprint.startDate),
    completedAt: sprint.status === "completed" ? (completedAt ?? Date.now()) : null,
    current: inLane.map((r) => r.id).filter((id) => !epics.has(id)),
    tasks: found,
    moves,
    poker,
  });
  const full = (t: FactTask) => found.get(t.guid)!;
  return {
    burndown: burndownOf(sprint, fields, { found, inLane: new Set(inLane.map((r) => r.id)), history, born, completedAt: sprint.status === "completed" ? (completedAt ?? Date.now()) : null }),
    carried_over: facts.carriedOver.map(full),
    added: facts.added.map(full),
    estimate: facts.estimate,
    accuracy: { estimated: facts.accuracy.estimated, changed: facts.accuracy.changed.map((c) => ({ task: full(c.task), poker: c.poker, now: c.now })) },
  };
}

/** The sprint's burndown from the work's history (tasks deleted since are left out). */
function burndownOf(
  sprint: Sprint,
  fields: Fields,
  data: {
    found: Map<string, LoopTask>;
    inLane: Set<string>;
    history: { entity: string; action: string; detail: string; at: number }[];
    born: { id: string; createdAt: number }[];
    completedAt: number | null;
  },
): BurndownFact | null {
  if (!sprint.startDate || !sprint.endDate) return null;
  const done = new Set(fields.status ? optionsOf(fields.status).filter((o) => o.key === "done").map((o) => o.guid) : []);
  const anyDone = [...done][0] ?? null;
  const tracked = new Map<string, Tracked>(
    (["status", "estimate", "sprint"] as const).flatMap((slug) => (fields[slug] ? [[fields[slug]!.id, slug] as const] : [])),
  );
  const createdAt = new Map(data.born.map((b) => [b.id, b.createdAt]));
  const changes: ValueChange[] = [];
  for (const row of data.history) {
    if (row.action === "created") {
      createdAt.set(row.entity, Math.min(row.at, createdAt.get(row.entity) ?? Infinity));
      continue;
    }
    for (const c of readDetail(updatedDetail, row.detail)?.changes ?? []) {
      const field = tracked.get(c.field) ?? (["status", "estimate", "sprint"] as const).find((slug) => slug === c.slug);
      if (field) changes.push({ task: row.entity, at: row.at, field, from: c.from ?? null, to: c.to ?? null });
    }
  }
  const burndownTasks: BurndownTask[] = [...data.found.values()].map((t) => ({
    guid: t.guid,
    createdAt: createdAt.get(t.guid) ?? -Infinity,
    // Only whether the status is done matters; any done option stands for it.
    values: { status: t.done ? anyDone : null, estimate: t.estimate, sprint: data.inLane.has(t.guid) ? sprint.id : null },
  }));
  return burndownFact({ sprint: sprint.id, start: sprint.startDate, end: sprint.endDate, now: Date.now(), completedAt: data.completedAt, done, tasks: burndownTasks, changes });
}

/** The retro bound to a sprint made just before this one in the project, if any. */
function previousBoundRetro(db: Db, room: Room) {
  return db
    .select({ id: rooms.id, title: rooms.title, projectId: rooms.projectId, kind: rooms.kind })
    .from(retroSprints)
    .innerJoin(rooms, eq(rooms.id, retroSprints.roomId))
    .where(
      and(
        eq(retroSprints.projectId, room.projectId),
        ne(rooms.id, room.id),
        // Ties (made in the same millisecond) are broken by guid, so two retros never review each other.
        or(lt(rooms.createdAt, room.createdAt), and(eq(rooms.createdAt, room.createdAt), lt(rooms.id, room.id))),
      ),
    )
    .orderBy(desc(rooms.createdAt), desc(rooms.id))
    .get();
}

/** Everything a retro's facts column shows. */
export async function retroFactsView(db: Db, room: Room, t: TFunction): Promise<RetroFactsView> {
  await ensureSystemFields(db, room.projectId, t);
  const fields = await loopFields(db, room.projectId);
  const [sprint, actions] = await Promise.all([boundSprint(db, room), actionTasksOf(db, room.projectId, fields, room.id)]);
  if (!sprint) return { sprint: null, facts: null, last_actions: null, actions };
  const [facts, previous] = await Promise.all([factsOf(db, sprint, fields), previousBoundRetro(db, room)]);
  const last_actions = previous
    ? { room: { guid: previous.id, title: previous.title, url: `/project/${previous.projectId}/room/retro/${previous.id}` }, items: await actionTasksOf(db, room.projectId, fields, previous.id) }
    : null;
  return {
    sprint: { guid: sprint.id, title: sprint.title, status: sprint.status, start_date: sprint.startDate, end_date: sprint.endDate },
    facts,
    last_actions,
    actions,
  };
}

/** The retro an action item's task came from, for the task page's "from retro X". */
export async function retroOfTask(db: Db, projectId: string, taskId: string): Promise<{ guid: string; title: string; url: string } | null> {
  const row = await db
    .select({ id: rooms.id, title: rooms.title })
    .from(retroActionTasks)
    .innerJoin(rooms, eq(rooms.id, retroActionTasks.roomId))
    .where(and(eq(retroActionTasks.projectId, projectId), eq(retroActionTasks.taskId, taskId)))
    .get();
  return row ? { guid: row.id, title: row.title, url: `/project/${projectId}/room/retro/${row.id}` } : null;
}

/** Links an action item's task to its retro; idempotent, so a retried delivery links it once. */
export async function linkActionTask(db: Db, projectId: string, roomId: string, note: string, taskId: string) {
  await db.insert(retroActionTasks).values({ taskId, roomId, projectId, note }).onConflictDoNothing();
}

/** Keeps the estimate a poker room accepted for a task (the last one per room). */
export async function recordPokerEstimate(db: Db, projectId: string, roomId: string, taskId: string, value: number, at = Date.now()) {
  await db
    .insert(pokerEstimates)
    .values({ taskId, roomId, projectId, value, at })
    .onConflictDoUpdate({ target: [pokerEstimates.taskId, pokerEstimates.roomId], set: { value, at } });
}

/** Reference stories per card value for the calibration strip. */
export const CALIBRATION_PER_VALUE = 3;

export interface CalibrationValue {
  card: string;
  /** The card's number; null for an option of a field deck that has none. */
  value: number | null;
  tasks: { guid: string; number: number; title: string }[];
}

/** A deck as the strip needs it: its cards, and for a deck from a select field which option each card is. */
export interface CalibrationDeck {
  cards: readonly { label: string; value: number | null }[];
  field?: DeckFieldMeta;
}

/**
 * Earlier tasks of the project holding each card, the most recently set first, at most
 * `CALIBRATION_PER_VALUE` per card, leaving out `current`. A number deck's card is held as the
 * task's estimate (its numeric cards only); a field deck's card as the field's option, which is
 * where the room's accept wrote it. One query (a window over the field's values, joined to the
 * tasks and their titles).
 */
export async function calibration(db: Db, projectId: string, deck: CalibrationDeck, current: string, t: TFunction): Promise<CalibrationValue[]> {
  await ensureSystemFields(db, projectId, t);
  const fields = await loopFields(db, projectId);
  const field = deck.field;
  const cards = field
    ? deck.cards.flatMap((c) => (field.options[c.label] ? [{ card: c.label, value: c.value, stored: JSON.stringify(field.options[c.label]) }] : []))
    : deck.cards.flatMap((c) => (c.value !== null && Number.isFinite(c.value) ? [{ card: c.label, value: c.value, stored: JSON.stringify(c.value) }] : []));
  const fieldId = field ? field.guid : fields.estimate?.id;
  if (cards.length === 0 || !fieldId || !fields.title) return [];
  const values = [...new Set(cards.map((c) => c.stored))];
  const rows = await db.all<{ value: string; id: string; number: number; title: string | null }>(sql`
    SELECT ranked.value AS value, ranked.id AS id, ranked.number AS number, title.value AS title FROM (
      SELECT est.value AS value, tasks.id AS id, tasks.number AS number,
        ROW_NUMBER() OVER (PARTITION BY est.value ORDER BY est.updated_at DESC, tasks.number DESC) AS n
      FROM field_values est JOIN tasks ON tasks.id = est.entity_id
      WHERE est.project_id = ${projectId} AND est.field_id = ${fieldId} AND est.entity_kind = 'issue'
        AND est.participant_value = '' AND est.entity_id != ${current} AND tasks.project_id = ${projectId} AND tasks.deleted_at IS NULL
        AND est.value IN (${sql.join(values.map((v) => sql`${v}`), sql`, `)})
    ) AS ranked
    LEFT JOIN field_values title ON title.entity_id = ranked.id AND title.field_id = ${fields.title.id} AND title.participant_value = ''
    WHERE ranked.n <= ${CALIBRATION_PER_VALUE}
    ORDER BY ranked.value, ranked.n`);
  return cards.map((c) => ({
    card: c.card,
    value: c.value,
    tasks: rows
      .filter((r) => r.value === c.stored)
      .map((r) => {
        const title = r.title === null ? null : parse(r.title);
        return { guid: r.id, number: r.number, title: typeof title === "string" ? title : "" };
      }),
  }));
}
