/**
 * A viewer's choices on the task board and the table (column field, sprint, swimlanes, hidden
 * columns), remembered per project in local storage. Read after the first render, so the
 * server's render and hydration agree.
 */
import { useCallback, useEffect, useState } from "react";

export function useStoredChoice<T>(key: string, initial: T, parse: (raw: unknown) => T | undefined): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    try {
      const raw = localStorage.getItem(key);
      const parsed = raw === null ? undefined : parse(JSON.parse(raw));
      setValue(parsed === undefined ? initial : parsed);
    } catch {
      // Damaged or unavailable storage: keep the default.
    }
    // `initial` and `parse` are defaults, not inputs to react to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const set = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Private mode or a full quota: the choice lasts for this page only.
      }
    },
    [key],
  );
  return [value, set];
}

/** Parsers for stored choices: anything of another shape reads as "nothing stored". */
export const asString = (raw: unknown) => (typeof raw === "string" ? raw : undefined);
export const asFlags = (raw: unknown) =>
  raw && typeof raw === "object" && !Array.isArray(raw) && Object.values(raw).every((v) => typeof v === "boolean") ? (raw as Record<string, boolean>) : undefined;
