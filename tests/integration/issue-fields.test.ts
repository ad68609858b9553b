import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../workers/db/client";
import { writeValues } from "../../workers/services/field-values";
import { call } from "../fixtures/http";
import { ACTORS, type Actor, buildTeam } from "../fixtures/projects";
import { newTask } from "../fixtures/tasks";

describe("GET /project/{id}/fields/issue/{issueUid}", () => {
  it("lists only the fields permitted on tasks, with the task's values", async () => {
    const team = await buildTeam();
    const { json: fields } = await call("GET", `/api/v1/project/${team.projectId}/fields`, { cookie: team.cookies.root });
    const status = fields.find((f: { slug: string }) => f.slug === "status");
    const { guid: task } = await newTask(team.projectId, team.cookies.root);
    await writeValues(getDb((env as unknown as { DB: D1Database }).DB), team.projectId, "issue", task, [{ guid: status.guid, value: status.settings.values_set[1].guid }], team.users.root.id);
    const res = await call("GET", `/api/v1/project/${team.projectId}/fields/issue/${task}`, { cookie: team.cookies.read });
    expect(res.status).toBe(200);
    const slugs = res.json.fields.map((f: { slug: string }) => f.slug);
    expect(slugs).toContain("status");
    expect(slugs).not.toContain("role");
    expect(slugs).not.toContain("voting_deck");
    expect(res.json.custom_fields).toContainEqual({ guid: status.guid, slug: "status", value: status.settings.values_set[1].guid, participant_value: null });
    const expected: Record<Actor, number> = { root: 200, write: 200, read: 200, unverified: 403, outsider: 403, guest: 401 };
    for (const actor of ACTORS) {
      expect((await call("GET", `/api/v1/project/${team.projectId}/fields/issue/${task}`, { cookie: team.cookies[actor] })).status, actor).toBe(expected[actor]);
    }
  });
});
