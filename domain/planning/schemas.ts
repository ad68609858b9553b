/** Wire schemas of the task and sprint calls (spec §7 "Tasks"). */
import { z } from "zod";
import { customFieldValue } from "../projects/schemas";

const values = z.array(customFieldValue, { error: "body_invalid" }).max(200, "body_invalid");
const fieldFilter = z.array(z.string().max(64)).max(200).optional();

export const createTaskBody = z.object({ custom_fields: values.min(1, "task_title_required") });

export const updateTaskBody = z
  .object({
    custom_fields: values.optional().default([]),
    filter_custom_fields: fieldFilter,
    filter_custom_fields_recursion: z.union([z.boolean(), fieldFilter]).optional(),
  })
  .strict();

export const reorderTasksBody = z
  .array(
    z.object({
      guid: z.string().min(1).max(64),
      sort: z.number({ error: "body_invalid" }).int().min(0).max(10_000_000),
      position: z.number({ error: "body_invalid" }).int().min(0).max(10_000_000).optional(),
    }),
    { error: "body_invalid" },
  )
  .min(1, "body_invalid")
  .max(5000, "body_invalid");

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "value_invalid");

export const sprintBody = z
  .object({
    title: z.string({ error: "sprint_title_required" }).trim().min(1, "sprint_title_required").max(100, "sprint_title_too_long"),
    goal: z.string().max(2000, "value_too_long").optional().default(""),
    start_date: isoDate.nullable().optional(),
    end_date: isoDate.nullable().optional(),
  })
  .strict()
  .refine((s) => !s.start_date || !s.end_date || s.start_date <= s.end_date, { error: "sprint_dates_order", path: ["end_date"] });

export const updateSprintBody = z
  .object({
    title: z.string().trim().min(1, "sprint_title_required").max(100, "sprint_title_too_long").optional(),
    goal: z.string().max(2000, "value_too_long").optional(),
    start_date: isoDate.nullable().optional(),
    end_date: isoDate.nullable().optional(),
    status: z.enum(["planned", "active", "completed"], { error: "value_invalid" }).optional(),
    archived: z.boolean({ error: "body_invalid" }).optional(),
    sort: z.number().int().min(1).max(100_000).optional(),
  })
  .strict()
  .refine((s) => !s.start_date || !s.end_date || s.start_date <= s.end_date, { error: "sprint_dates_order", path: ["end_date"] });

/** `POST /sprint/{guid}/complete`: where unfinished tasks go (null: the backlog), and whether to archive. */
export const completeSprintBody = z
  .object({
    move_to: z.string({ error: "sprint_target_invalid" }).min(1, "sprint_target_invalid").max(64, "sprint_target_invalid").nullable().optional().default(null),
    archive: z.boolean({ error: "body_invalid" }).optional().default(false),
  })
  .strict();

export const COMMENT_MAX = 20_000;
export const commentBody = z
  .object({ text: z.string({ error: "comment_text_required" }).trim().min(1, "comment_text_required").max(COMMENT_MAX, "comment_too_long") })
  .strict();
