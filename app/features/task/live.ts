import type { ProjectMessage } from "../../../durable-objects/project-room/protocol";
import type { TaskData } from "./types";

/**
 * Whether a live message concerns what a task's page shows: the task itself (changed or
 * deleted), its comments, a task it names (a subtask's status, its epic's title) or sprints.
 */
export function concernsTask(data: TaskData, message: ProjectMessage, guid: string): boolean {
  if (message.type === "comments_changed") return message.task === guid;
  if (message.type === "sprints_changed") return data.state === "ok";
  const related = new Set(data.state === "ok" ? data.related.map((r) => r.guid) : []);
  return message.tasks.some((t) => t === guid || related.has(t));
}
