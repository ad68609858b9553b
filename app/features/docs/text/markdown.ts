/**
 * Markdown in and out of a text document, with TipTap's Markdown manager over the document's
 * own schema (extensions.ts), so what is imported is exactly what the editor shows. Runs in
 * the browser; the room receives an ordinary Yjs update.
 */
import { getSchema, type JSONContent } from "@tiptap/core";
import { MarkdownManager } from "@tiptap/markdown";
import { prosemirrorJSONToYDoc, yXmlFragmentToProsemirrorJSON } from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { Y_TEXT_FIELD } from "../../../../domain/docs/layout";
import { textExtensions } from "./extensions";

/** The largest Markdown file we convert (the import call takes 5 MB of Yjs update). */
export const MARKDOWN_MAX_BYTES = 2 * 1024 * 1024;

let shared: { manager: MarkdownManager; schema: ReturnType<typeof getSchema> } | null = null;
function tools() {
  if (!shared) {
    const extensions = textExtensions();
    shared = { manager: new MarkdownManager({ extensions }), schema: getSchema(extensions) };
  }
  return shared;
}

/** A Markdown text as the ProseMirror JSON of a text document. */
export function markdownToJSON(markdown: string): JSONContent {
  return tools().manager.parse(markdown.replace(/^\uFEFF/, ""));
}

/** A Markdown text as one Yjs update of a fresh text document (what `/import` takes). */
export function markdownToUpdate(markdown: string): Uint8Array {
  const ydoc = prosemirrorJSONToYDoc(tools().schema, markdownToJSON(markdown), Y_TEXT_FIELD);
  return Y.encodeStateAsUpdate(ydoc);
}

/** A text document's content as Markdown. */
export function ydocToMarkdown(ydoc: Y.Doc): string {
  const json = yXmlFragmentToProsemirrorJSON(ydoc.getXmlFragment(Y_TEXT_FIELD)) as JSONContent;
  return tools().manager.serialize(json);
}

/** The document title a file name suggests (`Meeting notes.md` → `Meeting notes`). */
export function titleFromFileName(name: string): string {
  return name.replace(/\.(md|markdown|txt)$/i, "").trim().slice(0, 200) || "Markdown";
}
