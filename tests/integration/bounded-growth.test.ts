/**
 * Bounded growth (issue 20): logs and inboxes are trimmed to their ceiling in the same write
 * that grows them, and saved filters are refused above theirs. Each test fills a table up to
 * its ceiling in one SQL statement, then grows it the way the app does.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { asc, count, eq, sql } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { ACTIVITY_KEPT, MAX_FILTERS_PER_PROJECT, NAMED_VERSIONS_KEPT, NOTIFICATIONS_KEPT } from "../../domain/retention";
import { activity, notifications, savedFilters } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { notify } from "../../workers/services/notifications";
import { makeDoc } from "../fixtures/doc-client";
import { call } from "../fixtures/http";
import { expectProblem } from "../fixtures/problems";
import { buildTeam } from "../fixtures/projects";
import { newTask } from "../fixtures/tasks";
import { db } from "../fixtures/users";

const workerEnv = env as unknown as Env;
/** `n` rows numbered 1…n, oldest first, for an INSERT … SELECT. */
const numbers = (n: number) => sql.raw(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n}) SELECT i FROM n`);

describe("bounded growth", () => {
  it("keeps a project's newest activity entries and drops the oldest in the write that adds one", async () => {
    const team = await buildTeam();
    await db().delete(activity).where(eq(activity.projectId, team.projectId));
    await db().run(sql`
      INSERT INTO activity (id, project_id, actor_id, entity_kind, entity_id, action, detail, created_at)
      SELECT 'old-' || i, ${team.projectId}, NULL, 'issue', 'gone', 'updated', '{}', 1000 + i FROM (${numbers(ACTIVITY_KEPT)})`);
    const task = await newTask(team.projectId, team.cookies.write, "Newest");
    const { rows } = (await db().select({ rows: count() }).from(activity).where(eq(activity.projectId, team.projectId)).get())!;
    expect(rows).toBe(ACTIVITY_KEPT);
    const oldest = await db().select().from(activity).where(eq(activity.projectId, team.projectId)).orderBy(asc(activity.createdAt)).limit(1);
    expect(oldest[0]!.id).toBe("old-2");
    expect(await db().select().from(activity).where(eq(activity.entityId, task.guid))).toHaveLength(1);
  });

  it("keeps a user's newest notifications and drops the oldest in the write that adds one", async () => {
    const team = await buildTeam();
    const user = team.users.read.id;
    await db().run(sql`
      INSERT INTO notifications (id, user_id, kind, project_id, payload, created_at)
      SELECT 'old-' || i, ${user}, 'assigned', ${team.projectId}, '{}', 1000 + i FROM (${numbers(NOTIFICATIONS_KEPT)})`);
    await notify(workerEnv, db(), user, "removed", null, { project: "Newest" });
    const rows = await db().select().from(notifications).where(eq(notifications.userId, user)).orderBy(asc(notifications.createdAt));
    expect(rows).toHaveLength(NOTIFICATIONS_KEPT);
    expect(rows[0]!.id).toBe("old-2");
    expect(rows.at(-1)!.kind).toBe("removed");
  });

  it("refuses a saved filter above the project's ceiling with a readable 409, and keeps updating the ones there are", async () => {
    const team = await buildTeam();
    const path = `/api/v3/project/${team.projectId}/filters`;
    await db().run(sql`
      INSERT INTO saved_filters (id, project_id, owner_id, title, shared, conditions, updated_at)
      SELECT 'seeded-' || i, ${team.projectId}, ${team.users.read.id}, 'Seeded ' || i, 0, '[]', 1000 + i FROM (${numbers(MAX_FILTERS_PER_PROJECT - 1)})`);
    const last = await call("PUT", path, { cookie: team.cookies.write, body: { title: "The last one", shared: false, conditions: [] } });
    expect(last.status, last.text).toBe(201);
    const refused = await call("PUT", path, { cookie: team.cookies.write, body: { title: "One too many", shared: true, conditions: [] } });
    expectProblem(refused, 409, "filters_too_many");
    const { rows } = (await db().select({ rows: count() }).from(savedFilters).where(eq(savedFilters.projectId, team.projectId)).get())!;
    expect(rows).toBe(MAX_FILTERS_PER_PROJECT);
    const renamed = await call("PUT", path, { cookie: team.cookies.write, body: { guid: last.json.guid, title: "Renamed", shared: false, conditions: [] } });
    expect(renamed.status, renamed.text).toBe(200);
  });

  it("keeps a document's newest named versions and drops the oldest when one more is saved", async () => {
    const team = await buildTeam();
    const doc = await makeDoc(team.projectId);
    const stub = await getServerByName(workerEnv.DocRoom, doc);
    await runInDurableObject(stub, async (_instance, state) => {
      state.storage.sql.exec(
        `INSERT INTO versions (id, name, auto, created_at, created_by, size) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT 'old-' || i, 'Named ' || i, 0, 1000 + i, NULL, 0 FROM n`,
        NAMED_VERSIONS_KEPT,
      );
    });
    const saved = await stub.saveVersion("Newest", team.users.write.id);
    const versions = await stub.listVersions();
    expect(versions.filter((v) => !v.auto)).toHaveLength(NAMED_VERSIONS_KEPT);
    expect(versions[0]!.id).toBe(saved.id);
    expect(versions.some((v) => v.id === "old-1")).toBe(false);
    expect(versions.some((v) => v.id === "old-2")).toBe(true);
  });
});
