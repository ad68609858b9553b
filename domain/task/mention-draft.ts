/**
 * Writing mentions. The comment box shows a picked person as `@Name`; the stored text carries
 * `@[Name](user-guid)` (domain/planning/mentions.ts), which is what notifies them. A name
 * typed by hand, or a picked one edited afterwards, stays plain text: only picks count.
 */
import { MENTION } from "../planning/mentions";

export interface Picked {
  name: string;
  guid: string;
}

/** Longest query the picker follows after `@` (people's names with spaces fit). */
const QUERY_MAX = 40;

/**
 * The mention being typed at the caret: the `@` must start the text or follow a space or an
 * opening bracket (so `mail@host` is not one), and the query runs to the caret on one line.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at < 0) return null;
  if (at > 0 && !/[\s([{"'«]/.test(before[at - 1]!)) return null;
  const query = before.slice(at + 1);
  if (query.length > QUERY_MAX || /[\n@]/.test(query) || query.startsWith(" ")) return null;
  return { start: at, query };
}

/** Puts `@Name ` in place of the typed `@query` and says where the caret goes. */
export function insertMention(text: string, start: number, caret: number, name: string): { text: string; caret: number } {
  const inserted = `@${name} `;
  const rest = text.slice(caret).replace(/^ /, "");
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The text to store: each `@Name` of a picked person becomes `@[Name](guid)`. Longer names go
 * first so "Ann Lee" wins over "Ann"; a name must end at a word boundary.
 */
export function encodeMentions(text: string, picked: readonly Picked[]): string {
  const people = [...new Map(picked.map((p) => [p.name, p])).values()].sort((a, b) => b.name.length - a.name.length);
  if (people.length === 0) return text;
  const pattern = new RegExp(`@(${people.map((p) => escape(p.name)).join("|")})(?![\\p{L}\\p{N}_])`, "gu");
  const byName = new Map(people.map((p) => [p.name, p.guid]));
  return text.replace(pattern, (whole, name: string) => (byName.has(name) ? `@[${name}](${byName.get(name)})` : whole));
}

/** A stored text back as the box shows it (`@Name`), with the people it mentions. */
export function decodeMentions(text: string): { text: string; picked: Picked[] } {
  const picked: Picked[] = [];
  const plain = text.replace(MENTION, (_, name: string, guid: string) => {
    picked.push({ name, guid });
    return `@${name}`;
  });
  return { text: plain, picked };
}

export type CommentPiece = { kind: "text"; text: string } | { kind: "mention"; name: string; guid: string };

/** A stored text cut into plain runs and mentions, for rendering mentions as names. */
export function commentPieces(text: string): CommentPiece[] {
  const out: CommentPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(MENTION)) {
    if (m.index! > last) out.push({ kind: "text", text: text.slice(last, m.index) });
    out.push({ kind: "mention", name: m[1]!, guid: m[2]! });
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
  return out;
}
