import { describe, expect, it } from "vitest";
import { call } from "../fixtures/http";
import { buildTeam } from "../fixtures/projects";
import { signedIn } from "../fixtures/users";

describe("POST /project/{id}/hints", () => {
  it("suggests roles 15 at a time and people 10 at a time, filtered by the query", async () => {
    const me = await signedIn({ name: "Zoe Root" });
    const { json: project } = await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "Hints" } });
    const fields = await call("GET", `/api/v1/project/${project.guid}/fields`, { cookie: me.cookie });
    const role = fields.json.find((f: { slug: string }) => f.slug === "role");
    for (let i = 0; i < 14; i++) {
      await call("POST", `/api/v1/project/${project.guid}/fields/${role.guid}/select`, { cookie: me.cookie, body: { value: `Role ${String(i).padStart(2, "0")}` } });
    }
    const roles = await call("POST", `/api/v1/project/${project.guid}/hints`, { cookie: me.cookie, body: { content_types: ["role"], all: true } });
    expect(roles.status).toBe(200);
    expect(roles.json.limit).toBe(15);
    expect(roles.json.count).toBe(19);
    expect(roles.json.results).toHaveLength(15);
    const second = await call("POST", `/api/v1/project/${project.guid}/hints?offset=15`, { cookie: me.cookie, body: { content_types: ["role"], all: true } });
    expect(second.json.results).toHaveLength(4);
    const filtered = await call("POST", `/api/v1/project/${project.guid}/hints`, { cookie: me.cookie, body: { content_types: ["role"], query: "role 1" } });
    expect(filtered.json.results.map((h: { value: string }) => h.value)).toEqual(["Role 10", "Role 11", "Role 12", "Role 13"]);

    const people = await call("POST", `/api/v1/project/${project.guid}/hints`, { cookie: me.cookie, body: { content_type: "participant", query: "zoe" } });
    expect(people.json.limit).toBe(10);
    expect(people.json.results).toEqual([expect.objectContaining({ content_type: "participant", guid: me.id, value: "Zoe Root" })]);
  });

  it("refuses unknown kinds, bad paging and callers without access", async () => {
    const team = await buildTeam();
    const path = `/api/v1/project/${team.projectId}/hints`;
    expect((await call("POST", path, { cookie: team.cookies.root, body: { content_types: ["nope"] } })).status).toBe(400);
    expect((await call("POST", path, { cookie: team.cookies.root, body: {} })).status).toBe(400);
    expect((await call("POST", `${path}?limit=0`, { cookie: team.cookies.root, body: { content_types: ["role"] } })).status).toBe(400);
    expect((await call("POST", `${path}?offset=-1`, { cookie: team.cookies.root, body: { content_types: ["role"] } })).status).toBe(400);
    expect((await call("POST", path, { cookie: team.cookies.read, body: { content_types: ["role"] } })).status).toBe(200);
    expect((await call("POST", path, { cookie: team.cookies.unverified, body: { content_types: ["role"] } })).status).toBe(403);
    expect((await call("POST", path, { cookie: team.cookies.outsider, body: { content_types: ["role"] } })).status).toBe(403);
    expect((await call("POST", path, { body: { content_types: ["role"] } })).status).toBe(401);
  });
});
