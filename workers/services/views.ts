/** Saved filters and view mappings (the v3 API of spec §7 "Filters and fields"). */
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { condition } from "../../domain/fields/filter-schemas";
import { type Condition, opsFor } from "../../domain/fields/filters";
import type { FieldType } from "../../domain/fields/types";
import { checkValue } from "../../domain/fields/value-checks";
import { MAX_FILTERS_PER_PROJECT } from "../../domain/retention";
import { DEFAULT_VIEW_FIELDS, VIEW_KINDS, type ViewKind } from "../../domain/fields/views";
import { z } from "zod";
import { type Db, runBatch } from "../db/client";
import { fieldDefinitions, participants, savedFilters, viewFields, type FieldDefinition } from "../db/schema";
import { optionsOf, projectFields } from "./field-definitions";
import { newGuid } from "./ids";

type ViewField = typeof viewFields.$inferSelect;

export interface FilterView {
  guid: string;
  title: string;
  shared: boolean;
  owner: string;
  conditions: Condition[];
  updated_at: number;
}

const conditionsJson = z.array(condition);

function filterView(row: typeof savedFilters.$inferSelect): FilterView {
  let conditions: Condition[] = [];
  try {
    const parsed = conditionsJson.safeParse(JSON.parse(row.conditions));
    if (parsed.success) conditions = parsed.data;
  } catch {
    // A damaged row shows as a filter without conditions.
  }
  return { guid: row.id, title: row.title, shared: row.shared, owner: row.ownerId, conditions, updated_at: row.updatedAt };
}

/** The caller's own filters and those shared with the project. */
export async function listFilters(db: Db, projectId: string, userId: string): Promise<FilterView[]> {
  return (await savedFiltersQuery(db, projectId, userId)).map(filterView);
}

/** The saved filters `userId` may use in the project: their own and the shared ones, by title. */
export const savedFiltersQuery = (db: Db, projectId: string, userId: string) =>
  db
    .select()
    .from(savedFilters)
    .where(and(eq(savedFilters.projectId, projectId), or(eq(savedFilters.ownerId, userId), eq(savedFilters.shared, true))))
    .orderBy(asc(savedFilters.title));

/** The ids of the project's fields, which a filter's conditions must name. */
export const projectFieldIdsQuery = (db: Db, projectId: string) => db.select({ id: fieldDefinitions.id }).from(fieldDefinitions).where(eq(fieldDefinitions.projectId, projectId));

/** The first condition naming a field the project does not have, as `{reason, index}`; null when all exist. */
export async function unknownConditionField(db: Db, projectId: string, conditions: readonly Condition[]): Promise<{ reason: "filter_field_unknown"; index: number } | null> {
  if (conditions.length === 0) return null;
  const fields = await projectFieldIdsQuery(db, projectId);
  const known = new Set(fields.map((f) => f.id));
  const index = conditions.findIndex((c) => !known.has(c.field));
  return index < 0 ? null : { reason: "filter_field_unknown", index };
}

/** Checks each condition against its field: the field exists, the operator fits, the value is valid. */
async function checkConditions(db: Db, projectId: string, conditions: Condition[]): Promise<{ ok: true } | { ok: false; reason: string; index: number }> {
  if (conditions.length === 0) return { ok: true };
  const fields = await db.select().from(fieldDefinitions).where(eq(fieldDefinitions.projectId, projectId));
  const members = await db.select({ userId: participants.userId }).from(participants).where(eq(participants.projectId, projectId));
  for (const [index, c] of conditions.entries()) {
    const field = fields.find((f) => f.id === c.field);
    if (!field) return { ok: false, reason: "filter_field_unknown", index };
    const type = field.typeFields as FieldType;
    if (!opsFor(type).includes(c.op)) return { ok: false, reason: "filter_op_invalid", index };
    if (c.op === "empty" || c.op === "not_empty") continue;
    // `is`/`contains` on a list field compare one item; check it as the single-item type.
    const single: FieldType = type === "multi_select" ? "select" : type === "participants" ? "participant" : type === "issues" ? "issue" : type;
    const probe = (c.op === "contains" && (type === "text" || type === "long_text" || type === "url")) ? "text" : single;
    const checked = checkValue(probe, c.value ?? null, {
      optionGuids: new Set(optionsOf(field).map((o) => o.guid)),
      participantGuids: new Set(members.map((m) => m.userId)),
    });
    if (!checked.ok || c.value === null || c.value === undefined) return { ok: false, reason: checked.ok ? "value_invalid" : checked.reason, index };
  }
  return { ok: true };
}

/**
 * Creates a filter, or updates one by guid. Only its owner may change a filter; someone
 * else's guid reads as not found.
 */
export async function saveFilter(
  db: Db,
  projectId: string,
  userId: string,
  input: { guid?: string; title: string; shared: boolean; conditions: Condition[] },
): Promise<{ ok: true; filter: FilterView } | { ok: false; reason: string; index?: number }> {
  const checked = await checkConditions(db, projectId, input.conditions);
  if (!checked.ok) return checked;
  const values = { title: input.title, shared: input.shared, conditions: JSON.stringify(input.conditions), updatedAt: Date.now() };
  if (input.guid) {
    const row = await db
      .update(savedFilters)
      .set(values)
      .where(and(eq(savedFilters.id, input.guid), eq(savedFilters.projectId, projectId), eq(savedFilters.ownerId, userId)))
      .returning()
      .get();
    return row ? { ok: true, filter: filterView(row) } : { ok: false, reason: "filter_not_found" };
  }
  // The ceiling is checked inside the insert itself: two saves at once cannot both pass it.
  const id = newGuid();
  const inserted = await db.run(sql`
    INSERT INTO saved_filters (id, project_id, owner_id, title, shared, conditions, updated_at)
    SELECT ${id}, ${projectId}, ${userId}, ${values.title}, ${values.shared ? 1 : 0}, ${values.conditions}, ${values.updatedAt}
    WHERE (SELECT COUNT(*) FROM saved_filters WHERE project_id = ${projectId}) < ${MAX_FILTERS_PER_PROJECT}`);
  if (inserted.meta.changes === 0) return { ok: false, reason: "filters_too_many" };
  const row = await db.select().from(savedFilters).where(eq(savedFilters.id, id)).get();
  return { ok: true, filter: filterView(row!) };
}

export async function deleteFilter(db: Db, projectId: string, userId: string, guid: string): Promise<boolean> {
  const gone = await db
    .delete(savedFilters)
    .where(and(eq(savedFilters.id, guid), eq(savedFilters.projectId, projectId), eq(savedFilters.ownerId, userId)))
    .returning({ id: savedFilters.id });
  return gone.length > 0;
}

export interface MappingEntryView {
  custom_field: { guid: string; slug: string | null; type_fields: string };
  sort: number;
  edit_mode: boolean;
}
export type MappingView = Record<ViewKind, MappingEntryView[]>;

const entryView = (f: FieldDefinition, sort: number, editMode: boolean): MappingEntryView => ({
  custom_field: { guid: f.id, slug: f.slug, type_fields: f.typeFields },
  sort,
  edit_mode: editMode,
});

/** The project's view mapping; a view never configured shows the default system fields. */
/** The project's configured view entries by order (for a batch). */
export function viewFieldRowsQuery(db: Db, projectId: string) {
  return db.select().from(viewFields).where(eq(viewFields.projectId, projectId)).orderBy(asc(viewFields.sort));
}

export async function readMapping(db: Db, projectId: string, t: TFunction, definitions?: FieldDefinition[]): Promise<MappingView> {
  const [fields, rows] = await Promise.all([definitions ?? projectFields(db, projectId, t), viewFieldRowsQuery(db, projectId)]);
  return mappingOf(fields, rows);
}

/** The views mapping from the definitions and the configured rows: defaults where none are. */
export function mappingOf(fields: readonly FieldDefinition[], rows: readonly ViewField[]): MappingView {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const out = {} as MappingView;
  for (const view of VIEW_KINDS) {
    const configured = rows.filter((r) => r.view === view);
    out[view] =
      configured.length > 0
        ? configured.flatMap((r) => (byId.has(r.fieldId) ? [entryView(byId.get(r.fieldId)!, r.sort, r.editMode)] : []))
        : DEFAULT_VIEW_FIELDS[view].flatMap((d, sort) => {
            const f = fields.find((x) => x.slug === d.slug);
            return f ? [entryView(f, sort, d.edit_mode)] : [];
          });
  }
  return out;
}

type EntryInput = { custom_field: { guid: string }; sort?: number; edit_mode: boolean };

/** Replaces the given views' lists (others stay as they are). Unknown fields change nothing. */
export async function replaceMapping(db: Db, projectId: string, lists: Partial<Record<ViewKind, EntryInput[]>>): Promise<{ ok: boolean }> {
  const fields = await projectFieldIdsQuery(db, projectId);
  const known = new Set(fields.map((f) => f.id));
  const views = Object.entries(lists) as [ViewKind, EntryInput[]][];
  if (!views.every(([, list]) => list.every((e) => known.has(e.custom_field.guid)))) return { ok: false };
  const statements = [];
  for (const [view, list] of views) {
    statements.push(db.delete(viewFields).where(and(eq(viewFields.projectId, projectId), eq(viewFields.view, view))));
    const unique = [...new Map(list.map((e) => [e.custom_field.guid, e])).values()];
    const ordered = unique.map((e, i) => ({ e, key: e.sort ?? i, i })).sort((a, b) => a.key - b.key || a.i - b.i);
    for (const [sort, { e }] of ordered.entries()) {
      statements.push(db.insert(viewFields).values({ id: newGuid(), projectId, view, fieldId: e.custom_field.guid, sort, editMode: e.edit_mode }));
    }
  }
  await runBatch(db, statements);
  return { ok: true };
}

/** Appends one field to a view (materialising the defaults first, so they are not lost). */
export async function addToMapping(db: Db, projectId: string, t: TFunction, view: ViewKind, entry: EntryInput): Promise<{ ok: boolean }> {
  const current = await readMapping(db, projectId, t);
  const list: EntryInput[] = current[view].map((e) => ({ custom_field: { guid: e.custom_field.guid }, edit_mode: e.edit_mode }));
  const at = entry.sort === undefined ? list.length : Math.min(entry.sort, list.length);
  list.splice(at, 0, { custom_field: entry.custom_field, edit_mode: entry.edit_mode });
  return replaceMapping(db, projectId, { [view]: list.map((e, sort) => ({ ...e, sort })) });
}
