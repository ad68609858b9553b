/**
 * The plain text of a document, per kind, for the tree's previews and search (D1
 * `documents.plain_text`). Reads the Y.Doc layout of `layout.ts`; tolerant of content it does
 * not understand (it is written by browsers), never throws.
 */
import * as Y from "yjs";
import { type DocKind, Y_BPMN_MAP, Y_DRAWING_ELEMENTS, Y_TABLE_COLUMNS, Y_TABLE_ROWS, Y_TEXT_FIELD } from "./layout";

/** D1 rows stay small: longer text is cut (search still finds the start of a long document). */
export const PLAIN_TEXT_MAX = 100_000;

/** Blocks whose content is inline: each ends a line. Containers (lists, quotes) add nothing. */
const TEXT_BLOCKS = new Set(["paragraph", "heading", "codeBlock"]);

function textOfXml(node: Y.XmlElement | Y.XmlText | Y.XmlHook): string {
  if (node instanceof Y.XmlText) {
    return (node.toDelta() as { insert: unknown }[]).map((op) => (typeof op.insert === "string" ? op.insert : "")).join("");
  }
  if (!(node instanceof Y.XmlElement)) return "";
  const name = node.nodeName;
  if (name === "mention") {
    const char = node.getAttribute("mentionSuggestionChar");
    const label = node.getAttribute("label") ?? node.getAttribute("id") ?? "";
    return `${typeof char === "string" ? char : "@"}${String(label)}`;
  }
  if (name === "hardBreak") return "\n";
  if (name === "image") {
    const alt = node.getAttribute("alt");
    return typeof alt === "string" && alt ? `${alt}\n` : "";
  }
  const inner = node
    .toArray()
    .map((child) => textOfXml(child as Y.XmlElement | Y.XmlText))
    .join("");
  if (TEXT_BLOCKS.has(name)) return `${inner}\n`;
  if (name === "tableCell" || name === "tableHeader") return `${inner.trim().replace(/\s*\n\s*/g, " ")}\t`;
  if (name === "tableRow") return `${inner.replace(/\t$/, "")}\n`;
  return inner;
}

function textOfText(doc: Y.Doc): string {
  return doc
    .getXmlFragment(Y_TEXT_FIELD)
    .toArray()
    .map((child) => textOfXml(child as Y.XmlElement | Y.XmlText))
    .join("");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[e] ?? all;
  });

/** The names of a diagram's elements and the text of its annotations, one per line. */
function textOfBpmn(doc: Y.Doc): string {
  const xml = doc.getMap(Y_BPMN_MAP).get("xml");
  if (typeof xml !== "string") return "";
  const lines: string[] = [];
  for (const m of xml.matchAll(/\sname="([^"]*)"/g)) if (m[1]) lines.push(decodeXml(m[1]));
  for (const m of xml.matchAll(/<(?:\w+:)?text>([^<]*)<\/(?:\w+:)?text>/g)) if (m[1]) lines.push(decodeXml(m[1]));
  return lines.join("\n");
}

function asRecord(value: unknown): Record<string, unknown> | null {
  if (typeof value === "string") {
    try {
      return asRecord(JSON.parse(value));
    } catch {
      return null;
    }
  }
  if (value instanceof Y.Map) return value.toJSON() as Record<string, unknown>;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The text elements of a drawing that are not deleted, top to bottom. */
function textOfDrawing(doc: Y.Doc): string {
  const texts: { y: number; text: string }[] = [];
  for (const value of doc.getMap(Y_DRAWING_ELEMENTS).values()) {
    const el = asRecord(value);
    if (!el || el.isDeleted === true || typeof el.text !== "string" || !el.text) continue;
    texts.push({ y: typeof el.y === "number" ? el.y : 0, text: el.text });
  }
  return texts
    .sort((a, b) => a.y - b.y)
    .map((t) => t.text)
    .join("\n");
}

/** The header row and every row, cells separated by tabs. */
function textOfTable(doc: Y.Doc): string {
  const columns = doc
    .getArray(Y_TABLE_COLUMNS)
    .toArray()
    .map(asRecord)
    .filter((c): c is Record<string, unknown> => c !== null && typeof c.id === "string");
  const lines = [columns.map((c) => String(c.name ?? "")).join("\t")];
  for (const raw of doc.getArray(Y_TABLE_ROWS).toArray()) {
    const row = asRecord(raw);
    if (!row) continue;
    lines.push(columns.map((c) => (row[c.id as string] == null ? "" : String(row[c.id as string]))).join("\t"));
  }
  return lines.join("\n");
}

/** The document's text, whitespace-tidied and cut at PLAIN_TEXT_MAX characters. */
export function plainTextOf(doc: Y.Doc, kind: DocKind): string {
  let text = "";
  try {
    text = kind === "text" ? textOfText(doc) : kind === "bpmn" ? textOfBpmn(doc) : kind === "drawing" ? textOfDrawing(doc) : textOfTable(doc);
  } catch {
    return "";
  }
  const tidy = text
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/g, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return tidy.length > PLAIN_TEXT_MAX ? tidy.slice(0, PLAIN_TEXT_MAX) : tidy;
}

/** The user guids mentioned in a text document (mention nodes whose char is `@`). */
export function mentionedUsers(doc: Y.Doc): string[] {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (!(node instanceof Y.XmlElement)) return;
    if (node.nodeName === "mention") {
      const char = node.getAttribute("mentionSuggestionChar") ?? "@";
      const id = node.getAttribute("id");
      if (char === "@" && typeof id === "string" && /^[0-9a-f-]{36}$/.test(id)) found.add(id);
      return;
    }
    for (const child of node.toArray()) walk(child);
  };
  for (const child of doc.getXmlFragment(Y_TEXT_FIELD).toArray()) walk(child);
  return [...found];
}
