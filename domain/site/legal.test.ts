import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../i18n/languages";
import { fillDocument, fillPlaceholders, isLegalPath, LEGAL_PAGES, type LegalDocument, sitePagePaths } from "./legal";

const bundles = import.meta.glob<LegalDocument>("../../public/locales/*/*.json", { eager: true, import: "default" });

describe("legal pages", () => {
  it("have a bundle with a title, a description and sections in every language", () => {
    for (const lng of LANGUAGES) {
      for (const bundle of Object.values(LEGAL_PAGES)) {
        const doc = bundles[`../../public/locales/${lng}/${bundle}.json`];
        expect(doc, `${lng}/${bundle}`).toBeDefined();
        expect(doc!.title.length).toBeGreaterThan(3);
        expect(doc!.description.length).toBeGreaterThan(20);
        expect(doc!.sections.length).toBeGreaterThan(2);
      }
    }
  });

  it("fill the operator's details into every placeholder a bundle uses", () => {
    const operator = { operatorName: "ACME", operatorAddress: "1 Road", operatorEmail: "a@b.c", appName: "Planning" };
    for (const lng of LANGUAGES) {
      for (const bundle of Object.values(LEGAL_PAGES)) {
        const filled = JSON.stringify(fillDocument(bundles[`../../public/locales/${lng}/${bundle}.json`]!, operator));
        expect(filled, `${lng}/${bundle}`).not.toContain("{{");
      }
    }
    expect(JSON.stringify(fillDocument(bundles["../../public/locales/de/terms.json"]!, operator))).toContain("ACME, 1 Road");
  });

  it("leave an unknown placeholder visible", () => {
    expect(fillPlaceholders("{{operatorName}} {{typo}}", { operatorName: "ACME" })).toBe("ACME {{typo}}");
  });

  it("know their own paths only", () => {
    expect(isLegalPath("/terms")).toBe(true);
    expect(isLegalPath("/toString")).toBe(false);
  });
});

describe("sitePagePaths", () => {
  it("lists the help centre, its topics and articles, the legal pages, contacts and /test", () => {
    const paths = sitePagePaths({ categories: [{ slug: "account" }], articles: [{ category: "account", slug: "notifications" }] });
    expect(paths).toEqual([
      "/help",
      "/help/account",
      "/help/account/notifications",
      "/terms",
      "/privacy_policy",
      "/terms_of_donate",
      "/license",
      "/subscription_agreement",
      "/data_consent",
      "/who-is-planning-poker",
      "/contacts",
      "/test",
    ]);
  });
});
