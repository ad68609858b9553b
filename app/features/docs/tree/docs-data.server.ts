/**
 * Loader glue of `/project/{guid}/docs/{docId?}`: the viewer, then the one page service. The
 * selected document is picked from the tree on the page, so moving between documents needs no
 * new read.
 */
import type { Env } from "../../../../workers/env";
import { i18nFor, languageOf } from "../../../../workers/services/i18n";
import { docsPage } from "../../../../workers/services/pages/docs";
import { signedInViewer } from "../../projects/project-data.server";

export async function loadDocs(request: Request, env: Env, projectId: string) {
  const viewer = await signedInViewer(request, env);
  const page = await docsPage(env, viewer.guid, projectId, i18nFor(languageOf(request)).t);
  return page && { ...page, origin: new URL(request.url).origin };
}
