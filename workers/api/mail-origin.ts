import type { Context } from "hono";
import { publicOrigin } from "../../domain/auth/public-origin";
import { ApiProblem } from "./problem";
import type { AppEnv } from "./types";

/**
 * The origin for links in the mails a request sends (see domain/auth/public-origin.ts). When it
 * is not configured the request is refused with a 503 and the operator finds the reason in the
 * log: a mail whose link points wherever the caller's Host header says would be worse.
 */
export function mailOrigin<E extends AppEnv>(c: Context<E>): string {
  const origin = publicOrigin(c.env, c.req.url);
  if (origin.ok) return origin.origin;
  console.error("configuration error: APP_ORIGIN is missing or invalid; mails with links are refused");
  throw new ApiProblem(503, "app_origin_missing");
}
