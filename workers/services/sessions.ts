import { and, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users, type User } from "../db/schema";
import { randomToken, sha256Hex } from "./ids";

export const SESSION_COOKIE = "sid";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** Starts a session and returns the token (shown once; only its hash is stored). */
export async function createSession(db: Db, userId: string, userAgent: string | null): Promise<{ token: string; hash: string }> {
  const token = randomToken();
  const hash = await sha256Hex(token);
  await db.insert(sessions).values({
    tokenHash: hash,
    userId,
    expiresAt: Date.now() + SESSION_TTL_MS,
    userAgent: userAgent?.slice(0, 200) ?? null,
  });
  return { token, hash };
}

export async function userForToken(db: Db, token: string): Promise<{ user: User; hash: string } | undefined> {
  if (!token || token.length > 100) return undefined;
  const hash = await sha256Hex(token);
  const row = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, Date.now())))
    .get();
  return row ? { user: row.user, hash } : undefined;
}

export async function revokeSession(db: Db, hash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hash));
}

/** Ends every session of a user but the one given (after a password change). */
export function revokeOtherSessions(db: Db, userId: string, keepHash: string | undefined) {
  return db
    .delete(sessions)
    .where(keepHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash)) : eq(sessions.userId, userId));
}

/** The session cookie: HttpOnly, Secure, SameSite=Lax, whole site. */
export function sessionCookie(token: string, maxAgeMs = SESSION_TTL_MS): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${Math.floor(maxAgeMs / 1000)}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}
