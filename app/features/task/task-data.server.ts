/** Loader glue of one task (the task page and the task modal over the taskboard): the viewer, then the one page service. */
import type { Env } from "../../../workers/env";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { taskPage } from "../../../workers/services/pages/task";
import { signedInViewer } from "../projects/project-data.server";
import type { TaskData } from "./types";

/** The task of `taskId` as the viewer may see it: no access, not found, or everything the task page shows. */
export async function loadTask(request: Request, env: Env, projectId: string, taskId: string): Promise<TaskData> {
  const viewer = await signedInViewer(request, env);
  return taskPage(env, viewer.guid, projectId, taskId, i18nFor(languageOf(request)).t);
}
