import { useEffect, useState } from "react";
import type * as Y from "yjs";
import { readTable, tableArrays, type TableSnapshot } from "../../../../domain/docs/table";

/**
 * The table's current grid, read again after every change of the Y.Doc (local or remote).
 * Reads are batched to one per task: a burst of transactions (a remote sync) redraws once.
 */
export function useTable(ydoc: Y.Doc): TableSnapshot {
  const [snapshot, setSnapshot] = useState(() => readTable(ydoc));
  useEffect(() => {
    const { columns, rows } = tableArrays(ydoc);
    let queued = false;
    let live = true;
    const read = () => {
      queued = false;
      if (live) setSnapshot(readTable(ydoc));
    };
    const changed = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(read);
    };
    columns.observeDeep(changed);
    rows.observeDeep(changed);
    read();
    return () => {
      columns.unobserveDeep(changed);
      rows.unobserveDeep(changed);
      live = false;
    };
  }, [ydoc]);
  return snapshot;
}
