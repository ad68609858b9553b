/**
 * What the user hears about their licence (issue 23, dunning): a renewal that went through, a
 * renewal that failed or waits for the payer's authentication (3-D Secure), the start of the grace period, its last days, and the drop to Free. Each
 * is sent once per licence period — a `licence_notices` row is the proof and the lock — as an
 * in-app notification (the bell, live over the user hub) and a mail in the user's language.
 */
import { eq } from "drizzle-orm";
import { formatAmount, GRACE_MS } from "../../../domain/billing/plans";
import { DEFAULT_LANGUAGE, toLanguage } from "../../../domain/i18n/languages";
import type { Db } from "../../db/client";
import { licenceNotices, tariffs, users } from "../../db/schema";
import type { Env } from "../../env";
import { i18nFor } from "../i18n";
import { deliver, linkMail } from "../mailer";
import { notify } from "../notifications";

export const LICENCE_NOTICES = ["renewed", "renewal_failed", "grace_started", "grace_ending", "downgraded", "renewal_action_required"] as const;
export type LicenceNotice = (typeof LICENCE_NOTICES)[number];

export interface NoticeFacts {
  /** The plan's slug (`team`), worded through `billing:types`. */
  typeLicense: string;
  /** The end of the licence period the notice is about: with the kind, what makes it unique. */
  periodEnd: number;
  /** For `renewed`: the new end and what was charged. */
  renewedUntil?: number;
  amount?: { amount: number; currency: string };
  /** For `renewal_action_required`: the renewal payment the payer completes on `/payment/{guid}`. */
  paymentId?: string;
}

/**
 * Sends one notice unless it was sent for this period already; answers whether it was sent now.
 * A mail that fails is logged (the notice row stands: the bell already told the user).
 */
export async function sendLicenceNotice(env: Env, db: Db, userId: string, kind: LicenceNotice, facts: NoticeFacts, now: number): Promise<boolean> {
  const claimed = await db.insert(licenceNotices).values({ userId, periodEnd: facts.periodEnd, kind, sentAt: now }).onConflictDoNothing().returning({ kind: licenceNotices.kind });
  if (claimed.length === 0) return false;
  const user = await db.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, userId)).get();
  if (!user) return false;
  const lng = toLanguage(user.language) ?? DEFAULT_LANGUAGE;
  const { t } = i18nFor(lng);
  const tariff = await db.select({ name: tariffs.name }).from(tariffs).where(eq(tariffs.slug, facts.typeLicense)).get();
  const plan = t(`billing:types.${facts.typeLicense}`, { defaultValue: tariff?.name ?? facts.typeLicense });
  const date = (ms: number) => new Intl.DateTimeFormat(lng, { dateStyle: "long", timeZone: "UTC" }).format(ms);
  const vars = {
    plan,
    end: date(facts.periodEnd),
    graceEnd: date(facts.periodEnd + GRACE_MS),
    until: facts.renewedUntil ? date(facts.renewedUntil) : "",
    amount: facts.amount ? formatAmount(facts.amount.amount, facts.amount.currency, lng) : "",
  };
  await notify(env, db, userId, `licence_${kind}`, null, { name: plan });
  const origin = env.APP_ORIGIN ?? "http://localhost";
  const link =
    kind === "renewed"
      ? { href: `${origin}/settings/billing`, label: t("billing:mail.billingLink") }
      : kind === "renewal_action_required" && facts.paymentId
        ? { href: `${origin}/payment/${facts.paymentId}`, label: t("billing:mail.confirmLink") }
        : { href: `${origin}/price`, label: t("billing:mail.priceLink") };
  await deliver(env, db, linkMail(user.email, t(`billing:mail.${kind}.subject`, vars), [t("auth:mail.greeting", { name: user.name }), t(`billing:mail.${kind}.body`, vars)], link));
  return true;
}
