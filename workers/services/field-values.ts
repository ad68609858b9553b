/**
 * Field values on any entity (task, document, room…): reading them as the wire shape, checking
 * them against their definitions, participants, sprints, tasks and workflows, and the
 * statements that store them (in the caller's batch, or one of their own).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { EntityKind, FieldType } from "../../domain/fields/types";
import { checkValue } from "../../domain/fields/value-checks";
import { type Transition, transitionAllowed } from "../../domain/fields/workflow";
import { taskTitleRefusal } from "../../domain/planning/schemas";
import { type Db, inSlices, MAX_IDS_PER_QUERY, runBatch } from "../db/client";
import { fieldDefinitions, fieldValues, participants, sprints, tasks, type FieldDefinition } from "../db/schema";
import { entitiesOf, optionsOf } from "./field-definitions";
import { newGuid } from "./ids";
import { projectWorkflows, transitionsByField } from "./workflows";
import { notDeleted } from "./task-filter";
import type { ValueView } from "../../domain/wire/task-view";

export interface ValueInput {
  guid?: string;
  slug?: string;
  value?: unknown;
  participant_value?: string | null;
}

export type StoredValue = { value: { entityId: string; participantValue: string; value: string }; field: { id: string; slug: string | null; sort: number } };

/** Groups stored values by entity, in field order, as the wire shape; `only` narrows to slugs or guids. */
function valueViews(rows: StoredValue[], only?: string[]): Map<string, ValueView[]> {
  const out = new Map<string, ValueView[]>();
  // Stable: values of one field keep the order the database gave them.
  rows.sort((a, b) => a.field.sort - b.field.sort);
  for (const { value, field } of rows) {
    if (only && only.length > 0 && !only.includes(field.id) && !(field.slug && only.includes(field.slug))) continue;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(value.value);
    } catch {
      // A damaged value reads as empty rather than failing the whole entity.
    }
    const list = out.get(value.entityId);
    const view = { guid: field.id, slug: field.slug, value: parsed, participant_value: value.participantValue || null };
    if (list) list.push(view);
    else out.set(value.entityId, [view]);
  }
  return out;
}

/** The query of the values stored on some entities, with their field's id, slug and order. */
function storedValues(db: Db, kind: EntityKind, entityIds: string[]) {
  return db
    .select({ value: { entityId: fieldValues.entityId, participantValue: fieldValues.participantValue, value: fieldValues.value }, field: { id: fieldDefinitions.id, slug: fieldDefinitions.slug, sort: fieldDefinitions.sort } })
    .from(fieldValues)
    .innerJoin(fieldDefinitions, eq(fieldDefinitions.id, fieldValues.fieldId))
    .where(and(eq(fieldValues.entityKind, kind), inArray(fieldValues.entityId, entityIds)));
}

/** Values of one entity, optionally only those of the given field slugs or guids. */
export async function readValues(db: Db, kind: EntityKind, entityIds: string[], only?: string[]): Promise<Map<string, ValueView[]>> {
  if (entityIds.length === 0) return new Map();
  const rows = await inSlices(entityIds, (slice) => storedValues(db, kind, slice));
  return valueViews(rows, only);
}

/**
 * The query of one entity's values for a caller's batch, and how to read its rows as the
 * wire shape (`only` narrows to slugs or guids, as in `readValues`).
 */
export const entityValues = (db: Db, kind: EntityKind, entityId: string) => storedValues(db, kind, [entityId]);
export const entityValueViews = (rows: readonly StoredValue[], entityId: string, only?: string[]): ValueView[] => valueViews([...rows], only).get(entityId) ?? [];

/**
 * The values of every participant of a project, for a caller's batch: the ids come from a
 * subquery, so the participants and their values are read in the same round trip.
 */
export const projectParticipantValues = (db: Db, projectId: string) =>
  db
    .select({ value: { entityId: fieldValues.entityId, participantValue: fieldValues.participantValue, value: fieldValues.value }, field: { id: fieldDefinitions.id, slug: fieldDefinitions.slug, sort: fieldDefinitions.sort } })
    .from(fieldValues)
    .innerJoin(fieldDefinitions, eq(fieldDefinitions.id, fieldValues.fieldId))
    .where(and(eq(fieldValues.entityKind, "participant"), inArray(fieldValues.entityId, db.select({ id: participants.id }).from(participants).where(eq(participants.projectId, projectId)))));

/** Stored values of several entities grouped by entity, as the wire shape (`only` as in `readValues`). */
export const valueViewsByEntity = (rows: readonly StoredValue[], only?: string[]): Map<string, ValueView[]> => valueViews([...rows], only);

/** A value as `writeValues` stores it: `value` null means the value was cleared. */
export interface WrittenValue {
  fieldId: string;
  slug: string | null;
  /** "" for a shared value, the participant's guid for an individual one. */
  participantValue: string;
  value: unknown;
}

/**
 * Validates and stores values on one entity (spec §4: values with the same field guid are
 * replaced, new ones appended). Everything is checked before anything is written, so a bad
 * value changes nothing. An individual value belongs to its participant: one may only write
 * one's own. `also` adds statements to the same batch once the values are known to be valid
 * (the activity log, the entity's `updatedAt`): they land with the values or not at all.
 */
export async function writeValues(
  db: Db,
  projectId: string,
  kind: EntityKind,
  entityId: string,
  inputs: ValueInput[],
  actorUserId: string,
  also?: (writes: WrittenValue[]) => BatchItem<"sqlite">[],
): Promise<CheckedValues> {
  if (inputs.length === 0) return { ok: true, writes: [] };
  const checked = await checkValues(db, projectId, kind, entityId, inputs, actorUserId);
  if (!checked.ok) return checked;
  await runBatch(db, [...valueStatements(db, projectId, kind, entityId, checked.writes), ...(also?.(checked.writes) ?? [])]);
  return checked;
}

export type CheckedValues = { ok: true; writes: WrittenValue[] } | { ok: false; reason: string; index: number };

/**
 * Rows not yet in D1 that `checkValues` should know, for an entity created in the same batch
 * as its values (a new project's fields and its one participant).
 */
export interface PendingRows {
  fields: FieldDefinition[];
  participants: string[];
}

/** What checking values on one entity needs to know from D1 (`readValueContext`). */
export interface ValueContext {
  fields: FieldDefinition[];
  participantGuids: ReadonlySet<string>;
  /** The project's sprints and tasks among the ids the values name. */
  sprintGuids: ReadonlySet<string>;
  taskGuids: ReadonlySet<string>;
  /** The transitions of the project's fields with a workflow (tasks only). */
  flows: ReadonlyMap<string, Transition[]>;
  /** The values stored on the entity now, with their fields (tasks only). */
  current: readonly StoredValue[];
}

/** Strings by which values may name a sprint or a task (a guid is 1–64 characters, see domain/fields/types). */
function namedIds(inputs: readonly ValueInput[]): string[] {
  const ids = new Set<string>();
  for (const { value } of inputs) for (const v of Array.isArray(value) ? value : [value]) if (typeof v === "string" && v.length > 0 && v.length <= 64) ids.add(v);
  return [...ids];
}

/**
 * Reads everything `checkValues` needs in one D1 batch (one round trip, or none): the project's
 * fields and participants (unless `pending` has them), the project's sprints and tasks among
 * the ids the values name — references must stay inside the project — and, for a task, the
 * workflows and the values it holds now (a status moves along its workflow from there).
 */
export async function readValueContext(db: Db, projectId: string, kind: EntityKind, entityId: string, inputs: readonly ValueInput[], pending?: PendingRows): Promise<ValueContext> {
  const reads: BatchItem<"sqlite">[] = [];
  const read = (query: BatchItem<"sqlite">) => reads.push(query) - 1;
  const wanted = inputs.length > 0;
  const fieldsAt = wanted && !pending ? read(db.select().from(fieldDefinitions).where(eq(fieldDefinitions.projectId, projectId))) : -1;
  const membersAt = wanted && !pending ? read(db.select({ userId: participants.userId }).from(participants).where(eq(participants.projectId, projectId))) : -1;
  // With the fields at hand (a new project's), only the references a field can hold are looked up.
  const mayName = (types: string[]) => !pending || pending.fields.some((f) => types.includes(f.typeFields));
  const ids = wanted ? namedIds(inputs) : [];
  const slices: string[][] = [];
  for (let i = 0; i < ids.length; i += MAX_IDS_PER_QUERY) slices.push(ids.slice(i, i + MAX_IDS_PER_QUERY));
  const sprintsAt = mayName(["sprint"]) ? slices.map((slice) => read(db.select({ id: sprints.id }).from(sprints).where(and(eq(sprints.projectId, projectId), inArray(sprints.id, slice))))) : [];
  const tasksAt = mayName(["issue", "issues"]) ? slices.map((slice) => read(db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, slice), notDeleted)))) : [];
  const flowsAt = wanted && kind === "issue" ? read(projectWorkflows(db, projectId)) : -1;
  const currentAt = kind === "issue" ? read(entityValues(db, kind, entityId)) : -1;
  const [first, ...rest] = reads;
  const results: unknown[] = first ? await db.batch([first, ...rest]) : [];
  const rows = <T>(at: number): T[] => (at < 0 ? [] : (results[at] as T[]));
  const idsOf = (at: number[]) => new Set(at.flatMap((i) => rows<{ id: string }>(i).map((r) => r.id)));
  return {
    fields: pending ? pending.fields : rows<FieldDefinition>(fieldsAt),
    participantGuids: new Set(pending ? pending.participants : rows<{ userId: string }>(membersAt).map((m) => m.userId)),
    sprintGuids: idsOf(sprintsAt),
    taskGuids: idsOf(tasksAt),
    flows: transitionsByField(rows(flowsAt)),
    current: rows<StoredValue>(currentAt),
  };
}

/**
 * Validates values for one entity without writing anything (the checks of `writeValues`);
 * `valueStatements` then turns the answer into statements for the caller's batch.
 */
export async function checkValues(
  db: Db,
  projectId: string,
  kind: EntityKind,
  entityId: string,
  inputs: ValueInput[],
  actorUserId: string,
  pending?: PendingRows,
): Promise<CheckedValues> {
  if (inputs.length === 0) return { ok: true, writes: [] };
  return checkValuesIn(await readValueContext(db, projectId, kind, entityId, inputs, pending), kind, inputs, actorUserId);
}

/** The checks of `checkValues` against what `readValueContext` read: no D1 call of its own. */
export function checkValuesIn(context: ValueContext, kind: EntityKind, inputs: readonly ValueInput[], actorUserId: string): CheckedValues {
  const { fields, participantGuids, sprintGuids, taskGuids, flows, current } = context;
  const writes: WrittenValue[] = [];
  for (const [index, input] of inputs.entries()) {
    const field = fields.find((f) => (input.guid ? f.id === input.guid : input.slug !== undefined && f.slug === input.slug));
    if (!field) return { ok: false, reason: "field_not_found", index };
    if (!entitiesOf(field).some((e) => e.slug === kind && e.permission)) return { ok: false, reason: "field_not_for_entity", index };
    // A task's title follows one rule on every path that writes it (creating, editing, a room's export).
    if (kind === "issue" && field.slug === "title") {
      const refusal = taskTitleRefusal(input.value ?? null);
      if (refusal) return { ok: false, reason: refusal, index };
    }
    const checked = checkValue(field.typeFields as FieldType, input.value ?? null, {
      optionGuids: new Set(optionsOf(field).map((o) => o.guid)),
      participantGuids,
      sprintGuids,
      taskGuids,
    });
    if (!checked.ok) return { ok: false, reason: checked.reason, index };
    const flow = flows.get(field.id);
    if (flow) {
      const before = current.find((v) => v.field.id === field.id)?.value.value;
      const from = before === undefined ? null : (JSON.parse(before) as string | null);
      if (!transitionAllowed(flow, from, (checked.value as string | null) ?? null)) return { ok: false, reason: "transition_forbidden", index };
    }
    let participantValue = "";
    if (field.individualValue) {
      participantValue = input.participant_value ?? actorUserId;
      if (participantValue !== actorUserId) return { ok: false, reason: "value_not_yours", index };
    }
    writes.push({ fieldId: field.id, slug: field.slug, participantValue, value: checked.value });
  }
  return { ok: true, writes };
}

/** The statements that store checked values on one entity (for the caller's batch). */
export function valueStatements(db: Db, projectId: string, kind: EntityKind, entityId: string, writes: WrittenValue[]): BatchItem<"sqlite">[] {
  const now = Date.now();
  return writes.map((w) =>
    w.value === null
      ? db.delete(fieldValues).where(and(eq(fieldValues.fieldId, w.fieldId), eq(fieldValues.entityId, entityId), eq(fieldValues.participantValue, w.participantValue)))
      : db
          .insert(fieldValues)
          .values({ id: newGuid(), projectId, fieldId: w.fieldId, entityKind: kind, entityId, participantValue: w.participantValue, value: JSON.stringify(w.value), updatedAt: now })
          .onConflictDoUpdate({ target: [fieldValues.fieldId, fieldValues.entityId, fieldValues.participantValue], set: { value: JSON.stringify(w.value), updatedAt: now } }),
  );
}
