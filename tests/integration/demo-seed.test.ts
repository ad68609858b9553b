import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { participants, projects, sprints, tasks, users } from "../../workers/db/schema";
import { DEMO_PROJECT_ID, DEMO_USER_ID } from "../../workers/services/demo";
import { call } from "../fixtures/http";
import { db } from "../fixtures/users";

describe("the demo plan", () => {
  it("fills the demo project once with a backlog, three sprints, two epics and sixty tasks", async () => {
    await db().insert(users).values({ id: DEMO_USER_ID, email: "demo-seed@example.com", name: "Demo" }).onConflictDoNothing();
    await db().insert(projects).values({ id: DEMO_PROJECT_ID, name: "Demo project", ownerId: DEMO_USER_ID }).onConflictDoNothing();
    await db().insert(participants).values({ id: crypto.randomUUID(), projectId: DEMO_PROJECT_ID, userId: DEMO_USER_ID, root: true, write: true, read: true }).onConflictDoNothing();
    const first = await call("POST", "/api/dev/seed", { headers: { "Accept-Language": "en" } });
    expect(first.status).toBe(200);
    expect(first.json.created).toBe(60);
    const sprintRows = await db().select().from(sprints).where(eq(sprints.projectId, DEMO_PROJECT_ID));
    expect(sprintRows.filter((s) => s.isBacklog)).toHaveLength(1);
    expect(sprintRows.filter((s) => !s.isBacklog).map((s) => s.title).sort()).toEqual(["Sprint 1", "Sprint 2", "Sprint 3"]);
    expect(await db().select().from(tasks).where(eq(tasks.projectId, DEMO_PROJECT_ID))).toHaveLength(60);
    const second = await call("POST", "/api/dev/seed", {});
    expect(second.json.created).toBe(0);
    expect(await db().select().from(tasks).where(eq(tasks.projectId, DEMO_PROJECT_ID))).toHaveLength(60);
  });
});
