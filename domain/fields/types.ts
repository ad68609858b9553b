/**
 * The custom field engine's types (GET /api/v1/typefields): what a field can hold and how a
 * value of each type is checked (value-checks.ts). System fields and user fields share these
 * types.
 */

export const ENTITY_KINDS = ["issue", "room", "project", "docs", "gitproject", "participant"] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export const FIELD_TYPES = [
  "text",
  "long_text",
  "number",
  "date",
  "checkbox",
  "url",
  "select",
  "multi_select",
  "rotation",
  "participant",
  "participants",
  "issue",
  "issues",
  "sprint",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose values are picked from the field's option set (`settings.values_set`). */
export const OPTION_TYPES: readonly FieldType[] = ["select", "multi_select", "rotation"];
export const hasOptions = (type: string) => (OPTION_TYPES as readonly string[]).includes(type);

export const TEXT_MAX = 1000;
export const LONG_TEXT_MAX = 200_000;
export const OPTIONS_MAX = 200;
export const OPTION_LABEL_MAX = 100;

/** The most an option may count as: far above any estimate, low enough to add up safely. */
export const OPTION_NUMBER_MAX = 1_000_000;

/**
 * One option of a field. Rotation options (statuses, issue types: a cycle of named states)
 * carry `title`; the other option types carry `value` (spec §3). Checked by `fieldOption`
 * (value-checks.ts).
 */
export interface FieldOption {
  guid: string;
  value?: string;
  title?: string;
  color: string;
  sort: number;
  /** Set on the default options of system fields ("epic", "done"…): what the product relies on. */
  key?: string;
  /** What the option counts as (a T-shirt size's points): a poker deck made from the field carries it. */
  value_number?: number;
}

/** The label of an option whatever its kind. */
export const optionLabel = (o: Pick<FieldOption, "value" | "title">) => o.title ?? o.value ?? "";
