/**
 * The `PublicHead` of a help, legal, contacts or try-it page (domain/seo/head.ts builds the
 * tags). Links in the head use APP_ORIGIN, like links in mails, and the request's origin only
 * where APP_ORIGIN is unset (local runs).
 */
import type { Language } from "../../../domain/i18n/languages";
import type { PublicHead } from "../../../domain/seo/head";
import type { Env } from "../../../workers/env";
import { i18nFor } from "../../../workers/services/i18n";

export function siteOrigin(env: Env, request: Request): string {
  return (env.APP_ORIGIN ?? new URL(request.url).origin).replace(/\/$/, "");
}

export function pageHead(
  env: Env,
  request: Request,
  page: { language: Language; path: string; title: string; description: string } & Partial<PublicHead>,
): PublicHead {
  return { origin: siteOrigin(env, request), siteName: i18nFor(page.language).t("common:appName"), ...page };
}
