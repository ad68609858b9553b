/**
 * Jira people without an account in the project (issue 14): the import's report lists them, the
 * importer invites them through the ordinary invitations, and once one joins, the tasks Jira
 * assigns to them are assigned here. Who is who is kept in `jira_entities`: `person` rows
 * (account id → address and name) and `assignee` rows (issue id → account id).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, runBatch } from "../db/client";
import { fieldDefinitions, fieldValues, jiraEntities, participants, users } from "../db/schema";
import type { Env } from "../env";
import { activityStatements } from "./activity";
import { newGuid } from "./ids";
import { type JiraSite, jiraJson } from "./jira-client";
import { publishToProject } from "./live";

/** A Jira person with no participant of the same address here. */
export interface UnmatchedPerson {
  account_id: string;
  name: string;
  email: string;
  /** An invitation to this address is pending. */
  invited: boolean;
}

const NOT_A_PARTICIPANT = (projectId: string) =>
  sql`NOT EXISTS (SELECT 1 FROM participants pa JOIN users u ON u.id = pa.user_id WHERE pa.project_id = ${projectId} AND u.email = p.local_id)`;

/** The project's unmatched Jira people, by name. */
export async function unmatchedPeople(db: Db, projectId: string): Promise<UnmatchedPerson[]> {
  const rows = await db.all<{ account_id: string; name: string | null; email: string; invited: number }>(sql`
    SELECT p.jira_id AS account_id, p.jira_key AS name, p.local_id AS email,
      EXISTS (SELECT 1 FROM invites i WHERE i.project_id = ${projectId} AND i.email = p.local_id AND i.status = 'pending') AS invited
    FROM jira_entities p
    WHERE p.project_id = ${projectId} AND p.kind = 'person' AND ${NOT_A_PARTICIPANT(projectId)}
    ORDER BY p.jira_key, p.local_id LIMIT 200`);
  return rows.map((r) => ({ account_id: r.account_id, name: r.name || r.email, email: r.email, invited: Boolean(r.invited) }));
}

/** The addresses of those of `accountIds` who are unmatched Jira people of the project. */
export async function addressesToInvite(db: Db, projectId: string, accountIds: readonly string[]): Promise<string[]> {
  if (!accountIds.length) return [];
  const rows = await db
    .select({ email: jiraEntities.localId })
    .from(jiraEntities)
    .where(and(eq(jiraEntities.projectId, projectId), eq(jiraEntities.kind, "person"), inArray(jiraEntities.jiraId, [...accountIds]), sql`NOT EXISTS (SELECT 1 FROM participants pa JOIN users u ON u.id = pa.user_id WHERE pa.project_id = ${projectId} AND u.email = ${jiraEntities.localId})`));
  return [...new Set(rows.map((r) => r.email))];
}

/**
 * Assigns the tasks whose Jira assignee is now a participant and that nobody was assigned to
 * here in the meantime. Answers the tasks assigned. Runs when someone accepts an invitation and
 * at the start of every import run, so a missed moment is caught up on the next re-sync.
 */
export async function assignJiraPeople(db: Db, projectId: string): Promise<string[]> {
  const field = await db.select({ id: fieldDefinitions.id }).from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, projectId), eq(fieldDefinitions.slug, "participants"))).get();
  if (!field) return [];
  const rows = await db.all<{ task: string; user: string }>(sql`
    SELECT i.local_id AS task, u.id AS user
    FROM jira_entities a
      JOIN jira_entities p ON p.project_id = a.project_id AND p.kind = 'person' AND p.jira_id = a.local_id
      JOIN users u ON u.email = p.local_id
      JOIN participants pa ON pa.project_id = a.project_id AND pa.user_id = u.id
      JOIN jira_entities i ON i.project_id = a.project_id AND i.kind = 'issue' AND i.jira_id = a.jira_id
      JOIN tasks t ON t.id = i.local_id AND t.deleted_at IS NULL
    WHERE a.project_id = ${projectId} AND a.kind = 'assignee'
      AND NOT EXISTS (SELECT 1 FROM field_values v WHERE v.field_id = ${field.id} AND v.entity_id = i.local_id AND v.participant_value = '')
    LIMIT 1000`);
  if (!rows.length) return [];
  const now = Date.now();
  const statements: BatchItem<"sqlite">[] = rows.map((r) =>
    db.insert(fieldValues).values({ id: newGuid(), projectId, fieldId: field.id, entityKind: "issue", entityId: r.task, participantValue: "", value: JSON.stringify([r.user]), updatedAt: now }).onConflictDoNothing(),
  );
  statements.push(...activityStatements(db, rows.map((r) => ({ projectId, actorId: null, entityKind: "issue" as const, entityId: r.task, action: "updated", detail: { changes: [{ field: field.id, slug: "participants", from: null, to: [r.user] }] }, createdAt: now }))));
  await runBatch(db, statements);
  return rows.map((r) => r.task);
}

/** After someone joined a project: their Jira tasks are assigned, and open boards told once. */
export async function assignJoinedJiraPeople(env: Env, db: Db, projectId: string, by: string): Promise<void> {
  const tasks = await assignJiraPeople(db, projectId);
  if (tasks.length) await publishToProject(env, projectId, { type: "tasks_changed", project: projectId, tasks, by, at: Date.now() });
}

/** A person of the Jira site, for choosing before an import whom to invite. */
export interface JiraPerson {
  account_id: string;
  name: string;
  email: string;
}

const PEOPLE_PAGE = 100;
const PEOPLE_MAX = 1000;

/**
 * The site's people with a visible e-mail address (`GET /rest/api/3/users/search`, a plain
 * array paged by startAt). Apps and people who hide their address cannot be matched or
 * invited: they stay text whatever is chosen.
 */
export async function jiraPeople(site: JiraSite): Promise<JiraPerson[]> {
  const people: JiraPerson[] = [];
  for (let startAt = 0; startAt < PEOPLE_MAX; startAt += PEOPLE_PAGE) {
    const page = await jiraJson<{ accountId?: string; accountType?: string; displayName?: string; emailAddress?: string; active?: boolean }[]>(site, "/rest/api/3/users/search", { startAt, maxResults: PEOPLE_PAGE });
    for (const u of Array.isArray(page) ? page : []) {
      if (u.accountId && u.emailAddress && (u.accountType ?? "atlassian") === "atlassian" && u.active !== false) {
        people.push({ account_id: u.accountId, name: (u.displayName || u.emailAddress).slice(0, 200), email: u.emailAddress.toLowerCase().slice(0, 320) });
      }
    }
    if (!Array.isArray(page) || page.length < PEOPLE_PAGE) break;
  }
  return people;
}

/** Which of these addresses are participants of the project already (lower-cased). */
export async function participantAddresses(db: Db, projectId: string, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: users.email })
    .from(participants)
    .innerJoin(users, eq(users.id, participants.userId))
    .where(and(eq(participants.projectId, projectId), inArray(users.email, emails.map((e) => e.toLowerCase()))));
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

/** Records Jira people as the import's pages would, so the report and the assignment know them. */
export async function rememberPeople(db: Db, projectId: string, people: readonly JiraPerson[]): Promise<void> {
  if (!people.length) return;
  await runBatch(
    db,
    people.map((p) =>
      db
        .insert(jiraEntities)
        .values({ projectId, kind: "person", jiraId: p.account_id, localId: p.email, jiraKey: p.name })
        .onConflictDoUpdate({ target: [jiraEntities.projectId, jiraEntities.kind, jiraEntities.jiraId], set: { localId: p.email, jiraKey: p.name } }),
    ),
  );
}
