import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "../../workers/db/schema";
import { call } from "../fixtures/http";
import { buildTeam } from "../fixtures/projects";
import { db } from "../fixtures/users";

async function teamWithTask() {
  const team = await buildTeam();
  const base = `/api/v1/project/${team.projectId}`;
  const task = (await call("POST", `${base}/issue`, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "title", value: "Discuss" }] } })).json;
  return { team, base, task, path: `${base}/issue/${task.guid}/comment` };
}
const kinds = async (userId: string) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind);

describe("comments", () => {
  it("adds, lists, edits its own and deletes comments; a root may delete any", async () => {
    const { team, path } = await teamWithTask();
    const mine = await call("POST", path, { cookie: team.cookies.write, body: { text: "First!" } });
    expect(mine.status).toBe(201);
    expect(mine.json).toMatchObject({ text: "First!", author: { guid: team.users.write.id } });
    const theirs = await call("POST", path, { cookie: team.cookies.root, body: { text: "Second" } });
    expect((await call("GET", path, { cookie: team.cookies.read })).json.map((c: { text: string }) => c.text)).toEqual(["First!", "Second"]);
    expect((await call("PUT", `${path}/${theirs.json.guid}`, { cookie: team.cookies.write, body: { text: "hijack" } })).status).toBe(403);
    expect((await call("PUT", `${path}/${mine.json.guid}`, { cookie: team.cookies.write, body: { text: "Edited" } })).json.text).toBe("Edited");
    expect((await call("DELETE", `${path}/${theirs.json.guid}`, { cookie: team.cookies.write })).status).toBe(403);
    expect((await call("DELETE", `${path}/${mine.json.guid}`, { cookie: team.cookies.root })).status).toBe(204);
    expect((await call("GET", path, { cookie: team.cookies.read })).json.map((c: { text: string }) => c.text)).toEqual(["Second"]);
  });

  it("refuses empty or malformed comments and callers without write access", async () => {
    const { team, path } = await teamWithTask();
    expect((await call("POST", path, { cookie: team.cookies.write, body: { text: "   " } })).status).toBe(400);
    expect((await call("POST", path, { cookie: team.cookies.write, body: { text: "x", extra: 1 } })).status).toBe(400);
    expect((await call("POST", path, { cookie: team.cookies.write, raw: "{" })).status).toBe(400);
    expect((await call("POST", path, { cookie: team.cookies.read, body: { text: "x" } })).status).toBe(403);
    expect((await call("POST", path, { cookie: team.cookies.outsider, body: { text: "x" } })).status).toBe(403);
    expect((await call("GET", path, { cookie: team.cookies.unverified })).status).toBe(403);
    expect((await call("GET", path, {})).status).toBe(401);
    expect((await call("GET", path, { cookie: team.cookies.read })).json).toEqual([]);
  });

  it("notifies people mentioned, once, but not the author or outsiders", async () => {
    const { team, path } = await teamWithTask();
    const { read, outsider, write } = team.users;
    const text = `@[Reader](${read.id}) @[Me](${write.id}) @[Stranger](${outsider.id})`;
    const comment = (await call("POST", path, { cookie: team.cookies.write, body: { text } })).json;
    expect(await kinds(read.id)).toEqual(["mentioned"]);
    expect(await kinds(write.id)).toEqual([]);
    expect(await kinds(outsider.id)).toEqual([]);
    // Editing the comment does not notify the same person again.
    await call("PUT", `${path}/${comment.guid}`, { cookie: team.cookies.write, body: { text: `${text} (edited)` } });
    expect(await kinds(read.id)).toEqual(["mentioned"]);
  });
});

describe("assignment", () => {
  it("notifies a person added to a task's participants, not the one who added them", async () => {
    const { team, base, task } = await teamWithTask();
    const { read, write } = team.users;
    const put = (ids: string[]) => call("PUT", `${base}/issue/${task.guid}`, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "participants", value: ids }] } });
    expect((await put([read.id, write.id])).status).toBe(200);
    expect(await kinds(read.id)).toEqual(["assigned"]);
    expect(await kinds(write.id)).toEqual([]);
    await put([read.id]);
    expect(await kinds(read.id)).toEqual(["assigned"]);
  });
});
