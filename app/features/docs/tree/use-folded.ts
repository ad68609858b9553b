/**
 * Which documents a viewer has folded in a project's tree, remembered in this browser's local
 * storage under a key of the viewer and the project. Read after the first render, so the
 * server's render and hydration agree; `ready` says when the stored choice is in.
 */
import { useCallback, useEffect, useState } from "react";

export function useFolded(viewerGuid: string, projectGuid: string) {
  const key = `docs.folded.${viewerGuid}.${projectGuid}`;
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let stored: string[] = [];
    try {
      const raw: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
      if (Array.isArray(raw)) stored = raw.filter((g): g is string => typeof g === "string");
    } catch {
      // Damaged or unavailable storage: nothing folded.
    }
    setFolded(new Set(stored));
    setReady(true);
  }, [key]);
  /** Replaces the folded set; `known` drops guids of documents that no longer exist from storage. */
  const update = useCallback(
    (next: ReadonlySet<string>, known?: ReadonlySet<string>) => {
      const kept = known ? new Set([...next].filter((g) => known.has(g))) : next;
      setFolded(kept);
      try {
        localStorage.setItem(key, JSON.stringify([...kept]));
      } catch {
        // Private mode or a full quota: the folds last for this page only.
      }
    },
    [key],
  );
  return { folded, update, ready };
}
