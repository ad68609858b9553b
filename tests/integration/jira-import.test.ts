import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { beforeAll, describe, expect, it } from "vitest";
import { waitForImport } from "../fixtures/jira/wait";
import type { ImportStatus } from "../../durable-objects/stubs";
import { attachments, comments, fieldDefinitions, fieldValues, jiraEntities, participants, sprints, taskLinks, tasks } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { connectJira, fakeJiraUrl, injectFaults } from "../fixtures/jira/connect";
import { ISSUES_PER_PROJECT, JIRA_USERS, PROJECTS, buildJiraWorld } from "../fixtures/jira/data";
import { call } from "../fixtures/http";
import { createUser, db, signedIn } from "../fixtures/users";
import { newGuid } from "../../workers/services/ids";

const E = env as unknown as Env;
const world = buildJiraWorld("http://fake");
const count = async (table: any, where: any) => (await db().select({ n: sql<number>`count(*)` }).from(table).where(where).get())!.n;

const waitFor = (guid: string, until: (s: ImportStatus) => boolean, timeoutMs = 120_000) => waitForImport(guid, until, timeoutMs, 100);

let cookie: string;
let projectId: string;
let grant: Awaited<ReturnType<typeof connectJira>>;
let importGuid: string;
let ada: { id: string };
let final: ImportStatus;

describe("importing Jira into a project", () => {
  beforeAll(async () => {
    await fetch(`${fakeJiraUrl()}/_control/reset`, { method: "POST" });
    const root = await signedIn();
    cookie = root.cookie;
    const created = await call("POST", "/api/v1/project", { cookie, body: { name: "From Jira" } });
    projectId = created.json.guid;
    // Two of the three Jira people are participants here, found by e-mail; Cyd is not.
    for (const person of JIRA_USERS.slice(0, 2)) {
      const user = await createUser({ email: person.emailAddress, name: person.displayName });
      await db().insert(participants).values({ id: newGuid(), projectId, userId: user.id, root: false, write: true, read: true, isVerifications: true });
      if (person.accountId === "acc-ada") ada = user;
    }
    grant = await connectJira(cookie);
  });

  it("imports every issue once through 429s, 5xx and a restart of the import object", async () => {
    await injectFaults([{ status: 429, retryAfter: 1 }, { status: 503 }, { status: 500 }, { status: 429, retryAfter: 0 }]);
    const res = await call("POST", `/api/v1/project/${projectId}/jira/import`, {
      cookie,
      body: { jira_token: grant.jira_token, jira_refresh_token: grant.jira_refresh_token, jira_cloudID: grant.jira_cloudID, projects: PROJECTS.map((p) => p.key) },
    });
    expect(res.status).toBe(201);
    importGuid = res.json.guid;
    await waitFor(importGuid, (s) => s.pagesDone >= 2);
    // A deploy or crash in the middle: the object loses its memory and resumes from storage.
    // (The object is busy talking to Jira, so it cannot be evicted politely: it is aborted, as a
    // crash would, in the middle of a step.)
    const stub = await getServerByName(E.JiraImport, importGuid);
    const pagesBefore = (await stub.status())!.pagesDone;
    await runInDurableObject(stub, (_instance, state) => state.abort("simulated crash")).catch(() => undefined);
    // A new stub reaches a new instance, which resumes from the checkpoint in storage.
    expect((await (await getServerByName(E.JiraImport, importGuid)).status())!.pagesDone).toBeGreaterThanOrEqual(pagesBefore);
    await injectFaults([{ status: 502 }, { status: 429, retryAfter: 1 }]);
    final = await waitFor(importGuid, (s) => s.phase === "done" || s.phase === "failed");
    expect(final.phase).toBe("done");
    const stats = (await (await fetch(`${fakeJiraUrl()}/_control/stats`)).json()) as { faultsServed: number; pendingFaults: number };
    expect(stats.pendingFaults).toBe(0);

    const total = PROJECTS.length * ISSUES_PER_PROJECT;
    expect(await count(tasks, eq(tasks.projectId, projectId))).toBe(total);
    expect(await count(jiraEntities, and(eq(jiraEntities.projectId, projectId), eq(jiraEntities.kind, "issue")))).toBe(total);
    const numbers = await db().select({ n: sql<number>`count(distinct number)` }).from(tasks).where(eq(tasks.projectId, projectId)).get();
    expect(numbers!.n).toBe(total);
    expect(await count(comments, eq(comments.projectId, projectId))).toBe(world.issues.reduce((n, i) => n + i.comments.length, 0));
    expect(await count(attachments, eq(attachments.projectId, projectId))).toBe(world.issues.reduce((n, i) => n + i.attachments.length, 0));
    expect(final.counts).toMatchObject({ issues: total, epics: 8, sprints: 6 });
  }, 180_000);

  it("maps every kind: statuses, types, sprints, epics, sub-tasks, links, labels, people, fields and rich text", async () => {
    const fields = await db().select().from(fieldDefinitions).where(eq(fieldDefinitions.projectId, projectId));
    const bySlug = (s: string) => fields.find((f) => f.slug === s)!;
    const byTitle = (s: string) => fields.find((f) => f.title === s)!;
    const valuesOf = async (fieldId: string) => (await db().select().from(fieldValues).where(eq(fieldValues.fieldId, fieldId))).map((v) => JSON.parse(v.value));
    // Statuses: the four known ones land on the built-in options, "Blocked" is a new one.
    const statusOptions = JSON.parse(bySlug("status").valuesSet) as { title?: string; key?: string }[];
    expect(statusOptions.some((o) => o.title === "Blocked")).toBe(true);
    expect(statusOptions.filter((o) => o.title === "Done" || o.key === "done")).toHaveLength(1);
    // Sprints: closed ones completed and archived, the active one active.
    const sprintRows = await db().select().from(sprints).where(eq(sprints.projectId, projectId));
    expect(sprintRows.filter((s) => s.archived && s.status === "completed")).toHaveLength(2);
    expect(sprintRows.filter((s) => s.status === "active")).toHaveLength(2);
    // Epics: the epic lane field on every issue whose Jira parent is an epic.
    const epicChildren = world.issues.filter((i) => (i.fields.parent as any)?.fields?.issuetype?.name === "Epic").length;
    expect(await valuesOf(bySlug("epic").id)).toHaveLength(epicChildren);
    // Sub-tasks: a parent link each; issue links as blocks / relates.
    const subtasks = world.issues.filter((i) => (i.fields.issuetype as any).subtask).length;
    expect(await count(taskLinks, and(eq(taskLinks.projectId, projectId), eq(taskLinks.kind, "parent")))).toBe(subtasks);
    const blocks = world.issues.flatMap((i) => i.fields.issuelinks as any[]).filter((l) => l.type.name === "Blocks").length;
    expect(await count(taskLinks, and(eq(taskLinks.projectId, projectId), eq(taskLinks.kind, "blocks")))).toBe(blocks);
    // Labels as tag options; story points as the estimate; the Team option field with its options.
    const tagOptions = (JSON.parse(bySlug("tags").valuesSet) as { value?: string }[]).map((o) => o.value);
    expect(tagOptions).toEqual(expect.arrayContaining(["frontend", "ux", "urgent"]));
    expect((await valuesOf(bySlug("estimate").id)).every((v) => typeof v === "number")).toBe(true);
    const team = byTitle("Team");
    expect(team.typeFields).toBe("select");
    expect((JSON.parse(team.valuesSet) as { value: string }[]).map((o) => o.value)).toEqual(["Red", "Green", "Blue"]);
    expect(await valuesOf(team.id)).toHaveLength(world.issues.filter((i) => i.fields.customfield_10050).length);
    expect(byTitle("Priority").typeFields).toBe("select");
    // People: Ada is matched by e-mail (assignee and mentions); Cyd stays text, and is reported.
    expect((await valuesOf(bySlug("participants").id)).flat()).toContain(ada.id);
    expect(final.problems.some((p) => p.reason.startsWith("assignee_unmatched:Cyd"))).toBe(true);
    const descriptions = (await valuesOf(bySlug("description").id)) as string[];
    expect(descriptions.some((d) => d.includes(`@[Ada Lovelace](${ada.id})`))).toBe(true);
    expect(descriptions.some((d) => d.includes("```ts\nconst n ="))).toBe(true);
    expect(descriptions.some((d) => d.includes("| Step | Owner |"))).toBe(true);
    expect(descriptions.some((d) => /!\[screen-\d+\.png\]\(\/api\/v1\/project\/.+\/entity-file\//.test(d))).toBe(true);
    // Attachments: the bytes are in R2.
    const file = (await db().select().from(attachments).where(eq(attachments.projectId, projectId)).limit(1))[0]!;
    const object = await E.FILES.get(file.key);
    expect(object && (await object.arrayBuffer()).byteLength).toBe(64);
  });

  it("shows the report to the project's root and refuses it to others", async () => {
    const res = await call("GET", `/api/v1/project/${projectId}/jira/import/${importGuid}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ guid: importGuid, phase: "done", jira_projects: ["ALPHA", "BETA"] });
    const other = await signedIn();
    expect((await call("GET", `/api/v1/project/${projectId}/jira/import/${importGuid}`, { cookie: other.cookie })).status).toBe(403);
    expect((await call("GET", `/api/v1/project/${projectId}/jira/import/${newGuid()}`, { cookie })).status).toBe(404);
  });

  it("changes nothing on a second run but what changed in Jira", async () => {
    const before = await db().select({ id: tasks.id, number: tasks.number }).from(tasks).where(eq(tasks.projectId, projectId));
    await fetch(`${fakeJiraUrl()}/_control/edit`, { method: "POST", body: JSON.stringify({ key: "ALPHA-5", summary: "Renamed in Jira" }) });
    const res = await call("POST", `/api/v1/project/${projectId}/jira/import/${importGuid}/rerun`, { cookie });
    expect(res.status).toBe(200);
    expect((await call("GET", `/api/v1/project/${projectId}/jira/import/${importGuid}`, { cookie })).json.phase).not.toBe("done");
    const again = await waitFor(importGuid, (s) => s.phase === "done" && s.startedAt > final.startedAt);
    expect(again.counts.issues).toBe(1);
    expect(again.counts.unchanged).toBe(PROJECTS.length * ISSUES_PER_PROJECT - 1);
    const after = await db().select({ id: tasks.id, number: tasks.number }).from(tasks).where(eq(tasks.projectId, projectId));
    expect(after.sort((a, b) => a.number - b.number)).toEqual(before.sort((a, b) => a.number - b.number));
    const titleField = (await db().select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, projectId), eq(fieldDefinitions.slug, "title"))).get())!;
    const titles = (await db().select().from(fieldValues).where(eq(fieldValues.fieldId, titleField.id))).map((v) => JSON.parse(v.value));
    expect(titles).toContain("Renamed in Jira");
    expect(titles).toHaveLength(PROJECTS.length * ISSUES_PER_PROJECT);
  }, 120_000);
});
