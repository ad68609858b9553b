/**
 * How a field's options and values are checked (the zod side of types.ts). Kept apart from the
 * types so a page that only shows fields builds no schema while it loads (issue 17: zod's first
 * schema was the largest part of the board's module evaluation).
 */
import { z } from "zod";
import { type FieldOption, type FieldType, hasOptions, LONG_TEXT_MAX, OPTION_LABEL_MAX, OPTION_NUMBER_MAX, TEXT_MAX } from "./types";

export const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, "color_invalid");

/**
 * An option's number as a client sends it, for both adding and changing an option: finite, not
 * negative; `null` takes the number away.
 */
export const optionNumber = z
  .number({ error: "option_number_invalid" })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= OPTION_NUMBER_MAX, { error: "option_number_invalid" })
  .nullable();

/**
 * One option of a field. Rotation options (statuses, issue types: a cycle of named states)
 * carry `title`; the other option types carry `value` (spec §3).
 */
export const fieldOption = z.object({
  guid: z.string().max(64),
  value: z.string().trim().min(1, "option_value_required").max(OPTION_LABEL_MAX, "option_value_too_long").optional(),
  title: z.string().trim().min(1, "option_value_required").max(OPTION_LABEL_MAX, "option_value_too_long").optional(),
  color,
  sort: z.number().int(),
  /** Set on the default options of system fields ("epic", "done"…): what the product relies on. */
  key: z.string().max(64).optional(),
  /** What the option counts as (a T-shirt size's points): a poker deck made from the field carries it. */
  value_number: z.number().finite().min(0).optional(),
}) satisfies z.ZodType<FieldOption>;

const guid = z.string({ error: "value_invalid" }).min(1, "value_invalid").max(64, "value_invalid");
const guidList = z.array(guid, { error: "value_invalid" }).max(500, "value_invalid");

/**
 * An ISO date, optionally with a time, naming a day that exists: `Date.parse` alone would take
 * 2026-02-30 and roll it over into March.
 */
function isIsoDate(s: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.exec(s);
  if (!match || Number.isNaN(Date.parse(s))) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Checks a value against its field; options and participants are checked by the caller. */
export function valueSchema(type: FieldType): z.ZodType {
  switch (type) {
    case "text":
      return z.string({ error: "value_invalid" }).max(TEXT_MAX, "value_too_long");
    case "long_text":
      return z.string({ error: "value_invalid" }).max(LONG_TEXT_MAX, "value_too_long");
    case "number":
      return z.number({ error: "value_invalid" }).finite("value_invalid");
    case "date":
      return z.string({ error: "value_invalid" }).refine(isIsoDate, "value_invalid");
    case "checkbox":
      return z.boolean({ error: "value_invalid" });
    case "url":
      return z.string({ error: "value_invalid" }).max(TEXT_MAX, "value_too_long").refine((s) => /^https?:\/\/[^\s]+$/i.test(s), "value_invalid");
    case "select":
    case "rotation":
    case "participant":
    case "issue":
    case "sprint":
      return guid;
    case "multi_select":
    case "participants":
    case "issues":
      return guidList;
  }
}

export type CheckedValue = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * Validates a value for a field: its type first, then option ids against the option set and
 * user ids against the project's participants. `null` always clears a value.
 */
export function checkValue(
  type: FieldType,
  value: unknown,
  context: { optionGuids?: ReadonlySet<string>; participantGuids?: ReadonlySet<string>; sprintGuids?: ReadonlySet<string>; taskGuids?: ReadonlySet<string> } = {},
): CheckedValue {
  if (value === null) return { ok: true, value: null };
  const parsed = valueSchema(type).safeParse(value);
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? "value_invalid" };
  const ids = Array.isArray(parsed.data) ? (parsed.data as string[]) : [parsed.data as string];
  if (hasOptions(type) && !ids.every((id) => context.optionGuids?.has(id))) return { ok: false, reason: "option_unknown" };
  if ((type === "participant" || type === "participants") && !ids.every((id) => context.participantGuids?.has(id))) {
    return { ok: false, reason: "participant_unknown" };
  }
  if (type === "sprint" && context.sprintGuids && !ids.every((id) => context.sprintGuids!.has(id))) return { ok: false, reason: "sprint_unknown" };
  if ((type === "issue" || type === "issues") && context.taskGuids && !ids.every((id) => context.taskGuids!.has(id))) return { ok: false, reason: "task_unknown" };
  if (Array.isArray(parsed.data)) return { ok: true, value: [...new Set(parsed.data as string[])] };
  return { ok: true, value: parsed.data };
}
