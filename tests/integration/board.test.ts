import { describe, expect, it } from "vitest";
import { call } from "../fixtures/http";
import { ACTORS, type Actor, buildTeam } from "../fixtures/projects";

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
