import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GRACE_MS, renewalKey } from "../../domain/billing/plans";
import { DEFAULT_LANGUAGE, type Language } from "../../domain/i18n/languages";
import { billingCustomers, licences, payments, users } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { i18nFor } from "../../workers/services/i18n";
import { limitsFor } from "../../workers/services/plan-limits";
import { licenceHistory } from "../../workers/services/payments/licence-history";
import { runBillingSchedule } from "../../workers/services/payments/renewals";
import { signPayload } from "../../workers/services/payments/signature";
import { call, ORIGIN } from "../fixtures/http";
import { hubOf } from "../fixtures/live";
import { mailsTo } from "../fixtures/mail";
import { buy, newKey, notify, PRICES } from "../fixtures/payments";
import { stripeCalls, stripeEnv, stripeUrl, viaStripe } from "../fixtures/stripe";
import { db, signedIn, userRow } from "../fixtures/users";

const workerEnv = env as unknown as Env;
const DAY = 24 * 60 * 60 * 1000;
const licenceOf = (userId: string) => db().select().from(licences).where(eq(licences.userId, userId)).get();
const paymentsOf = (userId: string) => db().select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.createdAt).all();
const history = async (cookie: string) => (await call("GET", "/api/v1/license/history", { cookie })).json.results as { plan: { slug: string }; paid_by: string; state: string; ended_by: string | null; starts_at: number; ends_at: number; grace_until: number | null }[];
/** The kinds of licence notices in the user's bell (sorted: they may share a millisecond). */
const noticesOf = async (cookie: string) => ((await call("GET", "/api/v1/my-notifications", { cookie })).json as { kind: string }[]).map((n) => n.kind).filter((k) => k.startsWith("licence_")).sort();
/** The subjects of the licence mails sent to an address, oldest first. */
const billingMails = async (email: string, lng: Language = DEFAULT_LANGUAGE) => {
  const { t } = i18nFor(lng);
  const kinds = ["renewed", "renewal_failed", "grace_started", "grace_ending", "downgraded", "renewal_action_required"];
  const subjects = kinds.map((k) => [k, t(`billing:mail.${k}.subject`, { plan: "Team" })] as const);
  return (await mailsTo(email)).map((m) => subjects.find(([, subject]) => subject === m.subject)?.[0] ?? m.subject);
};

/** A user on Team (paid for a month), with autopay as given. */
async function teamUser(autopay: boolean) {
  const me = await signedIn();
  const bought = await buy(me.cookie, undefined, undefined, { autopay });
  await notify(bought.json.guid, "payment.paid");
  return me;
}

describe("the billing schedule, on a fake clock", () => {
  it("renews a licence with autopay shortly before it ends, once per day, adding a period to the time left", async () => {
    const me = await teamUser(true);
    const { expiresAt } = (await licenceOf(me.id))!;
    await runBillingSchedule(workerEnv, db(), expiresAt - 10 * DAY);
    expect((await licenceOf(me.id))!.expiresAt).toBe(expiresAt);
    const dueAt = expiresAt - 2 * DAY;
    await runBillingSchedule(workerEnv, db(), dueAt);
    const renewed = (await licenceOf(me.id))!;
    expect(renewed.expiresAt).toBeGreaterThanOrEqual(expiresAt + 28 * DAY);
    expect(renewed.typeLicense).toBe("team");
    await runBillingSchedule(workerEnv, db(), dueAt + 60_000);
    const mine = await db().select().from(payments).where(eq(payments.userId, me.id)).all();
    expect(mine.map((p) => p.status)).toEqual(["paid", "paid"]);
    expect(await billingMails(me.email)).toEqual(["renewed"]);
    expect(await noticesOf(me.cookie)).toEqual(["licence_renewed"]);
    expect(await history(me.cookie)).toMatchObject([
      { plan: { slug: "team" }, paid_by: "autopay", state: "active", ended_by: null, starts_at: expiresAt, ends_at: renewed.expiresAt },
      { plan: { slug: "team" }, paid_by: "checkout", state: "ended", ended_by: "renewed", ends_at: expiresAt },
    ]);
  });

  it("keeps an ended licence without autopay for a seven-day grace period with warnings, then brings it back to Free and tells the user's tabs", async () => {
    const me = await teamUser(false);
    const { expiresAt } = (await licenceOf(me.id))!;
    const hub = await hubOf(me.id, me.cookie);
    await runBillingSchedule(workerEnv, db(), expiresAt - DAY);
    expect(await billingMails(me.email)).toEqual([]);
    // Ended, in grace: still Team, and told once however often the schedule runs.
    await runBillingSchedule(workerEnv, db(), expiresAt + 1);
    await runBillingSchedule(workerEnv, db(), expiresAt + 60_000);
    expect((await userRow(me.id))!.licenseType).toBe("team");
    expect((await limitsFor(db(), me.id, expiresAt + 1)).typeLicense).toBe("team");
    expect(await billingMails(me.email)).toEqual(["grace_started"]);
    // The history's state is judged at the request's time: asked on the fake clock through the service.
    expect((await licenceHistory(db(), me.id, expiresAt + 1)).results[0]).toMatchObject({ state: "grace", ended_by: null, grace_until: expiresAt + GRACE_MS });
    await runBillingSchedule(workerEnv, db(), expiresAt + GRACE_MS - DAY);
    expect(await billingMails(me.email)).toEqual(["grace_started", "grace_ending"]);
    expect((await userRow(me.id))!.licenseType).toBe("team");
    // Over: Free, the tabs hear it, the last mail goes out, and the history says it expired.
    await runBillingSchedule(workerEnv, db(), expiresAt + GRACE_MS);
    await runBillingSchedule(workerEnv, db(), expiresAt + GRACE_MS + DAY);
    expect((await userRow(me.id))!.licenseType).toBe("free");
    expect((await limitsFor(db(), me.id, expiresAt + GRACE_MS)).typeLicense).toBe("free");
    const deadline = Date.now() + 3000;
    while (!hub.heard.some((m) => m.type === "update_license_user" && m.license.type_license === "free") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(hub.heard).toContainEqual({ type: "update_license_user", license: { type_license: "free" } });
    hub.close();
    expect(await billingMails(me.email)).toEqual(["grace_started", "grace_ending", "downgraded"]);
    expect(await noticesOf(me.cookie)).toEqual(["licence_downgraded", "licence_grace_ending", "licence_grace_started"].sort());
    expect(await history(me.cookie)).toMatchObject([{ plan: { slug: "team" }, paid_by: "checkout", state: "ended", ended_by: "expired" }]);
    expect((await call("GET", "/api/v1/autopay", { cookie: me.cookie })).json.active).toBe(false);
  });
});

describe("Stripe renewals, against the fake Stripe API", () => {
  const charges = async (customer: string) => ((await (await fetch(`${stripeUrl()}/charges`)).json()) as { customer: string; key: string; amount: number }[]).filter((c) => c.customer === customer);

  /** Buys Team through Stripe Checkout with autopay, pays on Stripe's page and delivers the signed event. */
  async function stripeTeamUser() {
    const me = await signedIn();
    const bought = await viaStripe(`/api/v1/buy/${PRICES.teamMonth}`, { method: "POST", body: JSON.stringify({ autopay: true }), headers: { Cookie: me.cookie, Origin: ORIGIN, "Idempotency-Key": newKey(), "Content-Type": "application/json" } });
    expect(bought.status).toBe(201);
    const sessionId = (await paymentsOf(me.id))[0]!.providerRef!;
    const session = await (await fetch(`${stripeUrl()}/test/complete/${sessionId}`, { method: "POST" })).json();
    const event = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, object: "event", type: "checkout.session.completed", data: { object: session } });
    const delivered = await viaStripe("/api/v1/paypostoha", { method: "POST", body: event, headers: { "Stripe-Signature": await signPayload(event, "whsec_test") } });
    expect(delivered.json.status).toBe("paid");
    return { ...me, paymentId: bought.json.guid as string, customer: (session as { customer: string }).customer };
  }

  it("saves the card at the first checkout and renews off-session, charging a period once however often the cron runs", async () => {
    const me = await stripeTeamUser();
    // The checkout asked Stripe to make a customer and keep the card for later, off-session.
    const checkout = (await stripeCalls()).find((c) => c.path === "/v1/checkout/sessions" && c.form.client_reference_id === me.paymentId)!;
    expect(checkout.form).toMatchObject({ mode: "payment", customer_creation: "always", customer_email: me.email, "payment_intent_data[setup_future_usage]": "off_session" });
    expect(await db().select().from(billingCustomers).where(eq(billingCustomers.userId, me.id)).all()).toMatchObject([{ provider: "stripe", customerRef: me.customer, paymentMethodRef: null }]);
    const { expiresAt } = (await licenceOf(me.id))!;
    const dueAt = expiresAt - 2 * DAY;

    // Two overlapping runs and a third: one attempt, one PaymentIntent, one charge.
    const reports = await Promise.all([runBillingSchedule(stripeEnv(), db(), dueAt), runBillingSchedule(stripeEnv(), db(), dueAt)]);
    await runBillingSchedule(stripeEnv(), db(), dueAt + 60_000);
    expect(reports.reduce((n, r) => n + r.renewed, 0)).toBe(1);
    const charged = await charges(me.customer);
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({ amount: 800, key: renewalKey(me.id, expiresAt, 0) });
    const intent = (await stripeCalls()).filter((c) => c.path === "/v1/payment_intents" && c.form.customer === me.customer);
    expect(intent[0]!.form).toMatchObject({ off_session: "true", confirm: "true", amount: "800", currency: "eur" });
    expect(intent[0]!.form.payment_method).toMatch(/^pm_test_/);
    expect((await paymentsOf(me.id)).map((p) => p.status)).toEqual(["paid", "paid"]);
    expect((await licenceOf(me.id))!.expiresAt).toBeGreaterThanOrEqual(expiresAt + 28 * DAY);
    // The card found is kept, and a later checkout reuses the customer instead of making another.
    expect((await db().select().from(billingCustomers).where(eq(billingCustomers.userId, me.id)).get())!.paymentMethodRef).toBe(intent[0]!.form.payment_method);
    await viaStripe(`/api/v1/buy/${PRICES.businessMonth}`, { method: "POST", headers: { Cookie: me.cookie, Origin: ORIGIN, "Idempotency-Key": newKey() } });
    expect((await stripeCalls()).filter((c) => c.path === "/v1/checkout/sessions").at(-1)!.form).toMatchObject({ customer: me.customer });
    expect(await billingMails(me.email)).toEqual(["renewed"]);
  });

  it("retries a renewal whose answer was lost with the same idempotency key, so Stripe charges it once", async () => {
    const me = await stripeTeamUser();
    const { expiresAt } = (await licenceOf(me.id))!;
    await fetch(`${stripeUrl()}/lose-next`, { method: "POST" });
    // The charge is made, but the answer never comes back: the attempt stays pending, the plan unchanged.
    expect(await runBillingSchedule(stripeEnv(), db(), expiresAt - 2 * DAY)).toMatchObject({ renewed: 0, pending: 1 });
    expect((await licenceOf(me.id))!.expiresAt).toBe(expiresAt);
    await runBillingSchedule(stripeEnv(), db(), expiresAt - DAY);
    const charged = await charges(me.customer);
    expect(charged).toHaveLength(1);
    expect(charged[0]!.key).toBe(renewalKey(me.id, expiresAt, 0));
    expect((await paymentsOf(me.id)).map((p) => p.status)).toEqual(["paid", "paid"]);
    expect((await licenceOf(me.id))!.expiresAt).toBeGreaterThan(expiresAt);
  });

  it("retries a declined renewal daily, warns in the user's language, keeps Team through the grace period and then drops to Free", async () => {
    const me = await stripeTeamUser();
    await db().update(users).set({ language: "de" }).where(eq(users.id, me.id));
    await fetch(`${stripeUrl()}/test/decline/${me.customer}`, { method: "POST" });
    const { expiresAt } = (await licenceOf(me.id))!;
    for (const at of [expiresAt - 2 * DAY, expiresAt - 2 * DAY + 60_000, expiresAt - DAY]) await runBillingSchedule(stripeEnv(), db(), at);
    const renewals = (await paymentsOf(me.id)).slice(1);
    expect(renewals.map((p) => p.status)).toEqual(["failed", "failed"]);
    expect(await billingMails(me.email, "de")).toEqual(["renewal_failed"]);
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toBe("Wir konnten Ihren Tarif Team nicht verlängern");
    expect(mail!.text).toContain("/price");
    // Ended unpaid: Team is kept, retries go on, and the warnings follow.
    await runBillingSchedule(stripeEnv(), db(), expiresAt + 1);
    expect((await limitsFor(db(), me.id, expiresAt + 1)).typeLicense).toBe("team");
    await runBillingSchedule(stripeEnv(), db(), expiresAt + GRACE_MS - DAY);
    expect((await userRow(me.id))!.licenseType).toBe("team");
    await runBillingSchedule(stripeEnv(), db(), expiresAt + GRACE_MS);
    expect((await userRow(me.id))!.licenseType).toBe("free");
    expect(await billingMails(me.email, "de")).toEqual(["renewal_failed", "grace_started", "grace_ending", "downgraded"]);
    expect(await noticesOf(me.cookie)).toEqual(["licence_downgraded", "licence_grace_ending", "licence_grace_started", "licence_renewal_failed"].sort());
    expect(await charges(me.customer)).toEqual([]);
    const attempts = (await paymentsOf(me.id)).slice(1);
    expect(attempts.length).toBeGreaterThanOrEqual(4);
    expect(attempts.every((p) => p.status === "failed")).toBe(true);
    expect(await history(me.cookie)).toMatchObject([{ plan: { slug: "team" }, paid_by: "checkout", state: "ended", ended_by: "renewal_failed" }]);
    // Once Free, nothing more is tried.
    const before = (await paymentsOf(me.id)).length;
    await runBillingSchedule(stripeEnv(), db(), expiresAt + GRACE_MS + 2 * DAY);
    expect((await paymentsOf(me.id)).length).toBe(before);
  });

  it("holds a renewal whose bank asks for 3-D Secure instead of declining it, mails a link to complete it, and renews once the payer has authenticated", async () => {
    const me = await stripeTeamUser();
    await fetch(`${stripeUrl()}/test/require-authentication/${me.customer}`, { method: "POST" });
    const { expiresAt } = (await licenceOf(me.id))!;
    expect(await runBillingSchedule(stripeEnv(), db(), expiresAt - 2 * DAY)).toMatchObject({ renewed: 0, failed: 0, action: 1 });
    const renewal = (await paymentsOf(me.id))[1]!;
    expect([renewal.status, renewal.awaitingAuthentication, renewal.providerPaymentRef]).toEqual(["pending", true, expect.stringMatching(/^pi_test_/)]);
    expect((await licenceOf(me.id))!.expiresAt).toBe(expiresAt);
    // Told once, by mail with the way to complete it and in the bell; not a "renewal failed".
    expect(await billingMails(me.email)).toEqual(["renewal_action_required"]);
    expect((await mailsTo(me.email))[0]!.text).toContain(`/payment/${renewal.id}`);
    expect(await noticesOf(me.cookie)).toEqual(["licence_renewal_action_required"]);
    const view = await call("GET", `/api/v1/pay/${renewal.id}`, { cookie: me.cookie });
    expect(view.json).toMatchObject({ status: "pending", action: "authenticate" });
    // The next day's run leaves the held payment to the payer: no second PaymentIntent.
    const intentsBefore = (await stripeCalls()).filter((c) => c.path === "/v1/payment_intents").length;
    expect(await runBillingSchedule(stripeEnv(), db(), expiresAt - DAY)).toMatchObject({ renewed: 0, failed: 0, action: 0 });
    expect((await stripeCalls()).filter((c) => c.path === "/v1/payment_intents").length).toBe(intentsBefore);
    // Someone else cannot start it; the payer is sent to the bank's page, confirmed on-session.
    const stranger = await signedIn();
    const headers = (cookie: string) => ({ Cookie: cookie, Origin: ORIGIN });
    expect((await viaStripe(`/api/v1/pay/${renewal.id}/authenticate`, { method: "POST", headers: headers(stranger.cookie) })).status).toBe(404);
    const started = await viaStripe(`/api/v1/pay/${renewal.id}/authenticate`, { method: "POST", headers: headers(me.cookie) });
    expect(started.status).toBe(200);
    expect(started.json.url).toBe(`https://hooks.stripe.test/3d_secure/${renewal.providerPaymentRef}`);
    const confirm = (await stripeCalls()).findLast((c) => c.path === `/v1/payment_intents/${renewal.providerPaymentRef}/confirm`)!;
    expect(confirm.form).toMatchObject({ return_url: `http://localhost:8787/payment/${renewal.id}`, payment_method: expect.stringMatching(/^pm_test_/) });
    // Authenticated at the bank: Stripe's payment_intent.succeeded completes the renewal, once.
    const intent = await (await fetch(`${stripeUrl()}/test/authenticate/${renewal.providerPaymentRef}`, { method: "POST" })).json();
    const event = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, object: "event", type: "payment_intent.succeeded", data: { object: intent } });
    const delivered = await viaStripe("/api/v1/paypostoha", { method: "POST", body: event, headers: { "Stripe-Signature": await signPayload(event, "whsec_test") } });
    expect(delivered.json).toEqual({ received: true, duplicate: false, status: "paid" });
    expect((await licenceOf(me.id))!.expiresAt).toBeGreaterThanOrEqual(expiresAt + 28 * DAY);
    expect((await call("GET", `/api/v1/pay/${renewal.id}`, { cookie: me.cookie })).json).toMatchObject({ status: "paid", action: null });
    expect(await charges(me.customer)).toHaveLength(1);
    expect(await billingMails(me.email)).toEqual(["renewal_action_required", "renewed"]);
    expect((await history(me.cookie))[0]).toMatchObject({ paid_by: "autopay", state: "active" });
    const again = await viaStripe(`/api/v1/pay/${renewal.id}/authenticate`, { method: "POST", headers: headers(me.cookie) });
    expect([again.status, again.json.code]).toEqual([409, "payment_nothing_to_confirm"]);
  });
});
