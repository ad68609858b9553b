/**
 * A button that opens a non-modal panel under it (the notifications list): a click elsewhere or
 * Escape closes it, and Escape gives the focus back to the button. The panel is a dialog named
 * by `label`; for a list of actions use the Menu instead.
 */
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useDismiss } from "../../lib/use-dismiss";

export function Popover({
  label,
  button,
  align = "right",
  buttonLabel,
  buttonClassName = "",
  buttonTestId,
  panelClassName = "",
  panelTestId,
  children,
}: {
  /** The panel's accessible name. */
  label: string;
  button: ReactNode;
  /** The button's accessible name (what it shows may be only an icon). */
  buttonLabel: string;
  buttonClassName?: string;
  buttonTestId?: string;
  panelClassName?: string;
  panelTestId?: string;
  /** The panel's content; given `close` to shut it from inside. */
  children: (close: () => void) => ReactNode;
  /** Which edge of the button the panel lines up with. */
  align?: "left" | "right";
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(
    open,
    root,
    useCallback(() => {
      // Escape with the focus inside hands it back to the button; a click elsewhere keeps its target.
      if (root.current?.contains(document.activeElement)) trigger.current?.focus();
      setOpen(false);
    }, []),
  );
  return (
    <div className="relative" ref={root}>
      <button ref={trigger} type="button" className={buttonClassName} aria-label={buttonLabel} aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen(!open)} data-testid={buttonTestId}>
        {button}
      </button>
      {open && (
        <div className={`card absolute ${align === "right" ? "right-0" : "left-0"} z-40 mt-2 ${panelClassName}`} role="dialog" aria-label={label} data-testid={panelTestId}>
          {children(close)}
        </div>
      )}
    </div>
  );
}

const WIDTH = 256;

/**
 * A small panel under a trigger the caller owns (a grid's header or row button), drawn in a
 * portal with fixed position so the grid's scroll box does not clip it. Closes on Escape (focus back to the trigger), a click outside, or when
 * the page scrolls or resizes; its first control takes focus on open.
 */
export function AnchoredPopover({ open, onClose, anchor, children, label, align = "start", testId }: {
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
