/**
 * Completing a sprint (Jira's "complete sprint"): the finished tasks stay with the completed
 * sprint as its record; the unfinished ones move on, to a chosen sprint or the backlog, and join
 * the end of that lane in their present order.
 */
export interface SprintTask {
  guid: string;
  sort: number;
  /** Option guid of the task's status, or null when it has none. */
  status: string | null;
}

/** A task is finished when its status is one of the "done" options; no status means not finished. */
export const isFinished = (task: Pick<SprintTask, "status">, doneStatuses: ReadonlySet<string>) => task.status !== null && doneStatuses.has(task.status);

/**
 * The unfinished tasks of the sprint with the sort numbers they take at the end of the target
 * lane (after `lastSortInTarget`), keeping their order relative to each other.
 */
export function carryOver(tasks: readonly SprintTask[], doneStatuses: ReadonlySet<string>, lastSortInTarget: number): { guid: string; sort: number }[] {
  return tasks
    .filter((t) => !isFinished(t, doneStatuses))
    .sort((a, b) => a.sort - b.sort)
    .map((t, i) => ({ guid: t.guid, sort: lastSortInTarget + 1 + i }));
}
