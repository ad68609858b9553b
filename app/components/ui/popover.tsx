/**
 * A button that opens a non-modal panel under it (the notifications list): a click elsewhere or
 * Escape closes it, and Escape gives the focus back to the button. The panel is a dialog named
 * by `label`; for a list of actions use the Menu instead.
 */
import { type ReactNode, useCallback, useRef, useState } from "react";
import { useDismiss } from "../../lib/use-dismiss";

export function Popover({
  label,
  button,
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
        <div className={`card absolute right-0 z-40 mt-2 ${panelClassName}`} role="dialog" aria-label={label} data-testid={panelTestId}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
