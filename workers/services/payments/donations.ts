/** Donations (issue 23): to the site or to a named person; the administrators' list. */
import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { donations, payments, users } from "../../db/schema";
import { newGuid } from "../ids";
import { type CheckoutResult, openCheckout } from "./payments";
import type { PaymentProvider } from "./providers";

/** A donation: its payment and the donation row in one batch, then the checkout. */
export async function startDonation(
  db: Db,
  provider: PaymentProvider,
  user: { id: string; email: string },
  donation: { amount: number; currency: string; recipient: string | null; message: string },
  origin: string,
): Promise<CheckoutResult> {
  const id = newGuid();
  const [[payment]] = await db.batch([
    db.insert(payments).values({ id, userId: user.id, kind: "donation", provider: provider.name, amount: donation.amount, currency: donation.currency }).returning(),
    db.insert(donations).values({ id: newGuid(), paymentId: id, donorId: user.id, recipientUserId: donation.recipient, message: donation.message }),
  ]);
  return openCheckout(db, provider, payment!, "Donation", user.email, origin);
}

/** Whether a user exists who can receive a donation. */
export async function donationRecipient(db: Db, userId: string) {
  return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId)).get();
}

/** Donations for the site administrators, newest first. */
export async function listDonations(db: Db) {
  const recipients = alias(users, "recipients");
  const rows = await db
    .select({ donation: donations, payment: payments, donor: { name: users.name, email: users.email }, recipientName: recipients.name })
    .from(donations)
    .innerJoin(payments, eq(payments.id, donations.paymentId))
    .leftJoin(users, eq(users.id, donations.donorId))
    .leftJoin(recipients, eq(recipients.id, donations.recipientUserId))
    .orderBy(desc(donations.createdAt))
    .limit(500);
  return rows.map(({ donation, payment, donor, recipientName }) => ({
    guid: donation.id,
    payment: payment.id,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    recipient: donation.recipientUserId,
    recipient_name: recipientName,
    message: donation.message,
    donor: donor ? { name: donor.name, email: donor.email } : null,
    created_at: donation.createdAt,
  }));
}

export type DonationView = Awaited<ReturnType<typeof listDonations>>[number];
