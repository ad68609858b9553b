/** Invitations into projects: created by roots, answered by the invitee, mailed as a link. */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TFunction } from "i18next";
import type { InviteView } from "../../domain/wire/live/hub";
import { flagsForRole, type InviteRole } from "../../domain/projects/roles";
import { type Db, runBatch } from "../db/client";
import { invites, participants, projects, users, type Invite, type Project, type User } from "../db/schema";
import type { Env } from "../env";
import { confirmedHolder, releaseUnconfirmedClaims } from "./accounts";
import { pushToUser } from "./hub";
import { assignJoinedJiraPeople } from "./jira-people";
import { checkJoin } from "./plan-limits";
import { newGuid, randomToken, sha256Hex } from "./ids";
import { deliver, linkMail } from "./mailer";
import { notify } from "./notifications";
import { createSession } from "./sessions";
import { hashPassword } from "./passwords";

function inviteView(invite: Invite, project: Pick<Project, "id" | "name">, inviter: Pick<User, "id" | "name">): InviteView {
  return {
    guid: invite.id,
    email: invite.email,
    value: invite.role,
    project: { guid: project.id, name: project.name },
    invited_by: { guid: inviter.id, name: inviter.name },
    created_at: invite.createdAt,
  };
}

const inviteRows = (db: Db) =>
  db
    .select({ invite: invites, project: { id: projects.id, name: projects.name }, inviter: { id: users.id, name: users.name } })
    .from(invites)
    .innerJoin(projects, eq(projects.id, invites.projectId))
    .innerJoin(users, eq(users.id, invites.invitedBy));

/** Pending invitations of a project (for its team screen). */
export async function projectInvites(db: Db, projectId: string): Promise<InviteView[]> {
  const rows = await inviteRows(db)
    .where(and(eq(invites.projectId, projectId), eq(invites.status, "pending")))
    .orderBy(desc(invites.createdAt));
  return rows.map((r) => inviteView(r.invite, r.project, r.inviter));
}

/** Pending invitations addressed to a user's e-mail, once the user has confirmed it. */
export async function invitesFor(db: Db, user: Pick<User, "email" | "emailConfirmedAt">): Promise<InviteView[]> {
  if (user.emailConfirmedAt === null) return [];
  const rows = await inviteRows(db)
    .where(and(eq(invites.email, user.email), eq(invites.status, "pending")))
    .orderBy(desc(invites.createdAt));
  return rows.map((r) => inviteView(r.invite, r.project, r.inviter));
}

/**
 * Invites addresses into a project. An address that is already a participant is skipped; one
 * with a pending invitation gets its role updated rather than a second invitation.
 */
export async function inviteMany(
  env: Env,
  db: Db,
  project: Project,
  inviter: User,
  entries: { email: string; value: InviteRole }[],
  origin: string,
  t: TFunction,
): Promise<InviteView[]> {
  const created: InviteView[] = [];
  const unique = [...new Map(entries.map((e) => [e.email, e])).values()];
  for (const entry of unique) {
    const invitee = await confirmedHolder(db, entry.email);
    if (invitee) {
      const member = await db
        .select({ id: participants.id })
        .from(participants)
        .where(and(eq(participants.projectId, project.id), eq(participants.userId, invitee.id)))
        .get();
      if (member) continue;
    }
    const pending = await db
      .select()
      .from(invites)
      .where(and(eq(invites.projectId, project.id), eq(invites.email, entry.email), eq(invites.status, "pending")))
      .get();
    if (pending) {
      const updated = await db.update(invites).set({ role: entry.value }).where(eq(invites.id, pending.id)).returning().get();
      if (updated) created.push(inviteView(updated, project, inviter));
      continue;
    }
    const token = randomToken();
    const invite = await db
      .insert(invites)
      .values({ id: newGuid(), projectId: project.id, email: entry.email, role: entry.value, invitedBy: inviter.id, linkHash: await sha256Hex(token) })
      .returning()
      .get();
    const view = inviteView(invite, project, inviter);
    created.push(view);
    await deliver(
      env,
      db,
      linkMail(
        entry.email,
        t("projects:mail.invite.subject", { project: project.name }),
        [t("projects:mail.invite.body", { name: inviter.name, project: project.name, role: t(`projects:roles.${entry.value}`) })],
        { href: `${origin}/invite/${token}`, label: t("projects:mail.invite.action") },
      ),
    );
    if (invitee) {
      await pushToUser(env, invitee.id, { type: "invite_project", invite: view });
      await notify(env, db, invitee.id, "invited", project.id, { project: project.name, by: inviter.name, invite: invite.id });
    }
  }
  return created;
}

export function findProjectInvite(db: Db, projectId: string, inviteId: string) {
  return db
    .select()
    .from(invites)
    .where(and(eq(invites.projectId, projectId), eq(invites.id, inviteId), eq(invites.status, "pending")))
    .get();
}

async function tellInvitee(env: Env, db: Db, invite: Invite) {
  const invitee = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, invite.email), isNotNull(users.emailConfirmedAt)))
    .get();
  if (invitee) await pushToUser(env, invitee.id, { type: "delete_invite_project", guid: invite.id });
}

export async function changeInviteRole(db: Db, invite: Invite, role: InviteRole) {
  return db.update(invites).set({ role }).where(eq(invites.id, invite.id)).returning().get();
}

/** Withdraws an invitation; the invitee's open tabs drop it at once. */
export async function withdrawInvite(env: Env, db: Db, invite: Invite): Promise<void> {
  await db.delete(invites).where(eq(invites.id, invite.id));
  await tellInvitee(env, db, invite);
}

/** The writes that answer an invitation: its status and, when accepted, the participant. */
function answerStatements(db: Db, invite: Invite, userId: string, accept: boolean, now: number): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [
    db.update(invites).set({ status: accept ? "accepted" : "declined", respondedAt: now }).where(eq(invites.id, invite.id)),
  ];
  if (accept) {
    const flags = flagsForRole(invite.role as InviteRole);
    statements.push(
      db
        .insert(participants)
        .values({ id: newGuid(), projectId: invite.projectId, userId, isVerifications: true, ...flags })
        .onConflictDoNothing(),
    );
  }
  return statements;
}

/** After an answer: the invitee's tabs drop the invitation; on acceptance the roots are told. */
async function afterAnswer(env: Env, db: Db, invite: Invite, user: Pick<User, "id" | "name">, accept: boolean) {
  await tellInvitee(env, db, invite);
  if (!accept) return;
  // Someone invited from a Jira import's report: the tasks Jira assigns them are theirs now.
  await assignJoinedJiraPeople(env, db, invite.projectId, user.id);
  const project = await db.select().from(projects).where(eq(projects.id, invite.projectId)).get();
  const roots = await db
    .select({ userId: participants.userId })
    .from(participants)
    .where(and(eq(participants.projectId, invite.projectId), eq(participants.root, true), eq(participants.isVerifications, true)));
  for (const { userId } of roots) {
    if (userId === user.id) continue;
    await notify(env, db, userId, "invite_accepted", invite.projectId, { project: project?.name ?? "", name: user.name });
  }
}

/**
 * Accepts or declines an invitation addressed to the user's confirmed address. Accepting makes
 * them a verified participant with the invitation's role and tells the project's roots. An
 * address that is only typed, not confirmed, answers nothing: it might be someone else's.
 */
export async function answerInvite(
  env: Env,
  db: Db,
  user: User,
  inviteId: string,
  accept: boolean,
): Promise<{ ok: true; projectId: string } | { ok: false; reason: "not_found" | "plan_limit_participants" }> {
  if (user.emailConfirmedAt === null) return { ok: false, reason: "not_found" };
  const invite = await db
    .select()
    .from(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.email, user.email), eq(invites.status, "pending")))
    .get();
  if (!invite) return { ok: false, reason: "not_found" };
  if (accept && !(await checkJoin(db, invite.projectId)).ok) return { ok: false, reason: "plan_limit_participants" };
  await runBatch(db, answerStatements(db, invite, user.id, accept, Date.now()));
  await afterAnswer(env, db, invite, user, accept);
  return { ok: true, projectId: invite.projectId };
}

/** The invitation behind a mailed link, with what the invite page shows. */
export async function inviteByLink(db: Db, token: string) {
  if (!token || token.length > 100) return undefined;
  const row = await inviteRows(db)
    .where(and(eq(invites.linkHash, await sha256Hex(token)), eq(invites.status, "pending")))
    .get();
  return row ? { invite: row.invite, view: inviteView(row.invite, row.project, row.inviter) } : undefined;
}

/**
 * Someone without an account registers from an invitation link: the link proves they read the
 * invited mailbox, so the account starts with a password, a confirmed address and the
 * invitation accepted, all in one batch. An account that merely typed the address (never
 * confirmed it) does not block this: its claim is released (see releaseUnconfirmedClaims).
 */
export async function registerFromInvite(
  env: Env,
  db: Db,
  token: string,
  name: string,
  password: string,
  userAgent: string | null,
): Promise<{ ok: true; token: string; projectId: string } | { ok: false; reason: "link_invalid" | "email_taken" | "plan_limit_participants" }> {
  const found = await inviteByLink(db, token);
  if (!found) return { ok: false, reason: "link_invalid" };
  const { invite } = found;
  if (!(await checkJoin(db, invite.projectId)).ok) return { ok: false, reason: "plan_limit_participants" };
  if (await confirmedHolder(db, invite.email)) return { ok: false, reason: "email_taken" };
  const userId = newGuid();
  const now = Date.now();
  const hash = await hashPassword(password);
  try {
    await runBatch(db, [
      ...releaseUnconfirmedClaims(db, invite.email),
      db.insert(users).values({ id: userId, email: invite.email, name, passwordHash: hash, lastProject: invite.projectId, emailConfirmedAt: now }),
      ...answerStatements(db, invite, userId, true, now),
    ]);
  } catch (error) {
    // A simultaneous registration from the same link won the address (unique index).
    if (await confirmedHolder(db, invite.email)) return { ok: false, reason: "email_taken" };
    throw error;
  }
  await afterAnswer(env, db, invite, { id: userId, name }, true);
  const session = await createSession(db, userId, userAgent);
  return { ok: true, token: session.token, projectId: invite.projectId };
}
