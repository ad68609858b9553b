/**
 * Field definitions: the project's system and user fields, their settings and their option
 * lists' shape. Every view — board lane, card, table column — is a projection of these and
 * of the values stored on them (`field-values.ts`); workflows build on definitions too.
 */
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TFunction } from "i18next";
import { z } from "zod";
import { SYSTEM_FIELDS, isSystemSlug } from "../../domain/fields/system";
import { ENTITY_KINDS, type EntityKind, type FieldOption, type FieldType, hasOptions } from "../../domain/fields/types";
import { fieldOption } from "../../domain/fields/value-checks";
import { renumber } from "../../domain/ordering";
import { type Db, runBatch } from "../db/client";
import { fieldDefinitions, type FieldDefinition } from "../db/schema";
import { newGuid } from "./ids";

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
 * A field definition as the project's reads give it, with its row's `key`: SQLite's rowid, a
 * small number the board's task query names the field by instead of its guid (board.ts). A key
 * means something only beside the rows read with it in one batch (a rowid is not kept forever).
 */
export type FieldRow = FieldDefinition & { key: number };

/** The project's field definitions in order, as `projectFields` reads them (for a batch). */
export function fieldRowsQuery(db: Db, projectId: string) {
  return db
    .select({ ...getTableColumns(fieldDefinitions), key: sql<number>`"field_definitions"."rowid"` })
    .from(fieldDefinitions)
    .where(eq(fieldDefinitions.projectId, projectId))
    .orderBy(asc(fieldDefinitions.sort), asc(fieldDefinitions.createdAt));
}

/** Whether every system field is among `rows` (else `projectFields` makes the missing ones). */
export function hasSystemFields(rows: readonly FieldDefinition[]): boolean {
  const have = new Set(rows.map((r) => r.slug));
  return SYSTEM_FIELDS.every((f) => have.has(f.slug));
}

/**
 * Every field definition of the project, by order, with the system fields made first if any is
 * missing. One D1 call when they all exist (every read after the first), three otherwise.
 */
export async function projectFields(db: Db, projectId: string, t: TFunction): Promise<FieldRow[]> {
  const read = () => fieldRowsQuery(db, projectId);
  const rows = await read();
  if (hasSystemFields(rows)) return rows;
  await ensureSystemFields(db, projectId, t);
  return read();
}

export async function listFields(db: Db, projectId: string, t: TFunction, rows?: FieldDefinition[]): Promise<FieldView[]> {
  return (rows ?? (await projectFields(db, projectId, t))).map((f) => fieldView(f, t));
}

export function findField(db: Db, projectId: string, fieldId: string) {
  return db.select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, projectId), eq(fieldDefinitions.id, fieldId))).get();
}

export type OptionInput = { value?: string; title?: string; color?: string; value_number?: number | null };
const DEFAULT_OPTION_COLOR = "#64748b";

export function makeOption(type: string, input: OptionInput, sort: number): FieldOption {
  const label = input.title ?? input.value ?? "";
  const number = input.value_number ?? undefined;
  return { guid: newGuid(), ...(type === "rotation" ? { title: label } : { value: label }), color: input.color ?? DEFAULT_OPTION_COLOR, sort, ...(number !== undefined ? { value_number: number } : {}) };
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
