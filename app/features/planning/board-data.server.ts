/**
 * Loader data of `/project/{guid}/taskboard`: the planning board (every task, placed), the
 * project's field definitions and the views mapping. All four views render from this one answer.
 */
import type { Env } from "../../../workers/env";
import { getDb } from "../../../workers/db/client";
import { planningBoard } from "../../../workers/services/board";
import { listFields, projectFields } from "../../../workers/services/fields";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { readMapping } from "../../../workers/services/views";
import { loadAccess } from "../projects/project-data.server";
import { readCookie } from "../../../domain/i18n/languages";
import { VIEW_COOKIE, parseViewChoice, type TaskboardView } from "../../../domain/planning/views";

export async function loadPlanningBoard(request: Request, env: Env, projectId: string) {
  const { access } = await loadAccess(request, env, projectId, "read");
  if (!access.ok) return null;
  const db = getDb(env.DB);
  const t = i18nFor(languageOf(request)).t;
  // The definitions are read once and shared by the board, the field list and the mapping.
  const fieldRows = await projectFields(db, projectId, t);
  const [board, mapping] = await Promise.all([
    planningBoard(db, projectId, t, { withArchived: new URL(request.url).searchParams.get("archived") === "1", fields: fieldRows }),
    readMapping(db, projectId, t, fieldRows),
  ]);
  const definitions = await listFields(db, projectId, t, fieldRows);
  const pick = (slug: string) => definitions.find((f) => f.slug === slug);
  return {
    board,
    definitions,
    mapping,
    canWrite: access.participant.write || access.participant.root,
    // What planning-board cards need: the labels and colours of types and statuses, the sprint field.
    fields: {
      title: pick("title")?.guid ?? "",
      sprint: pick("sprint")?.guid ?? "",
      estimate: pick("estimate")?.guid ?? "",
      status: pick("status") ? { guid: pick("status")!.guid, options: pick("status")!.settings.values_set } : null,
      issueType: pick("issue_type") ? { guid: pick("issue_type")!.guid, options: pick("issue_type")!.settings.values_set } : null,
    },
  };
}

/** The view to show: `?view=` when given, else the one remembered in the cookie, else planning. */
export function chosenView(request: Request, projectId: string): TaskboardView {
  const asked = new URL(request.url).searchParams.get("view");
  if (asked) return parseViewChoice(asked);
  return parseViewChoice(readCookie(request.headers.get("Cookie"), VIEW_COOKIE(projectId)));
}
