/**
 * The sandbox provider, the local default (development only): its checkout page is ours
 * (`/sandbox-pay/{payGuid}`) and its notifications are signed like Stripe's with a local secret.
 */
import type { PaymentStatus } from "../../../domain/billing/plans";
import type { Env } from "../../env";
import type { PaymentProvider } from "./provider-types";
import { verifySignature } from "./signature";

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

export function sandboxProvider(env: Env, origin: string): PaymentProvider {
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
    // The sandbox's own checkout page is where its payer acts on any pending payment.
    async authenticate(request) {
      return { kind: "redirect", url: `${origin}/sandbox-pay/${request.paymentId}` };
    },
  };
}
