/**
 * Plans, payments and licences (issue 23): the rules shared by the API, the pages and the
 * tests. Pure: no runtime imports. Request bodies and queries are in schemas.ts (zod is costly to
 * build; the pricing and donation pages need only these rules).
 */
export const PERIODS = ["month", "year"] as const;
export type Period = (typeof PERIODS)[number];

export const PAYMENT_STATUSES = ["pending", "paid", "declined", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The licence type of an account without a paid, unexpired licence. */
export const FREE_LICENSE = "free";

/** What a plan grants; the API names them as these keys. */
export const LIMIT_KEYS = ["projects", "participants", "storage_bytes", "ai_requests_per_hour", "repository_bytes", "meeting_size"] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];
export type Limits = Record<LimitKey, number>;

/** How long a stored answer to an idempotency key is replayed (Stripe's promise: 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** The header carrying the key, and the one marking a replayed answer (Stripe's names). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAY_HEADER = "Idempotent-Replayed";

/** Donations: an amount chosen freely within these bounds, in minor units. */
export const DONATION_MIN = 100;
export const DONATION_MAX = 100_000;
export const CURRENCIES = ["eur", "usd"] as const;

export const BILLING_PAGE_DEFAULT = 20;
export const BILLING_PAGE_MAX = 200;

/** The cursor after `row`, when a page was full (there may be more). */
export const billingCursor = (row: { at: number; id: string }) => `${row.at}_${row.id}`;

/**
 * The status a payment takes when a provider reports `incoming`, or null to keep it: events may
 * arrive late or out of order. A pending report never overrides an outcome; a paid payment only
 * becomes refunded; a late "paid" after a decline or failure wins (the money was taken, so the
 * licence must follow); a refund is final.
 */
export function settle(current: PaymentStatus, incoming: PaymentStatus): PaymentStatus | null {
  if (current === incoming || incoming === "pending") return null;
  if (current === "refunded") return null;
  if (current === "paid") return incoming === "refunded" ? "refunded" : null;
  if (incoming === "refunded") return null;
  return incoming;
}

/** Adds one period to a time (ms, UTC): a month keeps the day of month where it exists. */
export function addPeriod(from: number, period: Period): number {
  const d = new Date(from);
  if (period === "year") d.setUTCFullYear(d.getUTCFullYear() + 1);
  else {
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + 1);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  }
  return d.getTime();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * After a licence's end its plan is kept this long: autopay keeps retrying, warning mails go
 * out, and only then does the account return to Free (docs/decisions.md, "Payments (continued)").
 */
export const GRACE_MS = 7 * DAY_MS;
/** The last warning before the drop to Free goes out this long before the grace period ends. */
export const GRACE_WARNING_MS = 2 * DAY_MS;
/** Autopay first tries this long before a licence ends, then again once per `RENEWAL_RETRY_MS`. */
export const RENEW_BEFORE_MS = 3 * DAY_MS;
export const RENEWAL_RETRY_MS = DAY_MS;

/** Where a licence stands: paid time left, in its grace period, or over. */
export type LicencePhase = "active" | "grace" | "ended";

export function licencePhase(expiresAt: number, now: number): LicencePhase {
  if (now < expiresAt) return "active";
  return now < expiresAt + GRACE_MS ? "grace" : "ended";
}

/**
 * The idempotency key of one renewal try, sent to the provider: the same user, period and
 * attempt always give the same key, so a cron run repeated or overlapping charges once.
 */
export const renewalKey = (userId: string, periodEnd: number, attempt: number) => `renewal-${userId}-${periodEnd}-${attempt}`;

/**
 * When a licence bought now starts: paying again for the same plan before its grace period is
 * over continues from the end of the time paid (the grace days were used); a different plan, or
 * one bought after the grace period, starts now.
 */
export function licenceStart(current: { typeLicense: string; expiresAt: number } | null, typeLicense: string, now: number): number {
  return current && current.typeLicense === typeLicense && current.expiresAt + GRACE_MS > now ? current.expiresAt : now;
}

/** When a licence bought for `period` now ends (see `licenceStart`). */
export function licenceExpiry(current: { typeLicense: string; expiresAt: number } | null, typeLicense: string, period: Period, now: number): number {
  return addPeriod(licenceStart(current, typeLicense, now), period);
}

/** How a finished licence period ended, judged by the one that follows it. */
export function periodEnding(period: { typeLicense: string }, next: { typeLicense: string }): "renewed" | "replaced" {
  return period.typeLicense === next.typeLicense ? "renewed" : "replaced";
}

/** Whether a licence still grants its plan. */
export const licenceActive = (licence: { expiresAt: number } | null | undefined, now: number) => !!licence && licence.expiresAt + GRACE_MS > now;

/** An amount in minor units, formatted for a language (`8,00 €`, `$9.00`). */
export function formatAmount(amount: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

/** A byte size for people: `1 GB`, `100 MB` (binary units, as storage is sold). */
export function formatBytes(bytes: number, language: string): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${units[unit]}`;
}
