/**
 * What a planning-board lane line and a task-board card show (spec §3 "Mapping"): an ordered
 * list of fields per view, each editable in place or not. Stored per project (v3 `/customfields`).
 */
import { z } from "zod";

export const VIEW_KINDS = ["planning_board_line", "taskboard_board_card"] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];
export const VIEW_FIELDS_MAX = 20;

/** Until a project configures its views, these system fields are shown. */
export const DEFAULT_VIEW_FIELDS: Record<ViewKind, { slug: string; edit_mode: boolean }[]> = {
  planning_board_line: [
    { slug: "issue_type", edit_mode: false },
    { slug: "status", edit_mode: true },
    { slug: "participants", edit_mode: true },
    { slug: "estimate", edit_mode: true },
  ],
  taskboard_board_card: [
    { slug: "issue_type", edit_mode: false },
    { slug: "tags", edit_mode: false },
    { slug: "participants", edit_mode: true },
    { slug: "end_date", edit_mode: false },
  ],
};

export const mappingEntry = z.object({
  custom_field: z.object({ guid: z.string({ error: "field_not_found" }).min(1, "field_not_found").max(64) }, { error: "field_not_found" }),
  sort: z.number({ error: "body_invalid" }).int().min(0).max(1000).optional(),
  edit_mode: z.boolean({ error: "body_invalid" }).optional().default(false),
});

export const putMappingBody = z
  .object({
    planning_board_line: z.array(mappingEntry).max(VIEW_FIELDS_MAX, "view_too_many_fields").optional(),
    taskboard_board_card: z.array(mappingEntry).max(VIEW_FIELDS_MAX, "view_too_many_fields").optional(),
  })
  .strict();

export const postMappingBody = mappingEntry.extend({ view: z.enum(VIEW_KINDS, { error: "view_invalid" }) });
