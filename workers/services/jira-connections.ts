/**
 * The server's hold on a user's Jira connection (docs/decisions.md "Jira import (continued)").
 * Atlassian rotates refresh tokens: whoever refreshes first spends the token the others hold.
 * So one holder, this row, keeps the head of the chain (sealed for the user) and refreshes for
 * the browser's tab, the import object and the scheduled re-syncs alike. The browser keeps its
 * sealed copies under the spec's keys; the one it was last given stays a valid handle after
 * the server rotated the chain on its own, and is spent once the browser refreshed with it.
 */
import { and, eq } from "drizzle-orm";
import { JIRA_REFRESH_LEAD_MS, type JiraTokenGrant } from "../../domain/jira/token-schedule";
import type { Db } from "../db/client";
import { jiraConnections } from "../db/schema";
import { type JiraConfig, type TokenExchange, refreshTokens, unsealFor } from "./jira-auth";
import { sha256Hex } from "./ids";

type Connection = typeof jiraConnections.$inferSelect;

const rowOf = (db: Db, userId: string) => db.select().from(jiraConnections).where(eq(jiraConnections.userId, userId)).get();

const grantOf = (row: Connection, now: number): JiraTokenGrant => ({
  jira_token: row.sealedAccess,
  jira_refresh_token: row.sealedRefresh,
  expires_in: Math.max(0, Math.round((row.expiresAt - now) / 1000)),
  jira_cloudID: row.cloudId ?? undefined,
});

/** Keeps a grant the browser was just given (after the code exchange or its own refresh). */
export async function rememberGrant(db: Db, userId: string, grant: JiraTokenGrant, now = Date.now()): Promise<void> {
  const values = {
    cloudId: grant.jira_cloudID ?? null,
    sealedAccess: grant.jira_token,
    sealedRefresh: grant.jira_refresh_token,
    expiresAt: now + grant.expires_in * 1000,
    browserRefreshHash: await sha256Hex(grant.jira_refresh_token),
    updatedAt: now,
  };
  await db.insert(jiraConnections).values({ userId, ...values }).onConflictDoUpdate({ target: jiraConnections.userId, set: values });
}

/**
 * Moves the chain on with its head. Two refreshers at once (a tab and an import object): the
 * loser's refresh fails with a spent token, and it takes the winner's pair instead. Any other
 * failure ends the connection, as spec §4 erases the browser's keys.
 */
async function rotate(config: JiraConfig, db: Db, row: Connection, now: number): Promise<{ ok: true; row: Connection } | { ok: false; status: number }> {
  const result = await refreshTokens(config, row.userId, row.sealedRefresh);
  if (result.ok) {
    const values = { sealedAccess: result.grant.jira_token, sealedRefresh: result.grant.jira_refresh_token, expiresAt: now + result.grant.expires_in * 1000, cloudId: result.grant.jira_cloudID ?? row.cloudId, updatedAt: now };
    await db.update(jiraConnections).set(values).where(eq(jiraConnections.userId, row.userId));
    return { ok: true, row: { ...row, ...values } };
  }
  if (result.status === 408) return result;
  const current = await rowOf(db, row.userId);
  if (current && current.sealedRefresh !== row.sealedRefresh) return { ok: true, row: current };
  await db.delete(jiraConnections).where(and(eq(jiraConnections.userId, row.userId), eq(jiraConnections.sealedRefresh, row.sealedRefresh)));
  return result;
}

/**
 * `POST /jira/refresh_token` for the browser: its sealed refresh token must be this user's and
 * the one it was last given; the refresh itself uses the chain's head.
 */
export async function refreshForBrowser(config: JiraConfig, db: Db, userId: string, sealedRefresh: string, now = Date.now()): Promise<TokenExchange> {
  if (!(await unsealFor(config, userId, "refresh", sealedRefresh))) return { ok: false, status: 400 };
  const row = await rowOf(db, userId);
  if (!row) {
    // Connected before the server held connections: the browser's token is the head.
    const result = await refreshTokens(config, userId, sealedRefresh);
    if (result.ok) await rememberGrant(db, userId, result.grant, now);
    return result;
  }
  if ((await sha256Hex(sealedRefresh)) !== row.browserRefreshHash) return { ok: false, status: 400 };
  const rotated = await rotate(config, db, row, now);
  if (!rotated.ok) return rotated;
  const grant = grantOf(rotated.row, now);
  await db.update(jiraConnections).set({ browserRefreshHash: await sha256Hex(grant.jira_refresh_token) }).where(eq(jiraConnections.userId, userId));
  return { ok: true, grant };
}

/**
 * A plain access token for server-side calls on behalf of `userId`, refreshed first when it
 * expires within the spec's lead (or when `force`, after Jira answered 401). Null when the
 * server holds no connection for them, or it could not be refreshed.
 */
export async function serverAccessToken(config: JiraConfig, db: Db, userId: string, options: { now?: number; force?: boolean } = {}): Promise<string | null> {
  const now = options.now ?? Date.now();
  let row = await rowOf(db, userId);
  if (!row) return null;
  if (options.force || row.expiresAt - JIRA_REFRESH_LEAD_MS <= now) {
    const rotated = await rotate(config, db, row, now);
    if (!rotated.ok) return null;
    row = rotated.row;
  }
  return unsealFor(config, userId, "access", row.sealedAccess);
}

/** Whether the server holds a connection for the user (the schedule needs one). */
export async function hasConnection(db: Db, userId: string): Promise<boolean> {
  return Boolean(await rowOf(db, userId));
}
