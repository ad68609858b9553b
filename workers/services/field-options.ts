/**
 * A field's option list (statuses, labels, types…): read-change-write as a compare-and-swap,
 * so two people editing the options at once both keep their edit.
 */
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type FieldOption, hasOptions } from "../../domain/fields/types";
import { batchGuard, type Db, isBatchGuardFailure } from "../db/client";
import { fieldDefinitions, type FieldDefinition } from "../db/schema";
import { makeOption, type OptionInput, optionsOf } from "./field-definitions";

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
      ...(input.value_number !== undefined && input.value_number !== null ? { value_number: input.value_number } : {}),
    };
    // `null` takes the number away; an absent key leaves it.
    if (input.value_number === null) delete next.value_number;
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
