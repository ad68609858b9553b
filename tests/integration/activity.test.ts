import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity } from "../../workers/db/schema";
import { recordActivity } from "../../workers/services/activity";
import { call } from "../fixtures/http";
import { expectProblem, expectReadable400 } from "../fixtures/problems";
import { ACTORS, type Actor, buildTeam, type Team } from "../fixtures/projects";
import { activityOf, base, fieldsBySlug, newSprint, newTask, projectRows } from "../fixtures/tasks";
import { db } from "../fixtures/users";

const detailsOf = async (entity: string, action?: string) =>
  (await activityOf(entity)).filter((a) => !action || a.action === action).map((a) => ({ action: a.action, actor: a.actorId, detail: JSON.parse(a.detail) }));
const events = (team: Team, query = "", as: Actor = "read") => call("GET", `${base(team.projectId)}/events${query}`, { cookie: team.cookies[as] });

describe("the activity log records", () => {
  let team: Team;
  let field: Awaited<ReturnType<typeof fieldsBySlug>>;
  beforeAll(async () => {
    team = await buildTeam();
    field = await fieldsBySlug(team.projectId, team.cookies.root);
  });

  it("a new task with its number and the values it starts with", async () => {
    const todo = field("status").settings.values_set[0]!.guid;
    const task = await newTask(team.projectId, team.cookies.write, "Logged task", [{ slug: "status", value: todo }, { slug: "estimate", value: 3 }]);
    expect(await detailsOf(task.guid)).toEqual([
      {
        action: "created",
        actor: team.users.write.id,
        detail: {
          number: task.number,
          values: expect.arrayContaining([
            { field: field("title").guid, slug: "title", value: "Logged task" },
            { field: field("status").guid, slug: "status", value: todo },
            { field: expect.any(String), slug: "estimate", value: 3 },
          ]),
        },
      },
    ]);
  });

  it("one entry per change of a task, with only the fields whose value really changed", async () => {
    const [todo, doing] = field("status").settings.values_set.map((o) => o.guid);
    const task = await newTask(team.projectId, team.cookies.root, "Before", [{ slug: "status", value: todo }, { slug: "description", value: "Text" }]);
    const put = (custom_fields: unknown[]) => call("PUT", `${base(team.projectId)}/issue/${task.guid}`, { cookie: team.cookies.write, body: { custom_fields } });
    expect((await put([{ slug: "title", value: "After" }, { slug: "status", value: doing }, { slug: "description", value: "Text" }])).status).toBe(200);
    expect((await put([{ slug: "title", value: "After" }])).status).toBe(200);
    expect((await put([{ slug: "description", value: null }, { slug: "start_date", value: "2026-03-02" }])).status).toBe(200);
    expect(await detailsOf(task.guid, "updated")).toEqual([
      {
        action: "updated",
        actor: team.users.write.id,
        detail: {
          changes: [
            { field: field("title").guid, slug: "title", from: "Before", to: "After" },
            { field: field("status").guid, slug: "status", from: todo, to: doing },
          ],
        },
      },
      {
        action: "updated",
        actor: team.users.write.id,
        detail: {
          changes: [
            { field: field("description").guid, slug: "description", from: "Text", to: null },
            { field: expect.any(String), slug: "start_date", from: null, to: "2026-03-02" },
          ],
        },
      },
    ]);
  });

  it("nothing for a refused change: the entry is written with the values or not at all", async () => {
    const task = await newTask(team.projectId, team.cookies.root, "Stable");
    const before = await activityOf(task.guid);
    const bad = await call("PUT", `${base(team.projectId)}/issue/${task.guid}`, { cookie: team.cookies.root, body: { custom_fields: [{ slug: "title", value: "New" }, { slug: "status", value: "nope" }] } });
    expect(bad.status).toBe(400);
    expect(await activityOf(task.guid)).toEqual(before);
  });

  it("a deleted task with its number and title", async () => {
    const task = await newTask(team.projectId, team.cookies.root, "Short-lived");
    await call("DELETE", `${base(team.projectId)}/issue/${task.guid}`, { cookie: team.cookies.write });
    expect(await detailsOf(task.guid, "deleted")).toEqual([{ action: "deleted", actor: team.users.write.id, detail: { number: task.number, title: "Short-lived" } }]);
  });

  it("comments added, edited and deleted", async () => {
    const task = await newTask(team.projectId, team.cookies.root, "Discussed");
    const path = `${base(team.projectId)}/issue/${task.guid}/comment`;
    const comment = (await call("POST", path, { cookie: team.cookies.write, body: { text: "First" } })).json.guid;
    await call("PUT", `${path}/${comment}`, { cookie: team.cookies.write, body: { text: "First" } });
    await call("PUT", `${path}/${comment}`, { cookie: team.cookies.write, body: { text: "Second" } });
    await call("DELETE", `${path}/${comment}`, { cookie: team.cookies.root });
    expect((await detailsOf(task.guid)).filter((e) => e.action.startsWith("comment_"))).toEqual([
      { action: "comment_added", actor: team.users.write.id, detail: { comment } },
      { action: "comment_edited", actor: team.users.write.id, detail: { comment } },
      { action: "comment_deleted", actor: team.users.root.id, detail: { comment } },
    ]);
  });

  it("links on both tasks, each from its own side, and their removal, also when a task goes", async () => {
    const [a, b, c] = [await newTask(team.projectId, team.cookies.root, "A"), await newTask(team.projectId, team.cookies.root, "B"), await newTask(team.projectId, team.cookies.root, "C")];
    const path = (t: string) => `${base(team.projectId)}/issue/${t}/issues`;
    const first = (await call("POST", path(a.guid), { cookie: team.cookies.write, body: { issue: b.guid, kind: "blocks" } })).json.guid;
    const second = (await call("POST", path(c.guid), { cookie: team.cookies.write, body: { issue: a.guid, kind: "subtask" } })).json.guid;
    await call("DELETE", `${path(b.guid)}/${first}`, { cookie: team.cookies.root });
    await call("DELETE", `${base(team.projectId)}/issue/${a.guid}`, { cookie: team.cookies.root });
    expect((await detailsOf(b.guid)).filter((e) => e.action.startsWith("link_"))).toEqual([
      { action: "link_added", actor: team.users.write.id, detail: { link: first, kind: "blocked_by", other: a.guid } },
      { action: "link_removed", actor: team.users.root.id, detail: { link: first, kind: "blocked_by", other: a.guid } },
    ]);
    expect((await detailsOf(c.guid)).filter((e) => e.action.startsWith("link_"))).toEqual([
      { action: "link_added", actor: team.users.write.id, detail: { link: second, kind: "subtask", other: a.guid } },
      { action: "link_removed", actor: team.users.root.id, detail: { link: second, kind: "subtask", other: a.guid } },
    ]);
    expect((await detailsOf(a.guid)).filter((e) => e.action.startsWith("link_")).map((e) => [e.action, e.detail.kind])).toEqual([
      ["link_added", "blocks"],
      ["link_added", "parent"],
      ["link_removed", "blocks"],
    ]);
  });

  it("sprints created and changed, leaving out archiving and the lane order", async () => {
    const res = await call("POST", `${base(team.projectId)}/sprint`, { cookie: team.cookies.write, body: { title: "Sprint 7", goal: "Ship", start_date: "2026-03-02", end_date: "2026-03-13" } });
    const sprint = res.json.guid as string;
    const put = (body: unknown) => call("PUT", `${base(team.projectId)}/sprint/${sprint}`, { cookie: team.cookies.write, body });
    await put({ title: "Sprint 7", goal: "Ship it", status: "active" });
    await put({ sort: 42 });
    await put({ archived: true });
    await put({ end_date: null });
    expect(await detailsOf(sprint)).toEqual([
      { action: "created", actor: team.users.write.id, detail: { title: "Sprint 7", goal: "Ship", start_date: "2026-03-02", end_date: "2026-03-13" } },
      {
        action: "updated",
        actor: team.users.write.id,
        detail: {
          title: "Sprint 7",
          changes: [
            { field: "goal", from: "Ship", to: "Ship it" },
            { field: "status", from: "planned", to: "active" },
          ],
        },
      },
      { action: "updated", actor: team.users.write.id, detail: { title: "Sprint 7", changes: [{ field: "end_date", from: "2026-03-13", to: null }] } },
    ]);
  });

  it("rows of other callers through recordActivity", async () => {
    const sprint = await newSprint(team.projectId, team.cookies.root, "Done");
    await recordActivity(db(), [{ projectId: team.projectId, actorId: null, entityKind: "sprint", entityId: sprint, action: "completed", detail: { moved: 2, to: sprint } }]);
    const res = await events(team, `?entity=${sprint}`);
    expect(res.json.results[0]).toMatchObject({ actor: null, entity_kind: "sprint", entity: sprint, action: "completed", detail: { moved: 2, to: sprint } });
  });
});

describe("GET events", () => {
  it("answers the contract's shape, newest first, for the project or one entity", async () => {
    const team = await buildTeam();
    const a = await newTask(team.projectId, team.cookies.write, "First");
    const b = await newTask(team.projectId, team.cookies.root, "Second");
    const res = await events(team);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      results: [
        {
          guid: expect.any(String),
          actor: { guid: team.users.root.id, name: expect.any(String), color: expect.stringMatching(/^#/) },
          entity_kind: "issue",
          entity: b.guid,
          action: "created",
          detail: expect.objectContaining({ number: b.number }),
          created_at: expect.any(Number),
        },
        expect.objectContaining({ entity: a.guid, action: "created", actor: expect.objectContaining({ guid: team.users.write.id }) }),
      ],
      next: null,
    });
    expect(res.json.results[0].created_at).toBeGreaterThanOrEqual(res.json.results[1].created_at);
    expect((await events(team, `?entity=${a.guid}`)).json.results.map((e: { entity: string }) => e.entity)).toEqual([a.guid]);
    const one = await call("GET", `${base(team.projectId)}/issue/${a.guid}/events`, { cookie: team.cookies.read });
    expect(one.json).toEqual({ results: [expect.objectContaining({ entity: a.guid, action: "created" })], next: null });
  });

  it("pages with limit and before, never losing or repeating rows that share a time", async () => {
    const team = await buildTeam();
    const task = await newTask(team.projectId, team.cookies.root, "Busy");
    // 23 more rows: groups of 1, 5, 1, 7, 1, 8 sharing their timestamps (rows of one write share one).
    const t0 = Date.now() - 100_000;
    const groups = [1, 5, 1, 7, 1, 8];
    let at = t0;
    for (const size of groups) {
      at += 1000;
      await recordActivity(
        db(),
        Array.from({ length: size }, (_, i) => ({ projectId: team.projectId, actorId: team.users.root.id, entityKind: "issue" as const, entityId: task.guid, action: "updated", detail: { at, i }, createdAt: at })),
      );
    }
    const all = (await db().select().from(activity).where(eq(activity.projectId, team.projectId))).length;
    expect(all).toBe(24);
    for (const limit of [1, 3, 4, 10]) {
      const seen: string[] = [];
      let before: number | null | undefined;
      let pages = 0;
      do {
        const res = await call("GET", `${base(team.projectId)}/issue/${task.guid}/events?limit=${limit}${before ? `&before=${before}` : ""}`, { cookie: team.cookies.read });
        expect(res.status, res.text).toBe(200);
        const times = res.json.results.map((r: { created_at: number }) => r.created_at);
        expect([...times].sort((x: number, y: number) => y - x)).toEqual(times);
        seen.push(...res.json.results.map((r: { guid: string }) => r.guid));
        if (res.json.next !== null) expect(res.json.next).toBe(times[times.length - 1]);
        before = res.json.next;
        pages += 1;
      } while (before !== null && pages < 50);
      expect(new Set(seen).size, `limit ${limit}`).toBe(24);
      expect(seen).toHaveLength(24);
    }
  });

  it("answers 404 for the events of a task that is not in the project", async () => {
    const team = await buildTeam();
    expectProblem(await call("GET", `${base(team.projectId)}/issue/${crypto.randomUUID()}/events`, { cookie: team.cookies.read }), 404, "task_not_found");
  });

  it.each([
    ["a limit of 0", "?limit=0", "limit_invalid"],
    ["a limit over 200", "?limit=201", "limit_invalid"],
    ["a limit that is no number", "?limit=many", "limit_invalid"],
    ["a before that is no time", "?before=yesterday", "before_invalid"],
    ["a negative before", "?before=-1", "before_invalid"],
    ["an entity guid over 64 characters", `?entity=${"x".repeat(65)}`, "entity_invalid"],
  ])("answers %s with a translated 400", async (_what, query, code) => {
    const team = await buildTeam();
    for (const lng of ["ru", "en", "es", "de"] as const) {
      const res = await call("GET", `${base(team.projectId)}/events${query}`, { cookie: team.cookies.read, headers: { "Accept-Language": lng } });
      expectReadable400(res, lng);
      expect(res.json.code).toBe(code);
    }
  });
});

describe("events authorization matrix", () => {
  const READ: Record<Actor, number> = { root: 200, write: 200, read: 200, unverified: 403, outsider: 403, guest: 401 };
  let team: Team;
  let task: string;
  beforeAll(async () => {
    team = await buildTeam();
    task = (await newTask(team.projectId, team.cookies.root, "Watched")).guid;
  });
  const endpoints: { name: string; path: (projectId: string) => string }[] = [
    { name: "GET events", path: (p) => `${base(p)}/events` },
    { name: "GET issue/{uid}/events", path: (p) => `${base(p)}/issue/${task}/events` },
  ];
  for (const e of endpoints) {
    for (const actor of ACTORS) {
      it(`${e.name} answers ${READ[actor]} to ${actor} and changes nothing`, async () => {
        const before = await projectRows(team.projectId);
        const res = await call("GET", e.path(team.projectId), { cookie: team.cookies[actor] });
        if (READ[actor] === 200) expect(res.json.results.length).toBeGreaterThan(0);
        else expectProblem(res, READ[actor], READ[actor] === 401 ? "unauthorized" : "project_forbidden");
        expect(await projectRows(team.projectId)).toEqual(before);
      });
    }
    it(`${e.name} answers 403 for a project that does not exist`, async () => {
      expectProblem(await call("GET", e.path(crypto.randomUUID()), { cookie: team.cookies.root }), 403, "project_forbidden");
    });
  }
});
