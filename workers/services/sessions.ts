import { and, eq, ne } from "drizzle-orm";
import { SESSION_TTL_MS, idleTimeoutMs, sessionStatus } from "../../domain/auth/session-policy";
import type { Db } from "../db/client";
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

/**
 * The user behind a session token, unless the session has run out (absolutely or by
 * inactivity: SESSION_IDLE_DAYS). A used session's last use is written back at most hourly.
 */
export async function userForToken(
  db: Db,
  token: string,
  config: Pick<Env, "SESSION_IDLE_DAYS">,
  now = Date.now(),
): Promise<{ user: User; hash: string } | undefined> {
  if (!token || token.length > 100) return undefined;
  const hash = await sha256Hex(token);
  const row = await sessionQuery(db, hash).get();
  if (!row) return undefined;
  const status = sessionStatus(row, now, idleTimeoutMs(config.SESSION_IDLE_DAYS));
  if (status === "expired") {
    await revokeSession(db, hash);
    return undefined;
  }
  if (status === "touch") await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, hash));
  return { user: row.user, hash };
}

/** The session of a token's hash with its user: every signed-in request's first read. */
export const sessionQuery = (db: Db, hash: string) =>
  db.select({ user: users, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.tokenHash, hash));

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
