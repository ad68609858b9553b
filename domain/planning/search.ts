/**
 * Task search (`/issuesearch/data`): how a typed query becomes an FTS5 expression, and how a
 * hit is shown. The index itself (SQLite FTS5, tokenizer unicode61) folds case for every
 * script and strips Latin diacritics; we fold "ё" into "е" on both sides ourselves.
 */
import { z } from "zod";
import { mentionsAsPlainText } from "./mentions";

export const SEARCH_QUERY_MAX = 200;
/** Words beyond this many are ignored: each costs an index lookup. */
export const SEARCH_TERMS_MAX = 10;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_OFFSET_MAX = 10_000;

export const searchQuery = z.object({
  query: z.string({ error: "search_query_required" }).trim().min(1, "search_query_required").max(SEARCH_QUERY_MAX, "search_query_too_long"),
  limit: z.coerce.number({ error: "search_limit_invalid" }).int("search_limit_invalid").min(1, "search_limit_invalid").max(SEARCH_LIMIT_MAX, "search_limit_invalid").default(SEARCH_LIMIT_DEFAULT),
  offset: z.coerce.number({ error: "offset_invalid" }).int("offset_invalid").min(0, "offset_invalid").max(SEARCH_OFFSET_MAX, "offset_invalid").default(0),
});

export type ParsedQuery = { kind: "number"; number: number } | { kind: "text"; terms: string[] } | { kind: "none" };

/** "ё" and "е" are one letter to a Russian reader; the index stores and is asked for "е". */
export const foldYo = (text: string) => text.replace(/ё/g, "е").replace(/Ё/g, "Е");

/**
 * `#123` asks for task number 123; anything else is split into words (letters, digits and
 * their marks), each matched as a word prefix. Punctuation never reaches FTS5's query syntax.
 */
export function parseSearchQuery(raw: string): ParsedQuery {
  const text = raw.trim();
  const number = /^#(\d{1,9})$/.exec(text);
  if (number) return { kind: "number", number: Number(number[1]) };
  const terms = [...new Set(foldYo(text).toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [])].slice(0, SEARCH_TERMS_MAX);
  return terms.length > 0 ? { kind: "text", terms } : { kind: "none" };
}

export const SEARCH_COLUMNS = ["title", "description", "comments"] as const;

/**
 * The FTS5 expression: every word (all must occur) as a quoted prefix, restricted to the given
 * columns. A single letter is matched as a whole word: as a prefix it would match nearly every
 * task and cost a ranking of all of them. The terms hold only letters and digits, so quoting
 * needs no escaping.
 */
export function ftsExpression(terms: readonly string[], columns: readonly (typeof SEARCH_COLUMNS)[number][] = SEARCH_COLUMNS): string {
  return `{${columns.join(" ")}} : (${terms.map((t) => ([...t].length > 1 ? `"${t}"*` : `"${t}"`)).join(" ")})`;
}

/** The project's own token in the index: its guid without hyphens, one unicode61 token. */
export const projectToken = (projectId: string) => projectId.replace(/-/g, "").toLowerCase();

/** Where a hit was found, in the order results rank. */
export type SearchMatch = "title" | "description" | "comment";

/** Markers FTS5's highlight() and snippet() put around matched words. */
export const MARK_OPEN = "\u0001";
export const MARK_CLOSE = "\u0002";

/** Turns marked text into plain text and the `[start, end)` ranges of the matched words. */
export function splitMarked(marked: string): { text: string; highlights: [number, number][] } {
  let text = "";
  const highlights: [number, number][] = [];
  let start = -1;
  for (const ch of marked) {
    if (ch === MARK_OPEN) start = text.length;
    else if (ch === MARK_CLOSE) {
      if (start >= 0 && text.length > start) highlights.push([start, text.length]);
      start = -1;
    } else text += ch;
  }
  return { text, highlights };
}

/**
 * Picks what a hit shows: the title when every word is in it, else the description's or the
 * comments' snippet that holds a match, else the title (words spread over several places).
 */
export function pickMatch(hit: { inTitle: boolean; title: string; description: string; comments: string }): { match: SearchMatch; snippet: string; highlights: [number, number][] } {
  const has = (s: string) => s.includes(MARK_OPEN);
  if (!hit.inTitle) {
    if (has(hit.description)) return { match: "description", ...asSnippet(hit.description) };
    if (has(hit.comments)) return { match: "comment", ...asSnippet(hit.comments) };
  }
  return { match: "title", ...asSnippet(hit.title) };
}

function asSnippet(marked: string) {
  // Comments carry mentions as `@[Name](guid)`: a reader sees `@Name`.
  const { text, highlights } = splitMarked(mentionsAsPlainText(marked));
  return { snippet: text, highlights };
}
