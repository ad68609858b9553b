import { useEffect, useState } from "react";
import type { AwarenessLike } from "../kinds/frame";

export interface Peer {
  name: string;
  color: string;
}

/**
 * The collaborative side of the grid: the other people's active cells, read from awareness
 * (keyed "rowId:colId"), and this client's own active cell published to them.
 */
export function usePeers(awareness: AwarenessLike | null, activeRowId: string | undefined, activeColId: string | undefined): Map<string, Peer[]> {
  const [peers, setPeers] = useState<Map<string, Peer[]>>(new Map());
  useEffect(() => {
    if (!awareness) return;
    const read = () => {
      const next = new Map<string, Peer[]>();
      awareness.getStates().forEach((state, clientId) => {
        if (clientId === awareness.clientID) return;
        const cell = state.cell as { row?: unknown; col?: unknown } | undefined;
        const user = state.user as { name?: unknown; color?: unknown } | undefined;
        // Readers of a shared link have no name and are not shown.
        if (!cell || typeof cell.row !== "string" || typeof cell.col !== "string" || typeof user?.name !== "string" || !user.name) return;
        const key = `${cell.row}:${cell.col}`;
        const peer = { name: user.name, color: typeof user?.color === "string" ? user.color : "#6366f1" };
        next.set(key, [...(next.get(key) ?? []), peer]);
      });
      setPeers(next);
    };
    awareness.on("change", read);
    read();
    return () => awareness.off("change", read);
  }, [awareness]);
  useEffect(() => {
    awareness?.setLocalStateField("cell", activeRowId && activeColId ? { row: activeRowId, col: activeColId } : null);
  }, [awareness, activeRowId, activeColId]);
  return peers;
}
