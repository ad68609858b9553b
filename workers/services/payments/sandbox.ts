/**
 * The sandbox provider's side of a checkout: the person on `/sandbox-pay/{payGuid}` pays or
 * declines, and the sandbox tells us as a provider does — a notification signed with its secret,
 * read back through the same verification and the same `applyNotification` as `/v1/paypostoha`.
 */
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { applyNotification } from "./notifications";
import { sandboxPayment } from "./payments";
import { providerOfNotification } from "./providers";
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent, sandboxSecret } from "./sandbox-provider";
import { signPayload } from "./signature";

export type SandboxDecision = "pay" | "decline";

export async function sandboxDecide(env: Env, db: Db, userId: string, paymentId: string, decision: SandboxDecision, origin: string): Promise<{ ok: boolean }> {
  const payment = await sandboxPayment(db, userId, paymentId);
  if (!payment || env.APP_ENV !== "development") return { ok: false };
  const event: SandboxEvent = { id: `sbx_evt_${crypto.randomUUID()}`, type: decision === "pay" ? "payment.paid" : "payment.declined", payment: payment.id, created: Math.floor(Date.now() / 1000) };
  const raw = JSON.stringify(event);
  const headers = new Headers({ [SANDBOX_SIGNATURE_HEADER]: await signPayload(raw, sandboxSecret(env)) });
  const provider = providerOfNotification(env, headers, origin);
  if (!provider) return { ok: false };
  const read = await provider.readEvent(raw, headers.get(provider.signatureHeader));
  if (!read.ok) return { ok: false };
  await applyNotification(env, db, provider.name, read.event);
  return { ok: true };
}
