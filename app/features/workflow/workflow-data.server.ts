/** Loader glue of the workflow settings: the viewer, then the one page service. */
import type { Env } from "../../../workers/env";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { workflowSettingsPage } from "../../../workers/services/pages/project";
import { signedInViewer } from "../projects/project-data.server";

/** The project's workflows and the fields that can carry one, for a root; `allowed: false` for anyone else. */
export async function loadWorkflowSettings(request: Request, env: Env, projectId: string) {
  const viewer = await signedInViewer(request, env);
  return workflowSettingsPage(env, viewer.guid, projectId, i18nFor(languageOf(request)).t);
}
