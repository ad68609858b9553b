/**
 * Tells the project's open pages what the caller just changed (after the write succeeded, so a
 * page that refetches on the message sees it).
 */
import type { Context } from "hono";
import { publishToProject } from "../../services/live";
import type { ProjectEnv } from "../project-access";

/** The room's protocol carries at most this many task guids per message. */
const MAX_TASKS = 5000;

export const tasksChanged = (c: Context<ProjectEnv>, tasks: string[]) =>
  publishToProject(c.env, c.get("project").id, { type: "tasks_changed", project: c.get("project").id, tasks: [...new Set(tasks)].slice(0, MAX_TASKS), by: c.get("user")!.id, at: Date.now() });

export const sprintsChanged = (c: Context<ProjectEnv>) =>
  publishToProject(c.env, c.get("project").id, { type: "sprints_changed", project: c.get("project").id, by: c.get("user")!.id, at: Date.now() });
