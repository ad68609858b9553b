/**
 * Preparing a project for a Jira import (issue 14): the system fields, Jira's statuses, types
 * and priorities as options, custom fields as typed fields with their option sets, the sprints
 * (closed ones completed and archived) and the workflow's transitions. Each field made from a
 * Jira field is remembered in `jira_entities`, so a re-run finds it instead of making another.
 */
import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TFunction } from "i18next";
import { type Counts, type FieldMapping, customFieldTypeOf, sprintStateOf, statusKeyOf } from "../../domain/jira/import-plan";
import type { FieldOption } from "../../domain/fields/types";
import { type Db, runBatch } from "../db/client";
import { fieldDefinitions, jiraEntities, sprints, workflows } from "../db/schema";
import { createField, ensureSystemFields, makeOption, optionsOf } from "./field-definitions";
import { changeOptions } from "./field-options";
import { localId } from "./jira-import";
import { ensureBacklog } from "./sprints";
import { createWorkflow, parseTransitions, updateWorkflow } from "./workflows";

export interface JiraFieldMeta {
  id: string;
  name: string;
  custom: boolean;
  schema?: { type?: string; custom?: string };
  allowedValues?: { id: string; value: string }[];
}

export interface JiraSprintMeta {
  id: number;
  name: string;
  state: string;
  startDate?: string;
  endDate?: string;
  goal?: string;
}

const SYSTEM_SLUGS = ["title", "description", "status", "issue_type", "start_date", "end_date", "epic", "sprint", "tags", "participants", "estimate"];

async function fieldBySlug(db: Db, projectId: string) {
  const rows = await db.select().from(fieldDefinitions).where(eq(fieldDefinitions.projectId, projectId));
  return { rows, bySlug: new Map(rows.filter((r) => r.slug).map((r) => [r.slug!, r])) };
}

const optionLabel = (o: FieldOption) => (o.title ?? o.value ?? "").trim().toLowerCase();

/** Adds the labels missing from an option field; answers label → option guid for all asked. */
export async function ensureOptions(db: Db, fieldId: string, labels: string[], keyOf: (label: string) => string | undefined = () => undefined): Promise<Record<string, string>> {
  const field = await db.select().from(fieldDefinitions).where(eq(fieldDefinitions.id, fieldId)).get();
  if (!field) throw new Error(`field ${fieldId} is gone`);
  const find = (options: FieldOption[], label: string) => options.find((o) => (keyOf(label) && o.key === keyOf(label)) || optionLabel(o) === label.trim().toLowerCase());
  let options = optionsOf(field);
  const missing = [...new Set(labels)].filter((l) => !find(options, l));
  if (missing.length) {
    const result = await changeOptions(db, field, (current) => ({ ok: true, options: [...current, ...missing.filter((l) => !find(current, l)).map((l, i) => makeOption(field.typeFields, { title: l, value: l }, current.length + i))] }));
    if (!result.ok) throw new Error(`options of ${fieldId}: ${result.reason}`);
    options = result.options;
  }
  return Object.fromEntries(labels.map((l) => [l, find(options, l)!.guid]));
}

async function mappedField(db: Db, projectId: string, jiraId: string, make: () => Promise<string>): Promise<string> {
  const known = await db.select().from(jiraEntities).where(and(eq(jiraEntities.projectId, projectId), eq(jiraEntities.kind, "field"), eq(jiraEntities.jiraId, jiraId))).get();
  if (known && (await db.select({ id: fieldDefinitions.id }).from(fieldDefinitions).where(eq(fieldDefinitions.id, known.localId)).get())) return known.localId;
  const id = await make();
  await db.insert(jiraEntities).values({ projectId, kind: "field", jiraId, localId: id }).onConflictDoUpdate({ target: [jiraEntities.projectId, jiraEntities.kind, jiraEntities.jiraId], set: { localId: id } });
  return id;
}

/**
 * Makes the project ready: system fields, the statuses and types as options, a priority
 * field, custom fields as typed fields with their option sets, and the sprints (closed ones
 * completed and archived). Safe to run again: it finds what an earlier run made.
 */
export async function prepareProject(
  db: Db,
  projectId: string,
  t: TFunction,
  meta: { fields: JiraFieldMeta[]; statuses: string[]; priorities: string[]; sprints: JiraSprintMeta[]; siteUrl: string },
): Promise<{ mapping: FieldMapping; counts: Partial<Counts> }> {
  await ensureSystemFields(db, projectId, t);
  const { bySlug } = await fieldBySlug(db, projectId);
  const fields = Object.fromEntries(SYSTEM_SLUGS.map((s) => [s, bySlug.get(s)!.id]));
  const statusOptions = await ensureOptions(db, fields.status!, meta.statuses, statusKeyOf);
  const typeKeys = ["task", "bug", "story", "epic"];
  const typeOptions = Object.fromEntries(optionsOf(bySlug.get("issue_type")!).filter((o) => o.key && typeKeys.includes(o.key)).map((o) => [o.key!, o.guid]));
  const make = (title: string, type: "select" | "text" | "url" | "number" | "multi_select" | "date", values: string[] = []) => async () =>
    (await createField(db, projectId, { title, type_fields: type, individual_value: false, hide_to_user: false, settings: { values_set: values.map((v) => ({ value: v, title: v })) } })).id;
  const priorityField = await mappedField(db, projectId, "priority", make("Priority", "select"));
  const priorityOptions = await ensureOptions(db, priorityField, meta.priorities);
  const reporterField = await mappedField(db, projectId, "reporter", make("Reporter", "text"));
  const jiraLinkField = await mappedField(db, projectId, "jira-link", make("Jira issue", "url"));
  const custom: FieldMapping["custom"] = {};
  let fieldCount = 4;
  for (const f of meta.fields) {
    const type = customFieldTypeOf(f.schema);
    if (!f.custom || !type) continue;
    // Story points are our estimate; the start date is our start date.
    if (f.schema?.custom?.includes("story-points") || /story point/i.test(f.name)) {
      custom[f.id] = { field: fields.estimate!, type: "number", name: f.name, options: {} };
      continue;
    }
    if (/^start date$/i.test(f.name)) {
      custom[f.id] = { field: fields.start_date!, type: "date", name: f.name, options: {} };
      continue;
    }
    const id = await mappedField(db, projectId, f.id, make(f.name.slice(0, 100), type));
    const options = type === "select" || type === "multi_select" ? await ensureOptions(db, id, (f.allowedValues ?? []).map((v) => v.value)) : {};
    custom[f.id] = { field: id, type, name: f.name, options };
    fieldCount++;
  }
  const backlog = await ensureBacklog(db, projectId);
  const sprintIds: Record<string, string> = {};
  const existing = await db.select({ sort: sprints.sort }).from(sprints).where(eq(sprints.projectId, projectId));
  let sort = Math.max(0, ...existing.map((s) => s.sort)) + 1;
  const statements: BatchItem<"sqlite">[] = [];
  for (const s of meta.sprints) {
    const id = await localId(projectId, "sprint", String(s.id));
    sprintIds[String(s.id)] = id;
    const state = sprintStateOf(s.state);
    const values = { title: s.name.slice(0, 200), goal: (s.goal ?? "").slice(0, 1000), startDate: s.startDate?.slice(0, 10) ?? null, endDate: s.endDate?.slice(0, 10) ?? null, status: state.status, archived: state.archived };
    statements.push(
      db.insert(sprints).values({ id, projectId, sort: sort++, ...values }).onConflictDoUpdate({ target: sprints.id, set: values }),
      db.insert(jiraEntities).values({ projectId, kind: "sprint", jiraId: String(s.id), localId: id }).onConflictDoNothing(),
    );
  }
  if (statements.length) await runBatch(db, statements);
  return {
    mapping: { fields, statusOptions, typeOptions, priority: { field: priorityField, options: priorityOptions }, reporterField, jiraLinkField, custom, sprints: sprintIds, backlog: backlog.id, siteUrl: meta.siteUrl },
    counts: { sprints: meta.sprints.length, fields: fieldCount, statuses: meta.statuses.length },
  };
}

/**
 * Jira's workflow transitions onto the status field's workflow: added to the one the project
 * has (nothing it allows is taken away), or a new one. Answers how many moves were new.
 */
export async function importWorkflow(db: Db, projectId: string, statusField: string, moves: { from: string; to: string }[]): Promise<number> {
  if (!moves.length) return 0;
  const existing = await db.select().from(workflows).where(and(eq(workflows.projectId, projectId), eq(workflows.fieldId, statusField))).get();
  if (!existing) {
    const made = await createWorkflow(db, projectId, { title: "Jira", field: statusField, transitions: moves });
    return made.ok ? made.workflow.transitions.length : 0;
  }
  const current = parseTransitions(existing.transitions);
  const known = new Set(current.map((t) => `${t.from}>${t.to}`));
  const added = moves.filter((m) => !known.has(`${m.from}>${m.to}`));
  if (added.length) await updateWorkflow(db, projectId, existing.id, { transitions: [...current, ...added] });
  return added.length;
}
