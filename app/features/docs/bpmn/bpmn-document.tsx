/**
 * A BPMN diagram document: bpmn-js over the diagram kept in the Y.Doc (`domain/docs/bpmn.ts`).
 * Each change on the command stack is saved (debounced) as the whole XML; a save made by
 * someone else is loaded when nothing local would be lost, otherwise the person chooses
 * between their diagram and the other one.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type * as Y from "yjs";
import { BpmnSync, type ConflictReason, readBpmn } from "../../../../domain/docs/bpmn";
import { type DocStatus, Notice, StatusLine, ToolButton } from "../kinds/frame";
import type { BpmnInstance, CanvasService } from "./bpmn-options";
import { loadBpmn } from "./load-bpmn";
import { TOOL_LABELS } from "./tool-labels";

/** Quiet time after the last change before the diagram is saved. */
const SAVE_DELAY_MS = 300;

type Phase = "loading" | "ready" | "empty" | "failed";
type Saving = "saved" | "saving" | "unsaved";

export function BpmnDocument({ ydoc, status, readOnly, title, shared = false }: { ydoc: Y.Doc; status: DocStatus; readOnly: boolean; title: string; shared?: boolean }) {
  const { t } = useTranslation("docs-kinds");
  const hostRef = useRef<HTMLDivElement>(null);
  const instanceRef = useRef<BpmnInstance | null>(null);
  const syncRef = useRef<BpmnSync | null>(null);
  const tRef = useRef(t);
  tRef.current = t;
  const [phase, setPhase] = useState<Phase>("loading");
  const [saving, setSaving] = useState<Saving>("saved");
  const [conflict, setConflict] = useState<ConflictReason | null>(null);
  const [notice, setNotice] = useState<"too_large" | "unreadable" | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let importing = false;
    let shown = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const translate = (english: string) => {
      const key = TOOL_LABELS[english];
      return key ? tRef.current(`bpmn.tools.${key}`) : english;
    };

    const ready = loadBpmn(readOnly).then((create) => {
      if (cancelled) return null;
      const instance = create(host, translate);
      instanceRef.current = instance;
      instance.on("commandStack.changed", (event) => {
        if (importing || event.trigger === "clear") return;
        sync.edited();
        setSaving("unsaved");
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void save(), SAVE_DELAY_MS);
      });
      return instance;
    });
    ready.catch(() => !cancelled && setPhase("failed"));

    // Imports run one after another, each after the library is ready.
    let chain: Promise<unknown> = ready;
    const show = (xml: string) => {
      chain = chain
        .then(async () => {
          const instance = instanceRef.current;
          if (cancelled || !instance) return;
          const canvas = instance.get<CanvasService>("canvas");
          const keep = shown ? canvas.viewbox() : null;
          importing = true;
          try {
            await instance.importXML(xml);
            if (cancelled) return;
            if (keep) canvas.viewbox({ x: keep.x, y: keep.y, width: keep.width, height: keep.height });
            else if (canvas.zoom("fit-viewport", "auto") > 1) canvas.zoom(1, "auto");
            shown = true;
            setNotice(null);
            setPhase("ready");
          } catch {
            if (!cancelled) {
              setNotice("unreadable");
              setPhase(shown ? "ready" : "failed");
            }
          } finally {
            importing = false;
          }
        })
        .catch(() => undefined);
    };

    const sync = new BpmnSync(ydoc, (event) => {
      if (event.type === "load") show(event.xml);
      else if (event.type === "conflict") setConflict(event.reason);
      else if (event.type === "resolved") setConflict(null);
      else if (event.type === "saved") setSaving(sync.dirty ? "unsaved" : "saved");
    });
    syncRef.current = sync;

    /** `last`: the editor is going away; the pending change is still written. */
    const save = async (last = false) => {
      if (timer) clearTimeout(timer);
      timer = null;
      const instance = instanceRef.current;
      if (!instance || readOnly || !sync.dirty || sync.conflict) return;
      const upTo = sync.editCount;
      setSaving("saving");
      const { xml } = await instance.saveXML({ format: true });
      if (!xml || (cancelled && !last)) return;
      const result = sync.save(xml, upTo);
      if (!result.ok && result.reason === "too_large") setNotice("too_large");
      setSaving(sync.dirty ? "unsaved" : "saved");
    };

    sync.start();
    if (!readBpmn(ydoc) && readOnly) setPhase("empty");

    // A person leaving the tab within the save delay still has their change sent.
    const onHide = () => {
      if (document.visibilityState === "hidden" && timer) void save();
    };
    document.addEventListener("visibilitychange", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      const pending = timer !== null;
      const last = pending ? save(true) : Promise.resolve();
      cancelled = true;
      sync.destroy();
      syncRef.current = null;
      void last.finally(() => {
        instanceRef.current?.destroy();
        instanceRef.current = null;
      });
    };
  }, [ydoc, readOnly]);

  // A brand-new diagram gets its start event once the document is known to be empty everywhere.
  useEffect(() => {
    if (status === "synced" && !readOnly) syncRef.current?.initialize();
    // A reader (or a writer whose socket never connected) of a diagram nobody saved yet.
    if (status !== "connecting" && (readOnly || status !== "synced") && readBpmn(ydoc) === null) setPhase("empty");
  }, [status, readOnly, ydoc, phase]);

  // bpmn-js measures its container once; tell it when the box changes.
  useEffect(() => {
    const host = hostRef.current;
    if (!host || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => instanceRef.current?.get<CanvasService>("canvas").resized());
    observer.observe(host);
    return () => observer.disconnect();
  }, []);

  const keepMine = useCallback(async () => {
    const instance = instanceRef.current;
    const sync = syncRef.current;
    if (!instance || !sync) return;
    const upTo = sync.editCount;
    const { xml } = await instance.saveXML({ format: true });
    if (!xml) return;
    const result = sync.keepMine(xml, upTo);
    if (!result.ok) setNotice("too_large");
    setSaving(sync.dirty ? "unsaved" : "saved");
  }, []);

  const loadTheirs = useCallback(() => {
    syncRef.current?.loadTheirs();
    setSaving("saved");
  }, []);

  const zoom = (how: "in" | "out" | "fit") => {
    const canvas = instanceRef.current?.get<CanvasService>("canvas");
    if (!canvas) return;
    if (how === "fit") canvas.zoom("fit-viewport", "auto");
    else canvas.zoom(canvas.zoom() * (how === "in" ? 1.25 : 0.8), "auto");
  };

  const download = async () => {
    const result = await instanceRef.current?.saveXML({ format: true });
    if (!result?.xml) return;
    const url = URL.createObjectURL(new Blob([result.xml], { type: "application/xml" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${(title || "diagram").replace(/[\\/:*?"<>|]+/g, " ").trim() || "diagram"}.bpmn`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section className="flex flex-col gap-2" data-testid="bpmn-editor" data-phase={phase} aria-label={t("bpmn.label")}>
      <StatusLine status={status} readOnly={readOnly} badge={!shared} saving={saving}>
        <ToolButton label={t("bpmn.zoomOut")} onClick={() => zoom("out")} icon="minus" disabled={phase !== "ready"} />
        <ToolButton label={t("bpmn.zoomFit")} onClick={() => zoom("fit")} icon="fit" disabled={phase !== "ready"} />
        <ToolButton label={t("bpmn.zoomIn")} onClick={() => zoom("in")} icon="plus" disabled={phase !== "ready"} />
        <ToolButton label={t("bpmn.download")} onClick={() => void download()} icon="download" disabled={phase !== "ready"} testId="bpmn-download" />
      </StatusLine>
      {conflict && (
        <Notice
          tone="warning"
          testId="bpmn-conflict"
          actions={
            <>
              <button type="button" className="btn" onClick={loadTheirs} data-testid="bpmn-load-theirs">
                {t("bpmn.conflict.loadTheirs")}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void keepMine()} data-testid="bpmn-keep-mine">
                {t("bpmn.conflict.keepMine")}
              </button>
            </>
          }
        >
          <strong className="block">{t("bpmn.conflict.title")}</strong>
          {t(`bpmn.conflict.${conflict}`)}
        </Notice>
      )}
      {notice && (
        <Notice tone="warning" testId="bpmn-notice">
          {t(`bpmn.${notice}`)}
        </Notice>
      )}
      <div className="card relative overflow-hidden" style={{ height: "max(420px, calc(100vh - 16rem))" }}>
        <div ref={hostRef} className="bpmn-host absolute inset-0" data-testid="bpmn-canvas" />
        {phase !== "ready" && (
          <div className="absolute inset-0 flex items-center justify-center p-6 text-center" style={{ background: "var(--surface)" }}>
            {phase === "loading" && <div className="spinner" role="status" aria-label={t("loading")} />}
            {phase === "empty" && <p className="muted">{t("bpmn.empty")}</p>}
            {phase === "failed" && (
              <p role="alert" className="muted">
                {t("bpmn.failed")}
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
