/**
 * The app's menu button: a button that opens a list of actions, closed by choosing one, by
 * Escape (focus returns to the button), by a click elsewhere or by scrolling. Arrow keys, Home
 * and End move among the items (the WAI-ARIA menu button pattern); the first item takes the focus.
 * The list is drawn in a portal at a fixed place under the button, so the tree's scroll box
 * cannot clip it.
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { moveFocus } from "./roving";

export interface MenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  onSelect: () => void;
  testId?: string;
}

export function Menu({
  label,
  button,
  sections,
  align = "right",
  buttonClassName = "",
  testId,
}: {
  /** The accessible name of the button. */
  label: string;
  button: ReactNode;
  /** Groups of items, drawn with a line between them; a group may carry a heading. */
  sections: { heading?: string; items: MenuItem[] }[];
  align?: "left" | "right";
  buttonClassName?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  // Placed before paint: under the button, kept inside the window.
  useLayoutEffect(() => {
    if (!open || !trigger.current) return setPlace(null);
    const button = trigger.current.getBoundingClientRect();
    const width = list.current?.offsetWidth ?? 224;
    const height = list.current?.offsetHeight ?? 0;
    const left = align === "right" ? button.right - width : button.left;
    const below = button.bottom + 4;
    const top = below + height > window.innerHeight - 8 && button.top - height - 4 > 8 ? button.top - height - 4 : below;
    setPlace({ top, left: Math.max(8, Math.min(left, window.innerWidth - width - 8)) });
  }, [open, align]);

  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) => target instanceof Node && (list.current?.contains(target) || trigger.current?.contains(target));
    const away = (e: PointerEvent) => !inside(e.target) && setOpen(false);
    const scrolled = (e: Event) => !inside(e.target) && setOpen(false);
    document.addEventListener("pointerdown", away);
    window.addEventListener("scroll", scrolled, true);
    window.addEventListener("resize", scrolled);
    return () => {
      document.removeEventListener("pointerdown", away);
      window.removeEventListener("scroll", scrolled, true);
      window.removeEventListener("resize", scrolled);
    };
  }, [open]);

  // Focus the first item, so the keyboard can go on from there: once the list is placed (a list
  // still hidden while it is measured cannot take the focus).
  const placed = place !== null;
  useEffect(() => {
    if (open && placed) list.current?.querySelector<HTMLButtonElement>("[role=menuitem]")?.focus();
  }, [open, placed]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      setOpen(false);
      trigger.current?.focus();
      return;
    }
    if (!open) return;
    const items = [...(list.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]") ?? [])];
    if (moveFocus(e.key, items, "vertical")) e.preventDefault();
  };

  return (
    <div className="relative" onKeyDown={onKeyDown}>
      <button ref={trigger} type="button" className={buttonClassName} aria-label={label} title={label} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} data-testid={testId}>
        {button}
      </button>
      {open &&
        createPortal(
          // Keys pressed in the portal still bubble through React's tree to the handler above.
          <div
            ref={list}
            role="menu"
            aria-label={label}
            className="card fixed z-50 w-56 p-1 text-sm shadow-lg"
            style={place ? { top: place.top, left: place.left } : { top: 0, left: 0, visibility: "hidden" }}
          >
            {sections.map((section, i) => (
              <div key={section.heading ?? i} role="group" aria-label={section.heading} className={i > 0 ? "mt-1 border-t border-[var(--border)] pt-1" : ""}>
                {section.heading && <p className="muted px-3 pt-1.5 pb-1 text-xs font-semibold break-words">{section.heading}</p>}
                {section.items.map((item) => (
                  <button
                    key={item.key}
                    type="button"
                    role="menuitem"
                    className={`flex w-full items-center gap-2 rounded-md px-3 py-1.5 text-left hover:bg-[var(--surface-2)] focus-visible:bg-[var(--surface-2)] focus-visible:outline-none ${item.danger ? "text-[var(--danger)]" : ""}`}
                    onClick={() => {
                      setOpen(false);
                      item.onSelect();
                    }}
                    data-testid={item.testId}
                  >
                    {item.icon}
                    {item.label}
                  </button>
                ))}
              </div>
            ))}
          </div>,
          document.body,
        )}
    </div>
  );
}
