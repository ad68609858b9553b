/** What every public page's loader needs to build its head (domain/seo/head.ts). */
import { i18nFor } from "../../workers/services/i18n";
import type { Env } from "../../workers/env";
import { siteOrigin } from "../../workers/site";
import type { Language } from "../../domain/i18n/languages";

/**
 * The site's origin (configured `APP_ORIGIN`, else the request's), its translated name, and
 * whether the address left the language to the visitor (no `?lng=`: the x-default page).
 */
export function siteOf(request: Request, env: Env, lng: Language) {
  const negotiated = !new URL(request.url).searchParams.has("lng");
  return { origin: siteOrigin(env, request), siteName: i18nFor(lng).t("common:appName"), negotiated };
}
