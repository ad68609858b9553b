/** Wire schemas of the task and sprint calls (spec §7 "Tasks"). */
import { z } from "zod";
import { TEXT_MAX } from "../fields/types";
import { TASK_MOVES_MAX } from "../ordering";
import { COMMENT_MAX } from "./limits";
import { PATCH_TASKS_MAX } from "./board-patch";
import { customFieldValue } from "../projects/schemas";

const values = z.array(customFieldValue, { error: "body_invalid" }).max(200, "body_invalid");

/**
 * A task's title, on every path that writes one (create, `PUT /issue/{uid}`, a room's export):
 * a string with something besides spaces in it. Stored as given; clearing it is refused.
 */
export const taskTitle = z
  .string({ error: "task_title_required" })
  .max(TEXT_MAX, "value_too_long")
  .refine((s) => s.trim() !== "", "task_title_required");

/** The error key when `value` cannot be a task's title, else null. */
export function taskTitleRefusal(value: unknown): string | null {
  const result = taskTitle.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "task_title_required");
}
const fieldFilter = z.array(z.string().max(64)).max(200).optional();

export const createTaskBody = z.object({ custom_fields: values.min(1, "task_title_required") });

/**
 * `PUT /issue/{uid}`. `filter_custom_fields_recursion` (the spec names it, nothing says what it
 * does) would ask for the same fields on subtasks and an epic's children; the answer never
 * carries those, so asking for it is refused rather than silently ignored. `false` or `[]`
 * (no recursion) is what happens anyway and is accepted.
 */
export const updateTaskBody = z
  .object({
    custom_fields: values.optional().default([]),
    filter_custom_fields: fieldFilter,
    filter_custom_fields_recursion: z
      .union([z.boolean({ error: "body_invalid" }), fieldFilter], { error: "body_invalid" })
      .refine((v) => v === undefined || v === false || (Array.isArray(v) && v.length === 0), "filter_recursion_unsupported")
      .optional(),
  })
  .strict();

/** The most moves one `PATCH /issue` takes (why: `domain/ordering.ts`). */
export { TASK_MOVES_MAX };

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
  .max(TASK_MOVES_MAX, "bulk_too_many");

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "value_invalid");

/** A sprint's capacity in the estimate field's unit; null clears it. */
const sprintCapacity = z.number({ error: "sprint_capacity_invalid" }).finite("sprint_capacity_invalid").min(0, "sprint_capacity_invalid").max(1_000_000, "sprint_capacity_invalid").nullable();

/** Who gives the sprint how much time (domain/planning/capacity `Availability`), one row per person. */
export const SPRINT_TEAM_MAX = 200;
const sprintAvailability = z
  .array(
    z
      .object({
        user: z.string().min(1, "sprint_availability_invalid").max(64, "sprint_availability_invalid"),
        share: z.number({ error: "sprint_availability_invalid" }).int("sprint_availability_invalid").min(0, "sprint_availability_invalid").max(100, "sprint_availability_invalid"),
        days_off: z.number({ error: "sprint_availability_invalid" }).int("sprint_availability_invalid").min(0, "sprint_availability_invalid").max(366, "sprint_availability_invalid"),
      })
      .strict(),
    { error: "sprint_availability_invalid" },
  )
  .max(SPRINT_TEAM_MAX, "sprint_availability_invalid")
  .refine((rows) => new Set(rows.map((r) => r.user)).size === rows.length, "sprint_availability_invalid");

export const sprintBody = z
  .object({
    title: z.string({ error: "sprint_title_required" }).trim().min(1, "sprint_title_required").max(100, "sprint_title_too_long"),
    goal: z.string().max(2000, "value_too_long").optional().default(""),
    start_date: isoDate.nullable().optional(),
    end_date: isoDate.nullable().optional(),
    capacity: sprintCapacity.optional(),
    availability: sprintAvailability.optional(),
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
    capacity: sprintCapacity.optional(),
    availability: sprintAvailability.optional(),
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

export { COMMENT_MAX } from "./limits";
export const commentBody = z
  .object({ text: z.string({ error: "comment_text_required" }).trim().min(1, "comment_text_required").max(COMMENT_MAX, "comment_too_long") })
  .strict();

/** The most sprint lanes one `PATCH /spaces` reorders (lanes.ts numbers them). */
export const SPACE_MOVES_MAX = 500;

export const spacesBody = z
  .array(
    z.object({
      guid: z.string({ error: "body_invalid" }).min(1, "body_invalid").max(64, "body_invalid"),
      sort: z.number({ error: "body_invalid" }).int("body_invalid").min(0, "body_invalid").max(100_000, "body_invalid"),
    }),
    { error: "body_invalid" },
  )
  .min(1, "body_invalid")
  .max(SPACE_MOVES_MAX, "bulk_too_many")
  .refine((moves) => new Set(moves.map((m) => m.guid)).size === moves.length, { error: "body_invalid" });

/**
 * `GET /issues?guids=`: the tasks a board reads alone after another person's change
 * (`board-patch.ts`), 1 to `PATCH_TASKS_MAX` guids, comma-separated.
 */
export const taskGuidsQuery = z.object({
  guids: z
    .string({ error: "task_guids_invalid" })
    .transform((list) => [...new Set(list.split(","))])
    .pipe(z.array(z.string().min(1, "task_guids_invalid").max(64, "task_guids_invalid"), { error: "task_guids_invalid" }).min(1, "task_guids_invalid").max(PATCH_TASKS_MAX, "task_guids_invalid")),
});
