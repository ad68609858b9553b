/**
 * One task on the roadmap: a bar over its days (or a one-day marker). Dragging the bar moves
 * both dates, dragging an edge moves one of them; with the bar focused, arrow keys move it by
 * a day, Shift+arrows move its end and Shift+Alt+arrows its start. What a gesture means is
 * decided by domain/planning/roadmap.ts; this file only turns pointer and key events into it.
 */
import { type KeyboardEvent, type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Day, type Span, type Zoom, barGeometry, daysFromPixels, formatDay, moveSpan, resizeSpan } from "../../../domain/planning/roadmap";

export interface RoadmapItem {
  guid: string;
  number: number;
  title: string;
  /** The colour of the task's status (or of its type, for epics); null for none. */
  color: string | null;
  isEpic: boolean;
  start: unknown;
  end: unknown;
  epic: string | null;
  sprint: string | null;
}

type Mode = "move" | "start" | "end";
export type ChangeVia = "pointer" | "key";

/** Pixels a pointer must travel before a press becomes a drag (a shorter one is a click). */
const DRAG_THRESHOLD = 4;
/** About how wide a character of the bar's title is (12 px text), to tell whether it fits inside. */
const CHAR_WIDTH = 7;

function apply(span: Span, mode: Mode, days: number): Span {
  return mode === "move" ? moveSpan(span, days) : resizeSpan(span, mode, days);
}

export function RoadmapBar({
  item,
  span,
  marker,
  origin,
  last,
  zoom,
  canWrite,
  hintId,
  href,
  describe,
  onChange,
}: {
  item: RoadmapItem;
  span: Span;
  marker: boolean;
  origin: Day;
  /** The timeline's last day. */
  last: Day;
  zoom: Zoom;
  canWrite: boolean;
  /** Id of the element explaining the keys. */
  hintId: string;
  href: string;
  /** "Mar 2 – Mar 6" for a span, in the reader's language. */
  describe: (span: Span) => string;
  onChange: (item: RoadmapItem, span: Span, via: ChangeVia) => void;
}) {
  const { t } = useTranslation("views");
  const [preview, setPreview] = useState<Span | null>(null);
  const drag = useRef<{ mode: Mode; x: number; base: Span; moved: boolean; days: number } | null>(null);
  const swallowClick = useRef(false);
  const element = useRef<HTMLDivElement>(null);
  const detach = useRef<(() => void) | null>(null);
  useEffect(() => () => detach.current?.(), []);

  const shown = preview ?? span;
  const { left, width } = barGeometry(shown, origin, zoom);
  // A title that does not fit inside its bar is written beside it.
  const titleInside = !marker && width >= item.title.length * CHAR_WIDTH + 28;

  const begin = (mode: Mode) => (event: ReactPointerEvent) => {
    if (!canWrite || event.button !== 0 || drag.current) return;
    // No text selection or native link drag while the pointer is down; focus the bar ourselves.
    event.preventDefault();
    event.stopPropagation();
    element.current?.focus({ preventScroll: true });
    drag.current = { mode, x: event.clientX, base: span, moved: false, days: 0 };
    const move = (e: PointerEvent) => {
      const state = drag.current;
      if (!state) return;
      const dx = e.clientX - state.x;
      if (!state.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
      state.moved = true;
      state.days = daysFromPixels(dx, zoom);
      setPreview(apply(state.base, state.mode, state.days));
    };
    const end = (commit: boolean) => () => {
      const state = drag.current;
      detach.current?.();
      drag.current = null;
      setPreview(null);
      if (!state?.moved) return;
      // The press was a drag: the click that follows must not open the task.
      swallowClick.current = true;
      setTimeout(() => (swallowClick.current = false), 0);
      const next = apply(state.base, state.mode, state.days);
      if (commit && (next.start !== state.base.start || next.end !== state.base.end)) onChange(item, next, "pointer");
    };
    const up = end(true);
    const cancel = end(false);
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
    detach.current = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      detach.current = null;
    };
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!canWrite || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    const days = event.key === "ArrowRight" ? 1 : -1;
    const next = event.shiftKey ? resizeSpan(span, event.altKey ? "start" : "end", days) : moveSpan(span, days);
    if (next.start !== span.start || next.end !== span.end) onChange(item, next, "key");
  };

  const label = t("roadmap.bar", { title: item.title, dates: describe(shown) });
  const color = item.color ?? "var(--primary)";
  const title = (
    <Link
      to={href}
      tabIndex={-1}
      draggable={false}
      className={`truncate text-xs font-medium hover:underline ${titleInside ? "" : "absolute top-1/2 -translate-y-1/2 whitespace-nowrap"}`}
      style={titleInside ? undefined : { left: (marker ? 16 : width) + 6 }}
      // A title cut off inside a short bar is still read in full on hover.
      title={item.title}
      data-testid="roadmap-bar-title"
    >
      {item.title}
    </Link>
  );
  return (
    <div
      ref={element}
      role={canWrite ? "slider" : undefined}
      tabIndex={canWrite ? 0 : undefined}
      aria-label={canWrite ? label : undefined}
      aria-valuetext={canWrite ? describe(shown) : undefined}
      aria-valuenow={canWrite ? shown.start : undefined}
      aria-valuemin={canWrite ? Math.min(origin, shown.start) : undefined}
      aria-valuemax={canWrite ? Math.max(last, shown.start) : undefined}
      aria-describedby={canWrite ? hintId : undefined}
      onKeyDown={onKeyDown}
      onPointerDown={begin("move")}
      onClickCapture={(e) => {
        if (swallowClick.current) {
          e.preventDefault();
          e.stopPropagation();
        }
      }}
      className={`group absolute top-1.5 flex h-6 items-center rounded-md outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)] focus-visible:ring-offset-1 ${canWrite ? "cursor-grab touch-none" : ""} ${preview ? "z-10 cursor-grabbing shadow-lg" : ""}`}
      style={
        marker
          ? { left: left + width / 2 - 8, width: 16 }
          : {
              left,
              width,
              background: `color-mix(in srgb, ${color} 22%, var(--surface))`,
              borderLeft: `3px solid ${color}`,
            }
      }
      data-testid="roadmap-bar"
      data-guid={item.guid}
      data-title={item.title}
      data-start={formatDay(shown.start)}
      data-end={formatDay(shown.end)}
      data-marker={marker}
    >
      {marker ? (
        <span className="mx-auto block h-3 w-3 rotate-45 rounded-[2px]" style={{ background: color }} aria-hidden="true" />
      ) : (
        <span className="min-w-0 flex-1 overflow-hidden px-2">{titleInside && title}</span>
      )}
      {!titleInside && title}
      {canWrite && !marker && (
        <>
          <span onPointerDown={begin("start")} className="absolute inset-y-0 -left-1 w-2.5 cursor-ew-resize rounded-l-md group-hover:bg-[color-mix(in_srgb,var(--text)_18%,transparent)]" aria-hidden="true" data-testid="roadmap-bar-start" />
          <span onPointerDown={begin("end")} className="absolute inset-y-0 -right-1 w-2.5 cursor-ew-resize rounded-r-md group-hover:bg-[color-mix(in_srgb,var(--text)_18%,transparent)]" aria-hidden="true" data-testid="roadmap-bar-end" />
        </>
      )}
      {preview && (
        <span className="pointer-events-none absolute -top-6 left-0 whitespace-nowrap rounded bg-[var(--text)] px-1.5 py-0.5 text-[11px] text-[var(--bg)]" data-testid="roadmap-bar-preview">
          {describe(preview)}
        </span>
      )}
    </div>
  );
}
