/**
 * One step of a Jira import run, for the JiraImport object (through the object host, so the
 * object never imports a service): setup, one page of issues, or the relations. A refused
 * Jira call comes back as `{ok: false, status, retryAfter}` for the object's retry rules.
 */
import { eq } from "drizzle-orm";
import type { ImportInit } from "../../durable-objects/stubs";
import { type Counts, type FieldMapping, type ImportState, type JiraWorkflow, type PendingRelation, addProblem, afterPage, workflowTransitions } from "../../domain/jira/import-plan";
import type { HubMessage } from "../../domain/wire/live/hub";
import { getDb } from "../db/client";
import { jiraImports } from "../db/schema";
import type { Env } from "../env";
import { pushToUser } from "./hub";
import { publishToProject } from "./live";
import { i18nFor } from "./i18n";
import { jiraConfig, refreshTokens, unsealFor } from "./jira-auth";
import { hasConnection, serverAccessToken } from "./jira-connections";
import { assignJoinedJiraPeople } from "./jira-people";
import { syncFinished } from "./jira-sync";
import { importJql } from "../../domain/jira/resync";
import { JiraHttpError, type JiraSite, jiraAll, jiraBytes, jiraJson, jiraPost } from "./jira-client";
import { writeRelations } from "./jira-import";
import { type IssueExtras, type JiraIssueIn, unchangedIssues, writeIssues } from "./jira-import-issues";
import { type JiraFieldMeta, type JiraSprintMeta, importWorkflow, prepareProject } from "./jira-import-project";

/** Issues per search/jql page: one page is one step, written and checkpointed together. */
const PAGE_SIZE = 50;

export interface StepInput {
  init: ImportInit;
  /** Sealed for `init.userId`. */
  tokens: { access: string; refresh: string };
  state: ImportState;
  mapping: FieldMapping | null;
  /** Relations kept from the pages, for the relations step. */
  relations: PendingRelation[];
}

export type StepResult =
  | { ok: true; state: ImportState; mapping?: FieldMapping; relations?: PendingRelation[] }
  | { ok: false; status: number; retryAfter: string | null };

async function siteOf(env: Env, input: StepInput): Promise<JiraSite> {
  const config = jiraConfig(env);
  if (!config) throw new JiraHttpError(503, null, "config");
  // The server's connection first: it follows the chain whoever refreshed it; the run's own
  // copy serves a connection made before the server held them.
  const accessToken = (await serverAccessToken(config, getDb(env.DB), input.init.userId)) ?? (await unsealFor(config, input.init.userId, "access", input.tokens.access));
  if (!accessToken) throw new JiraHttpError(401, null, "token");
  return { apiUrl: config.apiUrl, cloudId: input.init.cloudId, accessToken };
}

async function extrasOf(site: JiraSite, issue: JiraIssueIn): Promise<IssueExtras> {
  const comments: IssueExtras["comments"] = [];
  for (let startAt = 0, guard = 0; guard < 100; guard++) {
    const page = await jiraJson<{ comments: IssueExtras["comments"]; total: number }>(site, `/rest/api/3/issue/${issue.id}/comment`, { startAt, maxResults: 50 });
    comments.push(...page.comments);
    startAt += page.comments.length;
    if (startAt >= page.total || page.comments.length === 0) break;
  }
  const attachments: IssueExtras["attachments"] = [];
  for (const a of Array.isArray(issue.fields.attachment) ? (issue.fields.attachment as { id: string; filename: string; mimeType: string }[]) : []) {
    const { bytes, type } = await jiraBytes(site, a.id);
    attachments.push({ id: a.id, filename: a.filename, mimeType: a.mimeType || type, bytes });
  }
  return { comments, attachments };
}

/**
 * Open boards hear of a batch once, not of each task. `by` is the import run, not the person
 * who started it: boards skip their viewer's own changes, and the importer's board did not
 * make these.
 */
async function tellBoards(env: Env, init: ImportInit, tasks: string[]): Promise<void> {
  for (let i = 0; i < tasks.length; i += 5000) {
    await publishToProject(env, init.projectId, { type: "tasks_changed", project: init.projectId, tasks: tasks.slice(i, i + 5000), by: init.importId, at: Date.now() });
  }
}

async function step(env: Env, input: StepInput): Promise<StepResult> {
  const { init, state } = input;
  const db = getDb(env.DB);
  const site = await siteOf(env, input);
  const jql = importJql(init.projects, init.jql, state.since);
  if (state.phase === "setup") {
    const fields = await jiraJson<JiraFieldMeta[]>(site, "/rest/api/3/field");
    const statuses = new Set<string>();
    const sprints: JiraSprintMeta[] = [];
    for (const key of init.projects) {
      const types = await jiraJson<{ statuses: { name: string }[] }[]>(site, `/rest/api/3/project/${encodeURIComponent(key)}/statuses`);
      for (const type of types) for (const s of type.statuses) statuses.add(s.name);
      const boards = await jiraAll<{ id: number; type: string }>(site, "/rest/agile/1.0/board", { projectKeyOrId: key });
      for (const board of boards.filter((b) => b.type === "scrum")) {
        for (const s of await jiraAll<JiraSprintMeta>(site, `/rest/agile/1.0/board/${board.id}/sprint`)) if (!sprints.some((x) => x.id === s.id)) sprints.push(s);
      }
    }
    const { count } = await jiraPost<{ count: number }>(site, "/rest/api/3/search/approximate-count", { jql });
    const prepared = await prepareProject(db, init.projectId, i18nFor("en").t, { fields, statuses: [...statuses], priorities: ["Highest", "High", "Medium", "Low", "Lowest"], sprints, siteUrl: init.siteUrl });
    const counts = { ...state.counts };
    for (const [k, v] of Object.entries(prepared.counts)) counts[k as keyof Counts] = v ?? 0;
    // Reading workflows needs Jira administration rights; without them the run goes on.
    const jiraWorkflows = await jiraAll<JiraWorkflow>(site, "/rest/api/3/workflow/search", { expand: "transitions,statuses" }).catch((err) => {
      if (err instanceof JiraHttpError && (err.status === 403 || err.status === 404)) return null;
      throw err;
    });
    if (jiraWorkflows) await importWorkflow(db, init.projectId, prepared.mapping.fields.status!, workflowTransitions(jiraWorkflows, prepared.mapping.statusOptions));
    const problems = jiraWorkflows ? state.problems : addProblem(state.problems, { reason: "workflow_unreadable" });
    // People who joined since the last run get their Jira tasks, even those Jira did not change.
    await assignJoinedJiraPeople(env, db, init.projectId, init.importId);
    if (sprints.length) await publishToProject(env, init.projectId, { type: "sprints_changed", project: init.projectId, by: init.importId, at: Date.now() });
    return { ok: true, state: { ...state, phase: "issues", total: count, counts, problems, attempt: 0 }, mapping: prepared.mapping };
  }
  const mapping = input.mapping!;
  if (state.phase === "issues") {
    const page = await jiraJson<{ issues: JiraIssueIn[]; nextPageToken?: string; isLast: boolean }>(site, "/rest/api/3/search/jql", { jql, maxResults: PAGE_SIZE, fields: "*all", nextPageToken: state.pageToken ?? undefined });
    const unchanged = await unchangedIssues(db, init.projectId, page.issues);
    const changed = page.issues.filter((i) => !unchanged.has(i.id));
    const extras = new Map<string, IssueExtras>();
    for (const issue of changed) extras.set(issue.id, await extrasOf(site, issue));
    const written = await writeIssues(env, db, init.projectId, init.userId, mapping, changed, extras);
    await tellBoards(env, init, written.tasks);
    // Relations of unchanged issues were written by the run that saw them change.
    return { ok: true, state: afterPage(state, page, { ...written.counts, unchanged: unchanged.size }, written.problems), relations: written.relations };
  }
  if (state.phase === "relations") {
    const result = await writeRelations(db, init.projectId, init.userId, mapping, input.relations);
    await tellBoards(env, init, result.tasks);
    const counts = { ...state.counts, links: state.counts.links + result.links };
    return { ok: true, state: { ...state, phase: "done", counts, problems: [...state.problems, ...result.problems].slice(0, 200), finishedAt: Date.now(), attempt: 0 } };
  }
  return { ok: true, state };
}

/** Runs one step; Jira's refusals (and unexpected failures, as status 0) come back as data. */
export async function runJiraStep(env: Env, input: StepInput): Promise<StepResult> {
  try {
    return await step(env, input);
  } catch (err) {
    if (err instanceof JiraHttpError) return { ok: false, status: err.status, retryAfter: err.retryAfter };
    console.error("jira import step failed", input.init.importId, err);
    return { ok: false, status: 0, retryAfter: null };
  }
}

/** The object refreshes with its own sealed refresh token; the new pair, sealed, or null. */
export async function refreshJiraTokens(env: Env, init: ImportInit, tokens: { access: string; refresh: string }): Promise<{ access: string; refresh: string } | null> {
  const config = jiraConfig(env);
  if (!config) return null;
  const db = getDb(env.DB);
  // Jira said 401 to a token the server holds: move its chain on; the run's copy stays as it is.
  if (await hasConnection(db, init.userId)) return (await serverAccessToken(config, db, init.userId, { force: true })) ? tokens : null;
  const result = await refreshTokens(config, init.userId, tokens.refresh);
  return result.ok ? { access: result.grant.jira_token, refresh: result.grant.jira_refresh_token } : null;
}

/** Writes the report row and tells the user's tabs. */
export async function reportJiraImport(env: Env, init: ImportInit, state: ImportState): Promise<void> {
  await getDb(env.DB)
    .update(jiraImports)
    .set({ phase: state.phase, report: JSON.stringify({ total: state.total, counts: state.counts, problems: state.problems, startedAt: state.startedAt, finishedAt: state.finishedAt }), updatedAt: Date.now() })
    .where(eq(jiraImports.id, init.importId));
  if (state.phase === "done") await syncFinished(getDb(env.DB), init.importId, state.startedAt);
  const message: HubMessage = { type: "jira_import", import: init.importId, project: init.projectId, phase: state.phase, total: state.total, counts: state.counts, problems: state.problems.length };
  await pushToUser(env, init.userId, message);
}
