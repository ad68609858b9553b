/** Loader glue of `/project/{guid}/stats`: the viewer and the asked sprint, then the one page service. */
import { statsQuery } from "../../../domain/stats/schemas";
import type { Env } from "../../../workers/env";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { statsPage } from "../../../workers/services/pages/planning";
import { signedInViewer } from "../projects/project-data.server";

export async function loadStats(request: Request, env: Env, projectId: string) {
  const viewer = await signedInViewer(request, env);
  const asked = new URL(request.url).searchParams.get("sprint");
  const query = statsQuery.safeParse({ sprint: asked ?? undefined });
  return statsPage(env, viewer.guid, projectId, i18nFor(languageOf(request)).t, { wanted: query.success ? query.data.sprint : undefined, invalid: asked !== null && !query.success });
}
