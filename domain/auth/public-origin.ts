/**
 * The origin that links in mails point to. It comes from configuration (APP_ORIGIN), never from
 * the request's Host header, which a client chooses: a reset link built from a forged Host would
 * carry the token to the attacker's site. Only local development (APP_ENV=development, where
 * dev servers run on any port) may fall back to the origin the request came to.
 */
export type PublicOrigin = { ok: true; origin: string } | { ok: false; reason: "app_origin_missing" };

export function publicOrigin(config: { APP_ORIGIN?: string; APP_ENV?: string }, requestUrl: string): PublicOrigin {
  const configured = config.APP_ORIGIN?.trim();
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol === "https:" || url.protocol === "http:") return { ok: true, origin: url.origin };
    } catch {
      // An unusable value is treated like a missing one below.
    }
  }
  if (!configured && config.APP_ENV === "development") return { ok: true, origin: new URL(requestUrl).origin };
  return { ok: false, reason: "app_origin_missing" };
}
