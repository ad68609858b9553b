/** Loader glue of `/project/{guid}/taskboard`: the viewer, then the one page service. */
import type { Env } from "../../../workers/env";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { planningPage } from "../../../workers/services/pages/planning";
import { pageEnv } from "../../../workers/services/pages/page-reads";
import { projectPageSession } from "../projects/project-data.server";
import { readCookie } from "../../../domain/i18n/languages";
import { VIEW_COOKIE, parseViewChoice, type TaskboardView } from "../../../domain/planning/views";
import { packBoard } from "../../../domain/wire/board-pack";
import { writeDateRanges } from "../../../domain/time/format";

/** The page's data with its board packed into one string (`domain/wire/board-pack.ts`); `unpackBoard` reads it. */
export async function loadPlanningBoard(request: Request, env: Env, projectId: string) {
  const session = await projectPageSession(request, env);
  const lang = languageOf(request);
  const page = await planningPage(pageEnv(request, env), session, projectId, i18nFor(lang).t, { withArchived: new URL(request.url).searchParams.get("archived") === "1" });
  if (!page) return null;
  // The sprints' date ranges as the lanes show them: hydration reuses these (format.ts).
  const sprintDates = writeDateRanges(page.board.sprints.map((s) => [s.start_date, s.end_date] as const), lang);
  return { ...page, board: packBoard(page.board), sprintDates };
}

/** The view to show: `?view=` when given, else the one remembered in the cookie, else planning. */
export function chosenView(request: Request, projectId: string): TaskboardView {
  const asked = new URL(request.url).searchParams.get("view");
  if (asked) return parseViewChoice(asked);
  return parseViewChoice(readCookie(request.headers.get("Cookie"), VIEW_COOKIE(projectId)));
}
