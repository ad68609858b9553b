/**
 * The table view: which fields are its columns, how each type sorts, which rows a set of
 * filter conditions keeps. Pure, so the rules are tested without a browser.
 */
import { type Condition, matchesFilter } from "../fields/filters";
import type { FieldType } from "../fields/types";

interface TableFieldCandidate {
  guid: string;
  type_fields: string;
  hide_to_user: boolean;
  individual_value: boolean;
  entities: { slug: string; permission: boolean }[];
}

/**
 * The fields that are columns: those a task may carry (issue permission) and that are not
 * hidden from users. Individual fields (votes) hold one value per person and belong to the
 * estimation rooms, not to a shared row.
 */
export function tableFields<F extends TableFieldCandidate>(definitions: readonly F[]): F[] {
  return definitions.filter((f) => !f.hide_to_user && !f.individual_value && f.entities.some((e) => e.slug === "issue" && e.permission));
}

/** What a comparator needs to know beyond the values: orders and names of referenced things. */
export interface CompareContext {
  /** Option guid → its place in the field's option list. */
  optionOrder?: ReadonlyMap<string, number>;
  /** Person guid → display name. */
  names?: ReadonlyMap<string, string>;
  /** Sprint guid → its place on the board. */
  sprintOrder?: ReadonlyMap<string, number>;
  /** Task guid → its number (epic and subtask references). */
  taskNumbers?: ReadonlyMap<string, number>;
  collator?: Intl.Collator;
}

export const isEmptyValue = (v: unknown) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/**
 * The collator when the caller gives none, made on the first comparison that needs one: making a
 * collator loads its locale's collation data, about 20 ms of the planning board's load in Chromium
 * when it was made with this module (issue 17), and most pages that load it never sort.
 */
let defaultCollator: Intl.Collator | undefined;
const fallbackCollator = () => (defaultCollator ??= new Intl.Collator("en", { sensitivity: "base", numeric: true }));

/** A value as something to compare: a number, a string, or undefined when it cannot rank. */
function sortKey(type: FieldType, value: unknown, ctx: CompareContext): number | string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  switch (type) {
    case "number":
      return typeof value === "number" ? value : undefined;
    case "checkbox":
      return value === true ? 1 : value === false ? 0 : undefined;
    case "date":
      // ISO dates and date-times compare as text; a date sorts before times on the same day.
      return typeof value === "string" ? value : undefined;
    case "select":
    case "rotation":
    case "multi_select":
      // An option no longer in the set sorts after every known one.
      return typeof first === "string" ? (ctx.optionOrder?.get(first) ?? Number.MAX_SAFE_INTEGER) : undefined;
    case "sprint":
      return typeof first === "string" ? (ctx.sprintOrder?.get(first) ?? Number.MAX_SAFE_INTEGER) : undefined;
    case "participant":
    case "participants":
      return typeof first === "string" ? (ctx.names?.get(first) ?? first) : undefined;
    case "issue":
      return typeof first === "string" ? (ctx.taskNumbers?.get(first) ?? Number.MAX_SAFE_INTEGER) : undefined;
    case "issues":
      return Array.isArray(value) ? value.length : undefined;
    default:
      return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
  }
}

/**
 * Ascending order of two values of one field: options by their order in the field, sprints by
 * the board's order, people by name, dates by time, numbers by size, text by the language's
 * collation (numbers inside text by value). Empty values come last. Lists of options or people
 * rank by their first item, then by length.
 */
export function compareFieldValues(type: FieldType, a: unknown, b: unknown, ctx: CompareContext = {}): number {
  const emptyA = isEmptyValue(a);
  const emptyB = isEmptyValue(b);
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  const ka = sortKey(type, a, ctx);
  const kb = sortKey(type, b, ctx);
  if (ka === undefined || kb === undefined) return ka === kb ? 0 : ka === undefined ? 1 : -1;
  let d: number;
  if (typeof ka === "number" && typeof kb === "number") d = ka - kb;
  else if (type === "date") d = ka < kb ? -1 : ka > kb ? 1 : 0;
  else d = (ctx.collator ?? fallbackCollator()).compare(String(ka), String(kb));
  if (d !== 0 || !Array.isArray(a) || !Array.isArray(b)) return d;
  return a.length - b.length;
}

/** The value of a field on a task (shared values only). */
export function valueOf(task: { custom_fields: readonly { guid: string; value: unknown; participant_value?: string | null }[] }, field: string): unknown {
  return task.custom_fields.find((f) => f.guid === field && !f.participant_value)?.value ?? null;
}

/** The tasks that satisfy every condition (the saved filters' one matching rule). */
export function filterTasks<T extends { custom_fields: readonly { guid: string; value: unknown; participant_value?: string | null }[] }>(
  tasks: readonly T[],
  conditions: readonly Condition[],
): T[] {
  if (conditions.length === 0) return tasks as T[];
  return tasks.filter((t) => matchesFilter(new Map(t.custom_fields.filter((f) => !f.participant_value).map((f) => [f.guid, f.value])), conditions));
}

/** A condition is complete when its operator needs no value or it has one. */
export function conditionComplete(c: Pick<Condition, "op" | "value">): boolean {
  return c.op === "empty" || c.op === "not_empty" || !isEmptyValue(c.value);
}
