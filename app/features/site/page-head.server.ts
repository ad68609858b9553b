/**
 * The `PublicHead` of a help, legal, contacts or try-it page (domain/seo/head.ts builds the
 * tags). Links in the head use APP_ORIGIN, like links in mails, and the request's origin only
 * where APP_ORIGIN is unset (local runs).
 */
import type { Language } from "../../../domain/i18n/languages";
import type { PublicHead } from "../../../domain/seo/head";
import type { Env } from "../../../workers/env";
import { siteOf } from "../../lib/public-head.server";

export { siteOrigin } from "../../../workers/site";

export function pageHead(
  env: Env,
  request: Request,
  page: { language: Language; path: string; title: string; description: string } & Partial<PublicHead>,
): PublicHead {
  return { ...siteOf(request, env, page.language), ...page };
}
