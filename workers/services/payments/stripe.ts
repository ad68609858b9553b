/**
 * Stripe behind `PaymentProvider`: Checkout Sessions (saving the card for autopay), webhooks
 * verified by the official package, and off-session renewals (PaymentIntents).
 */
import Stripe from "stripe";
import type { PaymentStatus } from "../../../domain/billing/plans";
import type { Env } from "../../env";
import type { PaymentProvider, RenewalOutcome } from "./provider-types";

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

export function stripeProvider(env: Env): PaymentProvider {
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
        return { status: intentOutcome(intent.status), providerPaymentRef: intent.id, paymentMethodRef: method, reason: intent.status };
      } catch (err) {
        // 3-D Secure: the bank wants the cardholder. Stripe answers an off-session confirmation
        // with `authentication_required` and keeps the PaymentIntent; the payer completes it.
        if (err instanceof Stripe.errors.StripeCardError && err.code === "authentication_required" && err.payment_intent) {
          return { status: "action_required", providerPaymentRef: err.payment_intent.id, paymentMethodRef: null, reason: err.code };
        }
        // A decline (card_declined, no such method…) is final for this attempt; any other
        // answer may hide a charge made, so the attempt stays pending and reuses its key.
        if (err instanceof Stripe.errors.StripeCardError || err instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: "failed", providerPaymentRef: err.payment_intent?.id ?? null, paymentMethodRef: null, reason: err.code ?? err.type };
        }
        console.error("stripe renewal failed", err);
        return { status: "pending", providerPaymentRef: null, paymentMethodRef: null, reason: "provider_unreachable" };
      }
    },
    async authenticate(request) {
      if (!request.providerPaymentRef) return { kind: "nothing_to_do" };
      // Stripe's "manually handle next actions": the PaymentIntent is confirmed on-session with a
      // `return_url`, and its `next_action.redirect_to_url` is the bank's page; once the payer is
      // through, Stripe sends them back and tells us by `payment_intent.succeeded`.
      let intent = await stripe.paymentIntents.retrieve(request.providerPaymentRef);
      if (intent.status === "requires_payment_method" || intent.status === "requires_confirmation") {
        const method = typeof intent.payment_method === "string" ? intent.payment_method : (intent.payment_method?.id ?? intent.last_payment_error?.payment_method?.id);
        if (!method) return { kind: "nothing_to_do" };
        intent = await stripe.paymentIntents.confirm(intent.id, { payment_method: method, return_url: request.returnUrl });
      }
      const url = intent.status === "requires_action" && intent.next_action?.type === "redirect_to_url" ? intent.next_action.redirect_to_url?.url : null;
      return url ? { kind: "redirect", url } : { kind: "nothing_to_do" };
    },
  };
}

/** A PaymentIntent's status as a renewal's outcome; `requires_action` waits for the payer. */
function intentOutcome(status: Stripe.PaymentIntent.Status): RenewalOutcome["status"] {
  if (status === "succeeded") return "paid";
  if (status === "processing") return "pending";
  if (status === "requires_action") return "action_required";
  return "failed";
}
