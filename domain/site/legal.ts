/**
 * The legal and "about" pages of the public site (spec §2) and the translation bundle each is
 * written in (spec, shell paragraph: policy, terms, offer agreement, consent policy, subscription
 * agreement, donate terms, whatIs). Bundles live in `public/locales/<lng>/<bundle>.json`.
 */

export const LEGAL_PAGES = {
  "/terms": "terms",
  "/privacy_policy": "policy",
  "/terms_of_donate": "donate-terms",
  "/license": "offer-agreement",
  "/subscription_agreement": "subscription-agreement",
  "/data_consent": "consent-policy",
  "/who-is-planning-poker": "what-is",
} as const;
export type LegalPath = keyof typeof LEGAL_PAGES;
export type LegalBundle = (typeof LEGAL_PAGES)[LegalPath];

/** One legal document as its bundle holds it; `{{operatorName}}` and friends are filled in later. */
export interface LegalDocument {
  title: string;
  description: string;
  /** "Last updated: …"; empty for explanatory pages. */
  updated: string;
  intro: string;
  sections: { heading: string; body: string[] }[];
}

/** The operator's company details, from configuration (wrangler vars OPERATOR_*). */
export interface OperatorDetails {
  operatorName: string;
  operatorAddress: string;
  operatorEmail: string;
  appName: string;
}

export function isLegalPath(path: string): path is LegalPath {
  return Object.hasOwn(LEGAL_PAGES, path);
}

/**
 * Replaces `{{name}}` placeholders with the operator's details. Unknown placeholders stay as
 * they are, so a typo in a bundle shows up on the page instead of vanishing.
 */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key]! : whole));
}

/** A whole document with every placeholder filled. */
export function fillDocument(doc: LegalDocument, operator: OperatorDetails): LegalDocument {
  const values = { ...operator } as Record<string, string>;
  const fill = (s: string) => fillPlaceholders(s, values);
  return {
    title: fill(doc.title),
    description: fill(doc.description),
    updated: fill(doc.updated),
    intro: fill(doc.intro),
    sections: doc.sections.map((s) => ({ heading: fill(s.heading), body: s.body.map(fill) })),
  };
}

/**
 * Every page of the help centre, the legal texts, contacts and the try-it table, for the
 * sitemap (each exists in all four languages under `?lng=`). Help slugs are the same in every
 * language, so one bundle's list is every language's.
 */
export function sitePagePaths(help: { categories: { slug: string }[]; articles: { category: string; slug: string }[] }): string[] {
  return [
    "/help",
    ...help.categories.map((c) => `/help/${c.slug}`),
    ...help.articles.map((a) => `/help/${a.category}/${a.slug}`),
    ...Object.keys(LEGAL_PAGES),
    "/contacts",
    "/test",
  ];
}
