/**
 * Webhook signatures as Stripe makes them: header `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`. The sandbox provider signs its notifications the same way with its own
 * secret; the fake Stripe of the tests signs with this too.
 */

/** Notifications older (or newer) than this are refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_S = 300;

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The signature header for `payload` at `nowMs`. */
export async function signPayload(payload: string, secret: string, nowMs = Date.now()): Promise<string> {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${await hmacHex(secret, `${t}.${payload}`)}`;
}

/** Compares two hex strings in time independent of where they differ. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Whether `header` signs `payload` with `secret` within the tolerance. */
export async function verifySignature(payload: string, header: string | null | undefined, secret: string, nowMs = Date.now()): Promise<boolean> {
  if (!header || header.length > 1000) return false;
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!Number.isFinite(t) || signatures.length === 0) return false;
  if (Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_S) return false;
  const expected = await hmacHex(secret, `${t}.${payload}`);
  return signatures.some((s) => sameHex(s, expected));
}
