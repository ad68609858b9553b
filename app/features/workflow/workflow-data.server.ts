/** Loader helper of the workflow settings: the same workflows and fields as the API serves. */
import { getDb } from "../../../workers/db/client";
import type { Env } from "../../../workers/env";
import { type FieldView, listFields } from "../../../workers/services/fields";
import { i18nFor, languageOf } from "../../../workers/services/i18n";
import { type WorkflowView, listWorkflows } from "../../../workers/services/workflows";
import { loadAccess } from "../projects/project-data.server";
import { WORKFLOW_FIELD_TYPES } from "../../../domain/fields/workflow";

/**
 * The project's workflows (GET /api/v1/project/{id}/workflow) and the fields that can carry one
 * (GET /api/v1/project/{id}/fields, filtered), for a root of the project. Anyone else gets
 * `allowed: false`: the tab shows them the no-access screen.
 */
export async function loadWorkflowSettings(request: Request, env: Env, projectId: string): Promise<{ allowed: boolean; fields: FieldView[]; workflows: WorkflowView[] }> {
  const { access } = await loadAccess(request, env, projectId, "root");
  if (!access.ok) return { allowed: false, fields: [], workflows: [] };
  const db = getDb(env.DB);
  const [fields, workflows] = await Promise.all([listFields(db, access.project.id, i18nFor(languageOf(request)).t), listWorkflows(db, access.project.id)]);
  return { allowed: true, fields: fields.filter((f) => WORKFLOW_FIELD_TYPES.has(f.type_fields)), workflows };
}
