/**
 * Labels (`/labels`): the options of the `tags` system field, changed through the field
 * engine's compare-and-swap on the option list, so two people adding labels at once both keep
 * theirs and a name taken meanwhile is still refused.
 */
import { and, eq, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { sameLabel } from "../../domain/fields/labels";
import { OPTIONS_MAX, optionLabel, type FieldOption } from "../../domain/fields/types";
import type { Db } from "../db/client";
import { fieldDefinitions, fieldValues, tasks, type FieldDefinition } from "../db/schema";
import { activityStatements, type ActivityInput } from "./activity";
import { ensureSystemFields, makeOption } from "./field-definitions";
import { changeOptions } from "./field-options";

export interface LabelView {
  guid: string;
  value: string;
  color: string;
  sort: number;
  /** How many tasks carry the label. */
  count: number;
}

const labelView = (o: FieldOption, count = 0): LabelView => ({ guid: o.guid, value: optionLabel(o), color: o.color, sort: o.sort, count });

/** The project's `tags` field (created first for a project older than it). */
export async function tagsField(db: Db, projectId: string, t: TFunction): Promise<FieldDefinition> {
  await ensureSystemFields(db, projectId, t);
  return (await db.select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, projectId), eq(fieldDefinitions.slug, "tags"))).get())!;
}

/** How many tasks carry each label, counted in SQL over the stored guid lists. */
async function usage(db: Db, field: FieldDefinition): Promise<Map<string, number>> {
  const rows = await db.all<{ option: string; n: number }>(sql`
    SELECT j.value AS option, count(DISTINCT v.entity_id) AS n
    FROM field_values v, json_each(v.value) j
    WHERE v.field_id = ${field.id} AND v.entity_kind = 'issue' AND json_valid(v.value) AND json_type(v.value) = 'array'
      AND EXISTS (SELECT 1 FROM tasks t WHERE t.id = v.entity_id AND t.deleted_at IS NULL)
    GROUP BY j.value`);
  return new Map(rows.map((r) => [r.option, r.n]));
}

export async function listLabels(db: Db, field: FieldDefinition, options: FieldOption[]): Promise<LabelView[]> {
  const counts = await usage(db, field);
  return options.map((o) => labelView(o, counts.get(o.guid) ?? 0));
}

type LabelResult = { ok: true; label: LabelView; options: FieldOption[] } | { ok: false; reason: string };

export async function createLabel(db: Db, field: FieldDefinition, input: { value: string; color?: string }): Promise<LabelResult> {
  let created: FieldOption | undefined;
  const result = await changeOptions(db, field, (options) => {
    if (options.some((o) => sameLabel(optionLabel(o), input.value))) return { ok: false, reason: "label_exists" };
    if (options.length >= OPTIONS_MAX) return { ok: false, reason: "options_too_many" };
    created = makeOption(field.typeFields, input, options.length);
    return { ok: true, options: [...options, created] };
  });
  if (!result.ok) return result;
  const stored = result.options.find((o) => o.guid === created!.guid)!;
  return { ok: true, label: labelView(stored), options: result.options };
}

export async function updateLabel(db: Db, field: FieldDefinition, guid: string, input: { value?: string; color?: string }): Promise<LabelResult> {
  const result = await changeOptions(db, field, (options) => {
    const index = options.findIndex((o) => o.guid === guid);
    if (index < 0) return { ok: false, reason: "label_not_found" };
    if (input.value !== undefined && options.some((o) => o.guid !== guid && sameLabel(optionLabel(o), input.value!))) return { ok: false, reason: "label_exists" };
    const current = options[index]!;
    const next: FieldOption = {
      ...current,
      ...(input.value !== undefined ? (current.title !== undefined ? { title: input.value } : { value: input.value }) : {}),
      ...(input.color !== undefined ? { color: input.color } : {}),
    };
    return { ok: true, options: options.map((o) => (o.guid === guid ? next : o)) };
  });
  if (!result.ok) return result;
  const counts = await usage(db, field);
  const stored = result.options.find((o) => o.guid === guid)!;
  return { ok: true, label: labelView(stored, counts.get(guid) ?? 0), options: result.options };
}

/** The tasks that carry a label. */
export async function tasksWithLabel(db: Db, field: FieldDefinition, guid: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    SELECT v.entity_id AS id FROM field_values v
    WHERE v.field_id = ${field.id} AND v.entity_kind = 'issue' AND json_valid(v.value) AND json_type(v.value) = 'array'
      AND EXISTS (SELECT 1 FROM json_each(v.value) j WHERE j.value = ${guid})
      AND EXISTS (SELECT 1 FROM tasks t WHERE t.id = v.entity_id AND t.deleted_at IS NULL)`);
  return rows.map((r) => r.id);
}

/**
 * Deletes a label: the option goes (so nobody can pick it any more) and the label is stripped
 * from every value that holds it — a list left empty is removed — with the `updated` entries
 * of the tasks that lost it, all in one batch. Answers the tasks that changed.
 */
export async function deleteLabel(db: Db, field: FieldDefinition, guid: string, actorId: string): Promise<{ ok: true; tasks: string[] } | { ok: false; reason: string }> {
  let log: ActivityInput[] = [];
  const result = await changeOptions(
    db,
    field,
    (options) => (options.some((o) => o.guid === guid) ? { ok: true, options: options.filter((o) => o.guid !== guid) } : { ok: false, reason: "label_not_found" }),
    async () => {
      const holding = await db.all<{ entity_id: string; entity_kind: string; value: string }>(sql`
        SELECT v.entity_id, v.entity_kind, v.value FROM field_values v
        WHERE v.field_id = ${field.id} AND json_valid(v.value) AND json_type(v.value) = 'array'
          AND EXISTS (SELECT 1 FROM json_each(v.value) j WHERE j.value = ${guid})`);
      const now = Date.now();
      log = holding
        .filter((h) => h.entity_kind === "issue")
        .map((h) => {
          const from = JSON.parse(h.value) as unknown[];
          const to = from.filter((g) => g !== guid);
          return {
            projectId: field.projectId,
            actorId,
            entityKind: "issue",
            entityId: h.entity_id,
            action: "updated",
            detail: { changes: [{ field: field.id, slug: field.slug, from, to: to.length > 0 ? to : null }] },
            createdAt: now,
          };
        });
      const holds = sql`json_valid(${fieldValues.value}) AND json_type(${fieldValues.value}) = 'array' AND EXISTS (SELECT 1 FROM json_each(${fieldValues.value}) j WHERE j.value = ${guid})`;
      return [
        db
          .update(tasks)
          .set({ updatedAt: now })
          .where(
            sql`${tasks.id} IN (SELECT v.entity_id FROM field_values v WHERE v.field_id = ${field.id} AND v.entity_kind = 'issue' AND json_valid(v.value) AND json_type(v.value) = 'array' AND EXISTS (SELECT 1 FROM json_each(v.value) j WHERE j.value = ${guid}))`,
          ),
        db
          .update(fieldValues)
          .set({ value: sql`(SELECT json_group_array(j.value) FROM json_each(${fieldValues.value}) j WHERE j.value != ${guid})`, updatedAt: now })
          .where(and(eq(fieldValues.fieldId, field.id), holds)),
        db.delete(fieldValues).where(and(eq(fieldValues.fieldId, field.id), eq(fieldValues.value, "[]"))),
        ...activityStatements(db, log),
      ];
    },
  );
  if (!result.ok) return result;
  return { ok: true, tasks: log.map((l) => l.entityId) };
}
