/**
 * What a user's plan allows, for every feature that creates something counted (issue 23).
 * Limits come from the plan of the user's licence, unexpired or in its grace period (else the Free plan, by slug), read
 * from D1 on every check: a payment applies at once, with no cache to invalidate.
 *
 * A project's limits are its owner's: a project on a Team plan stays so whoever adds to it.
 * Checks answer `{ok: true}` or `{ok: false, limit, max}`; the API turns a refusal into a
 * translated 403 `plan_limit_<limit>` linking to /price (`workers/api/billing/limit-problem.ts`).
 */
import { and, count, eq, gt, isNull, sql, sum } from "drizzle-orm";
import { FREE_LICENSE, GRACE_MS, type LimitKey, type Limits } from "../../domain/billing/plans";
import type { Db } from "../db/client";
import { attachments, licences, participants, projects, tariffs, type Tariff, users } from "../db/schema";

export interface Plan {
  /** `license.type_license`: the plan's slug. */
  typeLicense: string;
  tariffId: string;
  /** When the paid plan ends; null on Free. */
  expiresAt: number | null;
  limits: Limits;
}

export type LimitCheck = { ok: true } | { ok: false; limit: LimitKey; max: number; used: number };

/** A plan row's limits under their API names. */
export function limitsOf(t: Tariff): Limits {
  return {
    projects: t.limitProjects,
    participants: t.limitParticipants,
    storage_bytes: t.limitStorageBytes,
    ai_requests_per_hour: t.limitAiRequestsPerHour,
    repository_bytes: t.limitRepositoryBytes,
    meeting_size: t.limitMeetingSize,
  };
}

/** The plan in force for a user now (one query; Free when no licence is current or in its grace period). */
export async function limitsFor(db: Db, userId: string, now = Date.now()): Promise<Plan> {
  const row = await db
    .select({ tariff: tariffs, expiresAt: licences.expiresAt })
    .from(licences)
    .innerJoin(tariffs, eq(tariffs.id, licences.tariffId))
    .where(and(eq(licences.userId, userId), gt(licences.expiresAt, now - GRACE_MS)))
    .get();
  if (row) return { typeLicense: row.tariff.slug, tariffId: row.tariff.id, expiresAt: row.expiresAt, limits: limitsOf(row.tariff) };
  const free = await db.select().from(tariffs).where(and(eq(tariffs.slug, FREE_LICENSE), isNull(tariffs.customerId))).get();
  if (!free) throw new Error("the Free plan is missing: migration 0017 seeds it");
  return { typeLicense: free.slug, tariffId: free.id, expiresAt: null, limits: limitsOf(free) };
}

/** The plan of a project's owner: the one its participants, storage, repository and meetings count against. */
export async function limitsForProject(db: Db, projectId: string, now = Date.now()): Promise<Plan> {
  const project = await db.select({ ownerId: projects.ownerId }).from(projects).where(eq(projects.id, projectId)).get();
  if (!project) throw new Error(`no project ${projectId}`);
  return limitsFor(db, project.ownerId, now);
}

/** Whether `used + adding` stays within `plan`'s `limit`. Features with their own counters call this. */
export function within(plan: Plan, limit: LimitKey, used: number, adding = 1): LimitCheck {
  const max = plan.limits[limit];
  return used + adding <= max ? { ok: true } : { ok: false, limit, max, used };
}

/** May the user own one more project? */
export async function checkProjectCreation(db: Db, userId: string): Promise<LimitCheck> {
  const [plan, owned] = await Promise.all([
    limitsFor(db, userId),
    db.select({ n: count() }).from(projects).where(eq(projects.ownerId, userId)).get(),
  ]);
  return within(plan, "projects", owned?.n ?? 0);
}

/**
 * May `emails` be invited? Each address that is not yet a participant would take a seat. Pending
 * invitations hold no seat (accepting one is checked again, `checkJoin`): an invitation costs
 * nothing until someone joins, and a withdrawn or ignored one must not lock the project.
 */
export async function checkSeats(db: Db, projectId: string, emails: readonly string[]): Promise<LimitCheck> {
  const [plan, members] = await Promise.all([
    limitsForProject(db, projectId),
    db.select({ email: users.email }).from(participants).innerJoin(users, eq(users.id, participants.userId)).where(eq(participants.projectId, projectId)),
  ]);
  const seated = new Set(members.map((r) => r.email.toLowerCase()));
  const adding = new Set(emails.map((e) => e.toLowerCase()).filter((e) => !seated.has(e))).size;
  return within(plan, "participants", members.length, adding);
}

/** May one more person become a participant (accepting an invitation, whose seat was counted)? */
export async function checkJoin(db: Db, projectId: string): Promise<LimitCheck> {
  const [plan, members] = await Promise.all([
    limitsForProject(db, projectId),
    db.select({ n: count() }).from(participants).where(eq(participants.projectId, projectId)).get(),
  ]);
  return within(plan, "participants", members?.n ?? 0);
}

/** May `bytes` more be stored in a project? Files of all projects of its owner count together. */
export async function checkStorage(db: Db, projectId: string, bytes: number): Promise<LimitCheck> {
  const plan = await limitsForProject(db, projectId);
  const owner = db.select({ id: projects.ownerId }).from(projects).where(eq(projects.id, projectId));
  const used = await db
    .select({ total: sum(attachments.size) })
    .from(attachments)
    .innerJoin(projects, eq(projects.id, attachments.projectId))
    .where(sql`${projects.ownerId} = (${owner})`)
    .get();
  return within(plan, "storage_bytes", Number(used?.total ?? 0), bytes);
}
