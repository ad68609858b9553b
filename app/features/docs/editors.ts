/**
 * Finds each document kind's editor module (`./{kind}/editor.tsx`, default export `Editor`,
 * docs contract) without naming it: `import.meta.glob` turns each into its own lazily loaded
 * chunk, so an editor's weight (TipTap, bpmn-js, Excalidraw) enters only the page that shows
 * that kind, and a kind whose module is missing leaves the build working — the page shows
 * "editor unavailable" instead.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { DocKind } from "../../../domain/docs/layout";

/** What the documents page and the shared page pass to each kind's editor (docs contract). */
export interface DocEditorProps {
  doc: { guid: string; kind: DocKind; title: string; project: string | null };
  readOnly: boolean;
  /** Set on the shared read-only pages: the share id the socket must present. */
  shareId?: string;
}

type EditorModule = { default: ComponentType<DocEditorProps> };

const modules = import.meta.glob<EditorModule>("./*/editor.tsx");

const loaded = new Map<DocKind, LazyExoticComponent<ComponentType<DocEditorProps>>>();

/** The kind's editor as a lazy component (one per kind, so React keeps its state), or null when the build has none. */
export function editorFor(kind: DocKind): LazyExoticComponent<ComponentType<DocEditorProps>> | null {
  const load = modules[`./${kind}/editor.tsx`];
  if (!load) return null;
  let component = loaded.get(kind);
  if (!component) {
    component = lazy(load);
    loaded.set(kind, component);
  }
  return component;
}
