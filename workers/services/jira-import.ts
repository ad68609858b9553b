/**
 * A Jira import's runs and relations (issue 14): starting a run in its own JiraImport object,
 * its report, the list of a project's imports, and the relations written once every task
 * exists. Every row made from a Jira object has an id derived from (project, kind, Jira id)
 * (`localId`), and `jira_entities` remembers what each became and Jira's `updated` stamp: a
 * re-run or a step repeated after a restart updates the same rows. Preparing the project is
 * in jira-import-project.ts, writing the issues in jira-import-issues.ts.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getServerByName } from "partyserver";
import type { Counts, FieldMapping, ImportProblem, PendingRelation } from "../../domain/jira/import-plan";
import type { ImportInit } from "../../durable-objects/stubs";
import { type Db, runBatch } from "../db/client";
import { fieldValues, jiraEntities, jiraImports as jiraImportsTable, taskLinks, users } from "../db/schema";
import type { Env } from "../env";
import { newGuid } from "./ids";

/** A stable guid for what a Jira object becomes in a project. */
export async function localId(projectId: string, kind: string, jiraId: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`jira:${projectId}:${kind}:${jiraId}`)));
  d[6] = (d[6]! & 0x0f) | 0x50;
  d[8] = (d[8]! & 0x3f) | 0x80;
  const h = [...d.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
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
  /** When the last run started and ended (null while it runs). */
  started_at: number;
  finished_at: number | null;
}

/** The report row's JSON, as `reportJiraImport` writes it. */
interface StoredReport {
  total?: number;
  counts?: Partial<Counts>;
  problems?: ImportProblem[];
  startedAt?: number;
  finishedAt?: number;
}

function parsed<T>(text: string, fallback: T): T {
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

function viewOf(row: typeof jiraImportsTable.$inferSelect): ImportView {
  const report = parsed<StoredReport>(row.report, {});
  const ended = row.phase === "done" || row.phase === "failed";
  return {
    guid: row.id,
    phase: row.phase,
    jira_projects: parsed<string[]>(row.jiraProjects, []),
    total: report.total ?? 0,
    counts: report.counts ?? {},
    problems: report.problems ?? [],
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    started_at: report.startedAt ?? row.createdAt,
    finished_at: ended ? (report.finishedAt ?? row.updatedAt) : null,
  };
}

export async function findImport(db: Db, projectId: string, id: string): Promise<ImportView | null> {
  const row = await db.select().from(jiraImportsTable).where(and(eq(jiraImportsTable.projectId, projectId), eq(jiraImportsTable.id, id))).get();
  return row ? viewOf(row) : null;
}

/** An import in the project's list: its report in short, and who started it. */
export type ImportListItem = Omit<ImportView, "problems"> & { problems: number; started_by: { guid: string; name: string } | null };

export const IMPORTS_LISTED = 50;

/**
 * The project's imports, newest first, whoever started them and in whichever browser. `created_at`
 * has whole seconds (`unixepoch() * 1000`): imports started within one second are told apart by
 * the order they were written (`rowid`), not by their random guids.
 */
export async function listImports(db: Db, projectId: string): Promise<ImportListItem[]> {
  const rows = await db
    .select({ row: jiraImportsTable, by: { guid: users.id, name: users.name } })
    .from(jiraImportsTable)
    .leftJoin(users, eq(users.id, jiraImportsTable.userId))
    .where(eq(jiraImportsTable.projectId, projectId))
    .orderBy(desc(jiraImportsTable.createdAt), desc(sql`"jira_imports"."rowid"`))
    .limit(IMPORTS_LISTED);
  return rows.map(({ row, by }) => {
    const view = viewOf(row);
    return { ...view, problems: view.problems.length, started_by: by?.guid ? by : null };
  });
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
