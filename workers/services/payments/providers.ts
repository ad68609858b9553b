/**
 * Payment providers behind one interface (issue 23): Stripe (`stripe.ts`) and the sandbox, the
 * local default (`sandbox-provider.ts`). The rest of the app only sees `PaymentProvider` and
 * `ProviderEvent`, and picks the provider here.
 */
import type { PaymentProvider } from "./provider-types";
import type { Env } from "../../env";
import { SANDBOX_SIGNATURE_HEADER, sandboxProvider } from "./sandbox-provider";
import { stripeProvider } from "./stripe";

export type * from "./provider-types";

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
