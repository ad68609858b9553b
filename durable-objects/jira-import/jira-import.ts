import { eq } from "drizzle-orm";
import { Server } from "partyserver";
import { type Counts, type ImportState, afterFailure, afterPage, initialState } from "../../domain/jira/import-plan";
import type { HubMessage } from "../../domain/wire/live/hub";
import { getDb } from "../../workers/db/client";
import { jiraImports } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { pushToUser } from "../../workers/services/hub";
import { i18nFor } from "../../workers/services/i18n";
import { jiraConfig, refreshTokens, unsealFor } from "../../workers/services/jira-auth";
import { JiraHttpError, type JiraSite, importJql, jiraAll, jiraBytes, jiraJson, jiraPost } from "../../workers/services/jira-client";
import {
  type FieldMapping,
  type IssueExtras,
  type JiraFieldMeta,
  type JiraIssueIn,
  type JiraSprintMeta,
  type PendingRelation,
  prepareProject,
  unchangedIssues,
  writeIssues,
  writeRelations,
} from "../../workers/services/jira-import";
import type { ImportInit, ImportStatus, JiraImportRpc } from "../stubs";

/** Issues per search/jql page: one page is one step, written and checkpointed together. */
const PAGE_SIZE = 50;

interface Stored {
  init: ImportInit;
  /** Sealed for `init.userId`; replaced after the object refreshes them itself. */
  tokens: { access: string; refresh: string };
}

/**
 * One per import run (name = the import's guid). Thin transport over `domain/jira/import-plan`:
 * each alarm runs one step (setup; one page of issues with their comments and attachments;
 * relations), then persists the state and the cursor before scheduling the next step. A
 * restart or a deploy loses at most the step under way, which is repeated: every write is
 * keyed by Jira id. 429 waits as Retry-After says, 5xx backs off; progress goes to the user's
 * hub and to the `jira_imports` row.
 */
export class JiraImport extends Server<Env> implements JiraImportRpc {
  /** Starts the run; a second call for the same import is a no-op answering its state. */
  async start(init: ImportInit): Promise<{ ok: boolean }> {
    const existing = await this.ctx.storage.get<Stored>("stored");
    if (existing) return { ok: true };
    const stored: Stored = { init, tokens: { access: init.sealedAccess, refresh: init.sealedRefresh } };
    await this.ctx.storage.put({ stored, state: initialState(Date.now()) });
    await this.ctx.storage.setAlarm(Date.now());
    return { ok: true };
  }

  /** Runs again over the same projects: what changed in Jira is updated, nothing duplicated. */
  async rerun(): Promise<{ ok: boolean }> {
    const state = await this.ctx.storage.get<ImportState>("state");
    if (!state || (state.phase !== "done" && state.phase !== "failed")) return { ok: false };
    await this.ctx.storage.delete([...(await this.ctx.storage.list({ prefix: "rel:" })).keys()]);
    await this.ctx.storage.put("state", initialState(Date.now()));
    await this.ctx.storage.setAlarm(Date.now());
    return { ok: true };
  }

  async status(): Promise<ImportStatus | null> {
    const state = await this.ctx.storage.get<ImportState>("state");
    const stored = await this.ctx.storage.get<Stored>("stored");
    if (!state || !stored) return null;
    return { import: stored.init.importId, project: stored.init.projectId, ...state };
  }

  async onAlarm() {
    const stored = await this.ctx.storage.get<Stored>("stored");
    let state = await this.ctx.storage.get<ImportState>("state");
    if (!stored || !state || state.phase === "done" || state.phase === "failed") return;
    const now = Date.now();
    try {
      state = await this.step(stored, state);
      await this.ctx.storage.put("state", state);
      if (state.phase !== "done" && state.phase !== "failed") await this.ctx.storage.setAlarm(Date.now());
    } catch (err) {
      if (!(err instanceof JiraHttpError)) console.error("jira import step failed", stored.init.importId, err);
      const answer = err instanceof JiraHttpError ? { status: err.status, retryAfter: err.retryAfter } : { status: 0, retryAfter: null };
      if (answer.status === 401 && (await this.refresh(stored))) {
        await this.ctx.storage.setAlarm(Date.now());
        return;
      }
      const next = afterFailure(state, answer, now);
      state = next.state;
      await this.ctx.storage.put("state", state);
      if (next.kind === "wait") await this.ctx.storage.setAlarm(Date.now() + next.ms);
    }
    await this.report(stored, state);
  }

  private async site(stored: Stored): Promise<JiraSite> {
    const config = jiraConfig(this.env);
    if (!config) throw new JiraHttpError(503, null, "config");
    const accessToken = await unsealFor(config, stored.init.userId, "access", stored.tokens.access);
    if (!accessToken) throw new JiraHttpError(401, null, "token");
    return { apiUrl: config.apiUrl, cloudId: stored.init.cloudId, accessToken };
  }

  /** The access token expired: refresh with the sealed refresh token, keep the new pair sealed. */
  private async refresh(stored: Stored): Promise<boolean> {
    const config = jiraConfig(this.env);
    if (!config) return false;
    const result = await refreshTokens(config, stored.init.userId, stored.tokens.refresh);
    if (!result.ok) return false;
    stored.tokens = { access: result.grant.jira_token, refresh: result.grant.jira_refresh_token };
    await this.ctx.storage.put("stored", stored);
    return true;
  }

  private async step(stored: Stored, state: ImportState): Promise<ImportState> {
    const { init } = stored;
    const db = getDb(this.env.DB);
    const site = await this.site(stored);
    const jql = importJql(init.projects, init.jql);
    if (state.phase === "setup") {
      const fields = await jiraJson<JiraFieldMeta[]>(site, "/rest/api/3/field");
      const statuses = new Set<string>();
      const priorities = ["Highest", "High", "Medium", "Low", "Lowest"];
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
      const t = i18nFor("en").t;
      const prepared = await prepareProject(db, init.projectId, t, { fields, statuses: [...statuses], priorities, sprints, siteUrl: init.siteUrl });
      await this.ctx.storage.put("mapping", prepared.mapping);
      const counts = { ...state.counts };
      for (const [k, v] of Object.entries(prepared.counts)) counts[k as keyof Counts] = v ?? 0;
      return { ...state, phase: "issues", total: count, counts, attempt: 0 };
    }
    const mapping = (await this.ctx.storage.get<FieldMapping>("mapping"))!;
    if (state.phase === "issues") {
      const page = await jiraJson<{ issues: JiraIssueIn[]; nextPageToken?: string; isLast: boolean }>(site, "/rest/api/3/search/jql", { jql, maxResults: PAGE_SIZE, fields: "*all", nextPageToken: state.pageToken ?? undefined });
      const unchanged = await unchangedIssues(db, init.projectId, page.issues);
      const changed = page.issues.filter((i) => !unchanged.has(i.id));
      const extras = new Map<string, IssueExtras>();
      for (const issue of changed) extras.set(issue.id, await this.extrasOf(site, issue));
      const written = await writeIssues(this.env, db, init.projectId, init.userId, mapping, changed, extras);
      // Relations of unchanged issues are already written; only the changed ones' are kept.
      await this.ctx.storage.put(`rel:${String(state.pagesDone).padStart(6, "0")}`, written.relations);
      return afterPage(state, page, { ...written.counts, unchanged: unchanged.size }, written.problems);
    }
    if (state.phase === "relations") {
      const pending = await this.ctx.storage.list<PendingRelation[]>({ prefix: "rel:" });
      const relations = [...pending.values()].flat();
      const result = await writeRelations(db, init.projectId, init.userId, mapping, relations);
      await this.ctx.storage.delete([...pending.keys()]);
      const counts = { ...state.counts, links: state.counts.links + result.links };
      return { ...state, phase: "done", counts, problems: [...state.problems, ...result.problems].slice(0, 200), finishedAt: Date.now(), attempt: 0 };
    }
    return state;
  }

  private async extrasOf(site: JiraSite, issue: JiraIssueIn): Promise<IssueExtras> {
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

  private async report(stored: Stored, state: ImportState) {
    const { init } = stored;
    const db = getDb(this.env.DB);
    await db
      .update(jiraImports)
      .set({ phase: state.phase, report: JSON.stringify({ total: state.total, counts: state.counts, problems: state.problems }), updatedAt: Date.now() })
      .where(eq(jiraImports.id, init.importId));
    const message: HubMessage = { type: "jira_import", import: init.importId, project: init.projectId, phase: state.phase, total: state.total, counts: state.counts, problems: state.problems.length };
    await pushToUser(this.env, init.userId, message);
  }
}
