/** Loader glue of the activity page: the viewer and the page's query, then the one page service. */
import type { Env } from "../../../workers/env";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { eventsPage } from "../../../workers/services/pages/activity";
import { signedInViewer } from "../projects/project-data.server";

/** One page of the project's log for the activity page: `?before=` pages, `?actor=` one person, `?task=` one task. */
export async function loadEvents(request: Request, env: Env, projectId: string) {
  const viewer = await signedInViewer(request, env);
  const url = new URL(request.url);
  const number = (v: string | null) => (v && /^\d{1,16}$/.test(v) ? Number(v) : undefined);
  const guid = (v: string | null) => (v && /^[0-9a-f-]{1,64}$/i.test(v) ? v : undefined);
  return eventsPage(env, viewer.guid, projectId, i18nFor(languageOf(request)).t, {
    before: number(url.searchParams.get("before")),
    actor: guid(url.searchParams.get("actor")),
    task: guid(url.searchParams.get("task")),
  });
}
