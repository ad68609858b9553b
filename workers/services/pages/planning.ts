/** Page data of the planning area: the task board's four views and the statistics. */
import type { TFunction } from "i18next";
import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { projectAccess } from "../access";
import { planningBoard } from "../board";
import { listFields, projectFields } from "../field-definitions";
import { projectStats } from "../stats";
import { readMapping } from "../views";

/**
 * `/project/{guid}/taskboard`: the planning board (every task, placed), the project's field
 * definitions and the views mapping, or null without read access. All four views render
 * from this one answer.
 */
export async function planningPage(env: Env, viewerId: string, projectId: string, t: TFunction, options: { withArchived: boolean }) {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "read");
  if (!access.ok) return null;
  // The definitions are read once and shared by the board, the field list and the mapping.
  const fieldRows = await projectFields(db, projectId, t);
  const [board, mapping] = await Promise.all([
    planningBoard(db, projectId, t, { withArchived: options.withArchived, fields: fieldRows }),
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

/**
 * `/project/{guid}/stats`: the same statistics as `GET /api/v1/project/{id}/stats`. A sprint
 * that is not in the project (`sprint` undefined while `asked`) shows the current sprint with
 * a notice instead of an error page; null without read access.
 */
export async function statsPage(env: Env, viewerId: string, projectId: string, t: TFunction, sprint: { wanted: string | undefined; invalid: boolean }) {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "read");
  if (!access.ok) return null;
  const result = await projectStats(db, projectId, sprint.wanted, t);
  if (result.ok) return { stats: result.stats, missing: sprint.invalid };
  const fallback = await projectStats(db, projectId, undefined, t);
  return fallback.ok ? { stats: fallback.stats, missing: true } : null;
}
