/**
 * Loader data of `/project/{guid}/stats`: the same statistics as `GET /api/v1/project/{id}/stats`,
 * from the same service. A sprint in the address that is not in the project (or no id at all)
 * shows the current sprint with a notice instead of an error page.
 */
import { statsQuery } from "../../../domain/stats/schemas";
import { getDb } from "../../../workers/db/client";
import type { Env } from "../../../workers/env";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { projectStats } from "../../../workers/services/stats";
import { loadAccess } from "../projects/project-data.server";

export async function loadStats(request: Request, env: Env, projectId: string) {
  const { access } = await loadAccess(request, env, projectId, "read");
  if (!access.ok) return null;
  const db = getDb(env.DB);
  const t = i18nFor(languageOf(request)).t;
  const asked = new URL(request.url).searchParams.get("sprint");
  const query = statsQuery.safeParse({ sprint: asked ?? undefined });
  const wanted = query.success ? query.data.sprint : undefined;
  const result = await projectStats(db, projectId, wanted, t);
  if (result.ok) return { stats: result.stats, missing: asked !== null && !query.success };
  const fallback = await projectStats(db, projectId, undefined, t);
  return fallback.ok ? { stats: fallback.stats, missing: true } : null;
}
