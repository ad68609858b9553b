/** A drawing document: Excalidraw over the elements kept in the Y.Doc, with the status line. */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type * as Y from "yjs";
import { useTheme } from "../../shell/theme";
import { type AwarenessLike, type DocStatus, EditorLoading, Notice, StatusLine } from "../kinds/frame";
import { loadCanvas } from "./load-canvas";

const ExcalidrawCanvas = lazy(loadCanvas);

/** How long the "images are not kept" note stays. */
const NOTE_MS = 6000;

export function DrawingDocument({ ydoc, status, readOnly, awareness, shared = false }: { ydoc: Y.Doc; status: DocStatus; readOnly: boolean; awareness: AwarenessLike | null; shared?: boolean }) {
  const { t, i18n } = useTranslation("docs-kinds");
  const { theme } = useTheme();
  const [imageRefused, setImageRefused] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const refuse = useCallback(() => setImageRefused(Date.now()), []);

  // Pasted or dropped picture files are stopped before Excalidraw sees them, with our message
  // (Excalidraw's own, "images are disabled", does not say why or what to do instead).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (readOnly) return;
    const hasImage = (data: DataTransfer | null) => Array.from(data?.files ?? []).some((f) => f.type.startsWith("image/"));
    const onPaste = (event: ClipboardEvent) => {
      if (!box.current?.contains(document.activeElement) || !hasImage(event.clipboardData)) return;
      event.preventDefault();
      event.stopPropagation();
      refuse();
    };
    window.addEventListener("paste", onPaste, true);
    return () => window.removeEventListener("paste", onPaste, true);
  }, [readOnly, refuse]);

  useEffect(() => {
    if (!imageRefused) return;
    const timer = setTimeout(() => setImageRefused(0), NOTE_MS);
    return () => clearTimeout(timer);
  }, [imageRefused]);

  return (
    <section className="flex flex-col gap-2" data-testid="drawing-editor" aria-label={t("drawing.label")}>
      <StatusLine status={status} readOnly={readOnly} badge={!shared} />
      {imageRefused > 0 && (
        <Notice tone="warning" testId="drawing-image-refused">
          {t("drawing.imageRefused")}
        </Notice>
      )}
      <Suspense fallback={<EditorLoading />}>
        <div
          className="card relative overflow-hidden"
          style={{ height: "max(420px, calc(100vh - 16rem))" }}
          data-testid="drawing-canvas"
          data-elements={count ?? undefined}
          ref={box}
          onDropCapture={(event) => {
            if (readOnly || !Array.from(event.dataTransfer.files).some((f) => f.type.startsWith("image/"))) return;
            event.preventDefault();
            event.stopPropagation();
            refuse();
          }}
        >
          <ExcalidrawCanvas ydoc={ydoc} readOnly={readOnly} theme={theme} language={i18n.language} awareness={awareness} onImageRefused={refuse} onCount={setCount} />
        </div>
      </Suspense>
    </section>
  );
}
