/** Loader glue of the views tab: the viewer, then the one page service (root only). */
import type { Env } from "../../../workers/env";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { mappingSettingsPage } from "../../../workers/services/pages/project";
import { signedInViewer } from "../projects/project-data.server";

export async function loadMappingSettings(request: Request, env: Env, projectId: string) {
  const viewer = await signedInViewer(request, env);
  return mappingSettingsPage(env, viewer.guid, projectId, i18nFor(languageOf(request)).t);
}
