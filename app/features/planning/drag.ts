/**
 * Dragging on the planning board is set up on first use (issue 17). The page renders and
 * hydrates its lanes and rows without dnd-kit: every row's sortable hooks, the registration of
 * every drop target and the re-render that follows were a large part of the board's hydration.
 * dnd-kit (`drag-kit.tsx`, its own chunk) is fetched when the browser is idle or the pointer
 * comes over the board; the first press on a handle (pointer down, or Space or Enter on it)
 * renders the board with it and hands the same press to the handle that is now sortable, so the
 * drag goes on as if dnd-kit had been there all along.
 */
import { createContext, type KeyboardEvent, type PointerEvent, useContext } from "react";

export type DragKit = typeof import("./drag-kit");

let kit: DragKit | null = null;
let loading: Promise<DragKit> | null = null;

/** Fetches dnd-kit and the board's drag setup once; later calls share the same promise. */
export function loadDragKit(): Promise<DragKit> {
  loading ??= import("./drag-kit").then((module) => (kit = module));
  return loading;
}

/** The kit when it has already arrived, so a press can switch the board over synchronously. */
export const loadedDragKit = () => kit;

export { isLaneMove, laneMoveId } from "./lane-move-id";

/** The element that carries the drag instructions for screen readers before dnd-kit is there. */
export const DRAG_HELP_ID = "planning-drag-help";

/** A press on a handle before dnd-kit was set up, to hand to the sortable handle afterwards. */
export type Press = { kind: "pointer"; id: string; x: number; y: number; pointerId: number; pointerType: string } | { kind: "key"; id: string; code: string; key: string };

export interface BoardDrag {
  /** dnd-kit, once the board was switched over to it (null: rows are still plain). */
  kit: DragKit | null;
  /** A press on the handle of `id` (a task guid or `move:<lane>`). */
  press: (id: string, event: PointerEvent | KeyboardEvent) => void;
  /** The task being carried: a long lane keeps its row mounted while it is off screen. */
  carried: string | null;
}

export const BoardDragContext = createContext<BoardDrag>({ kit: null, press: () => {}, carried: null });
export const useBoardDrag = () => useContext(BoardDragContext);

/** The press as it was, or null for a press that does not start a drag (another button or key). */
export function pressOf(id: string, event: PointerEvent | KeyboardEvent): Press | null {
  if ("pointerId" in event) {
    if (!event.isPrimary || event.button !== 0) return null;
    return { kind: "pointer", id, x: event.clientX, y: event.clientY, pointerId: event.pointerId, pointerType: event.pointerType };
  }
  if (event.code !== "Space" && event.code !== "Enter") return null;
  event.preventDefault();
  return { kind: "key", id, code: event.code, key: event.key };
}

/** Hands a press to the handle of the same id, now rendered with dnd-kit's listeners. */
export function replay(press: Press) {
  const handle = document.querySelector<HTMLElement>(`[data-drag-id="${CSS.escape(press.id)}"]`);
  if (!handle) return;
  if (press.kind === "pointer") {
    handle.dispatchEvent(
      new window.PointerEvent("pointerdown", { bubbles: true, cancelable: true, clientX: press.x, clientY: press.y, pointerId: press.pointerId, pointerType: press.pointerType, isPrimary: true, button: 0, buttons: 1 }),
    );
  } else {
    handle.focus();
    handle.dispatchEvent(new window.KeyboardEvent("keydown", { bubbles: true, cancelable: true, code: press.code, key: press.key }));
  }
}
