/** Closes an open popover when the user presses Escape or clicks outside `panel`. */
import { type RefObject, useEffect } from "react";

export function useDismiss(open: boolean, panel: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => panel.current && !panel.current.contains(e.target as Node) && close();
    const escape = (e: KeyboardEvent) => e.key === "Escape" && close();
    document.addEventListener("mousedown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("mousedown", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [open, panel, close]);
}
