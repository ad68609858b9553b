import { describe, expect, it } from "vitest";
import { call } from "../fixtures/http";
import { ACTORS, type Actor, buildTeam } from "../fixtures/projects";
import { listen } from "../fixtures/live";
import { signedIn } from "../fixtures/users";

async function projectWithFields() {
  const me = await signedIn();
  const { json: project } = await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "Views" } });
  const { json: fields } = await call("GET", `/api/v1/project/${project.guid}/fields`, { cookie: me.cookie });
  const bySlug = (slug: string) => fields.find((f: { slug: string }) => f.slug === slug);
  return { me, project, bySlug, fields };
}

describe("v3 saved filters", () => {
  it("saves, lists, updates and deletes the caller's own filter", async () => {
    const { me, project, bySlug } = await projectWithFields();
    const status = bySlug("status");
    const done = status.settings.values_set[3].guid;
    const path = `/api/v3/project/${project.guid}/filters`;
    const created = await call("PUT", path, { cookie: me.cookie, body: { title: "Done things", conditions: [{ field: status.guid, op: "is", value: done }] } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title: "Done things", shared: false, owner: me.id, conditions: [{ field: status.guid, op: "is", value: done }] });
    const renamed = await call("PUT", path, { cookie: me.cookie, body: { guid: created.json.guid, title: "Finished", shared: true, conditions: [] } });
    expect(renamed.status).toBe(200);
    expect((await call("GET", path, { cookie: me.cookie })).json).toEqual([expect.objectContaining({ guid: created.json.guid, title: "Finished", shared: true })]);
    expect((await call("DELETE", `${path}/${created.json.guid}`, { cookie: me.cookie })).status).toBe(204);
    expect((await call("GET", path, { cookie: me.cookie })).json).toEqual([]);
  });

  it("refuses conditions that do not fit their field, saving nothing", async () => {
    const { me, project, bySlug } = await projectWithFields();
    const path = `/api/v3/project/${project.guid}/filters`;
    const bad = [
      [{ field: crypto.randomUUID(), op: "is", value: "x" }],
      [{ field: bySlug("status").guid, op: "gt", value: "x" }],
      [{ field: bySlug("status").guid, op: "is", value: "not-an-option" }],
      [{ field: bySlug("start_date").guid, op: "lt", value: "tomorrow" }],
      [{ field: bySlug("title").guid, op: "is" }],
    ];
    for (const conditions of bad) {
      const res = await call("PUT", path, { cookie: me.cookie, body: { title: "Bad", conditions } });
      expect(res.status, JSON.stringify(conditions)).toBe(400);
    }
    expect((await call("PUT", path, { cookie: me.cookie, body: { title: "", conditions: [] } })).status).toBe(400);
    expect((await call("PUT", path, { cookie: me.cookie, raw: "[" })).status).toBe(400);
    expect((await call("GET", path, { cookie: me.cookie })).json).toEqual([]);
  });

  it("shows shared filters to the team, private ones to their owner only, and lets only the owner change them", async () => {
    const team = await buildTeam();
    const path = `/api/v3/project/${team.projectId}/filters`;
    const mine = await call("PUT", path, { cookie: team.cookies.write, body: { title: "Mine", conditions: [] } });
    const shared = await call("PUT", path, { cookie: team.cookies.write, body: { title: "Ours", shared: true, conditions: [] } });
    const seenByRead = await call("GET", path, { cookie: team.cookies.read });
    expect(seenByRead.json.map((f: { title: string }) => f.title)).toEqual(["Ours"]);
    const hijack = await call("PUT", path, { cookie: team.cookies.root, body: { guid: shared.json.guid, title: "Taken", conditions: [] } });
    expect(hijack.status).toBe(404);
    expect((await call("DELETE", `${path}/${mine.json.guid}`, { cookie: team.cookies.root })).status).toBe(404);
    const expected: Record<Actor, number> = { root: 200, write: 200, read: 200, unverified: 403, outsider: 403, guest: 401 };
    for (const actor of ACTORS) expect((await call("GET", path, { cookie: team.cookies[actor] })).status, actor).toBe(expected[actor]);
  });
});

describe("v3 view mapping", () => {
  it("shows default fields until configured, then the configured ones in order", async () => {
    const { me, project, bySlug } = await projectWithFields();
    const path = `/api/v3/project/${project.guid}/customfields`;
    const initial = await call("GET", path, { cookie: me.cookie });
    expect(initial.json.planning_board_line.map((e: { custom_field: { slug: string } }) => e.custom_field.slug)).toEqual(["issue_type", "status", "participants", "estimate"]);
    const put = await call("PUT", path, {
      cookie: me.cookie,
      body: { planning_board_line: [{ custom_field: { guid: bySlug("tags").guid }, sort: 1 }, { custom_field: { guid: bySlug("status").guid }, sort: 0, edit_mode: true }] },
    });
    expect(put.status).toBe(200);
    expect(put.json.planning_board_line.map((e: { custom_field: { slug: string }; sort: number; edit_mode: boolean }) => [e.custom_field.slug, e.sort, e.edit_mode])).toEqual([
      ["status", 0, true],
      ["tags", 1, false],
    ]);
    // The other view keeps its defaults.
    expect(put.json.taskboard_board_card.length).toBe(4);
    const added = await call("POST", path, { cookie: me.cookie, body: { view: "taskboard_board_card", custom_field: { guid: bySlug("sprint").guid }, sort: 0 } });
    expect(added.status).toBe(201);
    expect(added.json.taskboard_board_card[0].custom_field.slug).toBe("sprint");
    expect(added.json.taskboard_board_card).toHaveLength(5);
  });

  it("refuses unknown fields and views and lets only roots change the mapping", async () => {
    const team = await buildTeam();
    const path = `/api/v3/project/${team.projectId}/customfields`;
    const { json: fields } = await call("GET", `/api/v1/project/${team.projectId}/fields`, { cookie: team.cookies.root });
    const tags = fields.find((f: { slug: string }) => f.slug === "tags");
    expect((await call("PUT", path, { cookie: team.cookies.root, body: { planning_board_line: [{ custom_field: { guid: crypto.randomUUID() } }] } })).status).toBe(400);
    expect((await call("POST", path, { cookie: team.cookies.root, body: { view: "nope", custom_field: { guid: tags.guid } } })).status).toBe(400);
    expect((await call("PUT", path, { cookie: team.cookies.root, body: { kanban: [] } })).status).toBe(400);
    const body = { planning_board_line: [{ custom_field: { guid: tags.guid } }] };
    const expected: Record<Actor, number> = { root: 200, write: 403, read: 403, unverified: 403, outsider: 403, guest: 401 };
    for (const actor of ACTORS) expect((await call("PUT", path, { cookie: team.cookies[actor], body })).status, actor).toBe(expected[actor]);
    const reads: Record<Actor, number> = { root: 200, write: 200, read: 200, unverified: 403, outsider: 403, guest: 401 };
    for (const actor of ACTORS) expect((await call("GET", path, { cookie: team.cookies[actor] })).status, actor).toBe(reads[actor]);
  });

  it("tells the project's open boards when the mapping changed, and only then", async () => {
    const team = await buildTeam();
    const path = `/api/v3/project/${team.projectId}/customfields`;
    const { json: fields } = await call("GET", `/api/v1/project/${team.projectId}/fields`, { cookie: team.cookies.root });
    const tags = fields.find((f: { slug: string }) => f.slug === "tags");
    const board = await listen(team.projectId, team.cookies.read!);
    expect((await call("PUT", path, { cookie: team.cookies.root, body: { planning_board_line: [{ custom_field: { guid: crypto.randomUUID() } }] } })).status).toBe(400);
    expect((await call("PUT", path, { cookie: team.cookies.root, body: { taskboard_board_card: [{ custom_field: { guid: tags.guid } }] } })).status).toBe(200);
    expect(await board.waitFor((m) => m.type === "views_changed")).toMatchObject({ type: "views_changed", project: team.projectId, by: team.users.root.id });
    expect((await call("POST", path, { cookie: team.cookies.root, body: { view: "planning_board_line", custom_field: { guid: tags.guid } } })).status).toBe(201);
    await expect.poll(() => board.messages.filter((m) => m.type === "views_changed").length).toBe(2);
    board.close();
  });
});
