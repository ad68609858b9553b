import { Server } from "partyserver";
import { type FieldMapping, type ImportState, type PendingRelation, afterFailure, afterSuccess, afterUnauthorized, initialState } from "../../domain/jira/import-plan";
import type { Env } from "../../workers/env";
import { host } from "../host";
import type { ImportInit, ImportStatus, JiraImportRpc } from "../stubs";

interface Stored {
  init: ImportInit;
  /** Sealed for `init.userId`; replaced after the object refreshes them itself. */
  tokens: { access: string; refresh: string };
}

/**
 * One per import run (name = the import's guid). Thin transport over `domain/jira/import-plan`
 * and the host's `jiraStep`: each alarm runs one step (setup; one page of issues with their
 * comments and attachments; relations), then persists the state, the cursor and the page's
 * relations before scheduling the next step. A restart or a deploy loses at most the step
 * under way, which is repeated: every write is keyed by Jira id. 429 waits as Retry-After
 * says, 5xx backs off, a 401 refreshes the tokens (at most `MAX_REFRESHES` times in a row);
 * progress goes to the user's hub and to the `jira_imports` row.
 */
export class JiraImport extends Server<Env> implements JiraImportRpc {
  /** Starts the run; a second call for the same import changes nothing. */
  async start(init: ImportInit): Promise<{ ok: boolean }> {
    if (await this.ctx.storage.get<Stored>("stored")) return { ok: true };
    const stored: Stored = { init, tokens: { access: init.sealedAccess, refresh: init.sealedRefresh } };
    await this.ctx.storage.put({ stored, state: initialState(Date.now()) });
    await this.ctx.storage.setAlarm(Date.now());
    return { ok: true };
  }

  /**
   * Runs a finished import again: what changed in Jira is updated, nothing duplicated. With
   * `since` (a scheduled re-sync), Jira is asked only for issues updated since then.
   */
  async rerun(since?: number): Promise<{ ok: boolean }> {
    const state = await this.ctx.storage.get<ImportState>("state");
    if (!state || (state.phase !== "done" && state.phase !== "failed")) return { ok: false };
    await this.ctx.storage.delete([...(await this.ctx.storage.list({ prefix: "rel:" })).keys()]);
    await this.ctx.storage.put("state", initialState(Date.now(), since));
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
    const mapping = (await this.ctx.storage.get<FieldMapping>("mapping")) ?? null;
    const pending = state.phase === "relations" ? await this.ctx.storage.list<PendingRelation[]>({ prefix: "rel:" }) : new Map<string, PendingRelation[]>();
    const result = await host().jiraStep(this.env, { init: stored.init, tokens: stored.tokens, state, mapping, relations: [...pending.values()].flat() });
    if (result.ok) {
      // The page's relations and the moved cursor land in one storage write.
      const next = afterSuccess(result.state);
      const writes: Record<string, unknown> = { state: next };
      if (result.mapping) writes.mapping = result.mapping;
      if (result.relations) writes[`rel:${String(state.pagesDone).padStart(6, "0")}`] = result.relations;
      await this.ctx.storage.put(writes);
      if (next.phase === "done") await this.ctx.storage.delete([...pending.keys()]);
      state = next;
      if (state.phase !== "done" && state.phase !== "failed") await this.ctx.storage.setAlarm(Date.now());
    } else {
      const unauthorized = result.status === 401 ? afterUnauthorized(state, Date.now()) : null;
      if (unauthorized?.kind === "refresh") {
        const tokens = await host().jiraRefresh(this.env, stored.init, stored.tokens);
        if (tokens) {
          // The count and the new tokens land together: a restart cannot reset the cap.
          await this.ctx.storage.put({ stored: { ...stored, tokens }, state: unauthorized.state });
          await this.ctx.storage.setAlarm(Date.now());
          return;
        }
      }
      const next = unauthorized?.kind === "fail" ? unauthorized : afterFailure(state, result, Date.now());
      state = next.state;
      await this.ctx.storage.put("state", state);
      if (next.kind === "wait") await this.ctx.storage.setAlarm(Date.now() + next.ms);
    }
    await host().jiraReport(this.env, stored.init, state);
  }
}
