/**
 * Pure rules of a Jira import run (issue 14): how Jira's kinds map onto ours, the phases and
 * checkpoint of the run, and what to do with each answer of Jira (go on, wait out a 429's
 * Retry-After, back off after a 5xx, give up). The JiraImport object carries these out and
 * keeps the state in its storage, so a restart resumes at the last checkpoint.
 */

/** Jira status names that land on the status field's built-in options; others become new options. */
const STATUS_KEYS: Record<string, string> = { "to do": "todo", open: "todo", backlog: "todo", "in progress": "in_progress", "in review": "review", review: "review", done: "done", closed: "done", resolved: "done" };
export const statusKeyOf = (name: string): string | undefined => STATUS_KEYS[name.trim().toLowerCase()];

/** Jira issue types onto the issue-type options; sub-tasks are tasks with a parent link. */
const TYPE_KEYS: Record<string, string> = { epic: "epic", bug: "bug", story: "story", task: "task", "sub-task": "task", subtask: "task" };
export const typeKeyOf = (name: string): string | undefined => TYPE_KEYS[name.trim().toLowerCase()];

/** A Jira sprint's state onto our sprint's status; closed sprints are also archived. */
export function sprintStateOf(state: string): { status: "planned" | "active" | "completed"; archived: boolean } {
  if (state === "closed") return { status: "completed", archived: true };
  if (state === "active") return { status: "active", archived: false };
  return { status: "planned", archived: false };
}

/** Jira issue link type names onto our stored link kinds (source = the outward issue's holder). */
const LINK_KINDS: Record<string, "blocks" | "relates" | "duplicates"> = { blocks: "blocks", relates: "relates", duplicate: "duplicates", duplicates: "duplicates", cloners: "relates" };
export const linkKindOf = (typeName: string): "blocks" | "relates" | "duplicates" => LINK_KINDS[typeName.trim().toLowerCase()] ?? "relates";

/** Custom field schema types we can hold, and as which field type. */
export function customFieldTypeOf(schema: { type?: string; custom?: string } | undefined): "number" | "select" | "multi_select" | "date" | "text" | null {
  if (!schema?.custom) return null;
  if (schema.custom.includes("gh-sprint") || schema.custom.includes("gh-epic")) return null;
  switch (schema.type) {
    case "number":
      return "number";
    case "option":
      return "select";
    case "array":
      return schema.custom.includes("multiselect") || schema.custom.includes("multicheckboxes") || schema.custom.includes("labels") ? "multi_select" : null;
    case "date":
    case "datetime":
      return "date";
    case "string":
      return "text";
    default:
      return null;
  }
}

export const IMPORT_KINDS = ["issues", "epics", "subtasks", "comments", "attachments", "sprints", "links", "fields", "statuses", "unchanged", "trashed"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export type Counts = Record<ImportKind, number>;
export const zeroCounts = (): Counts => Object.fromEntries(IMPORT_KINDS.map((k) => [k, 0])) as Counts;

export type Phase = "setup" | "issues" | "relations" | "done" | "failed";

/** What could not be mapped, with the Jira issue it concerns (the report links to it). */
export interface ImportProblem {
  key?: string;
  url?: string;
  reason: string;
}

/** The object's whole persisted state; one storage write per step. */
export interface ImportState {
  phase: Phase;
  /** `nextPageToken` of search/jql for the next page; null before the first page. */
  pageToken: string | null;
  pagesDone: number;
  total: number;
  counts: Counts;
  problems: ImportProblem[];
  /** Failed tries of the current step (5xx, network). */
  attempt: number;
  /** Token refreshes since the last step that went through (a 401 each); absent = 0. */
  refreshes?: number;
  startedAt: number;
  finishedAt?: number;
  /** A scheduled re-sync: only issues Jira updated since this moment (the last run's start). */
  since?: number;
}

export const MAX_PROBLEMS = 200;
export const MAX_ATTEMPTS = 6;
/** Backoff after a 5xx: 500 ms doubled per try, at most 30 s. */
export const backoffMs = (attempt: number) => Math.min(30_000, 500 * 2 ** Math.max(0, attempt - 1));
/** A Retry-After in seconds (or an HTTP date) as a wait, at least 100 ms and at most 5 minutes. */
export function retryAfterMs(header: string | null, now: number): number {
  if (header === null) return 1000;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Math.min(300_000, Math.max(100, Number.isFinite(ms) ? ms : 1000));
}

export const initialState = (now: number, since?: number): ImportState => ({ phase: "setup", pageToken: null, pagesDone: 0, total: 0, counts: zeroCounts(), problems: [], attempt: 0, startedAt: now, ...(since === undefined ? {} : { since }) });

/** The next step after a failed call: wait and try again, or give the run up. */
export type Retry = { kind: "wait"; ms: number; state: ImportState } | { kind: "fail"; state: ImportState };

export function afterFailure(state: ImportState, answer: { status: number; retryAfter: string | null }, now: number): Retry {
  // 429 waits as told and does not count as a failed try: Jira asked us to slow down.
  if (answer.status === 429) return { kind: "wait", ms: retryAfterMs(answer.retryAfter, now), state };
  const attempt = state.attempt + 1;
  if ((answer.status >= 500 || answer.status === 0 || answer.status === 408) && attempt < MAX_ATTEMPTS) return { kind: "wait", ms: backoffMs(attempt), state: { ...state, attempt } };
  return { kind: "fail", state: { ...state, attempt, phase: "failed", finishedAt: now, problems: addProblem(state.problems, { reason: `jira_http_${answer.status}` }) } };
}

/**
 * Refreshes in a row, without a step going through between them, before a run gives up: a
 * Jira that refuses brand-new tokens (revoked consent, a removed site) would otherwise keep
 * the object refreshing forever. The spec's retry cap (section 9).
 */
export const MAX_REFRESHES = 3;

/** After a 401: refresh and try the step again, or end the run as refused. */
export function afterUnauthorized(state: ImportState, now: number): { kind: "refresh"; state: ImportState } | { kind: "fail"; state: ImportState } {
  const refreshes = (state.refreshes ?? 0) + 1;
  if (refreshes <= MAX_REFRESHES) return { kind: "refresh", state: { ...state, refreshes } };
  return { kind: "fail", state: { ...state, refreshes, phase: "failed", finishedAt: now, problems: addProblem(state.problems, { reason: "auth_refused" }) } };
}

/** A step went through: the refresh count starts again. */
export const afterSuccess = (state: ImportState): ImportState => (state.refreshes ? { ...state, refreshes: 0 } : state);

export function addProblem(list: ImportProblem[], problem: ImportProblem): ImportProblem[] {
  return list.length >= MAX_PROBLEMS ? list : [...list, problem];
}

/** After a page of issues was written: the next cursor, or on to relations after the last page. */
export function afterPage(state: ImportState, page: { nextPageToken?: string; isLast: boolean }, added: Partial<Counts>, problems: ImportProblem[]): ImportState {
  const counts = { ...state.counts };
  for (const [k, v] of Object.entries(added)) counts[k as ImportKind] += v ?? 0;
  let list = state.problems;
  for (const p of problems) list = addProblem(list, p);
  const last = page.isLast || !page.nextPageToken;
  return { ...state, counts, problems: list, attempt: 0, pagesDone: state.pagesDone + 1, pageToken: last ? null : page.nextPageToken!, phase: last ? "relations" : "issues" };
}

/** How Jira's fields land in the project; kept by the import object between steps. */
export interface FieldMapping {
  fields: Record<string, string>;
  statusOptions: Record<string, string>;
  typeOptions: Record<string, string>;
  priority: { field: string; options: Record<string, string> };
  reporterField: string;
  jiraLinkField: string;
  /** Jira custom field id → our field and (for options) value → option guid. */
  custom: Record<string, { field: string; type: string; name: string; options: Record<string, string> }>;
  sprints: Record<string, string>;
  backlog: string;
  siteUrl: string;
}

/** A relation to write once every task exists: epic, parent (sub-task) and issue links. */
export interface PendingRelation {
  from: string;
  to: string;
  kind: "epic" | "parent" | "blocks" | "relates" | "duplicates";
}

/** A Jira workflow as `GET /rest/api/3/workflow/search?expand=transitions,statuses` lists it. */
export interface JiraWorkflow {
  statuses?: { id: string; name: string }[];
  /** `from` empty: a global transition, from any status. */
  transitions?: { from?: string[]; to?: string }[];
}

/**
 * Jira's transitions onto moves between the status field's options (`statusOptions`: Jira
 * status name → option guid). Global transitions come from every status of their workflow;
 * statuses with no option here and moves onto the same option are left out.
 */
export function workflowTransitions(workflows: readonly JiraWorkflow[], statusOptions: Readonly<Record<string, string>>): { from: string; to: string }[] {
  const out = new Map<string, { from: string; to: string }>();
  for (const w of workflows) {
    const names = new Map((w.statuses ?? []).map((s) => [s.id, s.name]));
    const option = (id: string | undefined) => (id === undefined ? undefined : statusOptions[names.get(id) ?? ""]);
    for (const t of w.transitions ?? []) {
      const to = option(t.to);
      if (!to) continue;
      const from = t.from?.length ? t.from : [...names.keys()];
      for (const f of from) {
        const source = option(f);
        if (source && source !== to) out.set(`${source}>${to}`, { from: source, to });
      }
    }
  }
  return [...out.values()];
}
