/** Loader helper of the fields settings: the same list and types as the API serves. */
import { FIELD_TYPES, type FieldType, hasOptions } from "../../../domain/fields/types";
import { getDb } from "../../../workers/db/client";
import type { Env } from "../../../workers/env";
import { type FieldView, listFields } from "../../../workers/services/fields";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { loadProject } from "../projects/project-data.server";

/**
 * The project's fields (GET /api/v1/project/{id}/fields) and the field types (GET
 * /api/v1/typefields, whose names the browser translates), for a root of the project.
 * Someone else gets empty lists: the settings layout shows them the no-access screen.
 */
export async function loadFieldSettings(request: Request, env: Env, projectId: string): Promise<{ fields: FieldView[]; types: { slug: FieldType; options: boolean }[] }> {
  const { project } = await loadProject(request, env, projectId, "root");
  if (!project) return { fields: [], types: [] };
  const fields = await listFields(getDb(env.DB), project.guid, i18nFor(languageOf(request)).t);
  return { fields, types: FIELD_TYPES.map((slug) => ({ slug, options: hasOptions(slug) })) };
}
