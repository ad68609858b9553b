/**
 * `GET /api/v1/project/{id}/stats`: the burndown rebuilt from activity rows this test writes
 * itself (through drizzle, as the activity-log contract describes them), the counts per
 * status, assignee and sprint, who may read them, and how bad queries are answered.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity, tasks } from "../../workers/db/schema";
import { newGuid } from "../../workers/services/ids";
import { call } from "../fixtures/http";
import { expectProblem, expectReadable400 } from "../fixtures/problems";
import { ACTORS, type Actor, buildTeam, type Team } from "../fixtures/projects";
import { db } from "../fixtures/users";

const DAY = 86_400_000;
const base = (projectId: string) => `/api/v1/project/${projectId}`;
/** Midnight UTC of today, and the sprint's first day four days before it. */
const today = Math.floor(Date.now() / DAY) * DAY;
const d0 = today - 4 * DAY;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Noon UTC of sprint day n (0 = first day). */
const noon = (n: number) => d0 + n * DAY + 12 * 3_600_000;

interface Field {
  guid: string;
  slug: string | null;
  settings: { values_set: { guid: string; key?: string; title?: string; value?: string; color: string }[] };
}

async function fieldsOf(team: Team) {
  const res = await call("GET", `${base(team.projectId)}/fields`, { cookie: team.cookies.root });
  const list = res.json as Field[];
  const bySlug = (slug: string) => list.find((f) => f.slug === slug)!;
  const option = (slug: string, key: string) => bySlug(slug).settings.values_set.find((o) => o.key === key)!.guid;
  return { bySlug, option };
}

async function newSprint(team: Team, title: string, start: number | null, end: number | null, status?: "active" | "planned" | "completed") {
  const res = await call("POST", `${base(team.projectId)}/sprint`, {
    cookie: team.cookies.root,
    body: { title, ...(start !== null ? { start_date: iso(start) } : {}), ...(end !== null ? { end_date: iso(end) } : {}) },
  });
  if (res.status !== 201) throw new Error(`sprint ${res.status} ${res.text}`);
  if (status) await call("PUT", `${base(team.projectId)}/sprint/${res.json.guid}`, { cookie: team.cookies.root, body: { status } });
  return res.json.guid as string;
}

async function newTask(team: Team, values: { slug: string; value: unknown }[], createdAt?: number) {
  const res = await call("POST", `${base(team.projectId)}/issue`, { cookie: team.cookies.root, body: { custom_fields: values } });
  if (res.status !== 201) throw new Error(`task ${res.status} ${res.text}`);
  const guid = res.json.guid as string;
  // The task and the log of its creation (written by the API in the same batch) move back together.
  if (createdAt !== undefined) {
    await db().update(tasks).set({ createdAt }).where(eq(tasks.id, guid));
    await db().update(activity).set({ createdAt }).where(and(eq(activity.entityId, guid), eq(activity.action, "created")));
  }
  return guid;
}

/** An activity row as the contract describes it. */
async function logged(team: Team, task: string, action: "created" | "updated" | "deleted", at: number, detail: object) {
  await db().insert(activity).values({ id: newGuid(), projectId: team.projectId, actorId: team.users.root.id, entityKind: "issue", entityId: task, action, detail: JSON.stringify(detail), createdAt: at });
}

describe("project stats", () => {
  let team: Team;
  let sprint: string;
  let later: string;
  let tasksOf: Record<string, string>;
  let f: Awaited<ReturnType<typeof fieldsOf>>;

  beforeAll(async () => {
    team = await buildTeam();
    f = await fieldsOf(team);
    const id = (slug: string) => f.bySlug(slug).guid;
    sprint = await newSprint(team, "Sprint 1", d0, d0 + 9 * DAY, "active");
    later = await newSprint(team, "Sprint 2", d0 + 10 * DAY, d0 + 19 * DAY);
    const before = d0 - 2 * DAY;
    const todo = f.option("status", "todo");
    const done = f.option("status", "done");
    const doing = f.option("status", "in_progress");
    const write = team.users.write.id;
    const root = team.users.root.id;
    tasksOf = {
      // Done on day 2.
      a: await newTask(team, [{ slug: "title", value: "A" }, { slug: "estimate", value: 5 }, { slug: "sprint", value: sprint }, { slug: "status", value: done }, { slug: "participants", value: [write] }], before),
      b: await newTask(team, [{ slug: "title", value: "B" }, { slug: "estimate", value: 3 }, { slug: "sprint", value: sprint }, { slug: "status", value: todo }, { slug: "participants", value: [write, root] }], before),
      // Added to the sprint as a new task on day 1.
      c: await newTask(team, [{ slug: "title", value: "C" }, { slug: "estimate", value: 2 }, { slug: "sprint", value: sprint }, { slug: "status", value: todo }], noon(1)),
      // Moved into the sprint on day 3.
      d: await newTask(team, [{ slug: "title", value: "D" }, { slug: "estimate", value: 8 }, { slug: "sprint", value: sprint }, { slug: "status", value: doing }], before),
      // Estimate raised from 1 to 4 on day 1.
      e: await newTask(team, [{ slug: "title", value: "E" }, { slug: "estimate", value: 4 }, { slug: "sprint", value: sprint }, { slug: "status", value: doing }], before),
      // An epic in the sprint: a container, left out of every figure.
      epic: await newTask(team, [{ slug: "title", value: "Epic" }, { slug: "estimate", value: 100 }, { slug: "sprint", value: sprint }, { slug: "issue_type", value: f.option("issue_type", "epic") }], before),
      // Backlog work without status or assignee; and work planned for the next sprint.
      f: await newTask(team, [{ slug: "title", value: "F" }], before),
      g: await newTask(team, [{ slug: "title", value: "G" }, { slug: "estimate", value: 13 }, { slug: "sprint", value: later }, { slug: "status", value: done }], before),
    };
    await logged(team, tasksOf.a!, "updated", noon(2), { changes: [{ field: id("status"), slug: "status", from: todo, to: done }] });
    await logged(team, tasksOf.c!, "created", noon(1), { number: 3, values: [{ field: id("title"), slug: "title", value: "C" }, { field: id("estimate"), slug: "estimate", value: 2 }, { field: id("sprint"), slug: "sprint", value: sprint }] });
    await logged(team, tasksOf.d!, "updated", noon(3), { changes: [{ field: id("sprint"), slug: "sprint", from: null, to: sprint }] });
    await logged(team, tasksOf.e!, "updated", noon(1), { changes: [{ field: id("estimate"), slug: "estimate", from: 1, to: 4 }, { field: id("title"), slug: "title", from: "E0", to: "E" }] });
    // A row that does not follow the contract is ignored, not a 500.
    await logged(team, tasksOf.b!, "updated", noon(2), { changes: "garbage" });
  });

  const stats = (query = "", actor: Actor = "root") => call("GET", `${base(team.projectId)}/stats${query}`, { cookie: team.cookies[actor] });

  it("picks the active sprint when none is asked for", async () => {
    const res = await stats();
    expect(res.status, res.text).toBe(200);
    expect(res.json.sprint).toMatchObject({ guid: sprint, title: "Sprint 1", status: "active" });
    expect(res.json.sprints.map((s: { guid: string }) => s.guid)).toEqual([sprint, later]);
  });

  it("replays the burndown from the activity log: done, added, re-estimated and moved-in tasks, future days empty", async () => {
    const { burndown } = (await stats()).json;
    expect(burndown).toHaveLength(10);
    expect(burndown.map((p: { date: string }) => p.date)).toEqual(Array.from({ length: 10 }, (_, i) => iso(d0 + i * DAY)));
    // Day 0: A 5 + B 3 + E 1; day 1: C added (2), E re-estimated to 4; day 2: A done; day 3: D moved in (8).
    expect(burndown.map((p: { remaining_estimate: number | null }) => p.remaining_estimate)).toEqual([9, 14, 9, 17, 17, null, null, null, null, null]);
    expect(burndown.map((p: { remaining_tasks: number | null }) => p.remaining_tasks)).toEqual([3, 4, 3, 4, 4, null, null, null, null, null]);
    expect(burndown[0].ideal_estimate).toBe(9);
    expect(burndown[9].ideal_estimate).toBe(0);
    expect(burndown[0].ideal_tasks).toBe(3);
  });

  it("counts tasks per status in the options' order, those without a status apart, epics left out", async () => {
    const { by_status } = (await stats()).json;
    const count = (key: string) => by_status.find((s: { guid: string }) => s.guid === f.option("status", key)).count;
    expect([count("todo"), count("in_progress"), count("review"), count("done")]).toEqual([2, 2, 0, 2]);
    expect(by_status.at(-1)).toEqual({ guid: null, label: null, color: null, done: false, count: 1 });
    const done = by_status.find((s: { guid: string }) => s.guid === f.option("status", "done"));
    expect(done).toMatchObject({ done: true, color: expect.stringMatching(/^#[0-9a-f]{6}$/i), label: expect.any(String) });
  });

  it("counts tasks per assignee, a shared task for each, the unassigned last", async () => {
    const { by_assignee } = (await stats()).json;
    expect(by_assignee).toEqual([
      { guid: team.users.write.id, name: "Test User", color: expect.any(String), count: 2 },
      { guid: team.users.root.id, name: "Test User", color: expect.any(String), count: 1 },
      { guid: null, name: null, color: null, count: 5 },
    ]);
  });

  it("sums the estimate of every sprint, done and not done", async () => {
    const { by_sprint } = (await stats()).json;
    expect(by_sprint).toEqual([
      { guid: sprint, title: "Sprint 1", status: "active", archived: false, done: 5, not_done: 17, done_tasks: 1, not_done_tasks: 4 },
      { guid: later, title: "Sprint 2", status: "planned", archived: false, done: 13, not_done: 0, done_tasks: 1, not_done_tasks: 0 },
    ]);
  });

  it("draws the burndown of the sprint asked for", async () => {
    const res = await stats(`?sprint=${later}`);
    expect(res.status).toBe(200);
    expect(res.json.sprint.guid).toBe(later);
    // It has not begun: no points yet, the ideal line from today's scope (nothing left undone).
    expect(res.json.burndown.every((p: { remaining_estimate: unknown }) => p.remaining_estimate === null)).toBe(true);
    expect(res.json.burndown[0].ideal_estimate).toBe(0);
  });

  it("has no burndown for a sprint without dates", async () => {
    const undated = await newSprint(team, "Someday", null, null);
    const res = await stats(`?sprint=${undated}`);
    expect(res.status).toBe(200);
    expect(res.json.sprint.guid).toBe(undated);
    expect(res.json.burndown).toBeNull();
  });

  it("answers 404 for a sprint that is not in the project, in the caller's language", async () => {
    expectProblem(await stats(`?sprint=${crypto.randomUUID()}`), 404, "sprint_not_found");
    const other = await call("POST", "/api/v1/project", { cookie: team.cookies.root, body: { name: "Elsewhere" } });
    const foreign = await call("POST", `${base(other.json.guid)}/sprint`, { cookie: team.cookies.root, body: { title: "Theirs" } });
    const res = await call("GET", `${base(team.projectId)}/stats?sprint=${foreign.json.guid}`, { cookie: team.cookies.root, headers: { "Accept-Language": "en" } });
    expectProblem(res, 404, "sprint_not_found", "en");
  });

  for (const [name, query] of [
    ["a sprint id that is no id", "?sprint=not-a-guid"],
    ["an empty sprint id", "?sprint="],
    ["two sprints", `?sprint=${crypto.randomUUID()}&sprint=${crypto.randomUUID()}`],
    ["a sprint id with SQL in it", "?sprint=' OR 1=1 --"],
  ] as const) {
    it(`answers a query with ${name} with a readable 400`, async () => {
      for (const lng of ["ru", "en"] as const) {
        const res = await call("GET", `${base(team.projectId)}/stats${query}`, { cookie: team.cookies.root, headers: { "Accept-Language": lng } });
        expectReadable400(res, lng);
        expect(res.json.code).toBe("sprint_invalid");
      }
    });
  }
});

describe("stats of a project with nothing in it", () => {
  it("has no sprint, no burndown and only empty counts", async () => {
    const team = await buildTeam();
    const res = await call("GET", `${base(team.projectId)}/stats`, { cookie: team.cookies.root });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ sprints: [], sprint: null, burndown: null, by_assignee: [], by_sprint: [] });
    expect(res.json.by_status.every((s: { count: number }) => s.count === 0)).toBe(true);
  });

  it("falls back to the next planned sprint with dates when none is active", async () => {
    const team = await buildTeam();
    await newSprint(team, "Undated", null, null);
    const next = await newSprint(team, "Next", today + 3 * DAY, today + 10 * DAY);
    await newSprint(team, "After", today + 11 * DAY, today + 20 * DAY);
    const res = await call("GET", `${base(team.projectId)}/stats`, { cookie: team.cookies.root });
    expect(res.json.sprint.guid).toBe(next);
    expect(res.json.burndown).toHaveLength(8);
  });
});

describe("a deleted task in the burndown", () => {
  it("counts until the day it was deleted, with the values the log gives it", async () => {
    const team = await buildTeam();
    const f = await fieldsOf(team);
    const sprint = await newSprint(team, "Sprint", d0, d0 + 6 * DAY, "active");
    await newTask(team, [{ slug: "title", value: "Stays" }, { slug: "estimate", value: 1 }, { slug: "sprint", value: sprint }], d0 - DAY);
    const gone = crypto.randomUUID();
    await logged(team, gone, "created", d0 - DAY, { number: 9, values: [{ field: f.bySlug("sprint").guid, slug: "sprint", value: sprint }, { field: f.bySlug("estimate").guid, slug: "estimate", value: 2 }] });
    await logged(team, gone, "updated", noon(0), { changes: [{ field: f.bySlug("estimate").guid, slug: "estimate", from: 2, to: 6 }] });
    await logged(team, gone, "deleted", noon(2), { number: 9, title: "Gone" });
    const res = await call("GET", `${base(team.projectId)}/stats`, { cookie: team.cookies.root });
    expect(res.json.burndown.slice(0, 5).map((p: { remaining_estimate: number }) => p.remaining_estimate)).toEqual([7, 7, 1, 1, 1]);
  });
});

describe("who may read stats", () => {
  const READ: Record<Actor, number> = { root: 200, write: 200, read: 200, unverified: 403, outsider: 403, guest: 401 };
  let team: Team;
  let sprint: string;
  beforeAll(async () => {
    team = await buildTeam();
    sprint = await newSprint(team, "Sprint", d0, d0 + 9 * DAY, "active");
  });

  for (const actor of ACTORS) {
    const expected = READ[actor];
    it(`answers ${expected} to ${actor}${expected === 200 ? "" : ", showing nothing"}`, async () => {
      for (const query of ["", `?sprint=${sprint}`]) {
        const res = await call("GET", `${base(team.projectId)}/stats${query}`, { cookie: team.cookies[actor] });
        if (expected === 200) expect(res.status, res.text).toBe(200);
        else {
          expectProblem(res, expected, expected === 401 ? "unauthorized" : "project_forbidden");
          expect(res.text).not.toContain(sprint);
        }
      }
    });
  }

  it("answers 403 for a project that does not exist, like one that is not yours", async () => {
    expectProblem(await call("GET", `${base(crypto.randomUUID())}/stats`, { cookie: team.cookies.root }), 403, "project_forbidden");
  });

  it("reads without writing anything", async () => {
    const count = async () => (await db().select().from(activity).where(inArray(activity.projectId, [team.projectId]))).length;
    const before = await count();
    await call("GET", `${base(team.projectId)}/stats`, { cookie: team.cookies.root });
    expect(await count()).toBe(before);
  });
});
