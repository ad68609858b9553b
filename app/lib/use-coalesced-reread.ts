/**
 * Reads the page's data again for changes other people made (the project's socket): one read at
 * a time. A notice that comes while a read is under way asks for one more read once that one is
 * done, however many come meanwhile. Before, each notice started a read that cancelled the last:
 * a teammate's burst of ten changes was ten whole-board reads on the server (React Router's abort
 * stops only the browser's wait, not the loader), and the board showed none of them until the
 * burst was over (issue 17).
 *
 * One's own writes still read the page through `revalidate` itself: a read taken before the
 * write must be cancelled, not shown (planning-board.tsx).
 */
import { useCallback, useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

export function useCoalescedReread(): () => void {
  const { revalidate, state } = useRevalidator();
  const now = useRef({ revalidate, state, again: false });
  now.current.revalidate = revalidate;
  now.current.state = state;
  // After every render: a read asked for meanwhile starts once the last one is over.
  useEffect(() => {
    const current = now.current;
    if (current.state !== "idle" || !current.again) return;
    current.again = false;
    current.state = "loading";
    void current.revalidate();
  });
  return useCallback(() => {
    const current = now.current;
    if (current.state !== "idle") {
      current.again = true;
      return;
    }
    // Loading from here on, before React renders the revalidator's new state.
    current.state = "loading";
    void current.revalidate();
  }, []);
}
