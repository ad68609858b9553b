/**
 * Donations (issue 23): to the site, to a named person, or to a project through the public page
 * its root opened (the project's owner receives it); the administrators' list and the project's.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { donations, payments, projectDonationPages, projects, users } from "../../db/schema";
import { newGuid } from "../ids";
import { type CheckoutResult, openCheckout } from "./payments";
import type { PaymentProvider } from "./providers";

/** Who a donation goes to: nobody named (the site), a person, or a project (its owner receives it). */
export type DonationTarget = { userId: string | null; projectId: string | null };

/** A donation: its payment and the donation row in one batch, then the checkout. */
export async function startDonation(
  db: Db,
  provider: PaymentProvider,
  user: { id: string; email: string },
  donation: { amount: number; currency: string; to: DonationTarget; message: string },
  origin: string,
): Promise<CheckoutResult> {
  const id = newGuid();
  const [[payment]] = await db.batch([
    db.insert(payments).values({ id, userId: user.id, kind: "donation", provider: provider.name, amount: donation.amount, currency: donation.currency }).returning(),
    db.insert(donations).values({ id: newGuid(), paymentId: id, donorId: user.id, recipientUserId: donation.to.userId, recipientProjectId: donation.to.projectId, message: donation.message }),
  ]);
  return openCheckout(db, provider, payment!, "Donation", user.email, origin);
}

/** Whether a user exists who can receive a donation. */
export async function donationRecipient(db: Db, userId: string) {
  return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId)).get();
}

/**
 * A project's open donation page by its public id: the project's name and its owner (who
 * receives the donations), nothing else. A closed or unknown page is not found.
 */
export async function projectDonationTarget(db: Db, publicId: string) {
  return db
    .select({ id: projectDonationPages.publicId, projectId: projects.id, name: projects.name, owner: users.name })
    .from(projectDonationPages)
    .innerJoin(projects, eq(projects.id, projectDonationPages.projectId))
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(and(eq(projectDonationPages.publicId, publicId), eq(projectDonationPages.open, true)))
    .get();
}

/** What `/donate/{uUid}` shows: a person, else a project's open donation page, else nothing. */
export async function donatePageTarget(db: Db, uUid: string) {
  const person = await donationRecipient(db, uUid);
  if (person) return { kind: "person" as const, id: person.id, name: person.name, owner: null };
  const project = await projectDonationTarget(db, uUid);
  return project ? { kind: "project" as const, id: project.id, name: project.name, owner: project.owner } : undefined;
}

/** Donations for the site administrators, newest first. */
export async function listDonations(db: Db) {
  const recipients = alias(users, "recipients");
  const rows = await db
    .select({ donation: donations, payment: payments, donor: { name: users.name, email: users.email }, recipientName: recipients.name, projectName: projects.name })
    .from(donations)
    .innerJoin(payments, eq(payments.id, donations.paymentId))
    .leftJoin(users, eq(users.id, donations.donorId))
    .leftJoin(recipients, eq(recipients.id, donations.recipientUserId))
    .leftJoin(projects, eq(projects.id, donations.recipientProjectId))
    .orderBy(desc(donations.createdAt))
    .limit(500);
  return rows.map(({ donation, payment, donor, recipientName, projectName }) => ({
    guid: donation.id,
    payment: payment.id,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    recipient: donation.recipientUserId,
    recipient_name: recipientName,
    recipient_project: donation.recipientProjectId,
    recipient_project_name: projectName,
    message: donation.message,
    donor: donor ? { name: donor.name, email: donor.email } : null,
    created_at: donation.createdAt,
  }));
}

export type DonationView = Awaited<ReturnType<typeof listDonations>>[number];

/** A project's donations as its root sees them: the page's state, who receives, each donation, and the paid totals. */
export async function projectDonations(db: Db, projectId: string) {
  const [page, owner, rows, totals] = await Promise.all([
    db.select().from(projectDonationPages).where(eq(projectDonationPages.projectId, projectId)).get(),
    db.select({ name: users.name }).from(projects).innerJoin(users, eq(users.id, projects.ownerId)).where(eq(projects.id, projectId)).get(),
    db
      .select({ donation: donations, payment: { status: payments.status, amount: payments.amount, currency: payments.currency }, donor: users.name })
      .from(donations)
      .innerJoin(payments, eq(payments.id, donations.paymentId))
      .leftJoin(users, eq(users.id, donations.donorId))
      // Donations made: an abandoned or declined checkout gave nothing.
      .where(and(eq(donations.recipientProjectId, projectId), inArray(payments.status, ["paid", "refunded"])))
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(500),
    db
      .select({ currency: payments.currency, amount: sql<number>`SUM(${payments.amount})` })
      .from(donations)
      .innerJoin(payments, eq(payments.id, donations.paymentId))
      .where(and(eq(donations.recipientProjectId, projectId), eq(payments.status, "paid")))
      .groupBy(payments.currency),
  ]);
  return {
    open: page?.open ?? false,
    /** The page's address is `/donate/{page}` (never the project's guid). */
    page: page?.open ? page.publicId : null,
    owner: { name: owner?.name ?? "" },
    received: totals.map((t) => ({ currency: t.currency, amount: Number(t.amount) })),
    donations: rows.map(({ donation, payment, donor }) => ({
      guid: donation.id,
      donor: donor ?? null,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      message: donation.message,
      created_at: donation.createdAt,
    })),
  };
}

export type ProjectDonationsView = Awaited<ReturnType<typeof projectDonations>>;

/** Opens or closes a project's donation page; the first opening makes its public id, kept afterwards. */
export async function setProjectDonationPage(db: Db, projectId: string, userId: string, open: boolean): Promise<void> {
  await db
    .insert(projectDonationPages)
    .values({ projectId, publicId: newGuid(), open, updatedBy: userId, updatedAt: Date.now() })
    .onConflictDoUpdate({ target: projectDonationPages.projectId, set: { open, updatedBy: userId, updatedAt: Date.now() } });
}
