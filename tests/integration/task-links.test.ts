import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TRASH_KEPT_MS } from "../../domain/planning/trash";
import { taskLinks } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { purgeDeletedTasks } from "../../workers/services/task-trash";
import { type Expect, READ, type Res, WRITE, expectRefused } from "../fixtures/access-matrix";
import { call } from "../fixtures/http";
import { listen } from "../fixtures/live";
import { expectProblem, expectReadable400 } from "../fixtures/problems";
import { ACTORS, buildTeam, type Team } from "../fixtures/projects";
import { base, fieldsBySlug, newTask, projectRows } from "../fixtures/tasks";
import { db } from "../fixtures/users";

const links = (projectId: string, task: string) => `${base(projectId)}/issue/${task}/issues`;

async function link(team: Team, from: string, to: string, kind: string, cookie = team.cookies.root) {
  return call("POST", links(team.projectId, from), { cookie, body: { issue: to, kind } });
}

describe("task links", () => {
  let team: Team;
  beforeAll(async () => {
    team = await buildTeam();
  });

  it("lists a link from both ends, the far end reading the inverted kind, with the other task's number, title and status", async () => {
    const status = (await fieldsBySlug(team.projectId, team.cookies.root))("status");
    const doing = status.settings.values_set[1]!.guid;
    const a = await newTask(team.projectId, team.cookies.root, "Migrate the database");
    const b = await newTask(team.projectId, team.cookies.root, "Release 2.0", [{ slug: "status", value: doing }]);
    const created = await link(team, a.guid, b.guid, "blocks");
    expect(created.status, created.text).toBe(201);
    expect(created.json).toEqual({ guid: expect.any(String), kind: "blocks", issue: b.guid, number: b.number, title: "Release 2.0", status: doing, created_at: expect.any(Number) });
    const fromA = await call("GET", links(team.projectId, a.guid), { cookie: team.cookies.read });
    const fromB = await call("GET", links(team.projectId, b.guid), { cookie: team.cookies.read });
    expect(fromA.json).toEqual([created.json]);
    expect(fromB.json).toEqual([{ guid: created.json.guid, kind: "blocked_by", issue: a.guid, number: a.number, title: "Migrate the database", status: null, created_at: created.json.created_at }]);
  });

  it.each([
    ["blocks", "blocked_by"],
    ["blocked_by", "blocks"],
    ["relates", "relates"],
    ["duplicates", "duplicated_by"],
    ["duplicated_by", "duplicates"],
    ["parent", "subtask"],
    ["subtask", "parent"],
  ])("stores '%s' once, normalised, and the other task reads it as '%s'", async (kind, inverse) => {
    const a = await newTask(team.projectId, team.cookies.write, "A");
    const b = await newTask(team.projectId, team.cookies.write, "B");
    const res = await link(team, a.guid, b.guid, kind, team.cookies.write);
    expect(res.status, res.text).toBe(201);
    const rows = await db().select().from(taskLinks).where(eq(taskLinks.id, res.json.guid));
    expect(rows).toHaveLength(1);
    expect(["blocks", "relates", "duplicates", "parent"]).toContain(rows[0]!.kind);
    expect((await call("GET", links(team.projectId, a.guid), { cookie: team.cookies.root })).json.map((l: { kind: string }) => l.kind)).toEqual([kind]);
    expect((await call("GET", links(team.projectId, b.guid), { cookie: team.cookies.root })).json.map((l: { kind: string }) => l.kind)).toEqual([inverse]);
  });

  it("lists several links of a task, oldest first, in both directions", async () => {
    const [a, b, c] = [await newTask(team.projectId, team.cookies.root, "A"), await newTask(team.projectId, team.cookies.root, "B"), await newTask(team.projectId, team.cookies.root, "C")];
    await link(team, a.guid, b.guid, "parent");
    await link(team, c.guid, a.guid, "duplicates");
    await link(team, b.guid, c.guid, "relates");
    const fromA = await call("GET", links(team.projectId, a.guid), { cookie: team.cookies.root });
    expect(fromA.json.map((l: { kind: string; issue: string }) => [l.kind, l.issue])).toEqual([
      ["parent", b.guid],
      ["duplicated_by", c.guid],
    ]);
  });

  it("refuses a link of a task to itself", async () => {
    const a = await newTask(team.projectId, team.cookies.root, "Alone");
    const before = await projectRows(team.projectId);
    expectProblem(await link(team, a.guid, a.guid, "relates"), 400, "link_self");
    expect(await projectRows(team.projectId)).toEqual(before);
  });

  it("refuses the same link twice, however it is asked for, with 409", async () => {
    const a = await newTask(team.projectId, team.cookies.root, "A");
    const b = await newTask(team.projectId, team.cookies.root, "B");
    expect((await link(team, a.guid, b.guid, "blocks")).status).toBe(201);
    expect((await link(team, a.guid, b.guid, "relates")).status).toBe(201);
    const before = await projectRows(team.projectId);
    expectProblem(await link(team, a.guid, b.guid, "blocks"), 409, "link_exists");
    expectProblem(await link(team, b.guid, a.guid, "blocked_by"), 409, "link_exists");
    expectProblem(await link(team, b.guid, a.guid, "relates"), 409, "link_exists", "ru");
    expect(await projectRows(team.projectId)).toEqual(before);
  });

  it("refuses a parent cycle, a blocking cycle and a duplicate cycle, in every language", async () => {
    const [a, b, c] = [await newTask(team.projectId, team.cookies.root, "A"), await newTask(team.projectId, team.cookies.root, "B"), await newTask(team.projectId, team.cookies.root, "C")];
    expect((await link(team, a.guid, b.guid, "parent")).status).toBe(201);
    expect((await link(team, b.guid, c.guid, "parent")).status).toBe(201);
    expect((await link(team, a.guid, b.guid, "blocks")).status).toBe(201);
    expect((await link(team, b.guid, c.guid, "duplicates")).status).toBe(201);
    const before = await projectRows(team.projectId);
    for (const lng of ["ru", "en", "es", "de"] as const) {
      const headers = { "Accept-Language": lng };
      expectProblem(await call("POST", links(team.projectId, c.guid), { cookie: team.cookies.root, headers, body: { issue: a.guid, kind: "parent" } }), 409, "link_cycle", lng);
      expectProblem(await call("POST", links(team.projectId, a.guid), { cookie: team.cookies.root, headers, body: { issue: c.guid, kind: "subtask" } }), 409, "link_cycle", lng);
      expectProblem(await call("POST", links(team.projectId, a.guid), { cookie: team.cookies.root, headers, body: { issue: b.guid, kind: "blocked_by" } }), 409, "link_cycle", lng);
      expectProblem(await call("POST", links(team.projectId, c.guid), { cookie: team.cookies.root, headers, body: { issue: b.guid, kind: "duplicates" } }), 409, "link_cycle", lng);
    }
    expect(await projectRows(team.projectId)).toEqual(before);
  });

  it("gives a task at most one parent", async () => {
    const [p1, p2, child] = [await newTask(team.projectId, team.cookies.root, "P1"), await newTask(team.projectId, team.cookies.root, "P2"), await newTask(team.projectId, team.cookies.root, "Child")];
    expect((await link(team, p1.guid, child.guid, "parent")).status).toBe(201);
    const before = await projectRows(team.projectId);
    expectProblem(await link(team, p2.guid, child.guid, "parent"), 409, "link_parent_exists");
    expectProblem(await link(team, child.guid, p2.guid, "subtask"), 409, "link_parent_exists");
    expect(await projectRows(team.projectId)).toEqual(before);
    // A parent may have many subtasks.
    expect((await link(team, p1.guid, p2.guid, "parent")).status).toBe(201);
  });

  it("keeps one parent when two requests race to give a task one", async () => {
    const [p1, p2, child] = [await newTask(team.projectId, team.cookies.root, "P1"), await newTask(team.projectId, team.cookies.root, "P2"), await newTask(team.projectId, team.cookies.root, "Child")];
    const answers = await Promise.all([link(team, p1.guid, child.guid, "parent"), link(team, p2.guid, child.guid, "parent")]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)!.json.code).toBe("link_parent_exists");
    const parents = await db().select().from(taskLinks).where(eq(taskLinks.targetId, child.guid));
    expect(parents).toHaveLength(1);
  });

  it("refuses a task of another project or one that does not exist, and answers 404 for an unknown task in the URL", async () => {
    const other = await call("POST", "/api/v1/project", { cookie: team.cookies.root, body: { name: "Elsewhere" } });
    const foreign = await newTask(other.json.guid, team.cookies.root, "Foreign");
    const a = await newTask(team.projectId, team.cookies.root, "Local");
    const before = { here: await projectRows(team.projectId), there: await projectRows(other.json.guid) };
    const refused = await link(team, a.guid, foreign.guid, "relates");
    expectProblem(refused, 400, "task_unknown");
    expect(refused.json.fields).toEqual({ issue: expect.any(String) });
    expectProblem(await link(team, a.guid, crypto.randomUUID(), "relates"), 400, "task_unknown");
    expectProblem(await link(team, foreign.guid, a.guid, "relates"), 404, "task_not_found");
    expectProblem(await call("GET", links(team.projectId, foreign.guid), { cookie: team.cookies.root }), 404, "task_not_found");
    expect(await projectRows(team.projectId)).toEqual(before.here);
    expect(await projectRows(other.json.guid)).toEqual(before.there);
  });

  it("deletes a link from either end with 204, and only from its own tasks", async () => {
    const [a, b, c] = [await newTask(team.projectId, team.cookies.root, "A"), await newTask(team.projectId, team.cookies.root, "B"), await newTask(team.projectId, team.cookies.root, "C")];
    const first = (await link(team, a.guid, b.guid, "blocks")).json.guid;
    const second = (await link(team, a.guid, c.guid, "relates")).json.guid;
    const before = await projectRows(team.projectId);
    expectProblem(await call("DELETE", `${links(team.projectId, c.guid)}/${first}`, { cookie: team.cookies.root }), 404, "link_not_found");
    expectProblem(await call("DELETE", `${links(team.projectId, a.guid)}/${crypto.randomUUID()}`, { cookie: team.cookies.root }), 404, "link_not_found");
    expect(await projectRows(team.projectId)).toEqual(before);
    expect((await call("DELETE", `${links(team.projectId, b.guid)}/${first}`, { cookie: team.cookies.write })).status).toBe(204);
    expect((await call("DELETE", `${links(team.projectId, a.guid)}/${second}`, { cookie: team.cookies.write })).status).toBe(204);
    for (const t of [a, b, c]) expect((await call("GET", links(team.projectId, t.guid), { cookie: team.cookies.root })).json).toEqual([]);
    expectProblem(await call("DELETE", `${links(team.projectId, a.guid)}/${second}`, { cookie: team.cookies.root }), 404, "link_not_found");
  });

  it("drops a deleted task's links from the tasks at their other end", async () => {
    const [a, b] = [await newTask(team.projectId, team.cookies.root, "Doomed"), await newTask(team.projectId, team.cookies.root, "Stays")];
    await link(team, a.guid, b.guid, "parent");
    expect((await call("DELETE", `${base(team.projectId)}/issue/${a.guid}`, { cookie: team.cookies.root })).status).toBe(204);
    expect((await call("GET", links(team.projectId, b.guid), { cookie: team.cookies.root })).json).toEqual([]);
    // The link rows stay while the task is in the trash (Undo brings them back) and go with its purge.
    await purgeDeletedTasks(env as unknown as Env, db(), Date.now() + TRASH_KEPT_MS);
    expect(await db().select().from(taskLinks).where(eq(taskLinks.targetId, b.guid))).toEqual([]);
  });

  it("tells open boards about both tasks when a link is added or removed", async () => {
    const [a, b] = [await newTask(team.projectId, team.cookies.root, "A"), await newTask(team.projectId, team.cookies.root, "B")];
    const board = await listen(team.projectId, team.cookies.read!);
    const added = await link(team, a.guid, b.guid, "relates", team.cookies.write);
    const heard = await board.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(a.guid));
    expect(heard).toMatchObject({ type: "tasks_changed", tasks: expect.arrayContaining([a.guid, b.guid]) });
    await call("DELETE", `${links(team.projectId, b.guid)}/${added.json.guid}`, { cookie: team.cookies.write });
    await board.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(b.guid) && m !== heard);
    board.close();
  });
});

describe("malformed link bodies", () => {
  let team: Team;
  let task: string;
  let other: string;
  beforeAll(async () => {
    team = await buildTeam();
    task = (await newTask(team.projectId, team.cookies.root, "A")).guid;
    other = (await newTask(team.projectId, team.cookies.root, "B")).guid;
  });

  const cases: { name: string; body?: () => unknown; raw?: string; code: string }[] = [
    { name: "that is not JSON", raw: "{issue:", code: "body_invalid_json" },
    { name: "of JSON null", raw: "null", code: "body_invalid" },
    { name: "of a list", body: () => [{ issue: other, kind: "blocks" }], code: "body_invalid" },
    { name: "without the other task", body: () => ({ kind: "blocks" }), code: "link_issue_required" },
    { name: "with a number for the other task", body: () => ({ issue: 5, kind: "blocks" }), code: "link_issue_required" },
    { name: "without a kind", body: () => ({ issue: other }), code: "link_kind_invalid" },
    { name: "with an unknown kind", body: () => ({ issue: other, kind: "child_of" }), code: "link_kind_invalid" },
    { name: "with an unknown key", body: () => ({ issue: other, kind: "blocks", note: "x" }), code: "body_invalid" },
  ];
  for (const c of cases) {
    for (const lng of ["ru", "en"] as const) {
      it(`answers a body ${c.name} with a 400 in ${lng} and changes nothing`, async () => {
        const before = await projectRows(team.projectId);
        const res = await call("POST", links(team.projectId, task), { cookie: team.cookies.root, body: c.body?.(), raw: c.raw, headers: { "Accept-Language": lng } });
        expectReadable400(res, lng);
        if (c.code !== "body_invalid") expect(res.json.code).toBe(c.code);
        expect(await projectRows(team.projectId)).toEqual(before);
      });
    }
  }
});

describe("task link authorization matrix", () => {
  let team: Team;
  beforeAll(async () => {
    team = await buildTeam();
  });

  /** Two fresh tasks and a link between them, so that allowed changes never starve later cases. */
  const target = async () => {
    const a = (await newTask(team.projectId, team.cookies.root, "A")).guid;
    const b = (await newTask(team.projectId, team.cookies.root, "B")).guid;
    const c = (await newTask(team.projectId, team.cookies.root, "C")).guid;
    const linked = (await link(team, a, b, "relates")).json.guid as string;
    return { a, b, c, linked };
  };

  const endpoints: { name: string; expect: Expect; run: (projectId: string, x: Awaited<ReturnType<typeof target>>, cookie: string | undefined) => Promise<Res> }[] = [
    { name: "GET issue/{uid}/issues", expect: READ, run: (p, x, cookie) => call("GET", links(p, x.a), { cookie }) },
    { name: "POST issue/{uid}/issues", expect: WRITE(201), run: (p, x, cookie) => call("POST", links(p, x.a), { cookie, body: { issue: x.c, kind: "blocks" } }) },
    { name: "DELETE issue/{uid}/issues/{guid}", expect: WRITE(204), run: (p, x, cookie) => call("DELETE", `${links(p, x.a)}/${x.linked}`, { cookie }) },
  ];

  for (const e of endpoints) {
    for (const actor of ACTORS) {
      const expected = e.expect[actor];
      const allowed = expected < 300;
      it(`${e.name} answers ${expected} to ${actor}${allowed ? "" : " and changes nothing"}`, async () => {
        const x = await target();
        const before = await projectRows(team.projectId);
        const res = await e.run(team.projectId, x, team.cookies[actor]);
        if (allowed) expect(res.status, res.text).toBe(expected);
        else {
          expectRefused(res, expected);
          expect(await projectRows(team.projectId)).toEqual(before);
        }
      });
    }
    it(`${e.name} answers 403 for a project that does not exist`, async () => {
      const x = await target();
      expectProblem(await e.run(crypto.randomUUID(), x, team.cookies.root), 403, "project_forbidden");
    });
  }
});
