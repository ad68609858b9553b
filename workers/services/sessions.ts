import { and, eq, getTableColumns, inArray, ne, type Placeholder } from "drizzle-orm";
import { SESSION_TTL_MS, type SessionTimes, idleTimeoutMs, sessionStatus } from "../../domain/auth/session-policy";
import type { Db } from "../db/client";
import { keptRead } from "../db/kept-read";
import { emailChanges, sessions, users, type User } from "../db/schema";
import type { Env } from "../env";
import { randomToken, sha256Hex } from "./ids";

export { SESSION_TTL_MS };
export const SESSION_COOKIE = "sid";

/** Starts a session and returns the token (shown once; only its hash is stored). */
export async function createSession(db: Db, userId: string, userAgent: string | null): Promise<{ token: string; hash: string }> {
  const token = randomToken();
  const hash = await sha256Hex(token);
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: hash,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + SESSION_TTL_MS,
    userAgent: userAgent?.slice(0, 200) ?? null,
  });
  return { token, hash };
}

/** The hash a session token is stored under; null for a token no session can have. */
export async function tokenHash(token: string): Promise<string | null> {
  if (!token || token.length > 100) return null;
  return sha256Hex(token);
}

/**
 * The user behind a session token, unless the session has run out (absolutely or by
 * inactivity: SESSION_IDLE_DAYS). A used session's last use is written back at most hourly.
 * Every signed-in request's first read (`sessionRows`).
 */
export async function userForToken(
  db: Db,
  token: string,
  config: Pick<Env, "SESSION_IDLE_DAYS">,
  now = Date.now(),
): Promise<{ user: User; hash: string } | undefined> {
  const hash = await tokenHash(token);
  if (!hash) return undefined;
  const { times, user } = await sessionRows(db, hash);
  return liveSessionOfRows(db, hash, times, user, config, now);
}

/** The session of `hash` as two rows, its times and its user: one D1 batch of two kept reads. */
export async function sessionRows(db: Db, hash: string): Promise<{ times: SessionTimes | undefined; user: User | undefined }> {
  const d1 = db.$client;
  return sessionOfResults(await d1.batch(sessionStatements(d1, hash)));
}

/** The two statements of `sessionRows`, first in a batch that reads more beside them. */
export const sessionStatements = (d1: D1Database, hash: string) => [keptSessionTimes.statement(d1, { hash }), keptSessionUser.statement(d1, { hash })];

/** The session's two rows from the first two results of that batch. */
export function sessionOfResults([times, user]: D1Result[]): { times: SessionTimes | undefined; user: User | undefined } {
  return { times: keptSessionTimes.first(times!), user: keptSessionUser.first(user!) };
}

type SessionRead = SessionTimes & { user: User };

/**
 * The judgement of a session read by its hash (none: no such session): its user while it is
 * live; an expired one is deleted, and a used one's last use written back at most hourly.
 */
export async function liveSession(db: Db, hash: string, row: SessionRead | undefined, config: Pick<Env, "SESSION_IDLE_DAYS">, now = Date.now()) {
  if (!row) return undefined;
  const status = sessionStatus(row, now, idleTimeoutMs(config.SESSION_IDLE_DAYS));
  if (status === "expired") {
    await revokeSession(db, hash);
    return undefined;
  }
  if (status === "touch") await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, hash));
  return { user: row.user, hash };
}

/**
 * `liveSession` on a session read as two rows of a batch (`sessionTimesQuery` and
 * `sessionUserQuery`): none unless both are there.
 */
export function liveSessionOfRows(db: Db, hash: string, times: SessionTimes | undefined, user: User | undefined, config: Pick<Env, "SESSION_IDLE_DAYS">, now = Date.now()) {
  return liveSession(db, hash, times && user ? { ...times, user } : undefined, config, now);
}

/**
 * A session's times and its user, as two single-table reads for a D1 batch (a batch answers rows
 * keyed by column name: a join's two `created_at` would overwrite each other).
 */
const sessionTimesFields = { createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt };
export const sessionTimesQuery = (db: Db, hash: string | Placeholder) => db.select(sessionTimesFields).from(sessions).where(eq(sessions.tokenHash, hash)).limit(1);
export const sessionUserQuery = (db: Db, hash: string | Placeholder) => db.select().from(users).where(inArray(users.id, sessionHolder(db, hash))).limit(1);

/** The id of the user who holds the session of `hash`, as a subquery. */
export const sessionHolder = (db: Db, hash: string | Placeholder) => db.select({ id: sessions.userId }).from(sessions).where(eq(sessions.tokenHash, hash));

/** The same two reads built once (`../db/kept-read.ts`), for the batches every request starts with. */
const keptSessionTimes = keptRead<SessionTimes>((db, value) => sessionTimesQuery(db, value("hash")), sessionTimesFields);
const keptSessionUser = keptRead<User>((db, value) => sessionUserQuery(db, value("hash")), getTableColumns(users));

export async function revokeSession(db: Db, hash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hash));
}

/** Ends every session of a user but the one given (after a password change). */
export function revokeOtherSessions(db: Db, userId: string, keepHash: string | undefined) {
  return db
    .delete(sessions)
    .where(keepHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash)) : eq(sessions.userId, userId));
}

/**
 * Drops a user's pending e-mail change. Part of every password change and reset: a change
 * requested by someone who knew the old password dies with it.
 */
export function cancelEmailChange(db: Db, userId: string) {
  return db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}

/** The session cookie: HttpOnly, Secure, SameSite=Lax, whole site. */
export function sessionCookie(token: string, maxAgeMs = SESSION_TTL_MS): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${Math.floor(maxAgeMs / 1000)}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}
