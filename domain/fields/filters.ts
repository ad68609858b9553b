/**
 * Saved filters over field values (v3 `/filters`): conditions and the one matching rule that the
 * table, boards and the API all use (their request bodies: filter-schemas.ts).
 */
import { type FieldType, hasOptions } from "./types";

export const FILTER_OPS = ["is", "is_not", "contains", "empty", "not_empty", "gt", "lt"] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** One condition of a filter: a field, an operator and, for most operators, a value. */
export interface Condition {
  field: string;
  op: FilterOp;
  value?: unknown;
}

export const FILTER_TITLE_MAX = 100;
export const CONDITIONS_MAX = 30;

/** Which operators make sense for a type. */
export function opsFor(type: FieldType): readonly FilterOp[] {
  if (type === "number" || type === "date") return ["is", "is_not", "gt", "lt", "empty", "not_empty"];
  if (type === "text" || type === "long_text" || type === "url") return ["is", "is_not", "contains", "empty", "not_empty"];
  if (type === "checkbox") return ["is", "is_not"];
  if (hasOptions(type) || type === "participants" || type === "issues") return ["is", "is_not", "contains", "empty", "not_empty"];
  return ["is", "is_not", "empty", "not_empty"];
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

/** Whether one value satisfies one condition. Lists match `is`/`contains` when any item does. */
export function matchesCondition(value: unknown, c: Pick<Condition, "op" | "value">): boolean {
  switch (c.op) {
    case "empty":
      return isEmpty(value);
    case "not_empty":
      return !isEmpty(value);
    case "is":
      return Array.isArray(value) ? value.includes(c.value) : value === c.value;
    case "is_not":
      return Array.isArray(value) ? !value.includes(c.value) : value !== c.value;
    case "contains":
      if (Array.isArray(value)) return Array.isArray(c.value) ? c.value.some((v) => value.includes(v)) : value.includes(c.value);
      return typeof value === "string" && typeof c.value === "string" && value.toLocaleLowerCase().includes(c.value.toLocaleLowerCase());
    case "gt": {
      const d = compare(value, c.value);
      return d !== undefined && d > 0;
    }
    case "lt": {
      const d = compare(value, c.value);
      return d !== undefined && d < 0;
    }
  }
}

/** All conditions must hold; `values` maps field guid → value. */
export function matchesFilter(values: ReadonlyMap<string, unknown>, conditions: readonly Condition[]): boolean {
  return conditions.every((c) => matchesCondition(values.get(c.field) ?? null, c));
}
