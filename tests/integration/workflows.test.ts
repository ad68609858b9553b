import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../workers/db/client";
import { writeValues } from "../../workers/services/field-values";
import { call } from "../fixtures/http";
import { ACTORS, type Actor, buildTeam } from "../fixtures/projects";
import { signedIn } from "../fixtures/users";

const db = () => getDb((env as unknown as { DB: D1Database }).DB);

async function projectWithStatus() {
  const me = await signedIn();
  const { json: project } = await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "Flow" } });
  const { json: fields } = await call("GET", `/api/v1/project/${project.guid}/fields`, { cookie: me.cookie });
  const status = fields.find((f: { slug: string }) => f.slug === "status");
  const [todo, doing, review, done] = status.settings.values_set.map((o: { guid: string }) => o.guid);
  return { me, project, status, todo, doing, review, done, path: `/api/v1/project/${project.guid}/workflow` };
}

describe("workflows", () => {
  it("creates, reads, updates and deletes a workflow of the status field", async () => {
    const { me, status, todo, doing, done, path } = await projectWithStatus();
    const created = await call("POST", path, {
      cookie: me.cookie,
      body: { title: "Default", field: status.guid, transitions: [{ from: todo, to: doing }, { from: doing, to: done }, { from: todo, to: todo }, { from: todo, to: "ghost" }] },
    });
    expect(created.status).toBe(201);
    // Moves to the same option or to unknown options are dropped.
    expect(created.json.transitions).toEqual([{ from: todo, to: doing }, { from: doing, to: done }]);
    expect((await call("GET", `${path}/${created.json.guid}`, { cookie: me.cookie })).json.title).toBe("Default");
    const updated = await call("PUT", `${path}/${created.json.guid}`, { cookie: me.cookie, body: { transitions: [{ from: done, to: todo }] } });
    expect(updated.json.transitions).toEqual([{ from: done, to: todo }]);
    expect((await call("GET", path, { cookie: me.cookie })).json).toHaveLength(1);
    expect((await call("POST", path, { cookie: me.cookie, body: { title: "Second", field: status.guid, transitions: [] } })).status).toBe(409);
    expect((await call("DELETE", `${path}/${created.json.guid}`, { cookie: me.cookie })).status).toBe(204);
    expect((await call("GET", `${path}/${created.json.guid}`, { cookie: me.cookie })).status).toBe(404);
  });

  it("refuses a workflow on a field without single-choice options, and malformed bodies", async () => {
    const { me, project, path } = await projectWithStatus();
    const { json: fields } = await call("GET", `/api/v1/project/${project.guid}/fields`, { cookie: me.cookie });
    const tags = fields.find((f: { slug: string }) => f.slug === "tags");
    expect((await call("POST", path, { cookie: me.cookie, body: { title: "T", field: tags.guid, transitions: [] } })).status).toBe(400);
    expect((await call("POST", path, { cookie: me.cookie, body: { title: "T", field: crypto.randomUUID(), transitions: [] } })).status).toBe(400);
    expect((await call("POST", path, { cookie: me.cookie, body: { title: "", field: tags.guid, transitions: [] } })).status).toBe(400);
    expect((await call("POST", path, { cookie: me.cookie, raw: "{" })).status).toBe(400);
    expect((await call("GET", path, { cookie: me.cookie })).json).toEqual([]);
  });

  it("enforces the transitions when a task's status changes", async () => {
    const { me, project, status, todo, doing, done, path } = await projectWithStatus();
    await call("POST", path, { cookie: me.cookie, body: { title: "Strict", field: status.guid, transitions: [{ from: todo, to: doing }, { from: doing, to: done }] } });
    const task = crypto.randomUUID();
    const set = (value: string | null) => writeValues(db(), project.guid, "issue", task, [{ guid: status.guid, value }], me.id);
    expect(await set(todo)).toMatchObject({ ok: true });
    expect(await set(done)).toMatchObject({ ok: false, reason: "transition_forbidden" });
    expect(await set(doing)).toMatchObject({ ok: true });
    expect(await set(doing)).toMatchObject({ ok: true });
    expect(await set(null)).toMatchObject({ ok: false, reason: "transition_forbidden" });
    expect(await set(done)).toMatchObject({ ok: true });
  });

  it("lets readers see workflows and only roots change them", async () => {
    const team = await buildTeam();
    const path = `/api/v1/project/${team.projectId}/workflow`;
    const { json: fields } = await call("GET", `/api/v1/project/${team.projectId}/fields`, { cookie: team.cookies.root });
    const status = fields.find((f: { slug: string }) => f.slug === "status");
    const reads: Record<Actor, number> = { root: 200, write: 200, read: 200, unverified: 403, outsider: 403, guest: 401 };
    const writes: Record<Actor, number> = { root: 201, write: 403, read: 403, unverified: 403, outsider: 403, guest: 401 };
    for (const actor of ACTORS) expect((await call("GET", path, { cookie: team.cookies[actor] })).status, actor).toBe(reads[actor]);
    for (const actor of ACTORS) {
      const res = await call("POST", path, { cookie: team.cookies[actor], body: { title: `By ${actor}`, field: status.guid, transitions: [] } });
      expect(res.status, actor).toBe(writes[actor]);
    }
    const [workflow] = (await call("GET", path, { cookie: team.cookies.root })).json;
    for (const actor of ACTORS.filter((a) => a !== "root")) {
      expect((await call("PUT", `${path}/${workflow.guid}`, { cookie: team.cookies[actor], body: { title: "x" } })).status, actor).toBe(actor === "guest" ? 401 : 403);
      expect((await call("DELETE", `${path}/${workflow.guid}`, { cookie: team.cookies[actor] })).status, actor).toBe(actor === "guest" ? 401 : 403);
    }
    expect((await call("GET", `${path}/${workflow.guid}`, { cookie: team.cookies.root })).json.title).toBe("By root");
  });
});
