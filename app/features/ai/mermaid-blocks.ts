/**
 * Diagram blocks in text documents: a code block whose language is `mermaid` stays editable as
 * text, and a live preview of the diagram is drawn under it (a widget decoration, so the
 * drawing is never part of the document or of anyone's edits). Mermaid is imported the first
 * time such a block is on screen. Under the drawing, people who may write get two actions that
 * turn a flowchart into a new BPMN draft or drawing (issue 13); they are hidden while the editor
 * is read-only (see editor.css).
 */
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

export type DiagramTarget = "bpmn" | "drawing";

/** What the block's actions need from the page: labels, and the conversion itself. */
export interface DiagramActions {
  label: (key: "toBpmn" | "toDrawing" | "working") => string;
  /** Makes the new document and opens it; resolves to a message when it could not. */
  convert: (source: string, target: DiagramTarget) => Promise<string | null>;
}

/** A short stable key of a block's source, so an unchanged diagram keeps its drawing. */
function keyOf(source: string): string {
  let h = 5381;
  for (let i = 0; i < source.length; i++) h = ((h << 5) + h + source.charCodeAt(i)) | 0;
  return `mmd-${(h >>> 0).toString(36)}-${source.length}`;
}

function actionsRow(source: string, actions: DiagramActions): HTMLElement {
  const row = document.createElement("div");
  row.className = "doc-diagram-actions";
  const note = document.createElement("p");
  note.className = "doc-diagram-note";
  note.setAttribute("role", "status");
  note.setAttribute("data-testid", "doc-diagram-note");
  const buttons = (["bpmn", "drawing"] as const).map((target) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn btn-ghost px-2 py-1 text-sm";
    const label = actions.label(target === "bpmn" ? "toBpmn" : "toDrawing");
    button.textContent = label;
    button.setAttribute("data-testid", target === "bpmn" ? "doc-diagram-to-bpmn" : "doc-diagram-to-drawing");
    button.addEventListener("click", () => {
      buttons.forEach((b) => (b.disabled = true));
      button.textContent = actions.label("working");
      note.textContent = "";
      void actions
        .convert(source, target)
        .then((message) => {
          if (message) note.textContent = message;
        })
        .finally(() => {
          buttons.forEach((b) => (b.disabled = false));
          button.textContent = label;
        });
    });
    return button;
  });
  for (const child of [...buttons, note]) row.appendChild(child);
  return row;
}

function preview(source: string, actions: DiagramActions | null): HTMLElement {
  const box = document.createElement("div");
  box.className = "doc-diagram";
  box.contentEditable = "false";
  box.setAttribute("data-testid", "doc-diagram");
  const drawing = document.createElement("div");
  drawing.setAttribute("aria-hidden", "true");
  box.appendChild(drawing);
  if (actions) box.appendChild(actionsRow(source, actions));
  void import("./mermaid").then(async ({ renderMermaid }) => {
    const drawn = await renderMermaid(source);
    // The SVG comes from mermaid's strict renderer, sanitised with DOMPurify.
    if (drawn.ok) drawing.innerHTML = drawn.svg;
    else {
      drawing.textContent = drawn.error;
      box.classList.add("doc-diagram-error");
    }
  });
  return box;
}

export const MermaidBlocks = Extension.create<{ actions: DiagramActions | null }>({
  name: "mermaidBlocks",
  addOptions() {
    return { actions: null };
  },
  addProseMirrorPlugins() {
    const actions = this.options.actions;
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
                found.push(
                  Decoration.widget(pos + node.nodeSize, () => preview(source, actions), {
                    key: keyOf(source),
                    side: -1,
                    ignoreSelection: true,
                    // The buttons take their own clicks; the editor must not turn them into a selection.
                    stopEvent: (event) => event.target instanceof Element && !!event.target.closest(".doc-diagram-actions"),
                  }),
                );
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
