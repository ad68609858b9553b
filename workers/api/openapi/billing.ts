/** Tariffs, payments, licences, autopay and donations (issue 23). */
import { autopayBody, billingPageQuery, buyBody, donateBody, projectDonationsBody } from "../../../domain/billing/schemas";
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
    summary: "Donate an amount of one's choice (1.00 to 1,000.00) to the site, to a person (`recipient`, a user guid) or to a project (`project`, the id of its open public donation page; its owner receives it).", body: { json: donateBody },
    ok: { status: 201, description: PAYMENT }, errors: { 400: ["idempotency_key_missing", "donation_amount_invalid", "donation_recipient_ambiguous"], 404: ["recipient_not_found"], 409: ["idempotency_in_flight"] },
  },
  {
    method: "get", path: "/v1/project/:id/donations", tag: "Payments", access: "root",
    summary: "The project's donation page and the donations made to it (paid or refunded), newest first.",
    ok: { status: 200, description: "`{open, page, owner: {name}, received: [{currency, amount}], donations: [{guid, donor, amount, currency, status, message, created_at}]}`; the public page is `/donate/{page}`." },
  },
  {
    method: "put", path: "/v1/project/:id/donations", tag: "Payments", access: "root",
    summary: "Open or close the project's public donation page (its address is made at the first opening and kept).", body: { json: projectDonationsBody },
    ok: { status: 200, description: "As `GET /v1/project/{id}/donations`." },
  },
  { method: "get", path: "/v1/donate", tag: "Payments", access: "site-admin", summary: "Every donation, newest first.", ok: { status: 200, description: "An array of donations with their payment's status." } },
  {
    method: "get", path: "/v1/pay", tag: "Payments", access: "signed-in", summary: "One page of the caller's payments (receipts), pending ones too, newest first.", query: billingPageQuery,
    ok: { status: 200, description: "`{results, next}`: payments, and the `cursor` of the next page (null on the last)." }, errors: { 400: ["limit_invalid", "cursor_invalid"] },
  },
  { method: "get", path: "/v1/pay/:payGuid", tag: "Payments", access: "signed-in", summary: "One payment of the caller; another user's is not found.", ok: { status: 200, description: PAYMENT }, errors: { 404: ["payment_not_found"] } },
  {
    method: "post", path: "/v1/pay/:payGuid/authenticate", tag: "Payments", access: "signed-in",
    accessNote: "Only the payer's own payment; another user's is not found.",
    summary: "Start the payer's authentication (3-D Secure) of a pending payment whose `action` is `authenticate` (an off-session renewal the bank held): answers the provider's page to send them to; it sends them back to `/payment/{payGuid}`, and the outcome arrives by the provider's notification.",
    ok: { status: 200, description: "`{url}`: where the payer authenticates." }, errors: { 404: ["payment_not_found"], 409: ["payment_nothing_to_confirm"], 502: ["payment_provider_unavailable"] },
  },
  {
    method: "get", path: "/v1/license/history", tag: "Payments", access: "signed-in",
    summary: "One page of the caller's licence history: every paid period, newest first, how it was paid and how it ended.", query: billingPageQuery,
    errors: { 400: ["limit_invalid", "cursor_invalid"] },
    ok: { status: 200, description: "`{results, next}`: `next` is the `cursor` of the next page; each result is `{guid, plan: {slug, name}, period, starts_at, ends_at, paid_by: checkout|autopay, payment, state: active|grace|ended, ended_by: renewed|replaced|renewal_failed|expired|null, grace_until}`." },
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
