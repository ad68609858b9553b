import { describe, expect, it } from "vitest";
import { blogPostingLd, clampDescription, headTags, withLanguage } from "./head";

const base = { origin: "https://plan.example.com", siteName: "Planning", path: "/news/category", language: "de" as const, title: "News", description: "What is new." };

describe("headTags", () => {
  it("gives a page its title, description, canonical address and an alternate in every language", () => {
    const tags = headTags(base);
    expect(tags).toContainEqual({ title: "News · Planning" });
    expect(tags).toContainEqual({ name: "description", content: "What is new." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://plan.example.com/news/category?lng=de" });
    for (const lng of ["ru", "en", "es", "de"]) {
      expect(tags).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: lng, href: `https://plan.example.com/news/category?lng=${lng}` });
    }
    expect(tags).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://plan.example.com/news/category" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://plan.example.com/news/category?lng=de" });
    expect(tags).toContainEqual({ property: "og:locale", content: "de_DE" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
  });

  it("makes the address without a language (x-default) its own canonical, not one of the alternates", () => {
    const tags = headTags({ ...base, negotiated: true });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://plan.example.com/news/category" });
    expect(tags).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://plan.example.com/news/category" });
    expect(tags).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "de", href: "https://plan.example.com/news/category?lng=de" });
  });

  it("lists only a post's real translations and announces its image and JSON-LD", () => {
    const ld = blogPostingLd({ url: "https://plan.example.com/p", title: "T", description: "D", language: "en", published: "2026-01-01T00:00:00.000Z", modified: "2026-01-02T00:00:00.000Z", siteName: "Planning", origin: "https://plan.example.com" });
    const tags = headTags({ ...base, language: "en", alternates: { en: "/news/category/post/hello?lng=en", ru: "/news/category/post/privet?lng=ru" }, image: { url: "/api/v1/blog/cover/a", width: 1200, height: 630 }, type: "article", jsonLd: [ld] });
    const hreflangs = tags.filter((t) => "hrefLang" in t).map((t) => ("hrefLang" in t ? t.hrefLang : ""));
    expect(hreflangs).toEqual(["ru", "en"]);
    expect(tags).toContainEqual({ property: "og:image", content: "https://plan.example.com/api/v1/blog/cover/a" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ "script:ld+json": ld });
    expect(ld["@type"]).toBe("BlogPosting");
  });
});

describe("helpers", () => {
  it("sets the language of an address and cuts long descriptions on a word", () => {
    expect(withLanguage("/a?page=2", "es")).toBe("/a?page=2&lng=es");
    const cut = clampDescription("word ".repeat(60));
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("…")).toBe(true);
  });
});
