import { describe, expect, it } from "vitest";
import { detectLanguage, languageCookie, type LanguageSources, parseAcceptLanguage, readCookie, splitLanguagePath } from "./languages";

describe("detectLanguage", () => {
  it("speaks Russian when no source names a language", () => {
    expect(detectLanguage({})).toBe("ru");
  });

  it.each<[string, LanguageSources, string]>([
    ["the query parameter lng", { url: "https://app.test/project?lng=es" }, "es"],
    ["a leading path segment", { url: "https://app.test/de/project" }, "de"],
    ["the i18next cookie", { cookie: "en" }, "en"],
    ["local storage", { localStorage: "es" }, "es"],
    ["session storage", { sessionStorage: "de" }, "de"],
    ["the browser languages", { browserLanguages: ["en-GB"] }, "en"],
    ["the html lang attribute", { htmlLang: "es" }, "es"],
  ])("takes the language from %s", (_source, sources, expected) => {
    expect(detectLanguage(sources)).toBe(expected);
  });

  it.each<[string, LanguageSources, string]>([
    ["the query over the path", { url: "/de/project?lng=es" }, "es"],
    ["the path over the cookie", { url: "/de/project", cookie: "es" }, "de"],
    ["the cookie over local storage", { cookie: "en", localStorage: "de" }, "en"],
    ["local storage over session storage", { localStorage: "es", sessionStorage: "de" }, "es"],
    ["session storage over the browser languages", { sessionStorage: "de", browserLanguages: ["en"] }, "de"],
    ["the browser languages over the html lang", { browserLanguages: ["es"], htmlLang: "en" }, "es"],
    ["the html lang over the default", { htmlLang: "en" }, "en"],
  ])("prefers %s", (_pair, sources, expected) => {
    expect(detectLanguage(sources)).toBe(expected);
  });

  it("lets the query win when every source names a different language", () => {
    expect(
      detectLanguage({
        url: "/de/project?lng=ru",
        cookie: "en",
        localStorage: "es",
        sessionStorage: "de",
        browserLanguages: ["en"],
        htmlLang: "es",
      }),
    ).toBe("ru");
  });

  it("accepts the query parameter ru although ru is never a path language", () => {
    expect(detectLanguage({ url: "/en/project?lng=ru" })).toBe("ru");
  });

  it.each(["en", "es", "de"])("reads /%s/... as a path language", (lng) => {
    expect(detectLanguage({ url: `/${lng}/project/a` })).toBe(lng);
  });

  it("reads a path made of the language alone", () => {
    expect(detectLanguage({ url: "/en" })).toBe("en");
  });

  it("does not read /ru/... as a path language", () => {
    expect(detectLanguage({ url: "/ru/project", cookie: "en" })).toBe("en");
  });

  it("reads only the first path segment", () => {
    expect(detectLanguage({ url: "/project/en/board", cookie: "de" })).toBe("de");
  });

  it("does not read a segment that merely starts with a language", () => {
    expect(detectLanguage({ url: "/english/board", cookie: "de" })).toBe("de");
  });

  it("ignores an unsupported query language and falls through to the path", () => {
    expect(detectLanguage({ url: "/es/project?lng=fr" })).toBe("es");
  });

  it("ignores an empty query parameter", () => {
    expect(detectLanguage({ url: "/project?lng=", cookie: "de" })).toBe("de");
  });

  it("skips a URL that cannot be parsed", () => {
    expect(detectLanguage({ url: "http://[::1", cookie: "en" })).toBe("en");
  });

  it.each<[string, LanguageSources, string]>([
    ["cookie", { cookie: "fr", localStorage: "es" }, "es"],
    ["local storage", { localStorage: "xx", sessionStorage: "de" }, "de"],
    ["session storage", { sessionStorage: "", browserLanguages: ["en"] }, "en"],
    ["html lang", { htmlLang: "it" }, "ru"],
  ])("ignores an invalid %s value", (_source, sources, expected) => {
    expect(detectLanguage(sources)).toBe(expected);
  });

  it("ignores null storage values", () => {
    expect(detectLanguage({ cookie: null, localStorage: null, sessionStorage: null, htmlLang: null })).toBe("ru");
  });

  it("reduces a browser language to its first two letters", () => {
    expect(detectLanguage({ browserLanguages: ["de-AT"] })).toBe("de");
  });

  it("skips an unsupported browser language for the next one", () => {
    expect(detectLanguage({ browserLanguages: ["fr", "fr-CA", "de-AT", "en"] })).toBe("de");
  });

  it("falls back to the html lang when no browser language is supported", () => {
    expect(detectLanguage({ browserLanguages: ["fr", "it"], htmlLang: "en" })).toBe("en");
  });

  it("reads stored values case-insensitively and regional tags by their language", () => {
    expect(detectLanguage({ cookie: "EN-us" })).toBe("en");
  });
});

describe("parseAcceptLanguage", () => {
  it("returns nothing for a missing or empty header", () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
    expect(parseAcceptLanguage("")).toEqual([]);
  });

  it("orders tags by quality, highest first", () => {
    expect(parseAcceptLanguage("fr;q=0.5, de-AT;q=0.9, en;q=0.7")).toEqual(["de-AT", "en", "fr"]);
  });

  it("treats a tag without q as quality 1", () => {
    expect(parseAcceptLanguage("es;q=0.8, en")).toEqual(["en", "es"]);
  });

  it("keeps header order between tags of equal quality", () => {
    expect(parseAcceptLanguage("de, en;q=0.5, es, fr;q=0.5")).toEqual(["de", "es", "en", "fr"]);
  });

  it("drops tags refused with q=0", () => {
    expect(parseAcceptLanguage("en;q=0, de;q=0.0, es")).toEqual(["es"]);
  });

  it("drops the wildcard", () => {
    expect(parseAcceptLanguage("*, de;q=0.5")).toEqual(["de"]);
  });

  it("drops a tag whose quality is not a number", () => {
    expect(parseAcceptLanguage("en;q=abc, de")).toEqual(["de"]);
  });

  it("tolerates spaces around tags and parameters", () => {
    expect(parseAcceptLanguage("  ru-RU ; q=0.9 ,en ;q=0.8 ")).toEqual(["ru-RU", "en"]);
  });

  it("drops empty entries", () => {
    expect(parseAcceptLanguage("en,,de")).toEqual(["en", "de"]);
  });
});

describe("readCookie", () => {
  it("returns undefined when there is no header", () => {
    expect(readCookie(undefined, "i18next")).toBeUndefined();
    expect(readCookie(null, "i18next")).toBeUndefined();
    expect(readCookie("", "i18next")).toBeUndefined();
  });

  it("returns undefined when the cookie is absent", () => {
    expect(readCookie("theme=dark; session=abc", "i18next")).toBeUndefined();
  });

  it("reads a cookie among others", () => {
    expect(readCookie("theme=dark; i18next=de; session=abc", "i18next")).toBe("de");
  });

  it("decodes a percent-encoded value", () => {
    expect(readCookie("next=%2Fproject%2Fa%3Ftab%3D1", "next")).toBe("/project/a?tab=1");
  });

  it("decodes a UTF-8 value", () => {
    expect(readCookie("name=%D0%90%D0%BD%D1%8F", "name")).toBe("Аня");
  });

  it("keeps equals signs inside the value", () => {
    expect(readCookie("token=abc==; x=1", "token")).toBe("abc==");
  });

  it("does not match a cookie whose name only starts with the wanted name", () => {
    expect(readCookie("i18nextLng=es; i18next=de", "i18next")).toBe("de");
  });

  it("does not match a cookie whose name only ends with the wanted name", () => {
    expect(readCookie("my_session=bad", "session")).toBeUndefined();
  });

  it("returns undefined for a value that cannot be decoded", () => {
    expect(readCookie("i18next=%E0%A4%A", "i18next")).toBeUndefined();
  });

  it("skips parts without an equals sign", () => {
    expect(readCookie("flag; i18next=en", "i18next")).toBe("en");
  });

  it("reads an empty value as an empty string", () => {
    expect(readCookie("i18next=", "i18next")).toBe("");
  });
});

describe("splitLanguagePath", () => {
  it.each([
    ["/en/project/a", "en", "/project/a"],
    ["/DE/settings/profile", "de", "/settings/profile"],
    ["/es", "es", "/"],
    ["/en/", "en", "/"],
  ])("reads %s as %s and %s", (path, language, rest) => {
    expect(splitLanguagePath(path)).toEqual({ language, rest });
  });

  it.each(["/", "/ru/project", "/project/en", "/english/x", "/fr/x"])("finds no path language in %s", (path) => {
    expect(splitLanguagePath(path)).toBeUndefined();
  });

  it.each(["/en//evil.example/x", "/en/\\evil.example/x", "/en/\\/evil.example/x"])("keeps the rest of %j on this site", (path) => {
    expect(splitLanguagePath(path)?.rest).toBe("/evil.example/x");
  });
});

describe("languageCookie", () => {
  it("caches the language for a year on the whole site", () => {
    expect(languageCookie("en")).toBe("i18next=en; Path=/; Max-Age=31536000; SameSite=Lax");
  });
});
