import { beforeAll, describe, expect, it } from "vitest";
import { type Expect, READ, type Res, WRITE, expectRefused } from "../fixtures/access-matrix";
import { call } from "../fixtures/http";
import { listen } from "../fixtures/live";
import { expectProblem, expectReadable400 } from "../fixtures/problems";
import { ACTORS, type Actor, buildTeam, type Team } from "../fixtures/projects";
import { activityOf, base, fieldsBySlug, newTask, projectRows } from "../fixtures/tasks";

const labels = (team: Team) => `${base(team.projectId)}/labels`;
const create = (team: Team, value: string, color?: string, as: Actor = "write") => call("POST", labels(team), { cookie: team.cookies[as], body: { value, ...(color ? { color } : {}) } });
const tagsOf = async (team: Team, task: string) =>
  ((await call("GET", `${base(team.projectId)}/issue/${task}`, { cookie: team.cookies.root })).json.custom_fields as { slug: string; value: unknown }[]).find((v) => v.slug === "tags")?.value;

describe("labels", () => {
  let team: Team;
  beforeAll(async () => {
    team = await buildTeam();
  });

  it("are the options of the tags field, listed with how many tasks carry each", async () => {
    expect((await call("GET", labels(team), { cookie: team.cookies.read })).json).toEqual([]);
    const bug = await create(team, "Bug", "#ef4444");
    expect(bug.status, bug.text).toBe(201);
    expect(bug.json).toEqual({ guid: expect.any(String), value: "Bug", color: "#ef4444", sort: 0, count: 0 });
    const ui = (await create(team, "UI")).json;
    expect(ui).toMatchObject({ value: "UI", color: expect.stringMatching(/^#[0-9a-f]{6}$/i), sort: 1 });
    const tags = (await fieldsBySlug(team.projectId, team.cookies.root))("tags");
    expect(tags.settings.values_set.map((o) => o.guid)).toEqual([bug.json.guid, ui.guid]);
    await newTask(team.projectId, team.cookies.write, "One", [{ slug: "tags", value: [bug.json.guid] }]);
    await newTask(team.projectId, team.cookies.write, "Two", [{ slug: "tags", value: [bug.json.guid, ui.guid] }]);
    await newTask(team.projectId, team.cookies.write, "Three");
    const listed = await call("GET", labels(team), { cookie: team.cookies.read });
    expect(listed.json.map((l: { value: string; count: number }) => [l.value, l.count])).toEqual([
      ["Bug", 2],
      ["UI", 1],
    ]);
  });

  it("refuses a second label of the same name, whatever its case or spacing, with 409", async () => {
    await create(team, "Backend");
    const before = await projectRows(team.projectId);
    for (const name of ["backend", " BACKEND ", "Backend"]) {
      const res = await create(team, name);
      expectProblem(res, 409, "label_exists");
      expect(res.json.fields).toEqual({ value: expect.any(String) });
    }
    expect(await projectRows(team.projectId)).toEqual(before);
  });

  it("renames and recolours a label, keeping it on its tasks; a name taken by another label is refused", async () => {
    const label = (await create(team, "Frontend", "#0ea5e9")).json;
    const other = (await create(team, "Design")).json;
    const task = await newTask(team.projectId, team.cookies.root, "Styled", [{ slug: "tags", value: [label.guid] }]);
    const renamed = await call("PUT", `${labels(team)}/${label.guid}`, { cookie: team.cookies.write, body: { value: "Web UI", color: "#10b981" } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toEqual({ guid: label.guid, value: "Web UI", color: "#10b981", sort: label.sort, count: 1 });
    expect(await tagsOf(team, task.guid)).toEqual([label.guid]);
    expect((await call("PUT", `${labels(team)}/${label.guid}`, { cookie: team.cookies.write, body: { value: "WEB ui" } })).status).toBe(200);
    expect((await call("PUT", `${labels(team)}/${label.guid}`, { cookie: team.cookies.write, body: { color: "#000000" } })).json).toMatchObject({ value: "WEB ui", color: "#000000" });
    const before = await projectRows(team.projectId);
    expectProblem(await call("PUT", `${labels(team)}/${other.guid}`, { cookie: team.cookies.write, body: { value: "web ui" } }), 409, "label_exists");
    expectProblem(await call("PUT", `${labels(team)}/${crypto.randomUUID()}`, { cookie: team.cookies.write, body: { value: "Ghost" } }), 404, "label_not_found");
    expect(await projectRows(team.projectId)).toEqual(before);
  });

  it("deletes a label and strips it from every task, logging the change on each", async () => {
    const doomed = (await create(team, "Obsolete")).json;
    const kept = (await create(team, "Kept")).json;
    const both = await newTask(team.projectId, team.cookies.root, "Both", [{ slug: "tags", value: [doomed.guid, kept.guid] }]);
    const only = await newTask(team.projectId, team.cookies.root, "Only", [{ slug: "tags", value: [doomed.guid] }]);
    const none = await newTask(team.projectId, team.cookies.root, "None", [{ slug: "tags", value: [kept.guid] }]);
    const board = await listen(team.projectId, team.cookies.read!);
    const res = await call("DELETE", `${labels(team)}/${doomed.guid}`, { cookie: team.cookies.write });
    expect(res.status, res.text).toBe(204);
    expect((await call("GET", labels(team), { cookie: team.cookies.read })).json.map((l: { guid: string }) => l.guid)).not.toContain(doomed.guid);
    expect(await tagsOf(team, both.guid)).toEqual([kept.guid]);
    expect(await tagsOf(team, only.guid)).toBeUndefined();
    expect(await tagsOf(team, none.guid)).toEqual([kept.guid]);
    const heard = await board.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(both.guid));
    expect(heard).toMatchObject({ tasks: expect.arrayContaining([both.guid, only.guid]) });
    expect((heard as { tasks: string[] }).tasks).not.toContain(none.guid);
    board.close();
    const log = (await activityOf(both.guid)).filter((a) => a.action === "updated");
    expect(log.map((a) => JSON.parse(a.detail))).toEqual([{ changes: [{ field: expect.any(String), slug: "tags", from: [doomed.guid, kept.guid], to: [kept.guid] }] }]);
    const cleared = (await activityOf(only.guid)).filter((a) => a.action === "updated");
    expect(JSON.parse(cleared[0]!.detail).changes[0]).toMatchObject({ slug: "tags", from: [doomed.guid], to: null });
    expect((await activityOf(none.guid)).filter((a) => a.action === "updated")).toEqual([]);
    expectProblem(await call("DELETE", `${labels(team)}/${doomed.guid}`, { cookie: team.cookies.write }), 404, "label_not_found");
  });

  it("keeps both labels when two people add different ones at once, and one when they add the same", async () => {
    const [a, b] = await Promise.all([create(team, "Parallel A"), create(team, "Parallel B")]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const same = await Promise.all([create(team, "Twin"), create(team, "twin")]);
    expect(same.map((r) => r.status).sort()).toEqual([201, 409]);
    const names = (await call("GET", labels(team), { cookie: team.cookies.read })).json.map((l: { value: string }) => l.value.toLowerCase());
    expect(names.filter((n: string) => n === "twin")).toHaveLength(1);
    expect(names).toEqual(expect.arrayContaining(["parallel a", "parallel b"]));
  });

  it("tells open boards when a label changes", async () => {
    const label = (await create(team, "Live")).json;
    const task = await newTask(team.projectId, team.cookies.root, "Tagged", [{ slug: "tags", value: [label.guid] }]);
    const board = await listen(team.projectId, team.cookies.read!);
    await call("PUT", `${labels(team)}/${label.guid}`, { cookie: team.cookies.write, body: { color: "#123456" } });
    await board.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(task.guid));
    await create(team, "Brand new");
    await board.waitFor((m) => m.type === "tasks_changed" && m.tasks.length === 0);
    board.close();
  });
});

describe("malformed label bodies", () => {
  let team: Team;
  let label: string;
  beforeAll(async () => {
    team = await buildTeam();
    label = (await create(team, "Existing")).json.guid;
  });
  const cases: { name: string; method: "POST" | "PUT"; body?: unknown; raw?: string; code?: string }[] = [
    { name: "POST that is not JSON", method: "POST", raw: "{value:", code: "body_invalid_json" },
    { name: "POST without a name", method: "POST", body: { color: "#ef4444" }, code: "option_value_required" },
    { name: "POST with a number for the name", method: "POST", body: { value: 5 }, code: "option_value_required" },
    { name: "POST with a blank name", method: "POST", body: { value: "   " }, code: "option_value_required" },
    { name: "POST with a name over 100 characters", method: "POST", body: { value: "x".repeat(101) }, code: "option_value_too_long" },
    { name: "POST with a colour that is no colour", method: "POST", body: { value: "x", color: "red" }, code: "color_invalid" },
    { name: "POST with an unknown key", method: "POST", body: { value: "x", sort: 3 } },
    { name: "PUT that is not JSON", method: "PUT", raw: "nope", code: "body_invalid_json" },
    { name: "PUT with nothing to change", method: "PUT", body: {}, code: "body_invalid" },
    { name: "PUT with a blank name", method: "PUT", body: { value: "" }, code: "option_value_required" },
    { name: "PUT with a colour that is no colour", method: "PUT", body: { color: "#12345" }, code: "color_invalid" },
  ];
  for (const c of cases) {
    for (const lng of ["ru", "de"] as const) {
      it(`answers a ${c.name} with a 400 in ${lng} and changes nothing`, async () => {
        const before = await projectRows(team.projectId);
        const path = c.method === "POST" ? labels(team) : `${labels(team)}/${label}`;
        const res = await call(c.method, path, { cookie: team.cookies.root, body: c.body, raw: c.raw, headers: { "Accept-Language": lng } });
        expectReadable400(res, lng);
        if (c.code) expect(res.json.code).toBe(c.code);
        expect(await projectRows(team.projectId)).toEqual(before);
      });
    }
  }
});

describe("label authorization matrix", () => {
  let team: Team;
  let n = 0;
  beforeAll(async () => {
    team = await buildTeam();
  });

  const fresh = async () => {
    const label = (await create(team, `Label ${++n}`, undefined, "root")).json.guid as string;
    await newTask(team.projectId, team.cookies.root, "Carrier", [{ slug: "tags", value: [label] }]);
    return label;
  };
  const endpoints: { name: string; expect: Expect; run: (projectId: string, label: string, cookie: string | undefined) => Promise<Res> }[] = [
    { name: "GET labels", expect: READ, run: (p, _l, cookie) => call("GET", `${base(p)}/labels`, { cookie }) },
    { name: "POST labels", expect: WRITE(201), run: (p, _l, cookie) => call("POST", `${base(p)}/labels`, { cookie, body: { value: `New ${++n}` } }) },
    { name: "PUT labels/{guid}", expect: WRITE(200), run: (p, l, cookie) => call("PUT", `${base(p)}/labels/${l}`, { cookie, body: { value: `Renamed ${++n}` } }) },
    { name: "DELETE labels/{guid}", expect: WRITE(204), run: (p, l, cookie) => call("DELETE", `${base(p)}/labels/${l}`, { cookie }) },
  ];
  for (const e of endpoints) {
    for (const actor of ACTORS) {
      const expected = e.expect[actor];
      const allowed = expected < 300;
      it(`${e.name} answers ${expected} to ${actor}${allowed ? "" : " and changes nothing"}`, async () => {
        const label = await fresh();
        const before = await projectRows(team.projectId);
        const res = await e.run(team.projectId, label, team.cookies[actor]);
        if (allowed) expect(res.status, res.text).toBe(expected);
        else {
          expectRefused(res, expected);
          expect(await projectRows(team.projectId)).toEqual(before);
        }
      });
    }
    it(`${e.name} answers 403 for a project that does not exist`, async () => {
      expectProblem(await e.run(crypto.randomUUID(), await fresh(), team.cookies.root), 403, "project_forbidden");
    });
  }
});
