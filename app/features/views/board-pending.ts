/**
 * One's own writes on the task board and the table: shown at once as pending edits over the
 * server's tasks (domain/planning/optimistic), sent one after another, dropped when the server
 * refuses them (the task goes back where it was, the shell shows the error). The socket does not
 * echo one's own changes, and a confirmed edit must give way to the server's state once the board
 * shows it: a value's answer, and a move's tasks as the server now holds them, are put on the
 * board (`saved`, use-live-board.ts); the board is read again (`refresh`) only when that cannot
 * be known (a move whose order was refused after its value was written).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { afterMove } from "../../../domain/planning/columns";
import { PENDING_GRACE_MS, type PendingEdit, applyPending, prunePending } from "../../../domain/planning/optimistic";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import { useSerial } from "../../lib/use-serial";
import { useApi } from "../shell/errors";

type NewEdit = Omit<PendingEdit, "id" | "settledAt">;

export function usePendingTasks(projectGuid: string, serverTasks: readonly BoardTaskView[], refresh: () => void, saved: (tasks: readonly BoardTaskView[]) => void) {
  const api = useApi();
  const serial = useSerial();
  const [edits, setEdits] = useState<PendingEdit[]>([]);
  const nextId = useRef(1);
  const latest = useRef(serverTasks);
  latest.current = serverTasks;
  // The route hands a new function on every render; the writers below should stay the same.
  const reread = useRef(refresh);
  reread.current = refresh;
  const took = useRef(saved);
  took.current = saved;

  // A fresh read from the server replaces what it already shows.
  useEffect(() => setEdits((e) => (e.length === 0 ? e : prunePending(e, serverTasks, Date.now()))), [serverTasks]);
  // Confirmed edits that the reads since have not shown expire: the server is the truth again.
  useEffect(() => {
    if (!edits.some((e) => e.settledAt !== null)) return;
    const timer = setTimeout(() => setEdits((e) => prunePending(e, latest.current, Date.now())), PENDING_GRACE_MS + 100);
    return () => clearTimeout(timer);
  }, [edits]);

  const tasks = useMemo(() => applyPending(serverTasks, edits), [serverTasks, edits]);

  const begin = useCallback((list: NewEdit[]) => {
    const made = list.map((e) => ({ ...e, id: nextId.current++, settledAt: null }));
    setEdits((current) => [...current, ...made]);
    return made.map((e) => e.id);
  }, []);
  const settle = useCallback((ids: number[]) => setEdits((e) => e.map((x) => (ids.includes(x.id) ? { ...x, settledAt: Date.now() } : x))), []);
  const drop = useCallback((ids: number[]) => setEdits((e) => e.filter((x) => !ids.includes(x.id))), []);

  /** Sets one field of one task. Resolves to whether the server took it. */
  const setValue = useCallback(
    async (task: string, field: string, value: unknown) => {
      const ids = begin([{ task, values: { [field]: value } }]);
      const result = await serial(() => api<BoardTaskView>("PUT", `/v1/project/${projectGuid}/issue/${task}`, { custom_fields: [{ guid: field, value }] }));
      if (result.error) drop(ids);
      else {
        settle(ids);
        // The task as the server answered it, not a read of the whole board.
        took.current([result.data!]);
      }
      return !result.error;
    },
    [api, begin, drop, projectGuid, serial, settle],
  );

  /**
   * A card move: the moved card's new column value (when it crossed columns) and the new
   * positions. The value goes first: when the workflow refuses it, no position was written and
   * the whole move is undone. Once taken, the moved tasks go on the board as the server now
   * holds them (`afterMove`), without a read of the board.
   */
  const moveCards = useCallback(
    async (move: { task: string; field: string; value: string | undefined; positions: { guid: string; sort: number; position: number }[] }) => {
      const positionIds = begin(move.positions.map((p) => ({ task: p.guid, position: p.position })));
      const valueIds = move.value !== undefined ? begin([{ task: move.task, values: { [move.field]: move.value } }]) : [];
      const outcome = await serial(async () => {
        let written: BoardTaskView | null = null;
        if (move.value !== undefined) {
          const put = await api<BoardTaskView>("PUT", `/v1/project/${projectGuid}/issue/${move.task}`, { custom_fields: [{ guid: move.field, value: move.value }] });
          if (put.error) return { kind: "refused" as const, written };
          written = put.data!;
        }
        if (move.positions.length === 0) return { kind: "saved" as const, written };
        const patch = await api("PATCH", `/v1/project/${projectGuid}/issue`, move.positions);
        return { kind: patch.error ? ("order_lost" as const) : ("saved" as const), written };
      });
      if (outcome.kind === "refused") {
        drop([...positionIds, ...valueIds]);
        return false;
      }
      if (outcome.kind === "order_lost") {
        // The value was written, the order was not: keep the one, let the server's order show.
        settle(valueIds);
        drop(positionIds);
        reread.current();
        return false;
      }
      settle([...positionIds, ...valueIds]);
      const held = afterMove(new Map(latest.current.map((task) => [task.guid, task])), move.positions, outcome.written);
      if (held) took.current(held);
      else reread.current();
      return true;
    },
    [api, begin, drop, projectGuid, serial, settle],
  );

  return { tasks, setValue, moveCards, pending: edits.length };
}
