import { describe, expect, it } from "vitest";
import { MARK_CLOSE as C, MARK_OPEN as O, SEARCH_TERMS_MAX, ftsExpression, parseSearchQuery, pickMatch, projectToken, searchQuery, splitMarked } from "./search";

describe("parseSearchQuery", () => {
  it("reads #123 as a task number", () => {
    expect(parseSearchQuery(" #123 ")).toEqual({ kind: "number", number: 123 });
  });
  it("splits words on spaces and punctuation, lower-cased and without repeats", () => {
    expect(parseSearchQuery("Login-page, LOGIN crash!")).toEqual({ kind: "text", terms: ["login", "page", "crash"] });
  });
  it("keeps Cyrillic words and folds ё into е", () => {
    expect(parseSearchQuery("Ёлка зелёная")).toEqual({ kind: "text", terms: ["елка", "зеленая"] });
  });
  it("treats a number without # as a word", () => {
    expect(parseSearchQuery("123")).toEqual({ kind: "text", terms: ["123"] });
  });
  it("finds nothing to look for in punctuation alone", () => {
    expect(parseSearchQuery('"*" () ^ -')).toEqual({ kind: "none" });
  });
  it("never lets FTS5 syntax through", () => {
    const parsed = parseSearchQuery('title: "x" OR NEAR(a b) *');
    expect(parsed).toEqual({ kind: "text", terms: ["title", "x", "or", "near", "a", "b"] });
  });
  it(`uses at most ${SEARCH_TERMS_MAX} words`, () => {
    const parsed = parseSearchQuery(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "));
    expect(parsed.kind === "text" && parsed.terms.length).toBe(SEARCH_TERMS_MAX);
  });
});

describe("ftsExpression", () => {
  it("asks for every word as a prefix in the given columns", () => {
    expect(ftsExpression(["login", "краш"])).toBe('{title description comments} : ("login"* "краш"*)');
    expect(ftsExpression(["login"], ["title"])).toBe('{title} : ("login"*)');
  });
  it("matches a single letter as a whole word, not as a prefix of everything", () => {
    expect(ftsExpression(["a", "я", "ab"])).toBe('{title description comments} : ("a" "я" "ab"*)');
  });
  it("turns a project guid into one token", () => {
    expect(projectToken("0A000000-0000-4000-8000-000000000002")).toBe("0a000000000040008000000000000002");
  });
});

describe("splitMarked and pickMatch", () => {
  it("strips the markers and returns the ranges they held", () => {
    expect(splitMarked(`a ${O}login${C} and ${O}краш${C}`)).toEqual({ text: "a login and краш", highlights: [[2, 7], [12, 16]] });
  });
  it("ignores an unclosed or empty marker", () => {
    expect(splitMarked(`${O}${C}x ${O}y`)).toEqual({ text: "x y", highlights: [] });
  });
  it("shows the title when every word is in it", () => {
    expect(pickMatch({ inTitle: true, title: `${O}Login${C} page`, description: `${O}login${C}`, comments: "" })).toEqual({ match: "title", snippet: "Login page", highlights: [[0, 5]] });
  });
  it("shows the description before the comments", () => {
    expect(pickMatch({ inTitle: false, title: "Page", description: `…the ${O}crash${C}…`, comments: `${O}crash${C}` })).toMatchObject({ match: "description", snippet: "…the crash…" });
    expect(pickMatch({ inTitle: false, title: "Page", description: "nothing", comments: `seen a ${O}crash${C}` })).toMatchObject({ match: "comment", snippet: "seen a crash", highlights: [[7, 12]] });
  });
  it("reads mentions in a comment snippet as @Name", () => {
    const hit = pickMatch({ inTitle: false, title: "", description: "", comments: `ask @[Ada](11111111-1111-4111-8111-111111111111) about ${O}crash${C}` });
    expect(hit).toEqual({ match: "comment", snippet: "ask @Ada about crash", highlights: [[15, 20]] });
  });
});

describe("searchQuery", () => {
  it("defaults limit and offset and reads them from strings", () => {
    expect(searchQuery.parse({ query: " x " })).toEqual({ query: "x", limit: 20, offset: 0 });
    expect(searchQuery.parse({ query: "x", limit: "5", offset: "10" })).toEqual({ query: "x", limit: 5, offset: 10 });
  });
  it.each([
    [{}, "search_query_required"],
    [{ query: "   " }, "search_query_required"],
    [{ query: "x".repeat(201) }, "search_query_too_long"],
    [{ query: "x", limit: "0" }, "search_limit_invalid"],
    [{ query: "x", limit: "51" }, "search_limit_invalid"],
    [{ query: "x", limit: "ten" }, "search_limit_invalid"],
    [{ query: "x", offset: "-1" }, "offset_invalid"],
    [{ query: "x", offset: "1.5" }, "offset_invalid"],
  ])("refuses %j with %s", (input, code) => {
    expect(searchQuery.safeParse(input).error?.issues[0]?.message).toBe(code);
  });
});
