/**
 * The Jira import, continued (issue 14): imported tasks are first-class (search, activity, live
 * boards), a project's import re-syncs on a schedule with the server's own Jira connection, and
 * unmatched Jira people are invited and get their tasks. Runs against a small world of the fake
 * under its own cloud id, so nothing here reaches jira-import.test.ts's import.
 */
import { env, exports } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_REFRESHES, statusKeyOf } from "../../domain/jira/import-plan";
import { type ProjectMessage, projectMessage } from "../../domain/wire/live/project";
import { waitForImport } from "../fixtures/jira/wait";
import type { ImportStatus } from "../../durable-objects/stubs";
import { activity, fieldDefinitions, fieldValues, invites, jiraConnections, jiraImports, jiraSyncs, licences, projects, tariffs, workflows } from "../../workers/db/schema";
import { listImports } from "../../workers/services/jira-import";
import { buildTeam } from "../fixtures/projects";
import type { Env } from "../../workers/env";
import { runJiraSchedule } from "../../workers/services/jira-sync";
import { connectJira, fakeJiraUrl } from "../fixtures/jira/connect";
import { JIRA_USERS } from "../fixtures/jira/data";
import { ORIGIN, call, socketPath } from "../fixtures/http";
import { createUser, db, signedIn, startSession } from "../fixtures/users";

const E = env as unknown as Env;
const CLOUD = `small-${crypto.randomUUID().slice(0, 8)}`;
const SIZE = 12;
const HOUR = 3_600_000;

const waitFor = (guid: string, until: (s: ImportStatus) => boolean, timeoutMs = 60_000) => waitForImport(guid, until, timeoutMs, 50);

/** A board open on the project: the change notices it hears. */
async function openBoard(projectGuid: string, cookie: string) {
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(`${ORIGIN}${socketPath(`/ws/project/${projectGuid}`)}`, { headers: { Upgrade: "websocket", Cookie: cookie, Origin: ORIGIN } });
  const ws = res.webSocket!;
  const received: ProjectMessage[] = [];
  ws.accept();
  ws.addEventListener("message", (e) => {
    const parsed = projectMessage.safeParse(JSON.parse(String(e.data)));
    if (parsed.success) received.push(parsed.data);
  });
  return { received, close: () => ws.close() };
}

const editInJira = (key: string, summary: string) => fetch(`${fakeJiraUrl()}/_control/edit`, { method: "POST", body: JSON.stringify({ cloudId: CLOUD, key, summary }) });
const actions = async (projectId: string, action: string) => db().select().from(activity).where(and(eq(activity.projectId, projectId), eq(activity.action, action)));
const fieldOf = async (projectId: string, slug: string) => (await db().select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, projectId), eq(fieldDefinitions.slug, slug))).get())!;

let root: Awaited<ReturnType<typeof signedIn>>;
let projectId: string;
let importGuid: string;
let grant: Awaited<ReturnType<typeof connectJira>>;
let board: Awaited<ReturnType<typeof openBoard>>;
let first: ImportStatus;

describe("a Jira import, continued", () => {
  beforeAll(async () => {
    await fetch(`${fakeJiraUrl()}/_control/world`, { method: "POST", body: JSON.stringify({ cloudId: CLOUD, size: SIZE }) });
    root = await signedIn();
    projectId = (await call("POST", "/api/v1/project", { cookie: root.cookie, body: { name: "Synced from Jira" } })).json.guid;
    grant = await connectJira(root.cookie);
    board = await openBoard(projectId, root.cookie);
  });

  it("makes imported tasks searchable, logs each once as imported, and tells open boards once per batch", async () => {
    const res = await call("POST", `/api/v1/project/${projectId}/jira/import`, {
      cookie: root.cookie,
      body: { jira_token: grant.jira_token, jira_refresh_token: grant.jira_refresh_token, jira_cloudID: CLOUD, projects: ["ALPHA"] },
    });
    expect(res.status).toBe(201);
    importGuid = res.json.guid;
    first = await waitFor(importGuid, (s) => s.phase === "done" || s.phase === "failed");
    expect(first.phase).toBe("done");
    expect(first.counts.issues).toBe(SIZE);

    // The activity log: one "imported from Jira" per task, with its key, by the importer.
    const imported = await actions(projectId, "jira_imported");
    expect(imported).toHaveLength(SIZE);
    expect(new Set(imported.map((a) => a.entityId)).size).toBe(SIZE);
    expect(imported.every((a) => a.actorId === root.id)).toBe(true);
    expect(imported.map((a) => JSON.parse(a.detail).key).sort()).toEqual(Array.from({ length: SIZE }, (_, i) => `ALPHA-${i + 1}`).sort());
    const taskOf = new Map(imported.map((a) => [JSON.parse(a.detail).key as string, a.entityId]));

    // Jira's workflow became the status field's: its moves, and "Blocked" reachable from every status.
    const status = await fieldOf(projectId, "status");
    // Known Jira statuses land on the built-in options (by key), others on new ones (by title).
    const option = (name: string) => (JSON.parse(status.valuesSet) as { guid: string; key?: string; title?: string }[]).find((o) => (statusKeyOf(name) ? o.key === statusKeyOf(name) : o.title === name))!.guid;
    const flow = (await db().select().from(workflows).where(eq(workflows.fieldId, status.id)).get())!;
    const moves = JSON.parse(flow.transitions) as { from: string; to: string }[];
    expect(moves).toContainEqual({ from: option("To Do"), to: option("In Progress") });
    expect(moves.filter((m) => m.to === option("Blocked"))).toHaveLength(4);
    expect(moves).toHaveLength(5 + 4);

    // Search finds them: "Billing" is in the titles of ALPHA-3 and ALPHA-8, a comment's words in ALPHA-6's comments.
    const billing = await call("GET", `/api/v1/project/${projectId}/issuesearch/data?query=billing`, { cookie: root.cookie });
    expect(billing.status).toBe(200);
    expect(new Set(billing.json.results.map((r: { guid: string }) => r.guid))).toEqual(new Set([taskOf.get("ALPHA-3"), taskOf.get("ALPHA-8")]));
    const comment = await call("GET", `/api/v1/project/${projectId}/issuesearch/data?query=${encodeURIComponent('"comment 2 on alpha 6"')}`, { cookie: root.cookie });
    expect(comment.json.results.map((r: { guid: string }) => r.guid)).toEqual([taskOf.get("ALPHA-6")]);

    // The open board heard of the page once (not once per task), then of the relations.
    const deadline = Date.now() + 3000;
    while (board.received.filter((m) => m.type === "tasks_changed").length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const batches = board.received.filter((m): m is Extract<ProjectMessage, { type: "tasks_changed" }> => m.type === "tasks_changed");
    expect(batches).toHaveLength(2);
    expect(batches[0]!.tasks).toHaveLength(SIZE);
    expect(new Set(imported.map((a) => a.entityId))).toEqual(new Set(batches[0]!.tasks));
    // Sent as the run, not as the importer: the importer's own board does not skip it.
    expect(batches.every((m) => m.by === importGuid)).toBe(true);
    expect(board.received.some((m) => m.type === "sprints_changed")).toBe(true);
  });

  it("logs a task changed in Jira once as updated from Jira on the next run, and nothing for the others", async () => {
    await editInJira("ALPHA-3", "Renamed in Jira for search");
    expect((await call("POST", `/api/v1/project/${projectId}/jira/import/${importGuid}/rerun`, { cookie: root.cookie })).status).toBe(200);
    const again = await waitFor(importGuid, (s) => s.phase === "done" && s.startedAt > first.startedAt);
    expect(again.counts.issues).toBe(1);
    expect(await actions(projectId, "jira_imported")).toHaveLength(SIZE);
    const updated = await actions(projectId, "jira_updated");
    expect(updated.map((a) => JSON.parse(a.detail).key)).toEqual(["ALPHA-3"]);
    const found = await call("GET", `/api/v1/project/${projectId}/issuesearch/data?query=${encodeURIComponent("renamed search")}`, { cookie: root.cookie });
    expect(found.json.results.map((r: { guid: string }) => r.guid)).toEqual([updated[0]!.entityId]);
    first = again;
  });

  it("skips a task in the trash on a re-sync, neither updating nor restoring it, and counts it as skipped in the report", async () => {
    const task = (await actions(projectId, "jira_imported")).find((a) => JSON.parse(a.detail).key === "ALPHA-4")!.entityId;
    const title = await fieldOf(projectId, "title");
    const titleOf = async () => (await db().select().from(fieldValues).where(and(eq(fieldValues.fieldId, title.id), eq(fieldValues.entityId, task))).get())!.value;
    const before = await titleOf();
    expect((await call("DELETE", `/api/v1/project/${projectId}/issue/${task}`, { cookie: root.cookie })).status).toBe(204);
    await editInJira("ALPHA-4", "Edited in Jira while in the trash");
    expect((await call("POST", `/api/v1/project/${projectId}/jira/import/${importGuid}/rerun`, { cookie: root.cookie })).status).toBe(200);
    const run = await waitFor(importGuid, (s) => s.phase === "done" && s.startedAt > first.startedAt);
    expect(run.counts).toMatchObject({ issues: 0, trashed: 1 });
    expect(await titleOf()).toBe(before);
    expect((await call("GET", `/api/v1/project/${projectId}/issue/${task}`, { cookie: root.cookie })).status).toBe(404);
    expect((await actions(projectId, "jira_updated")).map((a) => JSON.parse(a.detail).key)).toEqual(["ALPHA-3"]);
    // The report the import's page reads says so too.
    expect((await call("GET", `/api/v1/project/${projectId}/jira/import/${importGuid}`, { cookie: root.cookie })).json.counts.trashed).toBe(1);
    first = run;
  });

  it("re-syncs on schedule with the server's own tokens, asking Jira only for what changed since the last run", async () => {
    const bad = await call("PUT", `/api/v1/project/${projectId}/jira/import/${importGuid}/schedule`, { cookie: root.cookie, body: { every: "weekly" } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("jira_schedule_invalid");
    const set = await call("PUT", `/api/v1/project/${projectId}/jira/import/${importGuid}/schedule`, { cookie: root.cookie, body: { every: "hourly" } });
    expect(set.status).toBe(200);
    const t0 = Date.now();
    expect(set.json.schedule).toMatchObject({ every: "hourly", last_synced_at: first.startedAt });
    expect(set.json.schedule.next_at).toBeGreaterThanOrEqual(t0 - 1000 + HOUR - 5000);
    expect((await call("GET", `/api/v1/project/${projectId}/jira/import/${importGuid}`, { cookie: root.cookie })).json.schedule.every).toBe("hourly");

    // Half an hour later nothing is due.
    expect(await runJiraSchedule(E, db(), t0 + HOUR / 2)).toEqual({ started: 0, busy: 0 });

    // The access token the server holds has expired meanwhile: the re-sync refreshes it itself.
    const before = (await db().select().from(jiraConnections).where(eq(jiraConnections.userId, root.id)).get())!;
    await db().update(jiraConnections).set({ expiresAt: Date.now() - 1 }).where(eq(jiraConnections.userId, root.id));
    await editInJira("ALPHA-5", "Changed after the last sync");
    const due = set.json.schedule.next_at as number;
    expect(await runJiraSchedule(E, db(), due)).toEqual({ started: 1, busy: 0 });
    const synced = await waitFor(importGuid, (s) => s.phase === "done" && s.startedAt > first.startedAt);
    expect(synced.since).toBe(first.startedAt);
    // Jira was asked for the issues updated since (a day before) the last run: only the one edited came back.
    const stats = (await (await fetch(`${fakeJiraUrl()}/_control/stats?cloudId=${CLOUD}`)).json()) as { lastJql: string };
    expect(stats.lastJql).toMatch(/AND updated >= "\d{4}-\d{2}-\d{2} \d{2}:\d{2}" ORDER BY id$/);
    expect(synced.counts).toMatchObject({ issues: 1, unchanged: 1 });
    expect((await actions(projectId, "jira_updated")).map((a) => JSON.parse(a.detail).key).sort()).toEqual(["ALPHA-3", "ALPHA-5"]);
    const after = (await db().select().from(jiraConnections).where(eq(jiraConnections.userId, root.id)).get())!;
    expect(after.sealedRefresh).not.toBe(before.sealedRefresh);
    expect(after.expiresAt).toBeGreaterThan(Date.now());
    // The schedule moved on an hour from the tick, and remembers this run's start.
    const row = (await db().select().from(jiraSyncs).where(eq(jiraSyncs.projectId, projectId)).get())!;
    expect(row.nextAt).toBe(due + HOUR);
    await waitFor(importGuid, () => true);
    expect((await db().select().from(jiraSyncs).where(eq(jiraSyncs.projectId, projectId)).get())!.lastSyncedAt).toBe(synced.startedAt);

    // The browser's keys still work: its sealed refresh token is a handle on the server's chain.
    const refreshed = await call("POST", "/api/v1/jira/refresh_token", { cookie: root.cookie, body: { refresh_token: grant.jira_refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.jira_cloudID).toBeDefined();
    // …once: then it is spent, as at Atlassian.
    expect((await call("POST", "/api/v1/jira/refresh_token", { cookie: root.cookie, body: { refresh_token: grant.jira_refresh_token } })).json.code).toBe("jira_token_invalid");

    // Off: the cron starts nothing any more.
    expect((await call("PUT", `/api/v1/project/${projectId}/jira/import/${importGuid}/schedule`, { cookie: root.cookie, body: { every: "off" } })).json.schedule).toBeNull();
    expect(await runJiraSchedule(E, db(), due + 10 * HOUR)).toEqual({ started: 0, busy: 0 });
  });

  it("lists unmatched Jira people, invites them in one click, and assigns their Jira tasks when they accept", async () => {
    const cyd = JIRA_USERS.find((u) => u.accountId === "acc-cyd")!;
    const report = await call("GET", `/api/v1/project/${projectId}/jira/import/${importGuid}`, { cookie: root.cookie });
    expect(report.json.unmatched_people).toEqual(
      expect.arrayContaining([{ account_id: "acc-cyd", name: cyd.displayName, email: cyd.emailAddress, invited: false }]),
    );
    const refused = await call("POST", `/api/v1/project/${projectId}/jira/import/${importGuid}/invite`, { cookie: root.cookie, body: { account_ids: ["acc-nobody"] } });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("jira_people_invalid");

    const invited = await call("POST", `/api/v1/project/${projectId}/jira/import/${importGuid}/invite`, { cookie: root.cookie, body: { account_ids: ["acc-cyd"] } });
    expect(invited.status).toBe(201);
    expect(invited.json).toHaveLength(1);
    const invite = (await db().select().from(invites).where(and(eq(invites.projectId, projectId), eq(invites.email, cyd.emailAddress))).get())!;
    expect(invite.status).toBe("pending");
    expect((await call("GET", `/api/v1/project/${projectId}/jira/import/${importGuid}`, { cookie: root.cookie })).json.unmatched_people.find((p: { account_id: string }) => p.account_id === "acc-cyd").invited).toBe(true);

    // Cyd's Jira tasks are unassigned until she accepts.
    const participantsField = await fieldOf(projectId, "participants");
    const cydIssues = await db()
      .select({ task: sql<string>`i.local_id` })
      .from(sql`jira_entities a JOIN jira_entities i ON i.project_id = a.project_id AND i.kind = 'issue' AND i.jira_id = a.jira_id`)
      .where(sql`a.project_id = ${projectId} AND a.kind = 'assignee' AND a.local_id = 'acc-cyd'`);
    expect(cydIssues.length).toBeGreaterThan(0);
    const assigned = async () => (await db().select().from(fieldValues).where(eq(fieldValues.fieldId, participantsField.id))).filter((v) => cydIssues.some((c) => c.task === v.entityId));
    expect(await assigned()).toHaveLength(0);

    const cydUser = await createUser({ email: cyd.emailAddress, name: cyd.displayName });
    const session = await startSession(cydUser.id);
    const seen = board.received.length;
    expect((await call("PUT", `/api/v1/project/invited/${invite.id}`, { cookie: session.cookie, body: { successfully: true } })).status).toBeLessThan(300);
    const values = await assigned();
    expect(values).toHaveLength(cydIssues.length);
    expect(values.every((v) => JSON.parse(v.value)[0] === cydUser.id)).toBe(true);
    // Open boards hear of it once.
    const deadline = Date.now() + 3000;
    while (board.received.length === seen && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const told = board.received.slice(seen).filter((m) => m.type === "tasks_changed");
    expect(told).toHaveLength(1);
    expect(new Set((told[0] as Extract<ProjectMessage, { type: "tasks_changed" }>).tasks)).toEqual(new Set(cydIssues.map((c) => c.task)));
    expect((await call("GET", `/api/v1/project/${projectId}/jira/import/${importGuid}`, { cookie: root.cookie })).json.unmatched_people.some((p: { account_id: string }) => p.account_id === "acc-cyd")).toBe(false);
    board.close();
  });
});

describe("a Jira that refuses even fresh tokens", () => {
  it("refreshes at most three times in a row, then ends the import with a translated failure", async () => {
    const denied = `denied-${crypto.randomUUID().slice(0, 8)}`;
    await fetch(`${fakeJiraUrl()}/_control/world`, { method: "POST", body: JSON.stringify({ cloudId: denied, size: 1, deny: true }) });
    const owner = await signedIn();
    const project = (await call("POST", "/api/v1/project", { cookie: owner.cookie, body: { name: "Refused by Jira" } })).json.guid as string;
    const tokens = await connectJira(owner.cookie);
    const tokenCalls = async () => ((await (await fetch(`${fakeJiraUrl()}/_control/stats`)).json()) as { tokens: number }).tokens;
    const before = await tokenCalls();
    const res = await call("POST", `/api/v1/project/${project}/jira/import`, {
      cookie: owner.cookie,
      body: { jira_token: tokens.jira_token, jira_refresh_token: tokens.jira_refresh_token, jira_cloudID: denied, projects: ["ALPHA"] },
    });
    expect(res.status).toBe(201);
    // Without the cap the object refreshes and retries forever and this never ends.
    const ended = await waitFor(res.json.guid, (s) => s.phase === "done" || s.phase === "failed", 15_000);
    expect(ended.phase).toBe("failed");
    expect(ended.refreshes).toBe(MAX_REFRESHES + 1);
    expect(ended.problems.map((p) => p.reason)).toEqual(["auth_refused"]);
    // Each of the three refreshes went through at the fake: Jira refused the fresh tokens anyway.
    expect((await tokenCalls()) - before).toBeGreaterThanOrEqual(MAX_REFRESHES);
    const report = await call("GET", `/api/v1/project/${project}/jira/import/${res.json.guid}`, { cookie: owner.cookie });
    expect(report.json).toMatchObject({ phase: "failed", problems: [{ reason: "auth_refused" }] });
    for (const lng of ["en", "de", "es", "ru"]) {
      const projects = (await import(`../../public/locales/${lng}/projects.json`)).default as { jira: { reasons: Record<string, string> } };
      expect(projects.jira.reasons.auth_refused).toBeTruthy();
    }
  });
});

describe("choosing before a Jira import: the target project, whom to invite, and the list of imports", () => {
  const start = (cookie: string, body: Record<string, unknown>) =>
    call("POST", "/api/v1/jira/import", { cookie, body: { jira_token: grant.jira_token, jira_refresh_token: grant.jira_refresh_token, jira_cloudID: CLOUD, projects: ["ALPHA"], ...body } });
  const ownedProjects = async (userId: string) => (await db().select({ n: sql<number>`count(*)` }).from(projects).where(eq(projects.ownerId, userId)).get())!.n;

  it("previews the site's people, saying who already is a participant of the project", async () => {
    const res = await call("POST", "/api/v1/jira/preview", { cookie: root.cookie, body: { jira_token: grant.jira_token, jira_cloudID: CLOUD, project: projectId } });
    expect(res.status).toBe(200);
    // Cyd joined in the test above; the app account has no address and is left out.
    expect(res.json.people).toEqual(JIRA_USERS.map((u) => ({ account_id: u.accountId, name: u.displayName, email: u.emailAddress, matched: u.accountId === "acc-cyd" })));
    const stranger = await signedIn();
    const refused = await call("POST", "/api/v1/jira/preview", { cookie: stranger.cookie, body: { jira_token: (await connectJira(stranger.cookie)).jira_token, jira_cloudID: CLOUD, project: projectId } });
    expect([refused.status, refused.json.code]).toEqual([403, "project_forbidden"]);
  });

  it("imports into a new project made for it, inviting the people chosen beforehand and keeping the others as text", async () => {
    const res = await start(root.cookie, { project_name: "Alpha, new from Jira", invite: ["acc-bob"] });
    expect(res.status).toBe(201);
    const { guid, project } = res.json as { guid: string; project: string };
    expect((await db().select().from(projects).where(eq(projects.id, project)).get())).toMatchObject({ name: "Alpha, new from Jira", ownerId: root.id });
    // Bob is invited before the first issue is written; Ada and Cyd are not.
    const sent = await db().select().from(invites).where(eq(invites.projectId, project));
    expect(sent.map((i) => [i.email, i.status])).toEqual([["bob@jira.example", "pending"]]);
    expect((await waitFor(guid, (s) => s.phase === "done" || s.phase === "failed")).phase).toBe("done");
    const report = await call("GET", `/api/v1/project/${project}/jira/import/${guid}`, { cookie: root.cookie });
    const people = report.json.unmatched_people as { account_id: string; invited: boolean }[];
    expect(people.map((p) => [p.account_id, p.invited]).sort()).toEqual([["acc-ada", false], ["acc-bob", true], ["acc-cyd", false]]);
    // Kept as text: their names stay on the tasks (the reporter field), nobody is assigned.
    const reporter = (await db().select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, project), eq(fieldDefinitions.title, "Reporter"))).get())!;
    const reporters = (await db().select().from(fieldValues).where(eq(fieldValues.fieldId, reporter.id))).map((v) => JSON.parse(v.value) as string);
    expect(reporters.some((r) => r.startsWith("Ada Lovelace"))).toBe(true);
    expect(await db().select().from(fieldValues).where(eq(fieldValues.fieldId, (await fieldOf(project, "participants")).id))).toHaveLength(0);
    // Bob accepts: the tasks Jira assigns to him are his here.
    const bob = await createUser({ email: "bob@jira.example", name: "Bob Builder" });
    expect((await call("PUT", `/api/v1/project/invited/${sent[0]!.id}`, { cookie: (await startSession(bob.id)).cookie, body: { successfully: true } })).status).toBeLessThan(300);
    const assigned = (await db().select().from(fieldValues).where(eq(fieldValues.fieldId, (await fieldOf(project, "participants")).id))).map((v) => JSON.parse(v.value)[0]);
    expect(assigned.length).toBeGreaterThan(0);
    expect(new Set(assigned)).toEqual(new Set([bob.id]));
  });

  it("refuses an unknown Jira person and a project beyond the plan, leaving nothing behind", async () => {
    const before = await ownedProjects(root.id);
    const unknown = await start(root.cookie, { project_name: "Never made", invite: ["acc-nobody"] });
    expect([unknown.status, unknown.json.code]).toEqual([400, "jira_people_invalid"]);
    expect(await ownedProjects(root.id)).toBe(before);
    // A plan of its own allowing no more projects than the user has.
    const tariffId = crypto.randomUUID();
    await db().batch([
      db().insert(tariffs).values({ id: tariffId, slug: "tiny", name: "Tiny", customerId: root.id, limitProjects: before, limitParticipants: 100, limitStorageBytes: 1e9, limitAiRequestsPerHour: 1, limitRepositoryBytes: 1, limitMeetingSize: 2 }),
      db().insert(licences).values({ userId: root.id, tariffId, typeLicense: "tiny", expiresAt: Date.now() + 86400_000 }),
    ]);
    const limited = await start(root.cookie, { project_name: "One too many" });
    expect([limited.status, limited.json.code]).toEqual([403, "plan_limit_projects"]);
    expect(await ownedProjects(root.id)).toBe(before);
    await db().delete(licences).where(eq(licences.userId, root.id));
  });

  it("lists the project's imports from the server, newest first, with status, counts, start, end and who started them", async () => {
    const again = await call("POST", `/api/v1/project/${projectId}/jira/import`, {
      cookie: root.cookie,
      body: { jira_token: grant.jira_token, jira_refresh_token: grant.jira_refresh_token, jira_cloudID: CLOUD, projects: ["ALPHA"], jql: "key in (ALPHA-1, ALPHA-2)" },
    });
    expect(again.status).toBe(201);
    await waitFor(again.json.guid, (s) => s.phase === "done");
    const res = await call("GET", `/api/v1/project/${projectId}/jira/imports`, { cookie: root.cookie });
    expect(res.status).toBe(200);
    const list = res.json.imports as { guid: string; phase: string; total: number; counts: { issues: number; unchanged: number }; started_at: number; finished_at: number | null; started_by: { guid: string; name: string } }[];
    expect(list.map((i) => i.guid)).toEqual([again.json.guid, importGuid]);
    // Both issues were imported by the first run already: nothing duplicated, both unchanged.
    expect(list[0]).toMatchObject({ phase: "done", total: 2, counts: { issues: 0, unchanged: 2 }, started_by: { guid: root.id, name: "Test User" } });
    expect(list[0]!.finished_at).toBeGreaterThanOrEqual(list[0]!.started_at);
    expect(list[1]).toMatchObject({ phase: "done", jira_projects: ["ALPHA"], started_by: { guid: root.id } });
    // Only this project's imports, and only to its roots.
    expect(list.some((i) => i.guid === importGuid)).toBe(true);
    const stranger = await signedIn();
    expect((await call("GET", `/api/v1/project/${projectId}/jira/imports`, { cookie: stranger.cookie })).status).toBe(403);
  });
});

describe("the list of a project's imports", () => {
  it("puts the later of two imports started within one second first, whatever their guids", async () => {
    // `created_at` has whole seconds: the order the rows were written decides, not the guid.
    const team = await buildTeam();
    const at = 1_790_000_000_000;
    const row = (id: string) => ({ id, projectId: team.projectId, userId: team.users.root.id, cloudId: "order-cloud", jiraProjects: '["ORD"]', createdAt: at, updatedAt: at });
    const [earlier, later] = ["ffffffff-ffff-4fff-8fff-ffffffffffff", "00000000-0000-4000-8000-00000000000f"];
    await db().insert(jiraImports).values(row(earlier));
    await db().insert(jiraImports).values(row(later));
    expect((await listImports(db(), team.projectId)).map((i) => i.guid)).toEqual([later, earlier]);
  });
});
