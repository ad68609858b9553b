/**
 * The request bodies of saved filters and of the board's query (v3 `/filters`). Apart from
 * filters.ts so the pages that match filters build no schema while they load (issue 17).
 */
import { z } from "zod";
import { CONDITIONS_MAX, type Condition, FILTER_OPS, FILTER_TITLE_MAX } from "./filters";

export const condition = z.object({
  field: z.string({ error: "filter_field_required" }).min(1, "filter_field_required").max(64),
  op: z.enum(FILTER_OPS, { error: "filter_op_invalid" }),
  value: z.unknown().optional(),
}) satisfies z.ZodType<Condition>;

export const saveFilterBody = z
  .object({
    guid: z.string().max(64).optional(),
    title: z.string({ error: "filter_title_required" }).trim().min(1, "filter_title_required").max(FILTER_TITLE_MAX, "filter_title_too_long"),
    shared: z.boolean({ error: "body_invalid" }).optional().default(false),
    conditions: z.array(condition, { error: "body_invalid" }).max(CONDITIONS_MAX, "filter_too_many_conditions"),
  })
  .strict();

/** `POST /v3/project/{id}/filters`: which board to answer — conditions, a saved filter, archived sprints. */
export const boardQueryBody = z
  .object({
    conditions: z.array(condition, { error: "body_invalid" }).max(CONDITIONS_MAX, "filter_too_many_conditions").optional().default([]),
    filter: z.string().max(64).optional(),
    archived: z.boolean({ error: "body_invalid" }).optional().default(false),
  })
  .strict();
