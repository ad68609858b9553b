/**
 * The D1 side of a Jira import (issue 14): preparing the target project's fields, options and
 * sprints, and writing a page of Jira issues as tasks with their values, comments and
 * attachments. Every row made from a Jira object has an id derived from (project, kind, Jira
 * id), and `jira_entities` remembers what each became and Jira's `updated` stamp: a re-run
 * or a step repeated after a restart updates the same rows, and skips unchanged issues.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TFunction } from "i18next";
import { adfToMarkdown } from "../../domain/jira/adf";
import { type Counts, type FieldMapping, type ImportProblem, type PendingRelation, customFieldTypeOf, linkKindOf, sprintStateOf, statusKeyOf, typeKeyOf } from "../../domain/jira/import-plan";
import { EPIC_SORT_STEP } from "../../domain/planning/placement";
import { type FieldOption } from "../../domain/fields/types";
import { type Db, runBatch } from "../db/client";
import { attachments, comments, fieldDefinitions, fieldValues, jiraEntities, jiraImports as jiraImportsTable, participants, sprints, taskLinks, tasks, users, workflows } from "../db/schema";
import { createWorkflow, parseTransitions, updateWorkflow } from "./workflows";
import { getServerByName } from "partyserver";
import type { ImportInit } from "../../durable-objects/stubs";
import type { Env } from "../env";
import { type ActivityInput, activityStatements } from "./activity";
import { createField, ensureSystemFields, makeOption, optionsOf } from "./field-definitions";
import { changeOptions } from "./field-options";
import { newGuid } from "./ids";
import { ensureBacklog } from "./sprints";

/** A stable guid for what a Jira object becomes in a project. */
export async function localId(projectId: string, kind: string, jiraId: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`jira:${projectId}:${kind}:${jiraId}`)));
  d[6] = (d[6]! & 0x0f) | 0x50;
  d[8] = (d[8]! & 0x3f) | 0x80;
  const h = [...d.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

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
async function ensureOptions(db: Db, fieldId: string, labels: string[], keyOf: (label: string) => string | undefined = () => undefined): Promise<Record<string, string>> {
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

export interface JiraUserRef {
  accountId: string;
  displayName?: string;
  emailAddress?: string;
}

export interface JiraIssueIn {
  id: string;
  key: string;
  fields: Record<string, unknown>;
}

export interface IssueExtras {
  comments: { id: string; author?: JiraUserRef; body: unknown; created: string; updated: string }[];
  attachments: { id: string; filename: string; mimeType: string; bytes: Uint8Array }[];
}

/** Our users for Jira people, matched by e-mail among the project's participants. */
export async function matchPeople(db: Db, projectId: string, people: JiraUserRef[]): Promise<Map<string, { id: string; name: string }>> {
  const emails = [...new Set(people.map((p) => p.emailAddress?.toLowerCase()).filter((e): e is string => Boolean(e)))];
  if (!emails.length) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(participants)
    .innerJoin(users, eq(users.id, participants.userId))
    .where(and(eq(participants.projectId, projectId), inArray(users.email, emails)));
  const byEmail = new Map(rows.map((r) => [r.email.toLowerCase(), r]));
  return new Map(people.filter((p) => p.emailAddress && byEmail.has(p.emailAddress.toLowerCase())).map((p) => [p.accountId, byEmail.get(p.emailAddress!.toLowerCase())!]));
}

const asUser = (v: unknown): JiraUserRef | null => (v && typeof v === "object" && typeof (v as JiraUserRef).accountId === "string" ? (v as JiraUserRef) : null);
const named = (v: unknown): string | undefined => (v && typeof v === "object" && typeof (v as { name?: unknown }).name === "string" ? (v as { name: string }).name : undefined);
const dateOf = (v: unknown): string | null => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
const numberAfterDash = (key: string) => Number(key.split("-").pop()) || 0;

/** Issues of this page whose Jira `updated` is what the last run saw: nothing to write. */
export async function unchangedIssues(db: Db, projectId: string, issues: JiraIssueIn[]): Promise<Set<string>> {
  if (!issues.length) return new Set();
  const known = await db.select().from(jiraEntities).where(and(eq(jiraEntities.projectId, projectId), eq(jiraEntities.kind, "issue"), inArray(jiraEntities.jiraId, issues.map((i) => i.id))));
  const stamps = new Map(known.map((k) => [k.jiraId, k.jiraUpdated]));
  return new Set(issues.filter((i) => stamps.get(i.id) === String(i.fields.updated ?? "")).map((i) => i.id));
}

/**
 * Writes a page of issues (only the changed ones are passed): tasks with their values, their
 * comments and attachments (bytes to R2). Answers the counts, what could not be mapped and
 * the relations to write at the end.
 */
export async function writeIssues(
  env: Env,
  db: Db,
  projectId: string,
  actorId: string | null,
  mapping: FieldMapping,
  issues: JiraIssueIn[],
  extras: Map<string, IssueExtras>,
): Promise<{ counts: Partial<Counts>; problems: ImportProblem[]; relations: PendingRelation[]; tasks: string[] }> {
  const counts: Partial<Counts> = { issues: 0, epics: 0, subtasks: 0, comments: 0, attachments: 0 };
  // Issues an earlier run wrote: their activity says "updated from Jira", the others "imported".
  const seen = issues.length
    ? new Set((await db.select({ jiraId: jiraEntities.jiraId }).from(jiraEntities).where(and(eq(jiraEntities.projectId, projectId), eq(jiraEntities.kind, "issue"), inArray(jiraEntities.jiraId, issues.map((i) => i.id))))).map((r) => r.jiraId))
    : new Set<string>();
  const log: ActivityInput[] = [];
  const written: string[] = [];
  const problems: ImportProblem[] = [];
  const relations: PendingRelation[] = [];
  const people = issues.flatMap((i) => [asUser(i.fields.assignee), asUser(i.fields.reporter), ...(extras.get(i.id)?.comments.map((c) => c.author ?? null) ?? [])]).filter((p): p is JiraUserRef => p !== null);
  const matched = await matchPeople(db, projectId, people);
  const labels = [...new Set(issues.flatMap((i) => (Array.isArray(i.fields.labels) ? (i.fields.labels as unknown[]).filter((l): l is string => typeof l === "string") : [])))];
  const labelOptions = labels.length ? await ensureOptions(db, mapping.fields.tags!, labels) : {};
  const statements: BatchItem<"sqlite">[] = [];
  const now = Date.now();
  // Jira people with an address, matched or not: the report offers to invite the unmatched.
  for (const p of new Map(people.filter((p) => p.emailAddress).map((p) => [p.accountId, p])).values()) {
    const values = { localId: p.emailAddress!.toLowerCase().slice(0, 320), jiraKey: (p.displayName ?? "").slice(0, 200) };
    statements.push(db.insert(jiraEntities).values({ projectId, kind: "person", jiraId: p.accountId, ...values }).onConflictDoUpdate({ target: [jiraEntities.projectId, jiraEntities.kind, jiraEntities.jiraId], set: values }));
  }
  for (const issue of issues) {
    const f = issue.fields;
    const id = await localId(projectId, "issue", issue.id);
    const url = `${mapping.siteUrl}/browse/${issue.key}`;
    const typeName = named(f.issuetype) ?? "Task";
    const isEpic = typeKeyOf(typeName) === "epic";
    const isSub = Boolean((f.issuetype as { subtask?: boolean } | undefined)?.subtask);
    const typeKey = typeKeyOf(typeName);
    if (!typeKey) problems.push({ key: issue.key, url, reason: `type:${typeName}` });
    const ext = extras.get(issue.id) ?? { comments: [], attachments: [] };
    const fileIds = new Map<string, string>();
    for (const a of ext.attachments) fileIds.set(a.filename, await localId(projectId, "attachment", a.id));
    const person = (accountId: string) => matched.get(accountId)?.id;
    const description = adfToMarkdown(f.description, { person, media: (alt) => (alt && fileIds.has(alt) ? `/api/v1/project/${projectId}/entity-file/${fileIds.get(alt)}` : undefined) });
    const assignee = asUser(f.assignee);
    const reporter = asUser(f.reporter);
    // Who Jira assigns it to, so the task is assigned once that person joins (jira-people.ts).
    statements.push(
      assignee
        ? db.insert(jiraEntities).values({ projectId, kind: "assignee", jiraId: issue.id, localId: assignee.accountId }).onConflictDoUpdate({ target: [jiraEntities.projectId, jiraEntities.kind, jiraEntities.jiraId], set: { localId: assignee.accountId } })
        : db.delete(jiraEntities).where(and(eq(jiraEntities.projectId, projectId), eq(jiraEntities.kind, "assignee"), eq(jiraEntities.jiraId, issue.id))),
    );
    if (assignee && !matched.has(assignee.accountId)) problems.push({ key: issue.key, url, reason: `assignee_unmatched:${assignee.displayName ?? assignee.accountId}` });
    const sprintList = Array.isArray(f.customfield_10020) ? (f.customfield_10020 as { id: number }[]) : [];
    const sprintIds = sprintList.map((s) => mapping.sprints[String(s.id)]).filter(Boolean);
    const values: [string, unknown][] = [
      [mapping.fields.title!, String(f.summary ?? issue.key).slice(0, 500) || issue.key],
      [mapping.fields.description!, description || null],
      [mapping.fields.status!, named(f.status) ? (mapping.statusOptions[named(f.status)!] ?? null) : null],
      [mapping.fields.issue_type!, mapping.typeOptions[typeKey ?? "task"] ?? null],
      [mapping.fields.end_date!, dateOf(f.duedate)],
      [mapping.fields.sprint!, isEpic ? null : (sprintIds.at(-1) ?? null)],
      [mapping.fields.tags!, Array.isArray(f.labels) && f.labels.length ? (f.labels as string[]).map((l) => labelOptions[l]!).filter(Boolean) : null],
      [mapping.fields.participants!, assignee && matched.has(assignee.accountId) ? [matched.get(assignee.accountId)!.id] : null],
      [mapping.priority.field, named(f.priority) ? (mapping.priority.options[named(f.priority)!] ?? null) : null],
      [mapping.reporterField, reporter ? `${reporter.displayName ?? ""}${reporter.emailAddress ? ` <${reporter.emailAddress}>` : ""}`.trim() || null : null],
      [mapping.jiraLinkField, url],
    ];
    for (const [jiraField, m] of Object.entries(mapping.custom)) {
      const raw = f[jiraField];
      let value: unknown = null;
      if (raw !== null && raw !== undefined) {
        if (m.type === "number") value = typeof raw === "number" ? raw : null;
        else if (m.type === "date") value = dateOf(raw);
        else if (m.type === "text") value = typeof raw === "string" ? raw.slice(0, 500) : null;
        else if (m.type === "select") value = m.options[String((raw as { value?: unknown }).value)] ?? null;
        else if (m.type === "multi_select") value = Array.isArray(raw) ? raw.map((r) => m.options[String((r as { value?: unknown }).value)]).filter(Boolean) : null;
        if (value === null) problems.push({ key: issue.key, url, reason: `value_unmapped:${m.name}` });
      }
      // Story points of an epic stay out of the lane sums, as in Jira.
      values.push([m.field, isEpic && m.type === "number" ? null : value]);
    }
    const seq = numberAfterDash(issue.key);
    statements.push(
      db
        .insert(tasks)
        .values({
          id,
          projectId,
          number: sql`(SELECT COALESCE(MAX(number), 0) + 1 FROM tasks WHERE project_id = ${projectId})`,
          sort: isEpic ? seq * EPIC_SORT_STEP : seq,
          position: seq,
          createdBy: actorId,
          createdAt: Date.parse(String(f.created)) || now,
          updatedAt: now,
        })
        .onConflictDoUpdate({ target: tasks.id, set: { updatedAt: now } }),
    );
    for (const [fieldId, value] of values) {
      if (value === null || (Array.isArray(value) && value.length === 0)) {
        statements.push(db.delete(fieldValues).where(and(eq(fieldValues.fieldId, fieldId), eq(fieldValues.entityId, id), eq(fieldValues.participantValue, ""))));
      } else {
        statements.push(
          db
            .insert(fieldValues)
            .values({ id: newGuid(), projectId, fieldId, entityKind: "issue", entityId: id, participantValue: "", value: JSON.stringify(value), updatedAt: now })
            .onConflictDoUpdate({ target: [fieldValues.fieldId, fieldValues.entityId, fieldValues.participantValue], set: { value: JSON.stringify(value), updatedAt: now } }),
        );
      }
    }
    for (const c of ext.comments) {
      const cid = await localId(projectId, "comment", c.id);
      const author = c.author ? matched.get(c.author.accountId) : undefined;
      const body = adfToMarkdown(c.body, { person }).slice(0, 10_000) || "—";
      const text = author ? body : `**${c.author?.displayName ?? "Jira"}:** ${body}`;
      const at = Date.parse(c.created) || now;
      statements.push(
        db.insert(comments).values({ id: cid, projectId, taskId: id, authorId: author?.id ?? null, text, createdAt: at, updatedAt: Date.parse(c.updated) || at }).onConflictDoUpdate({ target: comments.id, set: { text, updatedAt: Date.parse(c.updated) || at } }),
      );
      counts.comments!++;
    }
    for (const a of ext.attachments) {
      const aid = fileIds.get(a.filename)!;
      const key = `files/${projectId}/jira-${a.id}`;
      await env.FILES.put(key, a.bytes, { httpMetadata: { contentType: a.mimeType } });
      statements.push(
        db.insert(attachments).values({ id: aid, projectId, entityKind: "issue", entityId: id, key, name: a.filename.slice(0, 200), contentType: a.mimeType, size: a.bytes.byteLength, createdBy: actorId, createdAt: now }).onConflictDoNothing(),
      );
      counts.attachments!++;
    }
    const parent = f.parent as { id?: string; fields?: { issuetype?: { name?: string } } } | null;
    if (parent?.id) relations.push({ from: issue.id, to: parent.id, kind: isSub ? "parent" : typeKeyOf(parent.fields?.issuetype?.name ?? "") === "epic" ? "epic" : "parent" });
    for (const link of Array.isArray(f.issuelinks) ? (f.issuelinks as { type?: { name?: string }; outwardIssue?: { id?: string } }[]) : []) {
      if (link.outwardIssue?.id) relations.push({ from: issue.id, to: link.outwardIssue.id, kind: linkKindOf(link.type?.name ?? "") });
    }
    log.push({ projectId, actorId, entityKind: "issue", entityId: id, action: seen.has(issue.id) ? "jira_updated" : "jira_imported", detail: { key: issue.key, url }, createdAt: now });
    written.push(id);
    // Written last: a step cut short before this is done again in full.
    statements.push(
      db
        .insert(jiraEntities)
        .values({ projectId, kind: "issue", jiraId: issue.id, localId: id, jiraKey: issue.key, jiraUpdated: String(f.updated ?? "") })
        .onConflictDoUpdate({ target: [jiraEntities.projectId, jiraEntities.kind, jiraEntities.jiraId], set: { jiraUpdated: String(f.updated ?? ""), jiraKey: issue.key } }),
    );
    counts.issues!++;
    if (isEpic) counts.epics!++;
    if (isSub) counts.subtasks!++;
  }
  // The log lands in the same batch as the rows and the stamps, so a repeated step logs nothing twice.
  await runBatch(db, [...statements, ...(log.length ? activityStatements(db, log) : [])]);
  return { counts, problems, relations, tasks: written };
}

/**
 * Writes epics, sub-task parents and issue links once every task exists. Relations to issues
 * outside the import are reported, not guessed.
 */
export async function writeRelations(db: Db, projectId: string, actorId: string | null, mapping: FieldMapping, relations: PendingRelation[]): Promise<{ links: number; problems: ImportProblem[]; tasks: string[] }> {
  const ids = [...new Set(relations.flatMap((r) => [r.from, r.to]))];
  const known = new Map<string, { localId: string; key: string | null }>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db.select().from(jiraEntities).where(and(eq(jiraEntities.projectId, projectId), eq(jiraEntities.kind, "issue"), inArray(jiraEntities.jiraId, ids.slice(i, i + 90))));
    for (const r of rows) known.set(r.jiraId, { localId: r.localId, key: r.jiraKey });
  }
  const statements: BatchItem<"sqlite">[] = [];
  const problems: ImportProblem[] = [];
  const now = Date.now();
  let links = 0;
  const touched = new Set<string>();
  for (const r of relations) {
    const from = known.get(r.from);
    const to = known.get(r.to);
    if (!from || !to) {
      problems.push({ key: from?.key ?? undefined, url: from?.key ? `${mapping.siteUrl}/browse/${from.key}` : undefined, reason: `relation_outside_import:${r.kind}` });
      continue;
    }
    touched.add(from.localId).add(to.localId);
    if (r.kind === "epic") {
      const value = JSON.stringify(to.localId);
      statements.push(
        db
          .insert(fieldValues)
          .values({ id: newGuid(), projectId, fieldId: mapping.fields.epic!, entityKind: "issue", entityId: from.localId, participantValue: "", value, updatedAt: now })
          .onConflictDoUpdate({ target: [fieldValues.fieldId, fieldValues.entityId, fieldValues.participantValue], set: { value, updatedAt: now } }),
      );
      continue;
    }
    // Stored once, as domain/planning/links.ts reads them: parent → child; relates sorted by id.
    const [source, target] = r.kind === "parent" ? [to.localId, from.localId] : r.kind === "relates" && to.localId < from.localId ? [to.localId, from.localId] : [from.localId, to.localId];
    const id = await localId(projectId, `link:${r.kind}`, `${source}:${target}`);
    statements.push(db.insert(taskLinks).values({ id, projectId, sourceId: source, targetId: target, kind: r.kind, createdBy: actorId, createdAt: now }).onConflictDoNothing());
    links++;
  }
  if (statements.length) await runBatch(db, statements);
  return { links, problems, tasks: [...touched] };
}

/** A started or finished import of the project, as its report. */
export interface ImportView {
  guid: string;
  phase: string;
  jira_projects: string[];
  total: number;
  counts: Partial<Counts>;
  problems: ImportProblem[];
  created_at: number;
  updated_at: number;
}

export async function findImport(db: Db, projectId: string, id: string): Promise<ImportView | null> {
  const row = await db.select().from(jiraImportsTable).where(and(eq(jiraImportsTable.projectId, projectId), eq(jiraImportsTable.id, id))).get();
  if (!row) return null;
  let report: { total?: number; counts?: Partial<Counts>; problems?: ImportProblem[] } = {};
  try {
    report = JSON.parse(row.report);
  } catch {
    report = {};
  }
  let keys: string[] = [];
  try {
    keys = JSON.parse(row.jiraProjects);
  } catch {
    keys = [];
  }
  return { guid: row.id, phase: row.phase, jira_projects: keys, total: report.total ?? 0, counts: report.counts ?? {}, problems: report.problems ?? [], created_at: row.createdAt, updated_at: row.updatedAt };
}

/** Records the run and hands it to its own JiraImport object. */
export async function startImport(env: Env, db: Db, init: Omit<ImportInit, "importId">): Promise<string> {
  const importId = newGuid();
  await db.insert(jiraImportsTable).values({ id: importId, projectId: init.projectId, userId: init.userId, cloudId: init.cloudId, jiraProjects: JSON.stringify(init.projects), jql: init.jql ?? null });
  const stub = await getServerByName(env.JiraImport, importId);
  await stub.start({ ...init, importId });
  return importId;
}

/** A re-run started: the report row says so until the object's first step reports. */
export async function markRunning(db: Db, id: string): Promise<void> {
  await db.update(jiraImportsTable).set({ phase: "setup", updatedAt: Date.now() }).where(eq(jiraImportsTable.id, id));
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
