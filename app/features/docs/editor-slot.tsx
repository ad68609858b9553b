/**
 * Where a document's editor goes, on the documents page and on the shared page: the kind's
 * module is loaded only in the browser and only when shown; a kind without a module, or a
 * module that fails to load or crashes, shows a clear "editor unavailable" card instead of
 * taking the page down.
 */
import { Component, type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DocKind } from "../../../domain/docs/layout";
import { Icon } from "../../components/ui/icons";
import { type DocEditorProps, editorFor } from "./editors";

function EditorPlaceholder() {
  const { t } = useTranslation("docs");
  return (
    <div className="card flex items-center justify-center" style={{ height: "max(420px, calc(100vh - 16rem))" }} data-testid="editor-loading">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{t("editor.loading")}</span>
    </div>
  );
}

function EditorUnavailable({ kind, failed = false }: { kind: DocKind; failed?: boolean }) {
  const { t } = useTranslation("docs");
  return (
    <div className="card flex flex-col items-center justify-center gap-2 px-6 py-16 text-center" role="status" data-testid="editor-unavailable">
      <span className="muted">
        <Icon name="eyeOff" size={36} />
      </span>
      <p className="font-semibold">{t("editor.unavailable")}</p>
      <p className="muted max-w-md text-sm">{failed ? t("editor.failedBody") : t("editor.unavailableBody", { kind: t(`kinds.${kind}`) })}</p>
    </div>
  );
}

/** Catches a failed chunk load or a crash inside an editor; the rest of the page keeps working. */
class EditorBoundary extends Component<{ kind: DocKind; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error("document editor failed", this.props.kind, error);
  }
  render() {
    return this.state.failed ? <EditorUnavailable kind={this.props.kind} failed /> : this.props.children;
  }
}

export function DocEditorSlot({ doc, readOnly, shareId }: DocEditorProps) {
  // Editors touch the DOM (and bpmn-js and Excalidraw the window) as they load: client only.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const Editor = editorFor(doc.kind);
  if (!Editor) return <EditorUnavailable kind={doc.kind} />;
  if (!mounted) return <EditorPlaceholder />;
  return (
    <EditorBoundary key={doc.guid} kind={doc.kind}>
      <Suspense fallback={<EditorPlaceholder />}>
        <Editor key={doc.guid} doc={doc} readOnly={readOnly} shareId={shareId} />
      </Suspense>
    </EditorBoundary>
  );
}
