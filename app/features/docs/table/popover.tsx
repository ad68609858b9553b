import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";

const WIDTH = 256;

/**
 * A small panel under its trigger, drawn in a portal with fixed position so the grid's scroll
 * box does not clip it. Closes on Escape (focus back to the trigger), a click outside, or when
 * the page scrolls or resizes; its first control takes focus on open.
 */
export function Popover({ open, onClose, anchor, children, label, align = "start", testId }: {
  open: boolean;
  onClose: () => void;
  anchor: React.RefObject<HTMLElement | null>;
  children: ReactNode;
  label: string;
  align?: "start" | "end";
  testId?: string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    if (!open || !anchor.current) {
      setPlace(null);
      return;
    }
    const box = anchor.current.getBoundingClientRect();
    const left = align === "start" ? box.left : box.right - WIDTH;
    setPlace({ top: box.bottom + 4, left: Math.max(8, Math.min(left, window.innerWidth - WIDTH - 8)) });
  }, [open, anchor, align]);

  useEffect(() => {
    if (!open || !place) return;
    const first = panel.current?.querySelector<HTMLElement>("input, select, button");
    first?.focus();
    const onDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || anchor.current?.contains(target)) return;
      onClose();
    };
    const onMove = (event: Event) => {
      if (event.target instanceof Node && panel.current?.contains(event.target)) return;
      onClose();
    };
    document.addEventListener("pointerdown", onDown);
    window.addEventListener("scroll", onMove, true);
    window.addEventListener("resize", onMove);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      window.removeEventListener("scroll", onMove, true);
      window.removeEventListener("resize", onMove);
    };
  }, [open, place !== null, onClose, anchor]);

  if (!open || !place) return null;
  return createPortal(
    <div
      ref={panel}
      role="dialog"
      aria-label={label}
      data-testid={testId}
      className="card fixed z-50 flex flex-col gap-2 p-3 text-left text-sm font-normal"
      style={{ top: place.top, left: place.left, width: WIDTH, color: "var(--text)" }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
          anchor.current?.focus();
        }
      }}
    >
      {children}
    </div>,
    document.body,
  );
}

/** A full-width action inside a popover. */
export function MenuAction({ onClick, children, danger, testId }: { onClick: () => void; children: ReactNode; danger?: boolean; testId?: string }) {
  return (
    <button
      type="button"
      className="btn btn-ghost justify-start"
      style={{ padding: "0.4rem 0.6rem", fontWeight: 500, color: danger ? "var(--danger)" : undefined }}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
