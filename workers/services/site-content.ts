/**
 * The public site's stored content: the legal documents (translation bundles under
 * `public/locales/<lng>/`) and the help centre's articles (`domain/help/content/<lng>.json`).
 * Both are bundled into the Worker and read by the page loaders.
 */
import { type HelpArticle, type HelpBundle, type HelpCategory, type HelpHit, searchArticles } from "../../domain/help/articles";
import type { Language } from "../../domain/i18n/languages";
import { fillDocument, LEGAL_PAGES, type LegalDocument, type LegalPath, sitePagePaths } from "../../domain/site/legal";
import type { Env } from "../env";

const legalFiles = import.meta.glob<LegalDocument>(
  [
    "../../public/locales/*/terms.json",
    "../../public/locales/*/policy.json",
    "../../public/locales/*/donate-terms.json",
    "../../public/locales/*/offer-agreement.json",
    "../../public/locales/*/subscription-agreement.json",
    "../../public/locales/*/consent-policy.json",
    "../../public/locales/*/what-is.json",
  ],
  { eager: true, import: "default" },
);
const helpFiles = import.meta.glob<HelpBundle>("../../domain/help/content/*.json", { eager: true, import: "default" });

/** The operator's details as configured (wrangler vars), with the product's name. */
export function operatorDetails(env: Env, appName: string) {
  return {
    operatorName: env.OPERATOR_NAME ?? "",
    operatorAddress: env.OPERATOR_ADDRESS ?? "",
    operatorEmail: env.OPERATOR_EMAIL ?? "",
    appName,
  };
}

/** A legal page in one language, the operator's details filled in. */
export function legalDocument(env: Env, lng: Language, path: LegalPath, appName: string): LegalDocument {
  const doc = legalFiles[`../../public/locales/${lng}/${LEGAL_PAGES[path]}.json`];
  // Every language has every bundle (a unit test holds it); the check keeps a typo from a 500.
  if (!doc) throw new Response("Not found", { status: 404 });
  return fillDocument(doc, operatorDetails(env, appName));
}

export function helpBundle(lng: Language): HelpBundle {
  return helpFiles[`../../domain/help/content/${lng}.json`] ?? { categories: [], articles: [] };
}

export function helpCategory(lng: Language, slug: string): HelpCategory | undefined {
  return helpBundle(lng).categories.find((c) => c.slug === slug);
}

export function helpArticle(lng: Language, category: string, slug: string): HelpArticle | undefined {
  return helpBundle(lng).articles.find((a) => a.category === category && a.slug === slug);
}

/** Full-text search over one language's articles (see `searchArticles`). */
export function searchHelp(lng: Language, query: string): HelpHit[] {
  return searchArticles(helpBundle(lng).articles, query);
}

/** The help centre's, legal, contacts and try-it pages, for the sitemap (see `sitePagePaths`). */
export function sitePaths(): string[] {
  return sitePagePaths(helpBundle("en"));
}
