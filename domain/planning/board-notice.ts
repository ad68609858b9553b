/**
 * What an open task board (`/project/{guid}/taskboard`, any of its four views) does with another
 * person's change heard on the project's socket (issue 17). The board's data are its tasks, their
 * lanes and what its lines show; the task open over it (the modal) also shows that task's
 * comments, links and activity, which only a read of the page brings.
 * - `page`: read the whole page now (the open task changed, or someone commented on it);
 * - `board`: hand the notice to the live board, which places a few named tasks from a read of
 *   them alone and reads the whole board for anything else (`use-live-board.ts`);
 * - `none`: nothing the board shows changed (a comment on a task that is not open: no card
 *   shows comments), so nothing is read.
 */
import type { LiveMessage } from "../task/live";

export type BoardNoticeAction = "page" | "board" | "none";

export function boardNoticeAction(message: LiveMessage, openTask: string | null): BoardNoticeAction {
  if (message.type === "comments_changed") return message.task === openTask ? "page" : "none";
  if (message.type === "tasks_changed" && openTask !== null && message.tasks.includes(openTask)) return "page";
  return "board";
}
