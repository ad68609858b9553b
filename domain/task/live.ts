/**
 * Whether a live message of the project room concerns what a task's page shows: the task
 * itself (changed or deleted), its comments, a task it names (a subtask's status, its epic's
 * title, a linked task) or the sprints. Anything else is left alone (no refetch).
 */
export type LiveMessage = { type: "tasks_changed"; tasks: readonly string[] } | { type: "comments_changed"; task: string } | { type: "sprints_changed" } | { type: "views_changed" };

export function concernsTask(message: LiveMessage, task: string, related: readonly string[]): boolean {
  if (message.type === "comments_changed") return message.task === task;
  if (message.type === "sprints_changed") return true;
  // The views mapping shapes boards, not the task page.
  if (message.type === "views_changed") return false;
  return message.tasks.some((t) => t === task || related.includes(t));
}
