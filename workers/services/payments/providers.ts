/**
 * Payment providers behind one interface (issue 23): Stripe (Checkout Session, signed webhooks)
 * and the sandbox, the local default, whose checkout page is ours (`/sandbox-pay/{payGuid}`) and
 * whose notifications are signed like Stripe's with a local secret. The rest of the app only
 * sees `PaymentProvider` and `ProviderEvent`.
 */
import Stripe from "stripe";
import type { PaymentStatus } from "../../../domain/billing/plans";
import type { Env } from "../../env";
import { verifySignature } from "./signature";

export interface CheckoutRequest {
  paymentId: string;
  amount: number;
  currency: string;
  /** What the payer sees on the provider's page. */
  description: string;
  email: string;
  /** Where the provider sends the payer back (our `/payment/{payGuid}`). */
  returnUrl: string;
  /** A licence bought: keep the payer's payment method so autopay can renew off-session. */
  saveForRenewal?: boolean;
  /** The payer's customer at this provider, when an earlier checkout made one. */
  customer?: string | null;
}

/** A saved customer and (when known) the payment method a renewal charges. */
export interface SavedCustomer {
  customerRef: string;
  paymentMethodRef: string | null;
}

/** A renewal charged without the payer present (off-session). */
export interface RenewalRequest {
  paymentId: string;
  amount: number;
  currency: string;
  description: string;
  customer: SavedCustomer | null;
  /** The same for every run of one attempt (`renewalKey`): the provider charges it once. */
  idempotencyKey: string;
}

/**
 * What a renewal charge came to: paid, failed for good (declined, no saved method), or pending
 * (the provider is still processing, or its answer was lost: the same key is retried).
 */
export interface RenewalOutcome {
  status: "paid" | "failed" | "pending";
  providerPaymentRef: string | null;
  /** The payment method charged, to keep for the next renewal. */
  paymentMethodRef: string | null;
  /** Why it failed, for the log (a Stripe error code such as `card_declined`). */
  reason?: string;
}

export interface Checkout {
  /** The provider's id of this checkout (a Checkout Session id). */
  providerRef: string;
  url: string;
}

/** A provider's notification, verified and reduced to what a payment needs. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Our payment's guid, when the provider echoes it (Stripe: `client_reference_id`). */
  paymentId: string | null;
  providerRef: string | null;
  providerPaymentRef: string | null;
  /** The status this event reports, or null when it says nothing about the payment. */
  status: PaymentStatus | null;
  /** The payer's customer at the provider, when the checkout saved one (Stripe: `customer`). */
  customer?: string | null;
}

export type EventRead = { ok: true; event: ProviderEvent } | { ok: false; reason: "webhook_signature_invalid" | "webhook_invalid" };

export interface PaymentProvider {
  name: "sandbox" | "stripe";
  /** The header carrying this provider's signature. */
  signatureHeader: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Verifies the signature over the raw body, then reads the event. */
  readEvent(rawBody: string, signature: string | null, now?: number): Promise<EventRead>;
  /** Charges a renewal off-session with the saved payment method. */
  renew(request: RenewalRequest): Promise<RenewalOutcome>;
}

/** The sandbox's signing secret in local runs when none is configured. */
export const SANDBOX_DEFAULT_SECRET = "sandbox-local-secret";
export const SANDBOX_SIGNATURE_HEADER = "Sandbox-Signature";

/** The body of a sandbox notification. */
export interface SandboxEvent {
  id: string;
  type: "payment.paid" | "payment.declined" | "payment.failed" | "payment.refunded" | "payment.pending";
  payment: string;
  created: number;
}

export function sandboxSecret(env: Env): string {
  return env.SANDBOX_WEBHOOK_SECRET ?? SANDBOX_DEFAULT_SECRET;
}

function sandboxProvider(env: Env, origin: string): PaymentProvider {
  return {
    name: "sandbox",
    signatureHeader: SANDBOX_SIGNATURE_HEADER,
    async createCheckout(request) {
      return { providerRef: `sbx_${request.paymentId}`, url: `${origin}/sandbox-pay/${request.paymentId}` };
    },
    async readEvent(rawBody, signature, now) {
      if (!(await verifySignature(rawBody, signature, sandboxSecret(env), now))) return { ok: false, reason: "webhook_signature_invalid" };
      let parsed: Partial<SandboxEvent>;
      try {
        parsed = JSON.parse(rawBody) as Partial<SandboxEvent>;
      } catch {
        return { ok: false, reason: "webhook_invalid" };
      }
      const status = typeof parsed.type === "string" && parsed.type.startsWith("payment.") ? parsed.type.slice("payment.".length) : "";
      if (typeof parsed.id !== "string" || typeof parsed.payment !== "string" || !["paid", "declined", "failed", "refunded", "pending"].includes(status)) {
        return { ok: false, reason: "webhook_invalid" };
      }
      return {
        ok: true,
        event: { id: parsed.id, type: parsed.type!, paymentId: parsed.payment, providerRef: `sbx_${parsed.payment}`, providerPaymentRef: null, status: status as PaymentStatus },
      };
    },
    // The sandbox's saved test card always pays.
    async renew(request) {
      return { status: "paid", providerPaymentRef: `sbx_${request.paymentId}`, paymentMethodRef: null };
    },
  };
}

/** A Stripe client on the fetch HTTP client, aimed at `STRIPE_API_URL` (a fake Stripe in tests). */
export function stripeClient(env: Env): Stripe {
  const api = new URL(env.STRIPE_API_URL ?? "https://api.stripe.com");
  return new Stripe(env.STRIPE_SECRET_KEY ?? "", {
    httpClient: Stripe.createFetchHttpClient(),
    host: api.hostname,
    port: api.port || (api.protocol === "https:" ? 443 : 80),
    protocol: api.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
}

/** What a Stripe event says about a Checkout Session payment. */
function stripeStatus(event: Stripe.Event): PaymentStatus | null {
  switch (event.type) {
    case "checkout.session.completed":
      return (event.data.object as Stripe.Checkout.Session).payment_status === "unpaid" ? "pending" : "paid";
    case "checkout.session.async_payment_succeeded":
      return "paid";
    case "checkout.session.async_payment_failed":
      return "failed";
    case "checkout.session.expired":
      return "declined";
    case "charge.refunded":
      return "refunded";
    // Renewals are PaymentIntents of their own (`metadata.payment` names our payment).
    case "payment_intent.succeeded":
      return "paid";
    case "payment_intent.payment_failed":
      return "failed";
    default:
      return null;
  }
}

function stripeProvider(env: Env): PaymentProvider {
  const stripe = stripeClient(env);
  return {
    name: "stripe",
    signatureHeader: "Stripe-Signature",
    async createCheckout(request) {
      // A licence keeps the card for autopay, as Stripe documents saving payment details during
      // a Checkout payment: a Customer (made now, or the one of an earlier checkout) and
      // `setup_future_usage: off_session` on the session's PaymentIntent.
      const saving: Partial<Stripe.Checkout.SessionCreateParams> = request.saveForRenewal
        ? {
            ...(request.customer ? { customer: request.customer } : { customer_creation: "always", customer_email: request.email }),
            payment_intent_data: { setup_future_usage: "off_session", metadata: { payment: request.paymentId } },
          }
        : { customer_email: request.email };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: request.paymentId,
          ...saving,
          metadata: { payment: request.paymentId },
          line_items: [{ quantity: 1, price_data: { currency: request.currency, unit_amount: request.amount, product_data: { name: request.description } } }],
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
        },
        // Our payment's guid as Stripe's own idempotency key: a retried call never makes a second session.
        { idempotencyKey: `checkout-${request.paymentId}` },
      );
      if (!session.url) throw new Error("Stripe answered a Checkout Session without a url");
      return { providerRef: session.id, url: session.url };
    },
    async readEvent(rawBody, signature, now) {
      if (!signature || !env.STRIPE_WEBHOOK_SECRET) return { ok: false, reason: "webhook_signature_invalid" };
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          env.STRIPE_WEBHOOK_SECRET,
          undefined,
          Stripe.createSubtleCryptoProvider(),
          now === undefined ? undefined : Math.floor(now / 1000),
        );
      } catch (err) {
        return { ok: false, reason: err instanceof Stripe.errors.StripeSignatureVerificationError ? "webhook_signature_invalid" : "webhook_invalid" };
      }
      const object = event.data?.object as unknown as Record<string, unknown> | undefined;
      const str = (v: unknown) => (typeof v === "string" ? v : null);
      const isCharge = event.type.startsWith("charge.");
      const isIntent = event.type.startsWith("payment_intent.");
      const metadata = (object?.metadata ?? {}) as Record<string, unknown>;
      return {
        ok: true,
        event: {
          id: event.id,
          type: event.type,
          paymentId: str(object?.client_reference_id) ?? str(metadata.payment),
          providerRef: isCharge || isIntent ? null : str(object?.id),
          providerPaymentRef: isIntent ? str(object?.id) : str(object?.payment_intent),
          status: stripeStatus(event),
          customer: event.type.startsWith("checkout.session.") ? str(object?.customer) : null,
        },
      };
    },
    async renew(request) {
      if (!request.customer) return { status: "failed", providerPaymentRef: null, paymentMethodRef: null, reason: "no_saved_customer" };
      try {
        // Stripe's off-session recipe: the customer's saved method, `off_session` and `confirm`.
        const method = request.customer.paymentMethodRef ?? (await stripe.customers.listPaymentMethods(request.customer.customerRef, { type: "card", limit: 1 })).data[0]?.id ?? null;
        if (!method) return { status: "failed", providerPaymentRef: null, paymentMethodRef: null, reason: "no_saved_payment_method" };
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency,
            customer: request.customer.customerRef,
            payment_method: method,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { payment: request.paymentId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        const status = intent.status === "succeeded" ? "paid" : intent.status === "processing" ? "pending" : "failed";
        return { status, providerPaymentRef: intent.id, paymentMethodRef: method, reason: status === "failed" ? intent.status : undefined };
      } catch (err) {
        // A decline (card_declined, authentication_required…) is final for this attempt; any
        // other answer may hide a charge made, so the attempt stays pending and reuses its key.
        if (err instanceof Stripe.errors.StripeCardError || err instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: "failed", providerPaymentRef: err.payment_intent?.id ?? null, paymentMethodRef: null, reason: err.code ?? err.type };
        }
        console.error("stripe renewal failed", err);
        return { status: "pending", providerPaymentRef: null, paymentMethodRef: null, reason: "provider_unreachable" };
      }
    },
  };
}

/**
 * The provider of this deployment: `PAYMENT_PROVIDER`, else the sandbox in development and
 * Stripe elsewhere. The sandbox grants licences for free, so it never runs outside development;
 * Stripe without its secrets is no provider (payments answer 503).
 */
export function providerFor(env: Env, origin: string): PaymentProvider | null {
  const development = env.APP_ENV === "development";
  const name = env.PAYMENT_PROVIDER ?? (development ? "sandbox" : "stripe");
  if (name === "sandbox") return development ? sandboxProvider(env, origin) : null;
  if (name === "stripe") return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? stripeProvider(env) : null;
  return null;
}

/** The provider that signed a notification, judged by its signature header. */
export function providerOfNotification(env: Env, headers: Headers, origin: string): PaymentProvider | null {
  if (headers.has("Stripe-Signature")) return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? stripeProvider(env) : null;
  if (headers.has(SANDBOX_SIGNATURE_HEADER) && env.APP_ENV === "development") return sandboxProvider(env, origin);
  return null;
}
