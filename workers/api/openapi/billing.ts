/** Tariffs, payments, licences, autopay and donations (issue 23). */
import { autopayBody, buyBody, donateBody } from "../../../domain/billing/plans";
import type { Operation } from "./registry";

const KEYED = "Needs an `Idempotency-Key` header (at most 255 characters), scoped to the caller: the first answer is stored and replayed for 24 hours with `Idempotent-Replayed: true`; the same key with another request is a 422 `idempotency_key_reused`, and while the first request runs a 409 `idempotency_in_flight`.";
const PAYMENT = "The payment (`PaymentView`): `{guid, kind, status, amount, currency, period, provider, tariff, url, created_at, updated_at}`; `url` is where to pay while it is pending.";

export const billingOperations: Operation[] = [
  {
    method: "get", path: "/v1/tariffs", tag: "Payments", access: "public",
    summary: "The public plans with their prices per period and currency and the limits each grants.",
    ok: { status: 200, description: "An array of `{guid, slug, name, custom, limits, prices: [{guid, period, currency, amount}]}`; amounts in minor units." },
  },
  {
    method: "get", path: "/v1/tariff/:tariffGuid", tag: "Payments", access: "public",
    accessNote: "A custom plan is shown only to the customer it is offered to; to anyone else it is not found.",
    summary: "A plan by guid, with its prices and limits.", ok: { status: 200, description: "The plan." }, errors: { 404: ["tariff_not_found"] },
  },
  {
    method: "post", path: "/v1/buy/:priceGuid", tag: "Payments", access: "signed-in", accessNote: KEYED,
    summary: "Buy a plan's price: the payment is created pending and the answer says where to pay.", body: { json: buyBody, optional: true },
    ok: { status: 201, description: PAYMENT }, errors: { 400: ["idempotency_key_missing", "price_free"], 404: ["price_not_found"], 409: ["idempotency_in_flight"] },
  },
  {
    method: "post", path: "/v1/donate", tag: "Payments", access: "signed-in", accessNote: KEYED,
    summary: "Donate an amount of one's choice (1.00 to 1,000.00) to the site or to a person (`recipient`).", body: { json: donateBody },
    ok: { status: 201, description: PAYMENT }, errors: { 400: ["idempotency_key_missing", "donation_amount_invalid"], 404: ["recipient_not_found"], 409: ["idempotency_in_flight"] },
  },
  { method: "get", path: "/v1/donate", tag: "Payments", access: "site-admin", summary: "Every donation, newest first.", ok: { status: 200, description: "An array of donations with their payment's status." } },
  { method: "get", path: "/v1/pay", tag: "Payments", access: "signed-in", summary: "The caller's payments (receipts), pending ones too, newest first.", ok: { status: 200, description: "An array of payments." } },
  { method: "get", path: "/v1/pay/:payGuid", tag: "Payments", access: "signed-in", summary: "One payment of the caller; another user's is not found.", ok: { status: 200, description: PAYMENT }, errors: { 404: ["payment_not_found"] } },
  {
    method: "get", path: "/v1/license/history", tag: "Payments", access: "signed-in",
    summary: "The caller's licence history: every paid period, newest first, how it was paid and how it ended.",
    ok: { status: 200, description: "An array of `{guid, plan: {slug, name}, period, starts_at, ends_at, paid_by: checkout|autopay, payment, state: active|grace|ended, ended_by: renewed|replaced|renewal_failed|expired|null, grace_until}`." },
  },
  { method: "get", path: "/v1/autopay", tag: "Payments", access: "signed-in", summary: "Whether the licence renews by itself, and the licence.", ok: { status: 200, description: "`{active, license: {type_license, expires_at}, next_renewal}`." } },
  { method: "put", path: "/v1/autopay", tag: "Payments", access: "signed-in", summary: "Turn automatic renewal on or off.", body: { json: autopayBody }, ok: { status: 200, description: "As `GET /v1/autopay`." } },
  {
    method: "post", path: "/v1/paypostoha", tag: "Payments", access: "public",
    accessNote: "Only a notification signed by the provider is read (`Stripe-Signature`, or `Sandbox-Signature` in development: `t=…,v1=HMAC-SHA256`). Each event id is applied once; a paid payment is never downgraded by a late report.",
    summary: "Receives the payment provider's notifications.", body: { binary: "application/json" },
    ok: { status: 200, description: "`{received: true, duplicate, status}`." }, errors: { 400: ["webhook_signature_invalid", "webhook_invalid"] },
  },
];
