/** Loader glue of the fields settings: the viewer, then the one page service. */
import type { Env } from "../../../workers/env";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { fieldSettingsPage } from "../../../workers/services/pages/project";
import { signedInViewer } from "../projects/project-data.server";

/** The project's fields and the field types for a root; `allowed: false` for anyone else. */
export async function loadFieldSettings(request: Request, env: Env, projectId: string) {
  const viewer = await signedInViewer(request, env);
  return fieldSettingsPage(env, viewer.guid, projectId, i18nFor(languageOf(request)).t);
}
