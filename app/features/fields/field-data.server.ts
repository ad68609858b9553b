/** Loader helper of the fields settings: the same list and types as the API serves. */
import { FIELD_TYPES, type FieldType, hasOptions } from "../../../domain/fields/types";
import { getDb } from "../../../workers/db/client";
import type { Env } from "../../../workers/env";
import { type FieldView, listFields } from "../../../workers/services/fields";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { loadAccess } from "../projects/project-data.server";

/**
 * The project's fields (GET /api/v1/project/{id}/fields) and the field types (GET
 * /api/v1/typefields, whose names the browser translates), for a root of the project.
 * Someone else gets `allowed: false` and empty lists: the tab shows them the no-access screen.
 */
export async function loadFieldSettings(request: Request, env: Env, projectId: string): Promise<{ allowed: boolean; fields: FieldView[]; types: { slug: FieldType; options: boolean }[] }> {
  const { access } = await loadAccess(request, env, projectId, "root");
  if (!access.ok) return { allowed: false, fields: [], types: [] };
  const fields = await listFields(getDb(env.DB), access.project.id, i18nFor(languageOf(request)).t);
  return { allowed: true, fields, types: FIELD_TYPES.map((slug) => ({ slug, options: hasOptions(slug) })) };
}
