/** What every public page's loader needs to build its head (domain/seo/head.ts). */
import { i18nFor } from "../../workers/services/i18n";
import type { Env } from "../../workers/env";
import { siteOrigin } from "../../workers/site";
import type { Language } from "../../domain/i18n/languages";

/** The site's origin (configured `APP_ORIGIN`, else the request's) and its translated name. */
export function siteOf(request: Request, env: Env, lng: Language) {
  return { origin: siteOrigin(env, request), siteName: i18nFor(lng).t("common:appName") };
}
