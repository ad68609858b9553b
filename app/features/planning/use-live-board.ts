/**
 * The board a task board page shows: its loader's, with other people's changes to a few tasks
 * placed on it (issue 17). A notice that names at most `PATCH_TASKS_MAX` tasks reads those tasks
 * alone (`GET /issues?guids=`) and places them by the server's rules (`board-patch.ts`); any
 * other notice, and any change the patch cannot place alone (the pace of completed sprints),
 * reads the whole page, one read at a time (`useCoalescedReread`). Before, every notice read the
 * whole page: on a 5,000-task board some 600 KB and 110 ms of the Worker for each watcher.
 *
 * One read of tasks at a time, and each is only placed on the board it was asked from: when the
 * page's data was read again meanwhile, or one's own edit of a task was answered meanwhile (the
 * tasks' read may predate it), the whole page is read instead.
 *
 * One's own edits that the planning board keeps without a read (`kept`) are remembered, so a
 * later patch, built from the loader's board, does not put their old values back. One's own new
 * tasks, and the other views' edits and moves, are put on the board as the server answered them
 * (`saved`).
 */
import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { PATCH_TASKS_MAX, type PlacingFields, patchBoard } from "../../../domain/planning/board-patch";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import type { BoardPageView } from "../../../workers/services/board";
import { useCoalescedReread } from "../../lib/use-coalesced-reread";
import { useReadUnderWay } from "../../lib/use-read-under-way";
import { useApi } from "../shell/errors";
import type { BoardMessage } from "./use-project-live";

/** The board's narrow shape of a task the API answered with (`TaskView`). */
const boardTask = ({ guid, number, sort, position, custom_fields }: BoardTaskView): BoardTaskView => ({ guid, number, sort, position, custom_fields });

export function useLiveBoard(projectGuid: string, loaded: BoardPageView, fields: PlacingFields) {
  const api = useApi();
  const reread = useCoalescedReread();
  const reading = useReadUnderWay();
  const { revalidate: revalidateNow } = useRevalidator();
  const revalidate = useRef(revalidateNow);
  revalidate.current = revalidateNow;
  const [patched, setPatched] = useState<{ base: BoardPageView; board: BoardPageView } | null>(null);
  const board = patched?.base === loaded ? patched.board : loaded;
  const now = useRef({ loaded, board, fields });
  now.current = { loaded, board, fields };
  /** Tasks named by notices and not read yet; whether a read is under way and what became of it. */
  const queue = useRef({ asked: new Set<string>(), busy: false, spoiled: null as null | "whole-read-asked" | "own-edit" });
  /** One's own edits kept without a read, on the loader's board they were made over. */
  const own = useRef<{ base: BoardPageView; tasks: Map<string, BoardTaskView> } | null>(null);

  /** `over` with one's own remembered edits (none once the loader's board is another). */
  const withOwn = useCallback((over: BoardPageView): BoardPageView | null => {
    const mine = own.current;
    if (!mine || mine.base !== now.current.loaded || mine.tasks.size === 0) return over;
    return patchBoard(over, [...mine.tasks.keys()], [...mine.tasks.values()], now.current.fields);
  }, []);

  const pump = useCallback(async () => {
    const q = queue.current;
    if (q.busy || q.asked.size === 0) return;
    const asked = [...q.asked];
    q.asked.clear();
    q.busy = true;
    q.spoiled = null;
    const base = now.current.loaded;
    const answer = await api<BoardTaskView[]>("GET", `/v1/project/${projectGuid}/issues?guids=${asked.join(",")}`, undefined, { quiet: true });
    q.busy = false;
    if (q.spoiled !== "whole-read-asked") {
      const current = now.current;
      const over = !answer.error && q.spoiled === null && current.loaded === base ? withOwn(current.board) : null;
      const next = over && patchBoard(over, asked, answer.data!.map(boardTask), current.fields);
      if (next) {
        current.board = next;
        if (own.current) own.current.tasks.clear();
        setPatched({ base, board: next });
      } else reread();
    }
    void pump();
  }, [api, projectGuid, reread, withOwn]);

  /** Another person's change, heard on the project's socket. */
  const onNotice = useCallback(
    (message: BoardMessage) => {
      const q = queue.current;
      if (message.type === "tasks_changed" && message.tasks.length > 0 && q.asked.size + message.tasks.length <= PATCH_TASKS_MAX) {
        for (const guid of message.tasks) q.asked.add(guid);
        void pump();
        return;
      }
      // The whole page is read after this: what was still to be read alone is in it.
      q.asked.clear();
      if (q.busy) q.spoiled = "whole-read-asked";
      reread();
    },
    [pump, reread],
  );

  /** One's own edit of a task, answered by the server and kept by the planning board without reading the page. */
  const kept = useCallback((task: BoardTaskView) => {
    const base = now.current.loaded;
    if (own.current?.base !== base) own.current = { base, tasks: new Map() };
    own.current.tasks.set(task.guid, boardTask(task));
    if (queue.current.busy && queue.current.spoiled === null) queue.current.spoiled = "own-edit";
  }, []);

  /**
   * One's own edit, move or new task as the server answered it, put on the board now. The page is
   * read instead when the change may reach beyond the cards (the pace), and read anew, cancelling
   * the read under way, when one was under way (taken before the change, it would show the old
   * values).
   */
  const saved = useCallback(
    (tasks: readonly BoardTaskView[]) => {
      const q = queue.current;
      if (q.busy && q.spoiled === null) q.spoiled = "own-edit";
      if (reading.current) return void revalidate.current();
      const current = now.current;
      const over = withOwn(current.board);
      const next = over && patchBoard(over, tasks.map((task) => task.guid), tasks.map(boardTask), current.fields);
      if (!next) return reread();
      current.board = next;
      own.current?.tasks.clear();
      setPatched({ base: current.loaded, board: next });
    },
    [reread, withOwn],
  );

  return { board, onNotice, reread, kept, saved };
}
