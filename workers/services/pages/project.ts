/**
 * Page data of the project area: the project with the viewer's access, and the settings tabs.
 * Each page's loader calls one of these with the signed-in viewer; the access check is the
 * API's (`projectAccess`), so a page never shows what the API would refuse.
 */
import type { TFunction } from "i18next";
import { FIELD_TYPES, type FieldType, hasOptions } from "../../../domain/fields/types";
import { WORKFLOW_FIELD_TYPES } from "../../../domain/fields/workflow";
import { DEFAULT_PREFERENCES, type NotificationPreferences } from "../../../domain/notifications/preferences";
import type { Need } from "../../../domain/projects/roles";
import { type Db, getDb } from "../../db/client";
import type { Env } from "../../env";
import { type AccessResult, projectAccess, projectQuery } from "../access";
import { accessOfReader, type PageReader, readerId, readerParticipantQuery } from "./page-reader";
import type { PageSession } from "./viewer";
import { type FieldView, listFields } from "../field-definitions";
import { getPreferences } from "../notification-settings";
import { projectViewOf, projectViewQueries } from "../projects";
import { type WorkflowView, listWorkflows } from "../workflows";
import { readMapping } from "../views";

/** The viewer's access to the project for `need` (the API's check), without the project's view. */
export const projectAccessOf = (env: Env, viewerId: string, projectId: string, need: Need): Promise<AccessResult> => projectAccess(getDb(env.DB), viewerId, projectId, need);

/** The project as the viewer may see it, or null when they may not (the no-access screen of spec §6). */
export async function projectPage(env: Env, reader: PageReader, projectId: string, need: Need) {
  const db = getDb(env.DB);
  // One round trip: the access rows beside the view's rows (read by the URL's project id and
  // used only when the access check passes).
  const [[participant], [project], ...view] = await db.batch(projectPageQueries(db, reader, projectId));
  const access = accessOfReader(participant, project, await readerId(reader), need);
  return access.ok ? projectViewOf(access.project, access.participant, view) : null;
}

/** The project layout's reads, in the order `projectPage` reads their rows (also the benchmark's floor). */
export const projectPageQueries = (db: Db, reader: string | Pick<PageSession, "hash">, projectId: string) => [readerParticipantQuery(db, reader, projectId), projectQuery(db, projectId), ...projectViewQueries(db, projectId)] as const;

/**
 * The project's fields (GET /api/v1/project/{id}/fields) and the field types (GET
 * /api/v1/typefields, whose names the browser translates), for a root of the project.
 * Someone else gets `allowed: false` and empty lists: the tab shows them the no-access screen.
 */
export async function fieldSettingsPage(env: Env, viewerId: string, projectId: string, t: TFunction): Promise<{ allowed: boolean; fields: FieldView[]; types: { slug: FieldType; options: boolean }[] }> {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "root");
  if (!access.ok) return { allowed: false, fields: [], types: [] };
  const fields = await listFields(db, access.project.id, t);
  return { allowed: true, fields, types: FIELD_TYPES.map((slug) => ({ slug, options: hasOptions(slug) })) };
}

/**
 * The signed-in participant's preferences for the project (GET /api/v1/project/{id}/notifications).
 * Every verified participant has them, not only roots; anyone else gets `allowed: false`.
 */
export async function notificationSettingsPage(env: Env, viewerId: string, projectId: string): Promise<{ allowed: boolean; preferences: NotificationPreferences }> {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "read");
  if (!access.ok) return { allowed: false, preferences: DEFAULT_PREFERENCES };
  return { allowed: true, preferences: await getPreferences(db, viewerId, access.project.id) };
}

/**
 * The project's workflows (GET /api/v1/project/{id}/workflow) and the fields that can carry one
 * (GET /api/v1/project/{id}/fields, filtered), for a root of the project. Anyone else gets
 * `allowed: false`: the tab shows them the no-access screen.
 */
export async function workflowSettingsPage(env: Env, viewerId: string, projectId: string, t: TFunction): Promise<{ allowed: boolean; fields: FieldView[]; workflows: WorkflowView[] }> {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "root");
  if (!access.ok) return { allowed: false, fields: [], workflows: [] };
  const [fields, workflows] = await Promise.all([listFields(db, access.project.id, t), listWorkflows(db, access.project.id)]);
  return { allowed: true, fields: fields.filter((f) => WORKFLOW_FIELD_TYPES.has(f.type_fields)), workflows };
}

/** The views tab: the mapping and the fields that may appear on a task (root only). */
export async function mappingSettingsPage(env: Env, viewerId: string, projectId: string, t: TFunction) {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "root");
  if (!access.ok) return { allowed: false as const };
  const [mapping, fields] = await Promise.all([readMapping(db, projectId, t), listFields(db, projectId, t)]);
  // Only fields a task may carry can be shown on its line or card.
  const taskFields = fields.filter((f) => f.entities.some((e) => e.slug === "issue" && e.permission) && f.slug !== "title");
  return { allowed: true as const, mapping, fields: taskFields.map((f) => ({ guid: f.guid, title: f.title, type_fields: f.type_fields })) };
}
