/**
 * The custom field engine: field definitions (system and user), their options, and values on
 * any entity. Every view — board lane, card, table column — is a projection of these.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TFunction } from "i18next";
import { z } from "zod";
import { SYSTEM_FIELDS, isSystemSlug } from "../../domain/fields/system";
import { ENTITY_KINDS, type EntityKind, type FieldOption, type FieldType, checkValue, fieldOption, hasOptions } from "../../domain/fields/types";
import { renumber } from "../../domain/ordering";
import { taskTitleRefusal } from "../../domain/planning/schemas";
import { type Transition, transitionAllowed } from "../../domain/fields/workflow";
import { batchGuard, type Db, inSlices, isBatchGuardFailure, runBatch } from "../db/client";
import { fieldDefinitions, fieldValues, participants, sprints, tasks, type FieldDefinition } from "../db/schema";
import { newGuid } from "./ids";
import { workflowsByField } from "./workflows";

export interface EntityPermission {
  slug: EntityKind;
  permission: boolean;
}

export interface FieldView {
  guid: string;
  title: string;
  slug: string | null;
  type_fields: FieldType;
  sort: number;
  individual_value: boolean;
  hide_to_user: boolean;
  system: boolean;
  settings: { values_set: FieldOption[] };
  entities: EntityPermission[];
}

export interface ValueView {
  /** The field's guid. */
  guid: string;
  slug: string | null;
  value: unknown;
  participant_value: string | null;
}

const optionsJson = z.array(fieldOption);
const entitiesJson = z.array(z.object({ slug: z.enum(ENTITY_KINDS), permission: z.boolean() }));

function parseJson<T>(schema: z.ZodType<T>, text: string, fallback: T): T {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : fallback;
  } catch {
    return fallback;
  }
}

export const optionsOf = (f: FieldDefinition) => parseJson(optionsJson, f.valuesSet, []).sort((a, b) => a.sort - b.sort);
export const entitiesOf = (f: FieldDefinition) => parseJson(entitiesJson, f.entities, []) as EntityPermission[];

/** Every entity kind with its permission; kinds not listed are not permitted. */
export function fullEntities(list: readonly EntityPermission[]): EntityPermission[] {
  return ENTITY_KINDS.map((slug) => ({ slug, permission: list.some((e) => e.slug === slug && e.permission) }));
}

export function fieldView(f: FieldDefinition, t: TFunction): FieldView {
  return {
    guid: f.id,
    title: f.slug && isSystemSlug(f.slug) ? t(`projects:fields.system.${f.slug}`) : (f.title ?? ""),
    slug: f.slug,
    type_fields: f.typeFields as FieldType,
    sort: f.sort,
    individual_value: f.individualValue,
    hide_to_user: f.hideToUser,
    system: isSystemSlug(f.slug),
    settings: { values_set: optionsOf(f) },
    entities: fullEntities(entitiesOf(f)),
  };
}

/**
 * Creates the project's system fields that are missing (all of them for a new project, new
 * ones for a project made before they existed). Idempotent: the slug is unique per project.
 */
export async function ensureSystemFields(db: Db, projectId: string, t: TFunction): Promise<void> {
  const present = await db
    .select({ slug: fieldDefinitions.slug })
    .from(fieldDefinitions)
    .where(and(eq(fieldDefinitions.projectId, projectId), inArray(fieldDefinitions.slug, SYSTEM_FIELDS.map((f) => f.slug))));
  if (present.length === SYSTEM_FIELDS.length) return;
  await runBatch(db, systemFieldStatements(db, systemFieldRows(projectId, t, new Set(present.map((p) => p.slug)))));
}

/** The rows of the system fields a project lacks (all of them for a new project). */
export function systemFieldRows(projectId: string, t: TFunction, have: ReadonlySet<string | null> = new Set()): FieldDefinition[] {
  const now = Date.now();
  const missing = SYSTEM_FIELDS.map((spec, index) => ({ spec, index })).filter(({ spec }) => !have.has(spec.slug));
  return missing.map(({ spec, index }) => ({
    id: newGuid(),
    projectId,
    slug: spec.slug,
    title: null,
    typeFields: spec.type,
    sort: index,
    individualValue: spec.individual ?? false,
    hideToUser: false,
    valuesSet: JSON.stringify(
      (spec.options ?? []).map(([key, color], sort) => {
        const label = t(`projects:fields.options.${spec.slug}.${key}`);
        return { guid: newGuid(), ...(spec.type === "rotation" ? { title: label } : { value: label }), color, sort, key };
      }),
    ),
    entities: JSON.stringify(spec.entities.map((slug) => ({ slug, permission: true }))),
    createdAt: now,
  }));
}

/** Inserts for field rows; D1 caps bound parameters per statement, so a few rows each. */
export function systemFieldStatements(db: Db, rows: FieldDefinition[]): BatchItem<"sqlite">[] {
  const chunks: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += 5) chunks.push(db.insert(fieldDefinitions).values(rows.slice(i, i + 5)).onConflictDoNothing());
  return chunks;
}

/**
 * Every field definition of the project, by order, with the system fields made first if any is
 * missing. One D1 call when they all exist (every read after the first), three otherwise.
 */
export async function projectFields(db: Db, projectId: string, t: TFunction): Promise<FieldDefinition[]> {
  const read = () => db.select().from(fieldDefinitions).where(eq(fieldDefinitions.projectId, projectId)).orderBy(asc(fieldDefinitions.sort), asc(fieldDefinitions.createdAt));
  const rows = await read();
  const have = new Set(rows.map((r) => r.slug));
  if (SYSTEM_FIELDS.every((f) => have.has(f.slug))) return rows;
  await ensureSystemFields(db, projectId, t);
  return read();
}

export async function listFields(db: Db, projectId: string, t: TFunction, rows?: FieldDefinition[]): Promise<FieldView[]> {
  return (rows ?? (await projectFields(db, projectId, t))).map((f) => fieldView(f, t));
}

export function findField(db: Db, projectId: string, fieldId: string) {
  return db.select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, projectId), eq(fieldDefinitions.id, fieldId))).get();
}

export type OptionInput = { value?: string; title?: string; color?: string };
const DEFAULT_OPTION_COLOR = "#64748b";

export function makeOption(type: string, input: OptionInput, sort: number): FieldOption {
  const label = input.title ?? input.value ?? "";
  return { guid: newGuid(), ...(type === "rotation" ? { title: label } : { value: label }), color: input.color ?? DEFAULT_OPTION_COLOR, sort };
}

export async function createField(
  db: Db,
  projectId: string,
  input: { title: string; type_fields: FieldType; sort?: number; individual_value: boolean; hide_to_user: boolean; settings: { values_set: OptionInput[] }; entities?: EntityPermission[] },
): Promise<FieldDefinition> {
  const existing = await db.select({ sort: fieldDefinitions.sort }).from(fieldDefinitions).where(eq(fieldDefinitions.projectId, projectId));
  const sort = input.sort ?? Math.max(-1, ...existing.map((f) => f.sort)) + 1;
  const options = hasOptions(input.type_fields) ? input.settings.values_set.map((o, i) => makeOption(input.type_fields, o, i)) : [];
  // A new field shows on tasks unless told otherwise: that is where users look for it.
  const entities = input.entities ?? [{ slug: "issue" as const, permission: true }];
  return (await db
    .insert(fieldDefinitions)
    .values({
      id: newGuid(),
      projectId,
      title: input.title,
      typeFields: input.type_fields,
      sort,
      individualValue: input.individual_value,
      hideToUser: input.hide_to_user,
      valuesSet: JSON.stringify(options),
      entities: JSON.stringify(entities),
    })
    .returning()
    .get())!;
}

export async function updateField(
  db: Db,
  field: FieldDefinition,
  changes: { title?: string; hide_to_user?: boolean; individual_value?: boolean; entities?: EntityPermission[] },
): Promise<{ ok: true; field: FieldDefinition } | { ok: false; reason: string }> {
  const system = isSystemSlug(field.slug);
  if (system && (changes.title !== undefined || changes.individual_value !== undefined)) return { ok: false, reason: "system_field" };
  const set = {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.hide_to_user !== undefined ? { hideToUser: changes.hide_to_user } : {}),
    ...(changes.individual_value !== undefined ? { individualValue: changes.individual_value } : {}),
    ...(changes.entities !== undefined ? { entities: JSON.stringify(changes.entities) } : {}),
  };
  // Nothing to change is a no-op, not an UPDATE without columns (drizzle throws on that).
  if (Object.keys(set).length === 0) return { ok: true, field };
  const updated = await db
    .update(fieldDefinitions)
    .set(set)
    .where(eq(fieldDefinitions.id, field.id))
    .returning()
    .get();
  return updated ? { ok: true, field: updated } : { ok: false, reason: "field_not_found" };
}

/** Applies `[{guid, sort}]`, then renumbers the project's fields 0… writing only changed rows. */
export async function reorderFields(db: Db, projectId: string, moves: { guid: string; sort: number }[]): Promise<{ ok: boolean }> {
  const rows = await db.select({ guid: fieldDefinitions.id, sort: fieldDefinitions.sort, createdAt: fieldDefinitions.createdAt }).from(fieldDefinitions).where(eq(fieldDefinitions.projectId, projectId));
  const byGuid = new Map(rows.map((r) => [r.guid, r]));
  if (!moves.every((m) => byGuid.has(m.guid))) return { ok: false };
  const wanted = new Map(moves.map((m) => [m.guid, m.sort]));
  const ordered = rows
    .map((r) => ({ ...r, key: wanted.get(r.guid) ?? r.sort, moved: wanted.has(r.guid) }))
    // Moved fields win ties so "put X at 2" lands X at 2, pushing the old 2 down.
    .sort((a, b) => a.key - b.key || Number(b.moved) - Number(a.moved) || a.createdAt - b.createdAt);
  const { changed } = renumber(ordered);
  if (changed.length > 0) {
    const statements = changed.map((c) => db.update(fieldDefinitions).set({ sort: c.sort }).where(eq(fieldDefinitions.id, c.guid)));
    await runBatch(db, statements);
  }
  return { ok: true };
}

export async function deleteField(db: Db, field: FieldDefinition): Promise<{ ok: boolean; reason?: string }> {
  if (isSystemSlug(field.slug)) return { ok: false, reason: "system_field" };
  await db.delete(fieldDefinitions).where(eq(fieldDefinitions.id, field.id));
  return { ok: true };
}

export type OptionsChange = (options: FieldOption[]) => { ok: true; options: FieldOption[] } | { ok: false; reason: string };
type OptionsResult = { ok: true; options: FieldOption[] } | { ok: false; reason: string };

/**
 * Read-change-write of a field's option list as a compare-and-swap: the write only lands if
 * the list is still what was read, otherwise the change is re-applied to the fresh list. Two
 * people editing options at once both keep their edit. `also` gives statements that must land
 * with the new list or not at all (a deleted label stripped from every value): they share its
 * batch, behind a guard that rolls the batch back when the swap did not land.
 */
export async function changeOptions(
  db: Db,
  field: FieldDefinition,
  change: OptionsChange,
  also?: (options: FieldOption[]) => Promise<BatchItem<"sqlite">[]>,
): Promise<OptionsResult> {
  if (!hasOptions(field.typeFields)) return { ok: false, reason: "field_has_no_options" };
  let current: FieldDefinition | undefined = field;
  for (let attempt = 0; attempt < 5 && current; attempt++) {
    const result = change(optionsOf(current));
    if (!result.ok) return result;
    const normalised = result.options.map((o, sort) => ({ ...o, sort }));
    const json = JSON.stringify(normalised);
    const swap = db
      .update(fieldDefinitions)
      .set({ valuesSet: json })
      .where(and(eq(fieldDefinitions.id, current.id), eq(fieldDefinitions.valuesSet, current.valuesSet)))
      .returning({ id: fieldDefinitions.id });
    if (!also) {
      if ((await swap).length > 0) return { ok: true, options: normalised };
    } else {
      try {
        const landed = sql`EXISTS (SELECT 1 FROM field_definitions WHERE id = ${current.id} AND values_set = ${json})`;
        await db.batch([swap, batchGuard(db, landed), ...(await also(normalised))]);
        return { ok: true, options: normalised };
      } catch (err) {
        if (!isBatchGuardFailure(err)) throw err;
      }
    }
    current = await db.select().from(fieldDefinitions).where(eq(fieldDefinitions.id, field.id)).get();
  }
  return { ok: false, reason: current ? "options_conflict" : "field_not_found" };
}

/** The options of a field, in order; only option types have them. */
export function listOptions(field: FieldDefinition) {
  if (!hasOptions(field.typeFields)) return { ok: false as const, reason: "field_has_no_options" };
  return { ok: true as const, options: optionsOf(field) };
}

export function addOption(db: Db, field: FieldDefinition, input: OptionInput) {
  return changeOptions(db, field, (options) =>
    options.length >= 200 ? { ok: false, reason: "options_too_many" } : { ok: true, options: [...options, makeOption(field.typeFields, input, options.length)] },
  );
}

export function updateOption(db: Db, field: FieldDefinition, optionId: string, input: OptionInput & { sort?: number }) {
  return changeOptions(db, field, (options) => {
    const index = options.findIndex((o) => o.guid === optionId);
    if (index < 0) return { ok: false, reason: "option_not_found" };
    const current = options[index]!;
    const label = input.title ?? input.value;
    const next: FieldOption = {
      ...current,
      ...(label !== undefined ? (current.title !== undefined ? { title: label } : { value: label }) : {}),
      ...(input.color ? { color: input.color } : {}),
    };
    const rest = options.filter((o) => o.guid !== optionId);
    const at = input.sort === undefined ? index : Math.min(Math.max(0, input.sort), rest.length);
    rest.splice(at, 0, next);
    return { ok: true, options: rest };
  });
}

export function deleteOption(db: Db, field: FieldDefinition, optionId: string) {
  return changeOptions(db, field, (options) =>
    options.some((o) => o.guid === optionId) ? { ok: true, options: options.filter((o) => o.guid !== optionId) } : { ok: false, reason: "option_not_found" },
  );
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
