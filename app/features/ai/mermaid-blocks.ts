/**
 * Diagram blocks in text documents: a code block whose language is `mermaid` stays editable as
 * text, and a live preview of the diagram is drawn under it (a widget decoration, so the
 * drawing is never part of the document or of anyone's edits). Mermaid is imported the first
 * time such a block is on screen.
 */
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

/** A short stable key of a block's source, so an unchanged diagram keeps its drawing. */
function keyOf(source: string): string {
  let h = 5381;
  for (let i = 0; i < source.length; i++) h = ((h << 5) + h + source.charCodeAt(i)) | 0;
  return `mmd-${(h >>> 0).toString(36)}-${source.length}`;
}

function preview(source: string): HTMLElement {
  const box = document.createElement("div");
  box.className = "doc-diagram";
  box.contentEditable = "false";
  box.setAttribute("data-testid", "doc-diagram");
  box.setAttribute("aria-hidden", "true");
  void import("./mermaid").then(async ({ renderMermaid }) => {
    const drawn = await renderMermaid(source);
    // The SVG comes from mermaid's strict renderer, sanitised with DOMPurify.
    if (drawn.ok) box.innerHTML = drawn.svg;
    else {
      box.textContent = drawn.error;
      box.classList.add("doc-diagram-error");
    }
  });
  return box;
}

export const MermaidBlocks = Extension.create({
  name: "mermaidBlocks",
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey("mermaidBlocks"),
        props: {
          decorations(state) {
            const found: Decoration[] = [];
            state.doc.descendants((node, pos) => {
              if (node.type.name !== "codeBlock") return true;
              if (node.attrs.language === "mermaid" && node.textContent.trim()) {
                const source = node.textContent;
                found.push(Decoration.widget(pos + node.nodeSize, () => preview(source), { key: keyOf(source), side: -1, ignoreSelection: true }));
              }
              return false;
            });
            return found.length ? DecorationSet.create(state.doc, found) : DecorationSet.empty;
          },
        },
      }),
    ];
  },
});
