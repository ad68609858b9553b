/** The activity page's person filter: `listActivity` narrowed to one actor, still paged. */
import { describe, expect, it } from "vitest";
import { listActivity } from "../../workers/services/activity";
import { buildTeam } from "../fixtures/projects";
import { newTask } from "../fixtures/tasks";
import { db } from "../fixtures/users";

describe("the activity of one person", () => {
  it("lists only what that person did, newest first, in pages", async () => {
    const team = await buildTeam();
    const mine = [await newTask(team.projectId, team.cookies.write, "One"), await newTask(team.projectId, team.cookies.write, "Two"), await newTask(team.projectId, team.cookies.write, "Three")];
    await newTask(team.projectId, team.cookies.root, "Someone else's");
    const first = await listActivity(db(), team.projectId, { limit: 2, actor: team.users.write.id });
    expect(first.results.map((r) => r.entity)).toEqual([mine[2]!.guid, mine[1]!.guid]);
    expect(first.results.every((r) => r.actor?.guid === team.users.write.id)).toBe(true);
    expect(first.next).not.toBeNull();
    const second = await listActivity(db(), team.projectId, { limit: 2, actor: team.users.write.id, before: first.next! });
    expect(second.results.map((r) => r.entity)).toEqual([mine[0]!.guid]);
    expect(second.next).toBeNull();
    expect((await listActivity(db(), team.projectId, { limit: 10, actor: team.users.read.id })).results).toEqual([]);
  });
});
