/**
 * Account operations shared by the API and the page loaders: sign-in, profile, passwords,
 * password links and quick start. They return results; the HTTP layer maps them.
 */
import { and, eq, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TFunction } from "i18next";
import { EMAIL_CHANGE_TTL_MS } from "../../domain/auth/email-change";
import { AVATAR_MAX_BYTES, USER_COLORS, type WhoAmI } from "../../domain/auth/schemas";
import { IMAGE_EXTENSIONS, sniffImageType } from "../../domain/files";
import { type Db, runBatch } from "../db/client";
import { emailChanges, passwordTokens, users, type User } from "../db/schema";
import type { Env } from "../env";
import { newGuid, sha256Hex } from "./ids";
import { deliver, linkMail } from "./mailer";
import { hashPassword, verifyPassword } from "./passwords";
import { createProjectStatements } from "./projects";
import { cancelEmailChange, createSession, revokeOtherSessions } from "./sessions";

export const PASSWORD_LINK_TTL_MS = 60 * 60_000;
/** A set-password link from quick start stays valid longer: people read mail later. */
export const SETUP_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

type Result<T = object> = ({ ok: true } & T) | { ok: false; reason: string };

export function toWhoAmI(user: User): WhoAmI {
  return {
    guid: user.id,
    name: user.name,
    email: user.email,
    color: user.color,
    avatar: user.avatar,
    tab: user.tab,
    lastproject: user.lastProject,
    license: { type_license: user.licenseType },
    ...(user.siteAdmin ? { site_admin: true as const } : {}),
    ...(user.tourSeenAt !== null ? { tour_seen: true as const } : {}),
  };
}

/** Remembers on the account that the product tour was shown; the first time stays. */
export async function markTourSeen(db: Db, userId: string, now = Date.now()): Promise<void> {
  await db.update(users).set({ tourSeenAt: now }).where(and(eq(users.id, userId), isNull(users.tourSeenAt)));
}

export function findUserByEmail(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

/** The account that holds an address: only a confirmed address counts as held. */
export function confirmedHolder(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailConfirmedAt)))
    .get();
}

/**
 * Statements that free an address from accounts that only typed it (never confirmed it), for
 * the person who has just proved they read it. Such an account has no password (every way to
 * set one confirms the address), so no one loses access: it keeps its rows under a placeholder
 * address that can receive no mail (`.invalid`, RFC 2606), and its mailed links stop working.
 */
export function releaseUnconfirmedClaims(db: Db, email: string, keepUserId?: string): BatchItem<"sqlite">[] {
  const unconfirmed = and(eq(users.email, email), isNull(users.emailConfirmedAt), keepUserId ? ne(users.id, keepUserId) : undefined);
  return [
    db.delete(passwordTokens).where(sql`${passwordTokens.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${unconfirmed})`),
    db
      .update(users)
      .set({ email: sql`'released+' || ${users.id} || '@invalid'`, updatedAt: Date.now() })
      .where(unconfirmed),
  ];
}

export async function signIn(
  db: Db,
  email: string,
  password: string,
  userAgent: string | null,
): Promise<Result<{ user: User; token: string }>> {
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(password, user?.passwordHash);
  if (!user || !valid) return { ok: false, reason: "credentials_invalid" };
  const { token } = await createSession(db, user.id, userAgent);
  return { ok: true, user, token };
}

export async function changePassword(
  db: Db,
  user: User,
  currentSessionHash: string | undefined,
  oldpass: string,
  newpass: string,
): Promise<Result> {
  if (!(await verifyPassword(oldpass, user.passwordHash))) return { ok: false, reason: "old_password_wrong" };
  if (oldpass === newpass) return { ok: false, reason: "password_unchanged" };
  const hash = await hashPassword(newpass);
  await db.batch([
    db.update(users).set({ passwordHash: hash, updatedAt: Date.now() }).where(eq(users.id, user.id)),
    revokeOtherSessions(db, user.id, currentSessionHash),
    cancelEmailChange(db, user.id),
  ]);
  return { ok: true };
}

/** Creates a one-time `/pass/{uuid}` link for a user; only the uuid's hash is stored. */
async function passwordLink(db: Db, userId: string, purpose: "reset" | "setup", origin: string): Promise<string> {
  const uuid = crypto.randomUUID();
  await db.insert(passwordTokens).values({
    tokenHash: await sha256Hex(uuid),
    userId,
    purpose,
    expiresAt: Date.now() + (purpose === "setup" ? SETUP_LINK_TTL_MS : PASSWORD_LINK_TTL_MS),
  });
  return `${origin}/pass/${uuid}`;
}

/** Mails a reset link when the address has an account; says nothing either way. */
export async function requestPasswordReset(env: Env, db: Db, email: string, origin: string, t: TFunction): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const href = await passwordLink(db, user.id, "reset", origin);
  await deliver(
    env,
    db,
    linkMail(user.email, t("auth:mail.reset.subject"), [t("auth:mail.greeting", { name: user.name }), t("auth:mail.reset.body")], {
      href,
      label: t("auth:mail.reset.action"),
    }),
  );
}

/** Sets a new password from a `/pass/{uuid}` link, uses the link up and signs the user in. */
export async function setPasswordFromLink(
  db: Db,
  uuid: string,
  newpass: string,
  userAgent: string | null,
): Promise<Result<{ user: User; token: string }>> {
  const tokenHash = await sha256Hex(uuid);
  const now = Date.now();
  const link = await db
    .select()
    .from(passwordTokens)
    .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .get();
  if (!link) return { ok: false, reason: "link_invalid" };
  const hash = await hashPassword(newpass);
  // Claim the link before touching the account: of two uses at once only the one whose claim
  // succeeds may set the password (a batch would run the password write for the loser too).
  const claimed = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt)))
    .returning({ userId: passwordTokens.userId });
  if (claimed.length === 0) return { ok: false, reason: "link_invalid" };
  // The link was mailed to the account's address, so following it also confirms that address.
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: hash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})`, updatedAt: now })
      .where(eq(users.id, link.userId)),
    revokeOtherSessions(db, link.userId, undefined),
    cancelEmailChange(db, link.userId),
  ]);
  const user = await db.select().from(users).where(eq(users.id, link.userId)).get();
  if (!user) return { ok: false, reason: "link_invalid" };
  const { token } = await createSession(db, user.id, userAgent);
  return { ok: true, user, token };
}

/**
 * Quick start: a new account with its first project and a set-password mail. For an address
 * that already has an account the caller sees the same answer and the owner gets a reset link,
 * so the form cannot be used to find out who has an account.
 */
export async function quickStart(
  env: Env,
  db: Db,
  input: { name: string; email: string; company_size: string },
  origin: string,
  t: TFunction,
): Promise<void> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    await requestPasswordReset(env, db, input.email, origin, t);
    return;
  }
  const userId = newGuid();
  const color = USER_COLORS[Math.floor(Math.random() * USER_COLORS.length)]!;
  const { projectId, statements } = createProjectStatements(db, userId, t("auth:quickstart.firstProject"));
  try {
    await db.batch([
      db.insert(users).values({ id: userId, email: input.email, name: input.name, color, companySize: input.company_size }),
      ...statements,
      db.update(users).set({ lastProject: projectId }).where(eq(users.id, userId)),
    ]);
  } catch (error) {
    // A simultaneous quick start (a double click) created the account first; the batch rolled
    // back, so answer as for any existing address.
    if (!(await findUserByEmail(db, input.email))) throw error;
    await requestPasswordReset(env, db, input.email, origin, t);
    return;
  }
  const href = await passwordLink(db, userId, "setup", origin);
  await deliver(
    env,
    db,
    linkMail(input.email, t("auth:mail.welcome.subject"), [t("auth:mail.greeting", { name: input.name }), t("auth:mail.welcome.body")], {
      href,
      label: t("auth:mail.welcome.action"),
    }),
  );
}

/** Changes what a user may change at once (never the e-mail: see requestEmailChange). */
export async function updateUser(db: Db, userId: string, values: Partial<Pick<User, "name" | "color" | "avatar" | "tab">>): Promise<Result<{ user: User }>> {
  const user = await db.update(users).set({ ...values, updatedAt: Date.now() }).where(eq(users.id, userId)).returning().get();
  return user ? { ok: true, user } : { ok: false, reason: "not_found" };
}

/** The address a user asked to change to and has not confirmed yet, if any. */
export async function pendingEmailOf(db: Db, userId: string, now = Date.now()): Promise<string | null> {
  const row = await db
    .select({ email: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)))
    .get();
  return row?.email ?? null;
}

/**
 * `{name, email}`: the name changes at once; a different e-mail needs the current password and
 * waits for the link mailed to it (`/email/{uuid}`), while the current address is told. A newer
 * request replaces an older one. An address already confirmed by another account is refused.
 */
export async function requestEmailChange(
  env: Env,
  db: Db,
  user: User,
  input: { name: string; email: string; password?: string },
  origin: string,
  t: TFunction,
): Promise<Result<{ user: User; pendingEmail: string | null }>> {
  if (input.email === user.email) {
    const updated = await updateUser(db, user.id, { name: input.name });
    return updated.ok ? { ...updated, pendingEmail: await pendingEmailOf(db, user.id) } : updated;
  }
  if (!input.password) return { ok: false, reason: "password_required" };
  if (!(await verifyPassword(input.password, user.passwordHash))) return { ok: false, reason: "old_password_wrong" };
  const holder = await confirmedHolder(db, input.email);
  if (holder) return { ok: false, reason: "email_taken" };
  const uuid = crypto.randomUUID();
  const now = Date.now();
  const [, , renamed] = await db.batch([
    cancelEmailChange(db, user.id),
    db.insert(emailChanges).values({ tokenHash: await sha256Hex(uuid), userId: user.id, newEmail: input.email, expiresAt: now + EMAIL_CHANGE_TTL_MS, createdAt: now }),
    db.update(users).set({ name: input.name, updatedAt: now }).where(eq(users.id, user.id)).returning(),
  ]);
  const greeting = t("auth:mail.greeting", { name: input.name });
  await deliver(
    env,
    db,
    linkMail(input.email, t("auth:mail.emailConfirm.subject"), [greeting, t("auth:mail.emailConfirm.body", { email: input.email })], {
      href: `${origin}/email/${uuid}`,
      label: t("auth:mail.emailConfirm.action"),
    }),
  );
  await deliver(env, db, linkMail(user.email, t("auth:mail.emailChangeNotice.subject"), [greeting, t("auth:mail.emailChangeNotice.body", { email: input.email })]));
  return { ok: true, user: renamed[0] ?? user, pendingEmail: input.email };
}

/** What the `/email/{uuid}` page shows about its link, without using it. */
export async function emailChangeByLink(db: Db, uuid: string, now = Date.now()) {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return undefined;
  const change = await db.select().from(emailChanges).where(eq(emailChanges.tokenHash, await sha256Hex(uuid))).get();
  return change && change.expiresAt > now ? { userId: change.userId, email: change.newEmail } : undefined;
}

/**
 * Follows an `/email/{uuid}` link: only the user who asked for the change, signed in, can use
 * it, once, before it expires. The address then becomes theirs and confirmed; accounts that had
 * merely typed it lose it; password links mailed to the old address stop working.
 */
export async function confirmEmailChange(db: Db, user: User, uuid: string, now = Date.now()): Promise<Result<{ user: User }>> {
  const tokenHash = await sha256Hex(uuid);
  const change = await db.select().from(emailChanges).where(eq(emailChanges.tokenHash, tokenHash)).get();
  if (!change || change.expiresAt <= now) return { ok: false, reason: "link_invalid" };
  if (change.userId !== user.id) return { ok: false, reason: "email_link_other_account" };
  // Claim the link first: of two uses at once only the one that deletes it goes on.
  const claimed = await db.delete(emailChanges).where(eq(emailChanges.tokenHash, tokenHash)).returning({ email: emailChanges.newEmail });
  if (claimed.length === 0) return { ok: false, reason: "link_invalid" };
  if (await confirmedHolder(db, change.newEmail)) return { ok: false, reason: "email_taken" };
  try {
    await runBatch(db, [
      ...releaseUnconfirmedClaims(db, change.newEmail, user.id),
      db.delete(passwordTokens).where(eq(passwordTokens.userId, user.id)),
      db.update(users).set({ email: change.newEmail, emailConfirmedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
    ]);
  } catch (error) {
    // Another account confirmed the address between the check and this write (unique index).
    if (await confirmedHolder(db, change.newEmail)) return { ok: false, reason: "email_taken" };
    throw error;
  }
  const updated = await db.select().from(users).where(eq(users.id, user.id)).get();
  return updated ? { ok: true, user: updated } : { ok: false, reason: "not_found" };
}

/** Stores an uploaded avatar in R2 after checking its size and real type by its bytes. */
export async function saveAvatar(env: Env, db: Db, user: User, file: File): Promise<Result<{ user: User }>> {
  if (file.size === 0) return { ok: false, reason: "avatar_invalid" };
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, reason: "avatar_too_large" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, reason: "avatar_type" };
  const name = `${newGuid()}.${IMAGE_EXTENSIONS[type]}`;
  await env.FILES.put(`avatars/${user.id}/${name}`, bytes, { httpMetadata: { contentType: type } });
  const previous = user.avatar?.startsWith("/api/v1/avatar/") ? user.avatar : undefined;
  const result = await updateUser(db, user.id, { avatar: `/api/v1/avatar/${user.id}/${name}` });
  if (previous) await env.FILES.delete(previous.replace("/api/v1/avatar/", "avatars/"));
  return result;
}
