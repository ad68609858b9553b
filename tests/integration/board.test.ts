import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fieldDefinitions, fieldValues, participants, projects, tasks, users } from "../../workers/db/schema";
import { seedBulkPlan } from "../../workers/services/bulk-plan";
import { DEMO_USER_ID } from "../../workers/services/demo";
import { i18nFor } from "../../workers/services/i18n";
import { call } from "../fixtures/http";
import { listen } from "../fixtures/live";
import { ACTORS, type Actor, buildTeam } from "../fixtures/projects";
import { db } from "../fixtures/users";

/** D1 round trips of a request, from the `Server-Timing` header the Worker adds in development. */
const d1Calls = (headers: Headers) => Number(headers.get("Server-Timing")?.match(/d1;desc="calls";dur=(\d+)/)?.[1]);
type Task = { guid: string; custom_fields: { guid: string; slug: string | null; value: unknown; participant_value: string | null }[] };
type Board = { sprints: { issues: Task[]; count: number }[]; epics: Task[] };
const everyTask = (board: Board) => [...board.sprints.flatMap((s) => s.issues), ...board.epics];

describe("POST /v3/project/{id}/filters (the planning sprints)", () => {
  it("places tasks: backlog first, sprints by their field, epics in their own lane, filtered by conditions", async () => {
    const team = await buildTeam();
    const base = `/api/v1/project/${team.projectId}`;
    const cookie = team.cookies.root;
    const { json: fields } = await call("GET", `${base}/fields`, { cookie });
    const field = (slug: string) => fields.find((f: { slug: string }) => f.slug === slug);
    const epicType = field("issue_type").settings.values_set.find((o: { key?: string }) => o.key === "epic").guid;
    const done = field("status").settings.values_set.find((o: { key?: string }) => o.key === "done").guid;
    const s1 = (await call("POST", `${base}/sprint`, { cookie, body: { title: "S1" } })).json;
    const s2 = (await call("POST", `${base}/sprint`, { cookie, body: { title: "S2" } })).json;
    const make = (title: string, extra: unknown[] = []) => call("POST", `${base}/issue`, { cookie, body: { custom_fields: [{ slug: "title", value: title }, ...extra] } });
    await make("Loose");
    await make("In one", [{ slug: "sprint", value: s1.guid }]);
    await make("Finished in two", [{ slug: "sprint", value: s2.guid }, { slug: "status", value: done }]);
    await make("Epic", [{ slug: "issue_type", value: epicType }]);
    const titles = (list: { custom_fields: { slug: string; value: unknown }[] }[]) => list.map((t) => t.custom_fields.find((c) => c.slug === "title")!.value);

    const board = await call("POST", `/api/v3/project/${team.projectId}/filters`, { cookie: team.cookies.read, body: {} });
    expect(board.status).toBe(200);
    expect(board.json.epic_type).toBe(epicType);
    expect(board.json.sprints.map((s: { backlog: boolean; title: string; count: number; issues: never[] }) => [s.backlog, s.count, titles(s.issues)])).toEqual([
      [true, 1, ["Loose"]],
      [false, 1, ["In one"]],
      [false, 1, ["Finished in two"]],
    ]);
    expect(titles(board.json.epics)).toEqual(["Epic"]);

    const onlyDone = await call("POST", `/api/v3/project/${team.projectId}/filters`, { cookie, body: { conditions: [{ field: field("status").guid, op: "is", value: done }] } });
    expect(onlyDone.json.sprints.map((s: { count: number }) => s.count)).toEqual([0, 0, 1]);

    await call("PUT", `${base}/sprint/${s2.guid}`, { cookie, body: { status: "completed", archived: true } });
    expect((await call("POST", `/api/v3/project/${team.projectId}/filters`, { cookie, body: {} })).json.sprints).toHaveLength(2);
    const withArchived = await call("POST", `/api/v3/project/${team.projectId}/filters`, { cookie, body: { archived: true } });
    expect(withArchived.json.sprints.map((s: { title: string; archived: boolean }) => [s.title, s.archived])).toEqual([
      [expect.any(String), false],
      ["S1", false],
      ["S2", true],
    ]);
  });

  it("applies a saved filter, refuses unknown ones and malformed bodies, and guards access", async () => {
    const team = await buildTeam();
    const path = `/api/v3/project/${team.projectId}/filters`;
    const saved = (await call("PUT", path, { cookie: team.cookies.root, body: { title: "All", conditions: [] } })).json;
    expect((await call("POST", path, { cookie: team.cookies.root, body: { filter: saved.guid } })).status).toBe(200);
    expect((await call("POST", path, { cookie: team.cookies.root, body: { filter: crypto.randomUUID() } })).status).toBe(404);
    expect((await call("POST", path, { cookie: team.cookies.root, body: { conditions: "x" } })).status).toBe(400);
    expect((await call("POST", path, { cookie: team.cookies.root, raw: "[" })).status).toBe(400);
    const expected: Record<Actor, number> = { root: 200, write: 200, read: 200, unverified: 403, outsider: 403, guest: 401 };
    for (const actor of ACTORS) expect((await call("POST", path, { cookie: team.cookies[actor], body: {} })).status, actor).toBe(expected[actor]);
  });
});

describe("the planning board at scale", () => {
  it("answers a board of 300 tasks in two D1 calls, as a board of 3, every task with the values its own answer shows", async () => {
    const team = await buildTeam();
    const cookie = team.cookies.root;
    const t = i18nFor("en").t;
    const big = await seedBulkPlan(db(), team.users.root.id, "Large", 300, t);
    const small = await seedBulkPlan(db(), team.users.root.id, "Small", 3, t);
    const board = (id: string) => call("POST", `/api/v3/project/${id}/filters`, { cookie, body: {} });
    const [bigBoard, smallBoard] = [await board(big.project), await board(small.project)];
    expect(bigBoard.status).toBe(200);
    // One round trip for the session and access, one batch for every read of the board.
    const bigCalls = d1Calls(bigBoard.headers);
    expect(bigCalls).toBe(2);
    expect(bigCalls).toBe(d1Calls(smallBoard.headers));
    const all = everyTask(bigBoard.json);
    expect(all).toHaveLength(300);
    expect(bigBoard.json.sprints.reduce((sum: number, s: { count: number }) => sum + s.count, 0) + bigBoard.json.epics.length).toBe(300);
    // The same values, in the same order, as the single-task read (which keeps the old per-id path).
    for (const task of [all[0]!, all[137]!, all[299]!]) {
      const own = await call("GET", `/api/v1/project/${big.project}/issue/${task.guid}`, { cookie });
      expect(task.custom_fields).toEqual(own.json.custom_fields);
    }
  });

  it("reads a damaged stored value as empty on the board, as the task's own answer does", async () => {
    const team = await buildTeam();
    const cookie = team.cookies.root;
    const base = `/api/v1/project/${team.projectId}`;
    const made = (await call("POST", `${base}/issue`, { cookie, body: { custom_fields: [{ slug: "title", value: "Damaged" }] } })).json;
    const tags = await db().select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, team.projectId), eq(fieldDefinitions.slug, "tags"))).get();
    await db().insert(fieldValues).values({ id: crypto.randomUUID(), projectId: team.projectId, fieldId: tags!.id, entityKind: "issue", entityId: made.guid, value: "{not json" });
    const board = await call("POST", `/api/v3/project/${team.projectId}/filters`, { cookie, body: {} });
    const task = everyTask(board.json).find((x) => x.guid === made.guid)!;
    expect(task.custom_fields.find((c) => c.guid === tags!.id)?.value).toBeNull();
    expect(task.custom_fields).toEqual((await call("GET", `${base}/issue/${made.guid}`, { cookie })).json.custom_fields);
  });

  it("carries participants' own values and text that needs escaping onto the board as the task's own answer does", async () => {
    const team = await buildTeam();
    const cookie = team.cookies.root;
    const base = `/api/v1/project/${team.projectId}`;
    const title = 'He said "hi", \\ back\\slash, é ☃ \u2028 [1,"x"]';
    const made = (await call("POST", `${base}/issue`, { cookie, body: { custom_fields: [{ slug: "title", value: title }] } })).json;
    const estimate = await db().select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, team.projectId), eq(fieldDefinitions.slug, "estimate"))).get();
    // Two participants' own values beside the shared one, as an individual field keeps them.
    for (const [participant, value] of [["", "3"], [team.users.root.id, "5"], [team.users.write.id, '{"a":[1,2]}']] as const) {
      await db().insert(fieldValues).values({ id: crypto.randomUUID(), projectId: team.projectId, fieldId: estimate!.id, entityKind: "issue", entityId: made.guid, participantValue: participant, value });
    }
    const board = await call("POST", `/api/v3/project/${team.projectId}/filters`, { cookie, body: {} });
    const task = everyTask(board.json).find((x) => x.guid === made.guid)!;
    expect(task.custom_fields.find((c) => c.slug === "title")?.value).toBe(title);
    const estimates = task.custom_fields.filter((c) => c.guid === estimate!.id);
    expect(estimates.map((c) => [c.participant_value, c.value])).toEqual([
      [null, 3],
      [team.users.root.id, 5],
      [team.users.write.id, { a: [1, 2] }],
    ]);
    expect(task.custom_fields).toEqual((await call("GET", `${base}/issue/${made.guid}`, { cookie })).json.custom_fields);
  });

  it("makes a large project of the demo user through the development seed, and refuses a bad size", async () => {
    await db().insert(users).values({ id: DEMO_USER_ID, email: "demo-bulk@example.com", name: "Demo" }).onConflictDoNothing();
    const made = await call("POST", "/api/dev/seed", { body: { tasks: 120, project: "Bulk" } });
    expect(made.status).toBe(201);
    expect(made.json.created).toBe(120);
    expect(await db().select().from(tasks).where(eq(tasks.projectId, made.json.project))).toHaveLength(120);
    expect((await db().select().from(projects).where(eq(projects.id, made.json.project)).get())?.ownerId).toBe(DEMO_USER_ID);
    expect(await db().select().from(participants).where(and(eq(participants.projectId, made.json.project), eq(participants.userId, DEMO_USER_ID)))).toHaveLength(1);
    for (const body of [{ tasks: 0 }, { tasks: 20_001 }, { tasks: "many" }]) expect((await call("POST", "/api/dev/seed", { body })).status).toBe(400);
    expect((await call("POST", "/api/dev/seed", { raw: "{" })).status).toBe(400);
  });

  it("publishes a task notice to an open board through the development route, without a write, and refuses a bad body", async () => {
    const team = await buildTeam();
    const board = await listen(team.projectId, team.cookies.read!);
    const sent = await call("POST", `/api/dev/publish/${team.projectId}`, { body: { task: "bench-marker" } });
    expect(sent.status).toBe(204);
    expect(sent.headers.get("Server-Timing")).toMatch(/publish;dur=\d+(\.\d)?/);
    const heard = await board.waitFor((m) => m.type === "tasks_changed");
    expect(heard).toMatchObject({ type: "tasks_changed", project: team.projectId, tasks: ["bench-marker"] });
    for (const body of [{}, { task: "" }, { task: "x".repeat(65) }]) expect((await call("POST", `/api/dev/publish/${team.projectId}`, { body })).status).toBe(400);
    expect((await call("POST", `/api/dev/publish/${team.projectId}`, { raw: "{" })).status).toBe(400);
    await new Promise((r) => setTimeout(r, 100));
    expect(board.messages.filter((m) => m.type === "tasks_changed")).toHaveLength(1);
    board.close();
  });
});
