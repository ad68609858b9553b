/**
 * What a payment provider is (issue 23): the one interface Stripe (`stripe.ts`) and the sandbox
 * (`sandbox-provider.ts`) implement, and the shapes they speak. Apart from `providers.ts`, which
 * picks one, so the providers never import the picker.
 */
import type { PaymentStatus } from "../../../domain/billing/plans";

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
 * What a renewal charge came to: paid, failed for good (declined, no saved method), pending
 * (the provider is still processing, or its answer was lost: the same key is retried), or
 * waiting for the payer to authenticate it (3-D Secure): not a decline, they are asked to act.
 */
export interface RenewalOutcome {
  status: "paid" | "failed" | "pending" | "action_required";
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

/** The payer completes a payment the provider holds for their authentication. */
export interface AuthenticationRequest {
  paymentId: string;
  /** The provider's payment (a PaymentIntent id). */
  providerPaymentRef: string | null;
  /** Where the provider sends the payer back (our `/payment/{payGuid}`). */
  returnUrl: string;
}

/**
 * The next step: the provider's page where the payer authenticates, or no page because the
 * payment needs nothing more (its outcome arrives by notification as usual).
 */
export type AuthenticationStep = { kind: "redirect"; url: string } | { kind: "nothing_to_do" };

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
  /** Sends the payer to authenticate a payment that answered `action_required`. */
  authenticate(request: AuthenticationRequest): Promise<AuthenticationStep>;
}
