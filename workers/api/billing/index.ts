/**
 * Tariffs, payments, licences, autopay and donations (spec §7 "Payments", issue 23).
 * `POST /v1/buy/{priceGuid}` and `POST /v1/donate` are idempotent by the `Idempotency-Key`
 * header (see `../../services/payments/idempotency.ts`); `/v1/paypostoha` receives the
 * providers' signed notifications.
 */
import { type Context, Hono } from "hono";
import type { z } from "zod";
import { IDEMPOTENCY_HEADER, REPLAY_HEADER } from "../../../domain/billing/plans";
import { autopayBody, billingPageQuery, buyBody, donateBody, idempotencyKey, projectDonationsBody } from "../../../domain/billing/schemas";
import { sha256Hex } from "../../services/ids";
import { completeKey, releaseKey, reserveKey } from "../../services/payments/idempotency";
import { findPrice, findTariff, listTariffs } from "../../services/payments/catalogue";
import { donationRecipient, listDonations, projectDonations, projectDonationTarget, setProjectDonationPage, startDonation } from "../../services/payments/donations";
import { licenceHistory } from "../../services/payments/licence-history";
import { applyNotification } from "../../services/payments/notifications";
import { autopayOf, type CheckoutResult, findPayment, listPayments, setAutopay, startAuthentication, startPurchase } from "../../services/payments/payments";
import { type PaymentProvider, providerFor, providerOfNotification } from "../../services/payments/providers";
import { requireSiteAdmin } from "../blog";
import { mailOrigin } from "../mail-origin";
import { requireUser } from "../middleware";
import { access } from "../project-access";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { parseWith, readJson } from "../validate";

/** Reads an optional JSON body: empty is `{}`; its canonical text is part of the request's hash. */
async function readOptionalJson<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  if (!text.trim()) return parseWith(schema, {});
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ApiProblem(400, "body_invalid_json");
  }
  return parseWith(schema, raw);
}

/** The key of an idempotent request: missing is a 400, and nothing is written. */
function keyOf(c: Context<AppEnv>): string {
  const header = c.req.header(IDEMPOTENCY_HEADER);
  if (header === undefined) throw new ApiProblem(400, "idempotency_key_missing");
  return parseWith(idempotencyKey, header);
}

function providerOrFail(c: Context<AppEnv>, origin: string): PaymentProvider {
  const provider = providerFor(c.env, origin);
  if (!provider) {
    console.error("configuration error: no payment provider (PAYMENT_PROVIDER, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)");
    throw new ApiProblem(503, "payments_unavailable");
  }
  return provider;
}

/**
 * Runs `work` once per (user, key): the first answer is stored and replayed for 24 h with
 * `Idempotent-Replayed: true`; the same key with another request is a 422, and while the first is
 * still running a 409. A provider failure gives the key back, so a retry may try again.
 */
async function idempotent(c: Context<AppEnv>, key: string, body: unknown, work: () => Promise<CheckoutResult>): Promise<Response> {
  const user = c.get("user")!;
  const db = c.get("db");
  const hash = await sha256Hex(`${c.req.method} ${new URL(c.req.url).pathname}\n${JSON.stringify(body)}`);
  const reservation = await reserveKey(db, user.id, key, hash);
  if (reservation.kind === "refused") throw new ApiProblem(reservation.reason === "idempotency_key_reused" ? 422 : 409, reservation.reason);
  if (reservation.kind === "replay") {
    return new Response(reservation.body, { status: reservation.status, headers: { "Content-Type": "application/json", [REPLAY_HEADER]: "true" } });
  }
  let result: CheckoutResult;
  try {
    result = await work();
  } catch (err) {
    await releaseKey(db, user.id, key);
    throw err;
  }
  if (!result.ok) {
    await releaseKey(db, user.id, key);
    throw new ApiProblem(502, result.reason);
  }
  const text = JSON.stringify(result.payment);
  await completeKey(db, user.id, key, 201, text);
  return new Response(text, { status: 201, headers: { "Content-Type": "application/json" } });
}

export const billingRoutes = new Hono<AppEnv>()
  .get("/v1/tariffs", async (c) => c.json(await listTariffs(c.get("db"))))
  .get("/v1/tariff/:tariffGuid", async (c) => {
    const tariff = await findTariff(c.get("db"), c.req.param("tariffGuid"), c.get("user")?.id ?? null);
    if (!tariff) throw new ApiProblem(404, "tariff_not_found");
    return c.json(tariff);
  })
  .post("/v1/buy/:priceGuid", requireUser, async (c) => {
    const key = keyOf(c);
    const body = await readOptionalJson(c, buyBody);
    const user = c.get("user")!;
    const db = c.get("db");
    const found = await findPrice(db, c.req.param("priceGuid"), user.id);
    if (!found) throw new ApiProblem(404, "price_not_found");
    if (found.price.amount <= 0) throw new ApiProblem(400, "price_free");
    const origin = mailOrigin(c);
    const provider = providerOrFail(c, origin);
    return idempotent(c, key, body, () => startPurchase(db, provider, user, found, body.autopay, origin));
  })
  .post("/v1/donate", requireUser, async (c) => {
    const key = keyOf(c);
    const body = await readOptionalJson(c, donateBody);
    const db = c.get("db");
    if (body.recipient && !(await donationRecipient(db, body.recipient))) throw new ApiProblem(404, "recipient_not_found", { recipient: "recipient_not_found" });
    const project = body.project ? await projectDonationTarget(db, body.project) : null;
    if (body.project && !project) throw new ApiProblem(404, "recipient_not_found", { project: "recipient_not_found" });
    const origin = mailOrigin(c);
    const provider = providerOrFail(c, origin);
    const donation = { amount: body.amount, currency: body.currency, to: { userId: body.recipient ?? null, projectId: project?.projectId ?? null }, message: body.message };
    return idempotent(c, key, body, () => startDonation(db, provider, c.get("user")!, donation, origin));
  })
  .get("/v1/donate", requireSiteAdmin, async (c) => c.json(await listDonations(c.get("db"))))
  // A project's donations and its public page: its roots decide and see them.
  .get("/v1/project/:id/donations", access("root"), async (c) => c.json(await projectDonations(c.get("db"), c.get("project").id)))
  .put("/v1/project/:id/donations", access("root"), async (c) => {
    const body = await readJson(c, projectDonationsBody);
    await setProjectDonationPage(c.get("db"), c.get("project").id, c.get("user")!.id, body.open);
    return c.json(await projectDonations(c.get("db"), c.get("project").id));
  })
  .get("/v1/pay", requireUser, async (c) => c.json(await listPayments(c.get("db"), c.get("user")!.id, parseWith(billingPageQuery, c.req.query()))))
  .get("/v1/pay/:payGuid", requireUser, async (c) => {
    const payment = await findPayment(c.get("db"), c.get("user")!.id, c.req.param("payGuid"));
    if (!payment) throw new ApiProblem(404, "payment_not_found");
    return c.json(payment);
  })
  .post("/v1/pay/:payGuid/authenticate", requireUser, async (c) => {
    const origin = mailOrigin(c);
    const result = await startAuthentication(c.get("db"), providerOrFail(c, origin), c.get("user")!.id, c.req.param("payGuid"), origin);
    if (!result.ok) throw new ApiProblem(result.reason === "payment_not_found" ? 404 : result.reason === "payment_nothing_to_confirm" ? 409 : 502, result.reason);
    return c.json({ url: result.url });
  })
  .get("/v1/license/history", requireUser, async (c) => c.json(await licenceHistory(c.get("db"), c.get("user")!.id, Date.now(), parseWith(billingPageQuery, c.req.query()))))
  .get("/v1/autopay", requireUser, async (c) => c.json(await autopayOf(c.get("db"), c.get("user")!.id)))
  .put("/v1/autopay", requireUser, async (c) => {
    const body = await readJson(c, autopayBody);
    await setAutopay(c.get("db"), c.get("user")!.id, body.active);
    return c.json(await autopayOf(c.get("db"), c.get("user")!.id));
  })
  .post("/v1/paypostoha", async (c) => {
    const provider = providerOfNotification(c.env, c.req.raw.headers, new URL(c.req.url).origin);
    if (!provider) throw new ApiProblem(400, "webhook_signature_invalid");
    const raw = await c.req.text();
    const read = await provider.readEvent(raw, c.req.header(provider.signatureHeader) ?? null);
    if (!read.ok) throw new ApiProblem(400, read.reason);
    const result = await applyNotification(c.env, c.get("db"), provider.name, read.event);
    return c.json({ received: true, duplicate: result.duplicate, status: result.status });
  });
