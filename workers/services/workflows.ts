/** Workflows: allowed moves between the options of a status-like field. */
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { WORKFLOW_FIELD_TYPES, type Transition, cleanTransitions, transition } from "../../domain/fields/workflow";
import type { Db } from "../db/client";
import { fieldDefinitions, workflows } from "../db/schema";
import { findField, optionsOf } from "./field-definitions";
import { newGuid } from "./ids";

export interface WorkflowView {
  guid: string;
  title: string;
  field: string;
  transitions: Transition[];
  updated_at: number;
}

const transitionsJson = z.array(transition);

export function parseTransitions(text: string): Transition[] {
  try {
    const parsed = transitionsJson.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const view = (w: typeof workflows.$inferSelect): WorkflowView => ({
  guid: w.id,
  title: w.title,
  field: w.fieldId,
  transitions: parseTransitions(w.transitions),
  updated_at: w.updatedAt,
});


export async function listWorkflows(db: Db, projectId: string): Promise<WorkflowView[]> {
  const rows = await db.select().from(workflows).where(eq(workflows.projectId, projectId)).orderBy(asc(workflows.title));
  return rows.map(view);
}

export async function getWorkflow(db: Db, projectId: string, id: string) {
  const row = await db.select().from(workflows).where(and(eq(workflows.projectId, projectId), eq(workflows.id, id))).get();
  return row ? view(row) : undefined;
}

type Failure = { ok: false; reason: string };

export async function createWorkflow(db: Db, projectId: string, input: { title: string; field: string; transitions: Transition[] }): Promise<{ ok: true; workflow: WorkflowView } | Failure> {
  const field = await findField(db, projectId, input.field);
  if (!field) return { ok: false, reason: "field_not_found" };
  if (!WORKFLOW_FIELD_TYPES.has(field.typeFields)) return { ok: false, reason: "workflow_field_invalid" };
  const taken = await db.select({ id: workflows.id }).from(workflows).where(eq(workflows.fieldId, field.id)).get();
  if (taken) return { ok: false, reason: "workflow_exists" };
  const transitions = cleanTransitions(input.transitions, new Set(optionsOf(field).map((o) => o.guid)));
  const row = await db
    .insert(workflows)
    .values({ id: newGuid(), projectId, fieldId: field.id, title: input.title, transitions: JSON.stringify(transitions) })
    .returning()
    .get();
  return { ok: true, workflow: view(row!) };
}

export async function updateWorkflow(db: Db, projectId: string, id: string, input: { title?: string; transitions?: Transition[] }): Promise<{ ok: true; workflow: WorkflowView } | Failure> {
  const current = await db.select().from(workflows).where(and(eq(workflows.projectId, projectId), eq(workflows.id, id))).get();
  if (!current) return { ok: false, reason: "workflow_not_found" };
  const field = await db.select().from(fieldDefinitions).where(eq(fieldDefinitions.id, current.fieldId)).get();
  const transitions = input.transitions && field ? cleanTransitions(input.transitions, new Set(optionsOf(field).map((o) => o.guid))) : undefined;
  const row = await db
    .update(workflows)
    .set({ ...(input.title ? { title: input.title } : {}), ...(transitions ? { transitions: JSON.stringify(transitions) } : {}), updatedAt: Date.now() })
    .where(eq(workflows.id, id))
    .returning()
    .get();
  return { ok: true, workflow: view(row!) };
}

export async function deleteWorkflow(db: Db, projectId: string, id: string): Promise<boolean> {
  const gone = await db.delete(workflows).where(and(eq(workflows.projectId, projectId), eq(workflows.id, id))).returning({ id: workflows.id });
  return gone.length > 0;
}

/** The query of a project's workflows, for a caller's batch (`transitionsByField` reads its rows). */
export const projectWorkflows = (db: Db, projectId: string) => db.select().from(workflows).where(eq(workflows.projectId, projectId));

/** The transitions of every field that has a workflow, by field guid. */
export const transitionsByField = (rows: readonly (typeof workflows.$inferSelect)[]): Map<string, Transition[]> => new Map(rows.map((w) => [w.fieldId, parseTransitions(w.transitions)]));

/** The transitions of every field of a project that has a workflow. */
export async function workflowsByField(db: Db, projectId: string): Promise<Map<string, Transition[]>> {
  return transitionsByField(await projectWorkflows(db, projectId));
}
