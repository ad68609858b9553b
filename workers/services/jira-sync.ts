/**
 * Scheduled re-sync of a project's Jira import (issue 14): stored per project in `jira_syncs`,
 * started by the Worker's cron through the import's own JiraImport object, which asks Jira only
 * for what was updated since the last finished run (domain/jira/resync.ts). Tokens are the
 * server's (jira-connections.ts), refreshed there when they expire.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { type SyncEvery, nextSyncAt } from "../../domain/jira/resync";
import type { Db } from "../db/client";
import { jiraSyncs } from "../db/schema";
import type { Env } from "../env";
import { markRunning } from "./jira-import";

export interface SyncView {
  every: Exclude<SyncEvery, "off">;
  next_at: number;
  last_synced_at: number | null;
}

/** At most this many re-syncs start per cron tick; the rest are due on the next one. */
const STARTS_PER_TICK = 50;

export async function findSchedule(db: Db, projectId: string, importId: string): Promise<SyncView | null> {
  const row = await db.select().from(jiraSyncs).where(and(eq(jiraSyncs.projectId, projectId), eq(jiraSyncs.importId, importId))).get();
  return row ? { every: row.every as SyncView["every"], next_at: row.nextAt, last_synced_at: row.lastSyncedAt } : null;
}

/**
 * Sets (or with "off" removes) the project's schedule for this import; one import per project
 * is re-synced. `lastStart` is when the import's last finished run started.
 */
export async function setSchedule(db: Db, projectId: string, importId: string, every: SyncEvery, lastStart: number | null, now = Date.now()): Promise<SyncView | null> {
  if (every === "off") {
    await db.delete(jiraSyncs).where(eq(jiraSyncs.projectId, projectId));
    return null;
  }
  const values = { importId, every, nextAt: nextSyncAt(every, now), lastSyncedAt: lastStart };
  await db.insert(jiraSyncs).values({ projectId, ...values }).onConflictDoUpdate({ target: jiraSyncs.projectId, set: values });
  return { every, next_at: values.nextAt, last_synced_at: lastStart };
}

/** A run of the import finished: the next re-sync asks for what changed since it started. */
export async function syncFinished(db: Db, importId: string, startedAt: number): Promise<void> {
  await db.update(jiraSyncs).set({ lastSyncedAt: startedAt }).where(eq(jiraSyncs.importId, importId));
}

export interface SyncReport {
  started: number;
  /** Due, but its previous run was still going: it waits for the next interval. */
  busy: number;
}

/** The cron's part: starts every due re-sync and moves its next time on. */
export async function runJiraSchedule(env: Env, db: Db, now = Date.now()): Promise<SyncReport> {
  const due = await db.select().from(jiraSyncs).where(lte(jiraSyncs.nextAt, now)).orderBy(asc(jiraSyncs.nextAt)).limit(STARTS_PER_TICK);
  const report: SyncReport = { started: 0, busy: 0 };
  for (const sync of due) {
    // Moved on first: a failing object must not be started again on every tick.
    await db.update(jiraSyncs).set({ nextAt: nextSyncAt(sync.every as SyncView["every"], now) }).where(eq(jiraSyncs.projectId, sync.projectId));
    try {
      const stub = await getServerByName(env.JiraImport, sync.importId);
      if ((await stub.rerun(sync.lastSyncedAt ?? undefined)).ok) {
        await markRunning(db, sync.importId);
        report.started++;
      } else report.busy++;
    } catch (err) {
      console.error("jira re-sync did not start", sync.importId, err);
      report.busy++;
    }
  }
  return report;
}
