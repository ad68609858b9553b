/** Loader data of the views tab: the mapping and the fields that may appear on a task (root only). */
import type { Env } from "../../../workers/env";
import { getDb } from "../../../workers/db/client";
import { listFields } from "../../../workers/services/fields";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { readMapping } from "../../../workers/services/views";
import { loadAccess } from "../projects/project-data.server";

export async function loadMappingSettings(request: Request, env: Env, projectId: string) {
  const { access } = await loadAccess(request, env, projectId, "root");
  if (!access.ok) return { allowed: false as const };
  const db = getDb(env.DB);
  const t = i18nFor(languageOf(request)).t;
  const [mapping, fields] = await Promise.all([readMapping(db, projectId, t), listFields(db, projectId, t)]);
  // Only fields a task may carry can be shown on its line or card.
  const taskFields = fields.filter((f) => f.entities.some((e) => e.slug === "issue" && e.permission) && f.slug !== "title");
  return { allowed: true as const, mapping, fields: taskFields.map((f) => ({ guid: f.guid, title: f.title, type_fields: f.type_fields })) };
}
