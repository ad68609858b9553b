/**
 * Writing a page of Jira issues (issue 14): each issue a task with its values, comments and
 * attachments (bytes to R2), people matched by e-mail, its activity entry, and the relations
 * kept for the end of the run. Ids derive from the Jira ids (`localId`) and the batch ends
 * with the issue's `jira_entities` stamp, so a repeated step rewrites the same rows.
 */
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { adfToMarkdown } from "../../domain/jira/adf";
import { type Counts, type FieldMapping, type ImportProblem, type PendingRelation, linkKindOf, typeKeyOf } from "../../domain/jira/import-plan";
import { EPIC_SORT_STEP } from "../../domain/planning/placement";
import { type Db, runBatch } from "../db/client";
import { attachments, comments, fieldValues, jiraEntities, participants, tasks, users } from "../db/schema";
import type { Env } from "../env";
import { type ActivityInput, activityStatements } from "./activity";
import { newGuid } from "./ids";
import { localId } from "./jira-import";
import { ensureOptions } from "./jira-import-project";

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

/** The local ids of this page's issues whose tasks are in the trash. */
async function trashedTasks(db: Db, projectId: string, issues: JiraIssueIn[]): Promise<Set<string>> {
  if (!issues.length) return new Set();
  const ids = await Promise.all(issues.map((i) => localId(projectId, "issue", i.id)));
  const rows = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, ids), isNotNull(tasks.deletedAt)));
  return new Set(rows.map((r) => r.id));
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
  const counts: Partial<Counts> = { issues: 0, epics: 0, subtasks: 0, comments: 0, attachments: 0, trashed: 0 };
  // Tasks someone moved to the trash (issue 15) are left alone: a re-sync neither updates nor
  // restores them, and leaves their stamp, so a task restored later is written by the next run
  // that sees its issue change. The report counts them as `trashed`.
  const trashed = await trashedTasks(db, projectId, issues);
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
    if (trashed.has(id)) {
      counts.trashed!++;
      continue;
    }
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
