/**
 * Personal access tokens: what git clients send as the HTTP Basic password. The secret is shown
 * once, on creation; D1 keeps only its SHA-256, so a leaked database opens no repository.
 */
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { MAX_TOKENS_PER_USER } from "../../domain/git/schemas";
import type { Db } from "../db/client";
import { personalTokens, users, type User } from "../db/schema";
import { newGuid, randomToken, sha256Hex } from "./ids";

/** The prefix makes a leaked token recognisable to secret scanners and to people. */
export const TOKEN_PREFIX = "pwt_";
/** A token's last use is written back at most this often. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface TokenWire {
  id: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export async function createToken(db: Db, userId: string, name: string): Promise<{ ok: true; token: string; wire: TokenWire } | { ok: false; reason: "token_limit_reached" }> {
  const live = await db.select({ n: count() }).from(personalTokens).where(and(eq(personalTokens.userId, userId), isNull(personalTokens.revokedAt))).get();
  if ((live?.n ?? 0) >= MAX_TOKENS_PER_USER) return { ok: false, reason: "token_limit_reached" };
  const token = TOKEN_PREFIX + randomToken();
  const id = newGuid();
  const createdAt = Date.now();
  await db.insert(personalTokens).values({ id, userId, name, tokenHash: await sha256Hex(token), createdAt });
  return { ok: true, token, wire: { id, name, created_at: createdAt, last_used_at: null } };
}

/** The user's live tokens, newest first, without any secret. */
export async function listTokens(db: Db, userId: string): Promise<TokenWire[]> {
  const rows = await db
    .select()
    .from(personalTokens)
    .where(and(eq(personalTokens.userId, userId), isNull(personalTokens.revokedAt)))
    .orderBy(desc(personalTokens.createdAt))
    .all();
  return rows.map((r) => ({ id: r.id, name: r.name, created_at: r.createdAt, last_used_at: r.lastUsedAt }));
}

/** Revokes one of the user's tokens; another user's token reads as not found. */
export async function revokeToken(db: Db, userId: string, id: string): Promise<boolean> {
  const done = await db
    .update(personalTokens)
    .set({ revokedAt: Date.now() })
    .where(and(eq(personalTokens.id, id), eq(personalTokens.userId, userId), isNull(personalTokens.revokedAt)))
    .returning({ id: personalTokens.id });
  return done.length > 0;
}

/** The user a live token belongs to; its last use is recorded (hourly at most). */
export async function userForPersonalToken(db: Db, token: string, now = Date.now()): Promise<User | undefined> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return undefined;
  const hash = await sha256Hex(token);
  const row = await db
    .select({ user: users, id: personalTokens.id, lastUsedAt: personalTokens.lastUsedAt })
    .from(personalTokens)
    .innerJoin(users, eq(users.id, personalTokens.userId))
    .where(and(eq(personalTokens.tokenHash, hash), isNull(personalTokens.revokedAt)))
    .get();
  if (!row) return undefined;
  if (!row.lastUsedAt || now - row.lastUsedAt > TOUCH_EVERY_MS) await db.update(personalTokens).set({ lastUsedAt: now }).where(eq(personalTokens.id, row.id));
  return row.user;
}
