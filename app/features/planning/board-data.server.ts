/** Loader data of the planning board: the same board the API answers, plus what cards show. */
import type { Env } from "../../../workers/env";
import { getDb } from "../../../workers/db/client";
import { planningBoard } from "../../../workers/services/board";
import { listFields } from "../../../workers/services/fields";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { loadAccess } from "../projects/project-data.server";

export async function loadPlanningBoard(request: Request, env: Env, projectId: string) {
  const { access } = await loadAccess(request, env, projectId, "read");
  if (!access.ok) return null;
  const db = getDb(env.DB);
  const t = i18nFor(languageOf(request)).t;
  const [board, fields] = await Promise.all([planningBoard(db, projectId, t), listFields(db, projectId, t)]);
  const pick = (slug: string) => fields.find((f) => f.slug === slug);
  return {
    board,
    canWrite: access.participant.write || access.participant.root,
    // Only what cards need: the labels and colours of types and statuses, and the sprint field.
    fields: {
      title: pick("title")?.guid ?? "",
      sprint: pick("sprint")?.guid ?? "",
      status: pick("status") ? { guid: pick("status")!.guid, options: pick("status")!.settings.values_set } : null,
      issueType: pick("issue_type") ? { guid: pick("issue_type")!.guid, options: pick("issue_type")!.settings.values_set } : null,
    },
  };
}
