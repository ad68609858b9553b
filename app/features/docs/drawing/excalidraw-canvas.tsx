/**
 * Excalidraw bound to the drawing's Y.Doc (`domain/docs/drawing.ts`). This module and
 * Excalidraw's CSS form their own chunk, loaded only in the browser on a drawing's page.
 *
 * - Local changes: Excalidraw's `onChange` fires on every frame of a gesture; the elements
 *   newer than the map's are written at most every WRITE_EVERY_MS, in one transaction.
 * - Remote changes: the changed ids are read from the map and merged with the scene by
 *   Excalidraw's `reconcileElements` (which also keeps an element the person is editing right
 *   now), then shown with `updateScene` outside the undo history. If a local element is newer
 *   than the remote one, the next write sends it again, so all replicas end with the newer.
 * - Pointers of the other people are shared through the provider's awareness.
 * - Images are refused: an inserted image is removed at once and the person told why.
 */
import "@excalidraw/excalidraw/index.css";
import {
  CaptureUpdateAction,
  Excalidraw,
  newElementWith,
  reconcileElements,
  restoreElements,
} from "@excalidraw/excalidraw";
import type { OrderedExcalidrawElement } from "@excalidraw/excalidraw/element/types";
import type { RemoteExcalidrawElement } from "@excalidraw/excalidraw/data/reconcile";
import type { AppState, Collaborator, ExcalidrawImperativeAPI, SocketId } from "@excalidraw/excalidraw/types";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type * as Y from "yjs";
import type { AwarenessLike } from "../kinds/frame";
import { elementsMap, readElements, readElementsById, type StoredElement, UNSTORED_TYPES, writeElements } from "../../../../domain/docs/drawing";

declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}
// The hand-drawn and other canvas fonts are served by us (public/excalidraw/fonts), not by a CDN.
if (typeof window !== "undefined") window.EXCALIDRAW_ASSET_PATH = "/excalidraw/";

/** Longest time a local change waits before it is written to the Y.Doc. */
const WRITE_EVERY_MS = 80;
/** Pointer positions are shared at most this often. */
const POINTER_EVERY_MS = 50;

const LANG_CODES: Record<string, string> = { ru: "ru-RU", en: "en", es: "es-ES", de: "de-DE" };

export interface ExcalidrawCanvasProps {
  ydoc: Y.Doc;
  readOnly: boolean;
  theme: "light" | "dark";
  language: string;
  awareness: AwarenessLike | null;
  onImageRefused: () => void;
  /** Told how many shapes are drawn (not deleted), whenever that changes. */
  onCount?: (count: number) => void;
}

export default function ExcalidrawCanvas({ ydoc, readOnly, theme, language, awareness, onImageRefused, onCount }: ExcalidrawCanvasProps) {
  const apiRef = useRef<ExcalidrawImperativeAPI | null>(null);
  const origin = useMemo(() => Symbol("excalidraw"), []);
  const latest = useRef<readonly OrderedExcalidrawElement[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const readOnlyRef = useRef(readOnly);
  readOnlyRef.current = readOnly;
  const refusedRef = useRef(onImageRefused);
  refusedRef.current = onImageRefused;
  const countRef = useRef(onCount);
  countRef.current = onCount;
  const lastCount = useRef(-1);

  const initialData = useMemo(
    () => ({ elements: restoreElements(readElements(ydoc) as unknown as OrderedExcalidrawElement[], null), scrollToContent: true }),
    [ydoc],
  );

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const elements = latest.current;
    if (!elements || readOnlyRef.current) return;
    writeElements(ydoc, elements as unknown as StoredElement[], origin);
  }, [ydoc, origin]);

  const onChange = useCallback(
    (elements: readonly OrderedExcalidrawElement[]) => {
      const count = elements.reduce((n, el) => (el.isDeleted ? n : n + 1), 0);
      if (count !== lastCount.current) {
        lastCount.current = count;
        countRef.current?.(count);
      }
      if (readOnlyRef.current) return;
      const images = elements.filter((el) => UNSTORED_TYPES.has(el.type) && !el.isDeleted);
      if (images.length > 0) {
        const api = apiRef.current;
        const removed = new Set(images.map((el) => el.id));
        api?.updateScene({
          elements: elements.map((el) => (removed.has(el.id) ? newElementWith(el, { isDeleted: true }) : el)),
          captureUpdate: CaptureUpdateAction.NEVER,
        });
        refusedRef.current();
        return;
      }
      latest.current = elements;
      if (!timer.current) timer.current = setTimeout(flush, WRITE_EVERY_MS);
    },
    [flush],
  );

  /** Merges stored elements into the scene (all of them, or the ids that changed remotely). */
  const applyRemote = useCallback(
    (ids: Iterable<string> | null) => {
      const api = apiRef.current;
      if (!api) return;
      const remote = ids ? readElementsById(ydoc, ids) : readElements(ydoc);
      if (remote.length === 0) return;
      const restored = restoreElements(remote as unknown as OrderedExcalidrawElement[], null) as unknown as RemoteExcalidrawElement[];
      const merged = reconcileElements(api.getSceneElementsIncludingDeleted() as OrderedExcalidrawElement[], restored, api.getAppState() as AppState);
      api.updateScene({ elements: merged, captureUpdate: CaptureUpdateAction.NEVER });
    },
    [ydoc],
  );

  // Remote changes into the scene. Changes that arrive before Excalidraw hands out its API
  // are caught up by a full merge when it does (see `excalidrawAPI` below).
  useEffect(() => {
    const map = elementsMap(ydoc);
    const observer = (event: Y.YMapEvent<unknown>, tr: Y.Transaction) => {
      if (tr.origin !== origin) applyRemote(event.keysChanged);
    };
    map.observe(observer);
    return () => {
      map.unobserve(observer);
      flush();
    };
  }, [ydoc, origin, flush, applyRemote]);

  // Other people's pointers.
  useEffect(() => {
    if (!awareness) return;
    const render = () => {
      const api = apiRef.current;
      if (!api) return;
      const collaborators = new Map<SocketId, Collaborator>();
      awareness.getStates().forEach((state, clientId) => {
        if (clientId === awareness.clientID) return;
        const pointer = state.pointer as { x: number; y: number; tool: "pointer" | "laser" } | undefined;
        const user = state.user as { name?: string; color?: string } | undefined;
        // Readers of a shared link have no name and are not shown.
        if (!pointer || typeof pointer.x !== "number" || typeof pointer.y !== "number" || typeof user?.name !== "string" || !user.name) return;
        const color = typeof user?.color === "string" ? user.color : "#6366f1";
        collaborators.set(String(clientId) as SocketId, {
          pointer: { x: pointer.x, y: pointer.y, tool: pointer.tool === "laser" ? "laser" : "pointer" },
          username: user.name,
          color: { background: color, stroke: color },
        });
      });
      api.updateScene({ collaborators });
    };
    awareness.on("change", render);
    return () => awareness.off("change", render);
  }, [awareness]);

  const lastPointer = useRef(0);
  const onPointerUpdate = useCallback(
    (payload: { pointer: { x: number; y: number; tool: "pointer" | "laser" } }) => {
      if (!awareness) return;
      const now = Date.now();
      if (now - lastPointer.current < POINTER_EVERY_MS) return;
      lastPointer.current = now;
      awareness.setLocalStateField("pointer", { x: payload.pointer.x, y: payload.pointer.y, tool: payload.pointer.tool });
    },
    [awareness],
  );

  return (
    <Excalidraw
      excalidrawAPI={(api) => {
        apiRef.current = api;
        setTimeout(() => applyRemote(null), 0);
      }}
      initialData={initialData}
      onChange={onChange}
      onPointerUpdate={onPointerUpdate}
      isCollaborating={awareness !== null}
      viewModeEnabled={readOnly}
      theme={theme}
      langCode={LANG_CODES[language] ?? "en"}
      UIOptions={{ tools: { image: false }, canvasActions: { loadScene: false, saveToActiveFile: false, export: false, saveAsImage: true } }}
      handleKeyboardGlobally={false}
    />
  );
}
