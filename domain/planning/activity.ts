/**
 * The project's activity log (shared contract): which actions exist, what their `detail`
 * holds, and how a task's field changes are worked out from its values before and after a
 * write. Values keep their stored shapes (option guid, list of guids, number, "YYYY-MM-DD",
 * string); the client renders them in the reader's language.
 */
import { z } from "zod";

export const ISSUE_ACTIONS = [
  "created",
  "updated",
  "deleted",
  "restored",
  "comment_added",
  "comment_edited",
  "comment_deleted",
  "link_added",
  "link_removed",
  "file_added",
  "file_removed",
] as const;
export const SPRINT_ACTIONS = ["created", "updated", "completed", "archived"] as const;
export type IssueAction = (typeof ISSUE_ACTIONS)[number];
export type SprintAction = (typeof SPRINT_ACTIONS)[number];

/** One field that really changed in a write: `from`/`to` are null when there was or is no value. */
export interface ValueChange {
  field: string;
  slug: string | null;
  from: unknown;
  to: unknown;
}

export interface StoredValue {
  field: string;
  slug: string | null;
  /** "" for a shared value, the participant's guid for an individual one. */
  participant: string;
  value: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Texts longer than this are cut in the log: a 200 000-character description twice per edit would bloat every entry. */
export const LOG_TEXT_MAX = 2000;

/** A value as the log keeps it: long texts cut to LOG_TEXT_MAX characters and an ellipsis. */
export const forLog = (value: unknown): unknown => (typeof value === "string" && value.length > LOG_TEXT_MAX ? `${value.slice(0, LOG_TEXT_MAX)}…` : (value ?? null));

/**
 * The changes a write makes: each written value against the value it replaces, leaving out
 * writes that store what was already there. `to: null` is a cleared value.
 */
export function valueChanges(before: readonly StoredValue[], writes: readonly StoredValue[]): ValueChange[] {
  const changes: ValueChange[] = [];
  for (const w of writes) {
    const old = before.find((b) => b.field === w.field && b.participant === w.participant)?.value ?? null;
    if (!same(old, w.value)) changes.push({ field: w.field, slug: w.slug, from: forLog(old), to: forLog(w.value) });
  }
  return changes;
}

/** The values a new task starts with, for its `created` entry (empty values left out). */
export const initialValues = (writes: readonly StoredValue[]) =>
  writes.filter((w) => w.value !== null && w.value !== undefined).map((w) => ({ field: w.field, slug: w.slug, value: forLog(w.value) }));

/**
 * Field changes of a sprint for its `updated` entry. Archiving and completing are entries of
 * their own (`archived`, `completed`), and the lane order is not history, so neither shows here.
 */
export function sprintChanges<T extends Record<string, unknown>>(before: T, after: Partial<T>, keys: readonly (keyof T & string)[]): { field: string; from: unknown; to: unknown }[] {
  return keys.filter((k) => after[k] !== undefined && !same(before[k], after[k])).map((k) => ({ field: k, from: before[k] ?? null, to: after[k] ?? null }));
}

export const EVENTS_LIMIT_DEFAULT = 50;
export const EVENTS_LIMIT_MAX = 200;

/** `GET /events?limit=&before=&entity=`: newest first, `before` is the `next` of the previous page. */
export const eventsQuery = z.object({
  limit: z.coerce.number({ error: "limit_invalid" }).int("limit_invalid").min(1, "limit_invalid").max(EVENTS_LIMIT_MAX, "limit_invalid").default(EVENTS_LIMIT_DEFAULT),
  before: z.coerce.number({ error: "before_invalid" }).int("before_invalid").min(0, "before_invalid").max(Number.MAX_SAFE_INTEGER, "before_invalid").optional(),
  entity: z.string().min(1, "entity_invalid").max(64, "entity_invalid").optional(),
});
