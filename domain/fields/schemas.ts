/** Wire schemas of the field calls (spec §7 "Fields"). */
import { z } from "zod";
import { ENTITY_KINDS, FIELD_TYPES, OPTIONS_MAX, OPTION_LABEL_MAX } from "./types";
import { color, optionNumber } from "./value-checks";

export const FIELD_TITLE_MAX = 100;

const title = z.string({ error: "field_title_required" }).trim().min(1, "field_title_required").max(FIELD_TITLE_MAX, "field_title_too_long");
const label = z.string({ error: "option_value_required" }).trim().min(1, "option_value_required").max(OPTION_LABEL_MAX, "option_value_too_long");

/** An option as a client sends it; the server assigns guids and order. */
export const optionInput = z.object({ value: label.optional(), title: label.optional(), color: color.optional(), value_number: optionNumber.optional() }).refine((o) => o.value !== undefined || o.title !== undefined, { error: "option_value_required" });

export const entityPermission = z.object({ slug: z.enum(ENTITY_KINDS, { error: "entity_invalid" }), permission: z.boolean({ error: "body_invalid" }) });

export const createFieldBody = z.object({
  title,
  type_fields: z.enum(FIELD_TYPES, { error: "field_type_invalid" }),
  sort: z.number({ error: "body_invalid" }).int().min(0).max(100_000).optional(),
  individual_value: z.boolean({ error: "body_invalid" }).optional().default(false),
  hide_to_user: z.boolean({ error: "body_invalid" }).optional().default(false),
  settings: z.object({ values_set: z.array(optionInput).max(OPTIONS_MAX, "options_too_many").optional().default([]) }).optional().default({ values_set: [] }),
  entities: z.array(entityPermission).max(ENTITY_KINDS.length).optional(),
});

export const updateFieldBody = z
  .object({
    title: title.optional(),
    hide_to_user: z.boolean({ error: "body_invalid" }).optional(),
    individual_value: z.boolean({ error: "body_invalid" }).optional(),
    entities: z.array(entityPermission).max(ENTITY_KINDS.length).optional(),
  })
  .strict();

/** The most fields one `PATCH /fields` reorders (a project has far fewer; see TASK_MOVES_MAX for why bulk bodies are bounded). */
export const FIELD_MOVES_MAX = 500;

export const reorderBody = z
  .array(z.object({ guid: z.string().max(64), sort: z.number({ error: "body_invalid" }).int().min(0).max(100_000) }), { error: "body_invalid" })
  .min(1, "body_invalid")
  .max(FIELD_MOVES_MAX, "bulk_too_many");

export const updateOptionBody = z.object({ value: label.optional(), title: label.optional(), color: color.optional(), value_number: optionNumber.optional(), sort: z.number().int().min(0).max(100_000).optional() }).strict();
