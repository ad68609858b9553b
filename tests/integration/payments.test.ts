import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { idempotencyKeys, licencePeriods, licences, payments, tariffPrices, tariffs, users } from "../../workers/db/schema";
import { sha256Hex } from "../../workers/services/ids";
import { signPayload } from "../../workers/services/payments/signature";
import { call, ORIGIN } from "../fixtures/http";
import { hubOf } from "../fixtures/live";
import { buy, newKey, notify, PLANS, PRICES, sandboxNotification } from "../fixtures/payments";
import { stripeCalls, viaStripe } from "../fixtures/stripe";
import { db, signedIn, userRow } from "../fixtures/users";

const paymentsOf = (userId: string) => db().select().from(payments).where(eq(payments.userId, userId)).all();
const licenceOf = (userId: string) => db().select().from(licences).where(eq(licences.userId, userId)).get();

describe("plans", () => {
  it("lists Free, Team and Business with prices per period and currency and their limits", async () => {
    const res = await call("GET", "/api/v1/tariffs");
    expect(res.status).toBe(200);
    expect(res.json.map((t: { slug: string }) => t.slug)).toEqual(["free", "team", "business"]);
    const team = res.json[1];
    expect(team.limits).toMatchObject({ projects: 100, participants: 200, ai_requests_per_hour: 200, meeting_size: 25 });
    expect(team.prices).toContainEqual({ guid: PRICES.teamMonth, period: "month", currency: "eur", amount: 800 });
    expect(team.prices.map((p: { period: string }) => p.period)).toContain("year");
  });

  it("shows a custom price only to the customer it is offered to", async () => {
    const customer = await signedIn();
    const other = await signedIn();
    const tariffId = crypto.randomUUID();
    const priceId = crypto.randomUUID();
    await db().batch([
      db().insert(tariffs).values({ id: tariffId, slug: "business", name: "Business for Acme", sort: 9, customerId: customer.id, limitProjects: 5000, limitParticipants: 2000, limitStorageBytes: 1e12, limitAiRequestsPerHour: 5000, limitRepositoryBytes: 1e11, limitMeetingSize: 300 }),
      db().insert(tariffPrices).values({ id: priceId, tariffId, period: "year", currency: "eur", amount: 99_000 }),
    ]);
    const mine = await call("GET", `/api/v1/tariff/${tariffId}`, { cookie: customer.cookie });
    expect([mine.status, mine.json.custom, mine.json.prices[0].amount]).toEqual([200, true, 99_000]);
    expect((await call("GET", `/api/v1/tariff/${tariffId}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call("GET", `/api/v1/tariff/${tariffId}`)).status).toBe(404);
    expect((await call("GET", "/api/v1/tariffs")).json.map((t: { guid: string }) => t.guid)).not.toContain(tariffId);
    const stolen = await buy(other.cookie, priceId);
    expect([stolen.status, stolen.json.code]).toEqual([404, "price_not_found"]);
    expect((await buy(customer.cookie, priceId)).status).toBe(201);
  });
});

describe("buying with an Idempotency-Key", () => {
  it("creates a pending payment at once and says where to pay", async () => {
    const me = await signedIn();
    const res = await buy(me.cookie);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ status: "pending", amount: 800, currency: "eur", period: "month", provider: "sandbox", tariff: { slug: "team" } });
    expect(res.json.url).toBe(`http://localhost:8787/sandbox-pay/${res.json.guid}`);
    const list = await call("GET", "/api/v1/pay", { cookie: me.cookie });
    expect(list.json.results.map((p: { guid: string; status: string }) => [p.guid, p.status])).toEqual([[res.json.guid, "pending"]]);
  });

  it("refuses a request without a key with a 400 and writes nothing", async () => {
    const me = await signedIn();
    const res = await buy(me.cookie, PRICES.teamMonth, null);
    expect([res.status, res.json.code]).toEqual([400, "idempotency_key_missing"]);
    expect(await paymentsOf(me.id)).toEqual([]);
  });

  it("replays the first answer for the same key, marked as a replay, without a second payment", async () => {
    const me = await signedIn();
    const key = newKey();
    const first = await buy(me.cookie, PRICES.teamMonth, key);
    const again = await buy(me.cookie, PRICES.teamMonth, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.json).toEqual(first.json);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await paymentsOf(me.id)).toHaveLength(1);
  });

  it("refuses the same key with another body or another price with a 422", async () => {
    const me = await signedIn();
    const key = newKey();
    expect((await buy(me.cookie, PRICES.teamMonth, key)).status).toBe(201);
    const otherBody = await buy(me.cookie, PRICES.teamMonth, key, { autopay: true });
    expect([otherBody.status, otherBody.json.code]).toEqual([422, "idempotency_key_reused"]);
    const otherPrice = await buy(me.cookie, PRICES.teamYear, key);
    expect([otherPrice.status, otherPrice.json.code]).toEqual([422, "idempotency_key_reused"]);
    expect(await paymentsOf(me.id)).toHaveLength(1);
  });

  it("answers 409 while the first request with the key is still in flight", async () => {
    const me = await signedIn();
    const key = newKey();
    const hash = await sha256Hex(`POST /api/v1/buy/${PRICES.teamMonth}\n{}`);
    await db().insert(idempotencyKeys).values({ userId: me.id, key, requestHash: hash, state: "in_flight", createdAt: Date.now() });
    const res = await buy(me.cookie, PRICES.teamMonth, key);
    expect([res.status, res.json.code]).toEqual([409, "idempotency_in_flight"]);
    expect(await paymentsOf(me.id)).toEqual([]);
  });

  it("scopes keys per user: another user's identical key buys for them", async () => {
    const [a, b] = await Promise.all([signedIn(), signedIn()]);
    const key = newKey();
    const first = await buy(a.cookie, PRICES.teamMonth, key);
    const second = await buy(b.cookie, PRICES.teamMonth, key);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json.guid).not.toBe(first.json.guid);
    expect(second.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("forgets a key after 24 hours: the same key then buys again", async () => {
    const me = await signedIn();
    const key = newKey();
    const first = await buy(me.cookie, PRICES.teamMonth, key);
    await db().update(idempotencyKeys).set({ createdAt: Date.now() - 24 * 3600_000 - 1 }).where(eq(idempotencyKeys.userId, me.id));
    const later = await buy(me.cookie, PRICES.teamMonth, key);
    expect(later.status).toBe(201);
    expect(later.json.guid).not.toBe(first.json.guid);
  });

  it("makes exactly one payment for twenty concurrent identical requests", async () => {
    const me = await signedIn();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(me.cookie, PRICES.teamMonth, key)));
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].every((s) => s === 201 || s === 409)).toBe(true);
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.json.guid)).size).toBe(1);
    expect(await paymentsOf(me.id)).toHaveLength(1);
  });

  it("refuses a free price and an unknown one, writing nothing", async () => {
    const me = await signedIn();
    expect((await buy(me.cookie, PRICES.freeMonth)).json.code).toBe("price_free");
    expect((await buy(me.cookie, crypto.randomUUID())).status).toBe(404);
    expect(await paymentsOf(me.id)).toEqual([]);
  });

  it("shows a payment only to its payer", async () => {
    const [a, b] = await Promise.all([signedIn(), signedIn()]);
    const bought = await buy(a.cookie);
    expect((await call("GET", `/api/v1/pay/${bought.json.guid}`, { cookie: a.cookie })).json.status).toBe("pending");
    const theirs = await call("GET", `/api/v1/pay/${bought.json.guid}`, { cookie: b.cookie });
    expect([theirs.status, theirs.json.code]).toEqual([404, "payment_not_found"]);
  });
});

describe("provider notifications", () => {
  it("refuses a notification with a wrong or missing signature and changes nothing", async () => {
    const me = await signedIn();
    const bought = await buy(me.cookie);
    const forged = await sandboxNotification(bought.json.guid, "payment.paid", undefined, "not-the-secret");
    const res = await call("POST", "/api/v1/paypostoha", { raw: forged.raw, headers: forged.headers, origin: null });
    expect([res.status, res.json.code]).toEqual([400, "webhook_signature_invalid"]);
    const unsigned = await call("POST", "/api/v1/paypostoha", { raw: forged.raw, origin: null });
    expect([unsigned.status, unsigned.json.code]).toEqual([400, "webhook_signature_invalid"]);
    const stale = await sandboxNotification(bought.json.guid, "payment.paid");
    const old = { ...stale.headers, "Sandbox-Signature": await signPayload(stale.raw, "sandbox-local-secret", Date.now() - 3600_000) };
    expect((await call("POST", "/api/v1/paypostoha", { raw: stale.raw, headers: old, origin: null })).status).toBe(400);
    expect((await paymentsOf(me.id))[0]!.status).toBe("pending");
    expect(await licenceOf(me.id)).toBeUndefined();
  });

  it("grants the licence on paid, tells the user's tabs, and applies the new limits at once", async () => {
    const me = await signedIn();
    const hub = await hubOf(me.id, me.cookie);
    const bought = await buy(me.cookie);
    const before = Date.now();
    const res = await notify(bought.json.guid, "payment.paid");
    expect(res.json).toEqual({ received: true, duplicate: false, status: "paid" });
    const licence = await licenceOf(me.id);
    expect(licence).toMatchObject({ typeLicense: "team", tariffId: PLANS.team });
    expect(licence!.expiresAt).toBeGreaterThan(before + 27 * 86400_000);
    expect((await userRow(me.id))!.licenseType).toBe("team");
    expect((await call("GET", "/api/v2/whoami", { cookie: me.cookie })).json.license).toEqual({ type_license: "team" });
    const deadline = Date.now() + 3000;
    while (!hub.heard.some((m) => m.type === "update_license_user") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(hub.heard).toContainEqual({ type: "update_license_user", license: { type_license: "team" }, price_license: { type_license: "team" } });
    hub.close();
    expect((await call("GET", `/api/v1/pay/${bought.json.guid}`, { cookie: me.cookie })).json.status).toBe("paid");
  });

  it("applies a redelivered event once: the licence is extended by one period only", async () => {
    const me = await signedIn();
    const bought = await buy(me.cookie);
    const id = `evt_${crypto.randomUUID()}`;
    const first = await notify(bought.json.guid, "payment.paid", id);
    const expiry = (await licenceOf(me.id))!.expiresAt;
    const again = await notify(bought.json.guid, "payment.paid", id);
    const parallel = await Promise.all([notify(bought.json.guid, "payment.paid", id), notify(bought.json.guid, "payment.paid", id)]);
    expect(first.json.duplicate).toBe(false);
    expect([again, ...parallel].map((r) => [r.status, r.json.duplicate])).toEqual([[200, true], [200, true], [200, true]]);
    expect((await licenceOf(me.id))!.expiresAt).toBe(expiry);
  });

  it("never downgrades a paid payment by a late pending or failure, and keeps the licence on refund", async () => {
    const me = await signedIn();
    const bought = await buy(me.cookie);
    await notify(bought.json.guid, "payment.paid");
    const licence = await licenceOf(me.id);
    expect((await notify(bought.json.guid, "payment.pending")).json.status).toBe("paid");
    expect((await notify(bought.json.guid, "payment.failed")).json.status).toBe("paid");
    expect((await paymentsOf(me.id))[0]!.status).toBe("paid");
    expect((await notify(bought.json.guid, "payment.refunded")).json.status).toBe("refunded");
    expect(await licenceOf(me.id)).toEqual(licence);
  });

  it("leaves the licence as it was when a payment is declined", async () => {
    const me = await signedIn();
    const bought = await buy(me.cookie, PRICES.businessMonth);
    expect((await notify(bought.json.guid, "payment.declined")).json.status).toBe("declined");
    expect(await licenceOf(me.id)).toBeUndefined();
    expect((await userRow(me.id))!.licenseType).toBe("free");
  });
});

describe("autopay", () => {
  it("turns renewal on and off and shows the licence it renews", async () => {
    const me = await signedIn();
    expect((await call("GET", "/api/v1/autopay", { cookie: me.cookie })).json).toEqual({ active: false, license: { type_license: "free", expires_at: null }, next_renewal: null });
    const bought = await buy(me.cookie);
    await notify(bought.json.guid, "payment.paid");
    const on = await call("PUT", "/api/v1/autopay", { cookie: me.cookie, body: { active: true } });
    expect(on.json).toMatchObject({ active: true, license: { type_license: "team" } });
    expect(on.json.next_renewal).toBe((await licenceOf(me.id))!.expiresAt);
    expect((await call("PUT", "/api/v1/autopay", { cookie: me.cookie, body: { active: "yes" } })).status).toBe(400);
  });
});

describe("donations", () => {
  it("takes a donation to a person within the bounds and lists it for site administrators only", async () => {
    const [donor, recipient] = await Promise.all([signedIn(), signedIn()]);
    const tooSmall = await call("POST", "/api/v1/donate", { cookie: donor.cookie, body: { amount: 10 }, headers: { "Idempotency-Key": newKey() } });
    expect([tooSmall.status, tooSmall.json.code]).toEqual([400, "donation_amount_invalid"]);
    const res = await call("POST", "/api/v1/donate", { cookie: donor.cookie, body: { amount: 1500, recipient: recipient.id, message: "Thanks!" }, headers: { "Idempotency-Key": newKey() } });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ kind: "donation", status: "pending", amount: 1500 });
    expect((await notify(res.json.guid, "payment.paid")).json.status).toBe("paid");
    expect(await licenceOf(donor.id)).toBeUndefined();
    expect((await call("GET", "/api/v1/donate", { cookie: donor.cookie })).status).toBe(403);
    const admin = await signedIn();
    await db().update(users).set({ siteAdmin: true }).where(eq(users.id, admin.id));
    const listed = (await call("GET", "/api/v1/donate", { cookie: admin.cookie })).json as { payment: string }[];
    expect(listed.find((d) => d.payment === res.json.guid)).toMatchObject({ status: "paid", amount: 1500, recipient: recipient.id, recipient_name: "Test User", message: "Thanks!" });
  });
});

describe("donations to a project", () => {
  it("takes donations on the public page its root opened, credits the owner, and lists them for the project's roots", async () => {
    const [owner, donor] = await Promise.all([signedIn({ name: "Olga Owner" }), signedIn({ name: "Dora Donor" })]);
    const project = (await call("POST", "/api/v1/project", { cookie: owner.cookie, body: { name: "Open Tool" } })).json as { guid: string };
    const donate = (body: Record<string, unknown>) => call("POST", "/api/v1/donate", { cookie: donor.cookie, body: { amount: 2500, ...body }, headers: { "Idempotency-Key": newKey() } });
    // Closed by default: nothing to donate to, and the project's guid is no donation address.
    expect((await call("GET", `/api/v1/project/${project.guid}/donations`, { cookie: owner.cookie })).json).toMatchObject({ open: false, page: null, donations: [] });
    expect((await donate({ project: project.guid })).json.code).toBe("recipient_not_found");
    const opened = await call("PUT", `/api/v1/project/${project.guid}/donations`, { cookie: owner.cookie, body: { open: true } });
    expect(opened.json).toMatchObject({ open: true, owner: { name: "Olga Owner" } });
    const page = opened.json.page as string;
    expect(page).not.toBe(project.guid);
    expect((await call("PUT", `/api/v1/project/${project.guid}/donations`, { cookie: donor.cookie, body: { open: false } })).status).toBe(403);
    const both = await donate({ project: page, recipient: owner.id });
    expect([both.status, both.json.code]).toEqual([400, "donation_recipient_ambiguous"]);
    const given = await donate({ project: page, message: "For the servers" });
    expect(given.status, given.text).toBe(201);
    const abandoned = await donate({ project: page });
    expect((await notify(given.json.guid, "payment.paid")).json.status).toBe("paid");
    // The project's list: the paid donation and the total; the abandoned checkout is no donation.
    const listed = (await call("GET", `/api/v1/project/${project.guid}/donations`, { cookie: owner.cookie })).json;
    expect(listed.received).toEqual([{ currency: "eur", amount: 2500 }]);
    expect(listed.donations).toMatchObject([{ donor: "Dora Donor", amount: 2500, status: "paid", message: "For the servers" }]);
    expect(listed.donations.map((d: { guid: string }) => d.guid)).not.toContain(abandoned.json.guid);
    const admin = await signedIn();
    await db().update(users).set({ siteAdmin: true }).where(eq(users.id, admin.id));
    const all = (await call("GET", "/api/v1/donate", { cookie: admin.cookie })).json as { payment: string }[];
    expect(all.find((d) => d.payment === given.json.guid)).toMatchObject({ recipient: null, recipient_project: project.guid, recipient_project_name: "Open Tool" });
    // Closed again: no new donations, the received ones stay listed, and reopening keeps the address.
    await call("PUT", `/api/v1/project/${project.guid}/donations`, { cookie: owner.cookie, body: { open: false } });
    expect((await donate({ project: page })).status).toBe(404);
    expect((await call("GET", `/api/v1/project/${project.guid}/donations`, { cookie: owner.cookie })).json.donations).toHaveLength(1);
    expect((await call("PUT", `/api/v1/project/${project.guid}/donations`, { cookie: owner.cookie, body: { open: true } })).json.page).toBe(page);
  });
});

describe("the billing history, paged", () => {
  it("pages receipts and licence periods newest first by cursor, without gaps or repeats even within one millisecond", async () => {
    const me = await signedIn();
    const at = Date.now() - 86400_000;
    // 25 receipts, pairs of them in the same millisecond.
    const ids = Array.from({ length: 25 }, () => crypto.randomUUID());
    const rows = ids.map((id, i) => db().insert(payments).values({ id, userId: me.id, kind: "donation", provider: "sandbox", amount: 100 + i, currency: "eur", createdAt: at + Math.floor(i / 2), updatedAt: at }));
    await db().batch([rows[0]!, ...rows.slice(1)]);
    const first = await call("GET", "/api/v1/pay", { cookie: me.cookie });
    expect(first.json.results).toHaveLength(20);
    expect(first.json.next).toEqual(expect.any(String));
    const second = await call("GET", `/api/v1/pay?cursor=${first.json.next}`, { cookie: me.cookie });
    expect([second.json.results.length, second.json.next]).toEqual([5, null]);
    const seen = [...first.json.results, ...second.json.results] as { amount: number; created_at: number }[];
    expect(seen.map((p) => p.amount).sort()).toEqual(Array.from({ length: 25 }, (_, i) => 100 + i));
    expect(seen.map((p) => p.created_at)).toEqual(seen.map((p) => p.created_at).sort((a, b) => b - a));
    const small = await call("GET", "/api/v1/pay?limit=10", { cookie: me.cookie });
    expect(small.json.results).toHaveLength(10);
    expect([(await call("GET", "/api/v1/pay?cursor=yesterday", { cookie: me.cookie })).json.code, (await call("GET", "/api/v1/pay?limit=0", { cookie: me.cookie })).json.code]).toEqual(["cursor_invalid", "limit_invalid"]);
    // Licence periods page the same way.
    await db().insert(licencePeriods).values(Array.from({ length: 3 }, (_, i) => ({ id: crypto.randomUUID(), userId: me.id, tariffId: PLANS.team, typeLicense: "team", period: "month", paymentId: ids[i]!, paidBy: "autopay" as const, startsAt: at + i * 1000, endsAt: at + (i + 1) * 1000, endedBy: "renewed" as const })));
    const periods = await call("GET", "/api/v1/license/history?limit=2", { cookie: me.cookie });
    const rest = await call("GET", `/api/v1/license/history?limit=2&cursor=${periods.json.next}`, { cookie: me.cookie });
    expect([...periods.json.results, ...rest.json.results].map((p: { starts_at: number }) => p.starts_at)).toEqual([at + 2000, at + 1000, at]);
    expect(rest.json.next).toBeNull();
  });
});

describe("Stripe, against a fake Stripe API on loopback", () => {

  it("opens a Checkout Session once per payment and grants the licence from a webhook Stripe signed", async () => {
    const me = await signedIn();
    const key = newKey();
    const callsBefore = (await stripeCalls()).length;
    const headers = { Cookie: me.cookie, Origin: ORIGIN, "Idempotency-Key": key };
    const [a, b] = await Promise.all([viaStripe(`/api/v1/buy/${PRICES.teamMonth}`, { method: "POST", headers }), viaStripe(`/api/v1/buy/${PRICES.teamMonth}`, { method: "POST", headers })]);
    const ok = [a, b].find((r) => r.status === 201)!;
    expect(ok.json).toMatchObject({ provider: "stripe", status: "pending" });
    expect(ok.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const replay = await viaStripe(`/api/v1/buy/${PRICES.teamMonth}`, { method: "POST", headers });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    const calls = (await stripeCalls()).slice(callsBefore).filter((c) => c.form.client_reference_id === ok.json.guid);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.form).toMatchObject({ mode: "payment", "line_items[0][price_data][unit_amount]": "800", "line_items[0][price_data][currency]": "eur" });
    expect(calls[0]!.key).toBe(`checkout-${ok.json.guid}`);

    const session = (await paymentsOf(me.id))[0]!.providerRef!;
    const event = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, object: "event", type: "checkout.session.completed", data: { object: { id: session, object: "checkout.session", client_reference_id: ok.json.guid, payment_status: "paid", payment_intent: "pi_123" } } });
    const forged = await viaStripe("/api/v1/paypostoha", { method: "POST", body: event, headers: { "Stripe-Signature": await signPayload(event, "whsec_wrong") } });
    expect([forged.status, forged.json.code]).toEqual([400, "webhook_signature_invalid"]);
    const signed = await viaStripe("/api/v1/paypostoha", { method: "POST", body: event, headers: { "Stripe-Signature": await signPayload(event, "whsec_test") } });
    expect(signed.json).toEqual({ received: true, duplicate: false, status: "paid" });
    expect(await licenceOf(me.id)).toMatchObject({ typeLicense: "team" });
    const refund = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, object: "event", type: "charge.refunded", data: { object: { id: "ch_1", object: "charge", payment_intent: "pi_123" } } });
    expect((await viaStripe("/api/v1/paypostoha", { method: "POST", body: refund, headers: { "Stripe-Signature": await signPayload(refund, "whsec_test") } })).json.status).toBe("refunded");
  });

  it("answers 502 when Stripe fails, leaves the payment failed, and lets the same key try again", async () => {
    const me = await signedIn();
    const key = newKey();
    await fetch(`${inject("fakeStripeUrl")}/fail-next`, { method: "POST" });
    await fetch(`${inject("fakeStripeUrl")}/fail-next`, { method: "POST" });
    const headers = { Cookie: me.cookie, Origin: ORIGIN, "Idempotency-Key": key };
    const failed = await viaStripe(`/api/v1/buy/${PRICES.teamMonth}`, { method: "POST", headers });
    expect([failed.status, failed.json.code]).toEqual([502, "payment_provider_unavailable"]);
    expect((await paymentsOf(me.id)).map((p) => p.status)).toEqual(["failed"]);
    const retried = await viaStripe(`/api/v1/buy/${PRICES.teamMonth}`, { method: "POST", headers });
    expect(retried.status).toBe(201);
  });
});
