/**
 * Field values on any entity (task, document, room…): reading them as the wire shape, checking
 * them against their definitions, participants, sprints, tasks and workflows, and the
 * statements that store them (in the caller's batch, or one of their own).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type EntityKind, type FieldType, checkValue } from "../../domain/fields/types";
import { type Transition, transitionAllowed } from "../../domain/fields/workflow";
import { taskTitleRefusal } from "../../domain/planning/schemas";
import { type Db, inSlices, runBatch } from "../db/client";
import { fieldDefinitions, fieldValues, participants, sprints, tasks, type FieldDefinition } from "../db/schema";
import { entitiesOf, optionsOf } from "./field-definitions";
import { newGuid } from "./ids";
import { workflowsByField } from "./workflows";

export interface ValueView {
  /** The field's guid. */
  guid: string;
  slug: string | null;
  value: unknown;
  participant_value: string | null;
}

export interface ValueInput {
  guid?: string;
  slug?: string;
  value?: unknown;
  participant_value?: string | null;
}

type StoredValue = { value: { entityId: string; participantValue: string; value: string }; field: { id: string; slug: string | null; sort: number } };

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

/** Values of one entity, optionally only those of the given field slugs or guids. */
export async function readValues(db: Db, kind: EntityKind, entityIds: string[], only?: string[]): Promise<Map<string, ValueView[]>> {
  if (entityIds.length === 0) return new Map();
  const rows = await inSlices(entityIds, (slice) =>
    db
      .select({ value: { entityId: fieldValues.entityId, participantValue: fieldValues.participantValue, value: fieldValues.value }, field: { id: fieldDefinitions.id, slug: fieldDefinitions.slug, sort: fieldDefinitions.sort } })
      .from(fieldValues)
      .innerJoin(fieldDefinitions, eq(fieldDefinitions.id, fieldValues.fieldId))
      .where(and(eq(fieldValues.entityKind, kind), inArray(fieldValues.entityId, slice))),
  );
  return valueViews(rows, only);
}

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
  const fields = pending ? pending.fields : await db.select().from(fieldDefinitions).where(eq(fieldDefinitions.projectId, projectId));
  const members = pending ? pending.participants.map((userId) => ({ userId })) : await db.select({ userId: participants.userId }).from(participants).where(eq(participants.projectId, projectId));
  const participantGuids = new Set(members.map((m) => m.userId));
  // References to sprints and tasks must stay inside the project; load them only when needed.
  const wants = (types: string[]) => inputs.some((input) => types.includes(fields.find((f) => (input.guid ? f.id === input.guid : f.slug === input.slug))?.typeFields ?? ""));
  const sprintGuids = wants(["sprint"])
    ? new Set((await db.select({ id: sprints.id }).from(sprints).where(eq(sprints.projectId, projectId))).map((r) => r.id))
    : undefined;
  const taskGuids = wants(["issue", "issues"])
    ? new Set((await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.projectId, projectId))).map((r) => r.id))
    : undefined;
  // Status-like values of tasks may only move along their field's workflow.
  const flows = kind === "issue" ? await workflowsByField(db, projectId) : new Map<string, Transition[]>();
  const current =
    flows.size > 0
      ? await db
          .select({ fieldId: fieldValues.fieldId, value: fieldValues.value })
          .from(fieldValues)
          .where(and(eq(fieldValues.entityKind, kind), eq(fieldValues.entityId, entityId)))
      : [];
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
      const before = current.find((v) => v.fieldId === field.id)?.value;
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
