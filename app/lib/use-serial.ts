import { useCallback, useRef } from "react";

/**
 * Runs the given tasks one after another, each starting when the previous one has settled.
 * Changes to one record must reach the server in the order they were made, and their answers
 * (each the record's whole new state) must apply in that order too, or a late answer undoes a
 * newer change.
 */
export function useSerial() {
  const last = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback(<T,>(task: () => Promise<T>): Promise<T> => {
    const run = last.current.then(task, task);
    last.current = run.catch(() => undefined);
    return run;
  }, []);
}
