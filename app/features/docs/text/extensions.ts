/**
 * The text document's schema: one list of TipTap extensions for the editor, the version viewer,
 * Markdown import/export and the shared page, so every one of them reads the same nodes.
 * Collaboration and carets are added by the editor on top (they define no nodes).
 */
import type { AnyExtension } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import Mention from "@tiptap/extension-mention";
import { TableKit } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";
import type { SuggestionOptions } from "@tiptap/suggestion";

export interface TextSchemaOptions {
  /** Where a task mention links to (null on the shared page: no task pages without an account). */
  taskHref?: (taskGuid: string) => string | null;
  /** Rewrites an image's stored address (the shared page serves images through its link). */
  imageSrc?: (src: string) => string;
  /** The `@` people and `#` task pickers (only the editable editor has them). */
  suggestions?: Omit<SuggestionOptions, "editor">[];
  /** Links open on click only when reading (while editing, a click places the caret). */
  openLinksOnClick?: boolean;
}

/** The image node: stored address unchanged, shown through `imageSrc`. */
const DocImage = Image.extend<{ imageSrc: (src: string) => string } & Record<string, unknown>>({
  addOptions() {
    return { ...this.parent?.(), imageSrc: (src: string) => src } as never;
  },
  renderHTML({ HTMLAttributes }) {
    const src = typeof HTMLAttributes.src === "string" ? (this.options as { imageSrc: (s: string) => string }).imageSrc(HTMLAttributes.src) : undefined;
    return ["img", { ...HTMLAttributes, src, loading: "lazy" }];
  },
});

export function textExtensions(options: TextSchemaOptions = {}): AnyExtension[] {
  const taskHref = options.taskHref ?? (() => null);
  return [
    StarterKit.configure({
      // Yjs keeps the history: a local undo must not undo other people's typing.
      undoRedo: false,
      // Each browser would append its own empty trailing paragraph and Yjs would keep them all.
      trailingNode: false,
      heading: { levels: [1, 2, 3] },
      link: {
        openOnClick: options.openLinksOnClick ?? false,
        autolink: true,
        defaultProtocol: "https",
        HTMLAttributes: { rel: "noopener noreferrer nofollow", target: "_blank" },
      },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    TableKit.configure({ table: { resizable: false } }),
    DocImage.configure({ imageSrc: options.imageSrc ?? ((src: string) => src) } as never),
    Mention.configure({
      HTMLAttributes: { class: "doc-mention" },
      deleteTriggerWithBackspace: true,
      renderText: ({ node }) => `${node.attrs.mentionSuggestionChar ?? "@"}${node.attrs.label ?? node.attrs.id}`,
      renderHTML: ({ node }) => {
        const char = node.attrs.mentionSuggestionChar ?? "@";
        const label = `${char}${node.attrs.label ?? node.attrs.id}`;
        const href = char === "#" && typeof node.attrs.id === "string" ? taskHref(node.attrs.id) : null;
        const attrs = {
          class: `doc-mention ${char === "#" ? "doc-mention-task" : "doc-mention-person"}`,
          "data-type": "mention",
          "data-id": node.attrs.id,
          "data-label": node.attrs.label,
          "data-mention-suggestion-char": char,
        };
        // Always the span Mention parses back (copy and paste keep it a mention); the link inside.
        return href ? ["span", attrs, ["a", { href }, label]] : ["span", attrs, label];
      },
      ...(options.suggestions ? { suggestions: options.suggestions } : {}),
    }),
  ];
}
