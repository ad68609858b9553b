/**
 * Turns a row of the project's activity log (docs: the activity-log contract) into what a
 * reader sees: a sentence key under `task:activity.*` with its parameters, and for field
 * changes one line per field with the old and new value as labels (option names, people,
 * sprints, task numbers) rather than guids. Pure: the page supplies names and translations.
 */
import { type FieldOption, type FieldType, optionLabel } from "../fields/types";

/** One row as `GET /project/{id}/events` answers it. */
export interface ActivityRow {
  guid: string;
  actor: { guid: string; name: string; color: string } | null;
  entity_kind: "issue" | "sprint" | string;
  entity: string;
  action: string;
  detail: Record<string, unknown>;
  created_at: number;
}

/** What the page knows to name things with. */
export interface DescribeContext {
  fields: readonly { guid: string; slug: string | null; title: string; type_fields: FieldType | string; settings: { values_set: readonly FieldOption[] } }[];
  /** User guid → name. */
  people: ReadonlyMap<string, string>;
  /** Sprint guid → title. */
  sprints: ReadonlyMap<string, string>;
  /** Task guid → number and title (tasks that still exist). */
  tasks: ReadonlyMap<string, { number: number; title: string }>;
}

/** A value shown in a change line: one piece per option, person, task…; `missing` when it no longer exists. */
export interface ValuePiece {
  text: string;
  color?: string;
  /** An ISO date the page formats in the reader's language. */
  date?: boolean;
  /** A task it links to. */
  task?: string;
  /** A checkbox's state, which the page words as yes or no. */
  flag?: boolean;
  missing?: boolean;
}

export interface FieldChange {
  /** The field's title, or empty when the field was deleted since. */
  field: string;
  /** `set`: from nothing; `cleared`: to nothing; `changed`: old → new; `edited`: long text, shown without its text. */
  kind: "set" | "cleared" | "changed" | "edited";
  from: ValuePiece[];
  to: ValuePiece[];
}

export interface ActivitySentence {
  /** Key under `task:activity.`, e.g. `issue.created`, `issue.changed`, `sprint.completed`. */
  key: string;
  /** Interpolation values; `count` selects the plural form. */
  params: Record<string, string | number>;
  /** The task the sentence is about, when it still exists (to link it). */
  task?: { guid: string; number: number; title: string };
  /** The other task of a link. */
  other?: { guid: string; number: number; title: string };
  /** The commit that mentioned the task (repository guid and commit id), to link it. */
  commit?: { repo: string; hexsha: string };
  changes: FieldChange[];
}

/** Long texts are not quoted in the log: the line says they were edited. */
const QUOTED_TEXT_MAX = 80;

const str = (v: unknown) => (typeof v === "string" ? v : "");
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function clip(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > QUOTED_TEXT_MAX ? `${one.slice(0, QUOTED_TEXT_MAX - 1)}…` : one;
}

/** A stored value as pieces to show, read through its field's type. */
export function valuePieces(field: DescribeContext["fields"][number] | undefined, value: unknown, ctx: DescribeContext): ValuePiece[] {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return [];
  const ids = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? [value] : [];
  switch (field?.type_fields) {
    case "select":
    case "multi_select":
    case "rotation":
      return ids.map((id) => {
        const option = field.settings.values_set.find((o) => o.guid === id);
        return option ? { text: optionLabel(option), color: option.color } : { text: "", missing: true };
      });
    case "participant":
    case "participants":
      return ids.map((id) => (ctx.people.has(id) ? { text: ctx.people.get(id)! } : { text: "", missing: true }));
    case "sprint":
      return ids.map((id) => (ctx.sprints.has(id) ? { text: ctx.sprints.get(id)! } : { text: "", missing: true }));
    case "issue":
    case "issues":
      return ids.map((id) => {
        const task = ctx.tasks.get(id);
        return task ? { text: `#${task.number} ${task.title}`, task: id } : { text: "", missing: true };
      });
    case "date":
      return typeof value === "string" ? [{ text: value, date: true }] : [];
    case "checkbox":
      return [{ text: "", flag: value === true }];
    default:
      if (typeof value === "number") return [{ text: String(value) }];
      if (typeof value === "string") return [{ text: clip(value) }];
      return [{ text: clip(JSON.stringify(value)) }];
  }
}

function describeChange(raw: unknown, ctx: DescribeContext): FieldChange | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const c = raw as { field?: unknown; slug?: unknown; from?: unknown; to?: unknown };
  const field = ctx.fields.find((f) => f.guid === c.field) ?? (typeof c.slug === "string" ? ctx.fields.find((f) => f.slug === c.slug) : undefined);
  const from = valuePieces(field, c.from ?? null, ctx);
  const to = valuePieces(field, c.to ?? null, ctx);
  const title = field?.title ?? "";
  if (field?.type_fields === "long_text") return { field: title, kind: "edited", from: [], to: [] };
  if (from.length === 0 && to.length === 0) return { field: title, kind: "edited", from, to };
  return { field: title, kind: from.length === 0 ? "set" : to.length === 0 ? "cleared" : "changed", from, to };
}

const taskRef = (guid: string, ctx: DescribeContext) => {
  const t = ctx.tasks.get(guid);
  return t ? { guid, ...t } : undefined;
};

/** The sentence for one activity row. Unknown kinds and actions fall back to a generic line. */
export function describeActivity(row: ActivityRow, ctx: DescribeContext): ActivitySentence {
  const params: Record<string, string | number> = {};
  const d = row.detail ?? {};
  if (row.entity_kind === "sprint") {
    params.title = str(d.title) || ctx.sprints.get(row.entity) || "";
    if (row.action === "completed") {
      params.count = num(d.moved) ?? 0;
      params.to = ctx.sprints.get(str(d.to)) ?? "";
    }
    const known = ["created", "updated", "completed", "archived", "deleted"].includes(row.action);
    return { key: `sprint.${known ? row.action : "other"}`, params, changes: [] };
  }
  if (row.entity_kind !== "issue") return { key: "other", params, changes: [] };

  const task = taskRef(row.entity, ctx);
  // A task deleted since reads by the number its rows remember.
  params.number = task?.number ?? num(d.number) ?? 0;
  params.title = task?.title ?? str(d.title);
  switch (row.action) {
    case "created":
    case "restored":
    case "comment_added":
    case "comment_edited":
    case "comment_deleted":
      return { key: `issue.${row.action}`, params, task, changes: [] };
    case "deleted":
      return { key: "issue.deleted", params, changes: [] };
    case "updated": {
      const changes = (Array.isArray(d.changes) ? d.changes : []).map((c) => describeChange(c, ctx)).filter((c): c is FieldChange => Boolean(c));
      if (changes.length === 1) {
        params.field = changes[0]!.field;
        return { key: changes[0]!.field ? "issue.changed" : "issue.changed_unknown", params, task, changes };
      }
      params.count = changes.length;
      return { key: "issue.updated", params, task, changes };
    }
    case "link_added":
    case "link_removed": {
      const other = taskRef(str(d.other), ctx);
      params.kind = str(d.kind);
      params.other = other ? `#${other.number} ${other.title}` : "";
      return { key: `issue.${row.action}`, params, task, other, changes: [] };
    }
    case "file_added":
    case "file_removed":
      params.name = str(d.name);
      return { key: `issue.${row.action}`, params, task, changes: [] };
    case "jira_imported":
    case "jira_updated":
      params.key = str(d.key);
      return { key: `issue.${row.action}`, params, task, changes: [] };
    case "commit_mentioned": {
      // A push named the task in a commit message (git hosting).
      const hexsha = str(d.hexsha);
      params.repo = str(d.repo_name);
      params.sha = hexsha.slice(0, 8);
      params.message = clip(str(d.message));
      return { key: "issue.commit_mentioned", params, task, commit: /^[0-9a-f]{40}$/.test(hexsha) && str(d.repo) ? { repo: str(d.repo), hexsha } : undefined, changes: [] };
    }
    default:
      return { key: "issue.other", params, task, changes: [] };
  }
}

/** The guids of tasks a page of rows mentions (to look up their numbers and titles). */
export function tasksMentioned(rows: readonly ActivityRow[], fields: DescribeContext["fields"]): string[] {
  const out = new Set<string>();
  const taskFields = new Set(fields.filter((f) => f.type_fields === "issue" || f.type_fields === "issues").map((f) => f.guid));
  for (const row of rows) {
    if (row.entity_kind !== "issue") continue;
    out.add(row.entity);
    if (typeof row.detail?.other === "string") out.add(row.detail.other);
    const changes = Array.isArray(row.detail?.changes) ? row.detail.changes : [];
    for (const c of changes as { field?: unknown; from?: unknown; to?: unknown }[]) {
      if (!c || typeof c.field !== "string" || !taskFields.has(c.field)) continue;
      for (const v of [c.from, c.to].flat()) if (typeof v === "string") out.add(v);
    }
  }
  return [...out];
}

/** Rows grouped by the reader's local day (`YYYY-MM-DD`), newest first as they came. */
export function groupByDay<T extends { created_at: number }>(rows: readonly T[], dayOf: (ms: number) => string): { day: string; rows: T[] }[] {
  const groups: { day: string; rows: T[] }[] = [];
  for (const row of rows) {
    const day = dayOf(row.created_at);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.rows.push(row);
    else groups.push({ day, rows: [row] });
  }
  return groups;
}

/**
 * The calendar day of a moment, `YYYY-MM-DD`, in a time zone (the reader's own when omitted).
 * A server render passes "UTC" because it cannot know the reader's zone.
 */
export function dayOf(ms: number, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(ms));
}

/**
 * A link is logged on both of its tasks ("A blocks B" on A, "B is blocked by A" on B). The
 * project's log shows it once: the first row of each link and action is kept.
 */
export function collapseMirrored<T extends Pick<ActivityRow, "action" | "detail">>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (row.action !== "link_added" && row.action !== "link_removed") return true;
    const link = row.detail?.link;
    if (typeof link !== "string") return true;
    const key = `${row.action}:${link}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
