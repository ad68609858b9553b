import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE } from "../../domain/i18n/languages";
import { activity } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { i18nFor } from "../../workers/services/i18n";
import { completeSprint } from "../../workers/services/sprint-complete";
import { findSprint } from "../../workers/services/sprints";
import { spyD1 } from "../fixtures/d1-spy";
import { call } from "../fixtures/http";
import { expectProblem } from "../fixtures/problems";
import { buildTeam } from "../fixtures/projects";
import { db } from "../fixtures/users";

async function planned() {
  const team = await buildTeam();
  const base = `/api/v1/project/${team.projectId}`;
  const cookie = team.cookies.root;
  const { json: fields } = await call("GET", `${base}/fields`, { cookie });
  const field = (slug: string) => fields.find((f: { slug: string }) => f.slug === slug);
  const option = (slug: string, key: string) => field(slug).settings.values_set.find((o: { key?: string }) => o.key === key).guid;
  const sprint = async (title: string) => (await call("POST", `${base}/sprint`, { cookie, body: { title } })).json.guid as string;
  const task = async (title: string, extra: unknown[] = []) =>
    (await call("POST", `${base}/issue`, { cookie, body: { custom_fields: [{ slug: "title", value: title }, ...extra] } })).json.guid as string;
  const board = async () => {
    const res = await call("POST", `/api/v3/project/${team.projectId}/filters`, { cookie, body: { archived: true } });
    return res.json.sprints.map((s: { title: string; status: string; issues: { custom_fields: { slug: string; value: unknown }[] }[] }) => [
      s.title,
      s.status,
      s.issues.map((i) => i.custom_fields.find((c) => c.slug === "title")!.value),
    ]);
  };
  return { team, base, cookie, field, option, sprint, task, board };
}

describe("POST /sprint/{guid}/complete", () => {
  it("moves the unfinished tasks to the chosen sprint, at the end of its lane, and keeps the finished ones", async () => {
    const p = await planned();
    const s1 = await p.sprint("S1");
    const s2 = await p.sprint("S2");
    await p.task("Already in S2", [{ slug: "sprint", value: s2 }]);
    await p.task("Finished", [{ slug: "sprint", value: s1 }, { slug: "status", value: p.option("status", "done") }]);
    const open1 = await p.task("Open one", [{ slug: "sprint", value: s1 }]);
    await p.task("Open two", [{ slug: "sprint", value: s1 }, { slug: "status", value: p.option("status", "in_progress") }]);
    await p.task("Epic in S1", [{ slug: "sprint", value: s1 }, { slug: "issue_type", value: p.option("issue_type", "epic") }]);

    const res = await call("POST", `${p.base}/sprint/${s1}/complete`, { cookie: p.cookie, body: { move_to: s2 } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.sprint.status).toBe("completed");
    expect(res.json.moved).toHaveLength(2);
    expect(res.json.moved).toContain(open1);
    expect(await p.board()).toEqual([
      [expect.any(String), "planned", []],
      ["S1", "completed", ["Finished"]],
      ["S2", "planned", ["Already in S2", "Open one", "Open two"]],
    ]);
    // The log tells the burndown that the tasks left the sprint, and that the sprint completed.
    const rows = await db().select().from(activity).where(eq(activity.projectId, p.team.projectId));
    expect(rows.filter((r) => r.action === "updated" && JSON.parse(r.detail).changes[0].from === s1)).toHaveLength(2);
    expect(rows.filter((r) => r.entityKind === "sprint" && r.action === "completed").map((r) => JSON.parse(r.detail))).toEqual([{ title: "S1", moved: 2, to: s2 }]);
  });

  it("sends the unfinished tasks to the backlog and archives the sprint on request", async () => {
    const p = await planned();
    const s1 = await p.sprint("S1");
    await p.task("Open", [{ slug: "sprint", value: s1 }]);
    const res = await call("POST", `${p.base}/sprint/${s1}/complete`, { cookie: p.cookie, body: { move_to: null, archive: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.sprint.archived).toBe(true);
    expect((await call("GET", `${p.base}/issue_backlog`, { cookie: p.cookie })).json.map((t: { custom_fields: { slug: string; value: unknown }[] }) => t.custom_fields.find((c) => c.slug === "title")!.value)).toEqual(["Open"]);
    expect((await call("GET", `${p.base}/sprint_archive`, { cookie: p.cookie })).json.map((s: { guid: string }) => s.guid)).toEqual([s1]);
  });

  it("refuses the backlog, a second completion, a bad target and malformed bodies, changing nothing", async () => {
    const p = await planned();
    const backlog = (await call("GET", `${p.base}/sprint`, { cookie: p.cookie })).json[0].guid;
    const s1 = await p.sprint("S1");
    const s2 = await p.sprint("S2");
    await p.task("Open", [{ slug: "sprint", value: s1 }]);
    const before = await p.board();
    const complete = (sprint: string, body: unknown) => call("POST", `${p.base}/sprint/${sprint}/complete`, { cookie: p.cookie, body });
    expectProblem(await complete(backlog, {}), 403, "backlog_fixed");
    expectProblem(await complete(s1, { move_to: s1 }), 400, "sprint_target_invalid");
    expectProblem(await complete(s1, { move_to: crypto.randomUUID() }), 400, "sprint_target_invalid");
    expectProblem(await complete(s1, { move_to: 42 }), 400, "sprint_target_invalid");
    expectProblem(await complete(s1, { archive: "yes" }), 400, "body_invalid");
    expectProblem(await complete(s1, { move_to: null, extra: 1 }), 400, "body_invalid");
    expect((await call("POST", `${p.base}/sprint/${s1}/complete`, { cookie: p.cookie, raw: "{" })).status).toBe(400);
    expect(await p.board()).toEqual(before);

    expect((await complete(s2, {})).status).toBe(200);
    expectProblem(await complete(s2, {}), 409, "sprint_already_completed");
    expectProblem(await complete(s1, { move_to: s2 }), 400, "sprint_target_invalid");
  });
});

describe("completing a sprint of many tasks", () => {
  it("writes the new order in a batch that grows by one statement per 30 tasks, not one per task", { timeout: 60_000 }, async () => {
    const p = await planned();
    const s1 = await p.sprint("Big");
    const titles = Array.from({ length: 65 }, (_, i) => `Task ${String(i + 1).padStart(2, "0")}`);
    for (const title of titles) await p.task(title, [{ slug: "sprint", value: s1 }]);
    const sprint = (await findSprint(db(), p.team.projectId, s1))!;
    const spy = spyD1((env as unknown as Env).DB);
    const result = await completeSprint(spy.db, sprint, { moveTo: null, archive: false }, p.team.users.root.id, i18nFor(DEFAULT_LANGUAGE).t);
    expect(result.ok && result.moved).toHaveLength(65);
    const batches = spy.writes().filter((c) => c.batch);
    expect(batches).toHaveLength(1);
    // 3 sort statements, 1 sprint-field delete, the sprint, 6 activity inserts (12 rows each) and
    // the log's trim: 12 (it was 74, one sort statement per task).
    expect(batches[0]!.sql.length).toBeLessThanOrEqual(15);
    expect((await p.board()).find((lane: [string, string, string[]]) => lane[0] !== "Big" && lane[1] === "planned")[2]).toEqual(titles);
  });
});
