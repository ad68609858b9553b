import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findTask, updateTask } from "../../workers/services/tasks";
import type { Env } from "../../workers/env";
import { spyD1 } from "../fixtures/d1-spy";
import { call } from "../fixtures/http";
import { listen } from "../fixtures/live";
import { buildTeam } from "../fixtures/projects";
import { activityOf, base, fieldsBySlug, newSprint, newTask } from "../fixtures/tasks";
import { db } from "../fixtures/users";

const workerEnv = env as unknown as Env;

/** A task whose status field has a workflow, and the values one edit of it writes. */
async function taskToEdit() {
  const team = await buildTeam();
  const cookie = team.cookies.write;
  const field = await fieldsBySlug(team.projectId, cookie);
  const [todo, doing] = field("status").settings.values_set.map((o) => o.guid);
  const flow = await call("POST", `${base(team.projectId)}/workflow`, { cookie: team.cookies.root, body: { title: "Flow", field: field("status").guid, transitions: [{ from: todo, to: doing }] } });
  expect(flow.status).toBe(201);
  const epic = await newTask(team.projectId, cookie, "Epic");
  const task = await newTask(team.projectId, cookie, "Before", [{ slug: "status", value: todo }]);
  const sprint = await newSprint(team.projectId, cookie);
  const values = [
    { slug: "title", value: "After" },
    { slug: "status", value: doing },
    { slug: "sprint", value: sprint },
    { slug: "epic", value: epic.guid },
    { slug: "participants", value: [team.users.write.id] },
    { slug: "votes", value: 3 },
  ];
  return { team, task, values, todo, doing, sprint, epic };
}

describe("updating a task", () => {
  it("checks, writes and reads back an edit of six values in at most three D1 round trips", async () => {
    const { team, task, values, todo, doing, sprint, epic } = await taskToEdit();
    const row = (await findTask(db(), team.projectId, task.guid))!;
    const spy = spyD1(workerEnv.DB);
    const result = await updateTask(workerEnv, spy.db, row, team.users.write.id, values);
    console.log(`updateTask D1 round trips: ${spy.calls.length}`);
    expect(spy.calls.length).toBeLessThanOrEqual(3);
    expect(spy.writes()).toHaveLength(1);

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const bySlug = Object.fromEntries(result.task.custom_fields.map((v) => [v.slug, v.value]));
    expect(bySlug).toMatchObject({ title: "After", status: doing, sprint, epic: epic.guid, participants: [team.users.write.id], votes: 3 });
    expect(result.task.custom_fields.find((v) => v.slug === "votes")!.participant_value).toBe(team.users.write.id);
    expect(result.task.updated_at).toBeGreaterThanOrEqual(row.updatedAt);
    const read = await call("GET", `${base(team.projectId)}/issue/${task.guid}`, { cookie: team.cookies.read });
    expect(read.json).toEqual(result.task);

    const log = await activityOf(task.guid);
    expect(log.map((a) => a.action)).toEqual(["created", "updated"]);
    const changes = JSON.parse(log[1]!.detail).changes as { slug: string; from: unknown; to: unknown }[];
    expect(changes.map((c) => c.slug).sort()).toEqual(["epic", "participants", "sprint", "status", "title", "votes"]);
    expect(changes.find((c) => c.slug === "status")).toMatchObject({ from: todo, to: doing });
  });

  it("answers the edit, logs it and tells the project's boards, as before the reads were batched", async () => {
    const { team, task, values } = await taskToEdit();
    const board = await listen(team.projectId, team.cookies.read!);
    const res = await call("PUT", `${base(team.projectId)}/issue/${task.guid}`, { cookie: team.cookies.write, body: { custom_fields: values, filter_custom_fields: ["title", "status"] } });
    expect(res.status).toBe(200);
    expect(res.json.custom_fields.map((v: { slug: string }) => v.slug)).toEqual(["title", "status"]);
    expect(await board.waitFor((m) => m.type === "tasks_changed")).toMatchObject({ tasks: [task.guid], by: team.users.write.id });
    board.close();
  });

  it("refuses a move the workflow forbids in its reads, writing nothing", async () => {
    const { team, task, todo } = await taskToEdit();
    const field = await fieldsBySlug(team.projectId, team.cookies.write);
    const done = field("status").settings.values_set.at(-1)!.guid;
    const row = (await findTask(db(), team.projectId, task.guid))!;
    const spy = spyD1(workerEnv.DB);
    const result = await updateTask(workerEnv, spy.db, row, team.users.write.id, [{ slug: "title", value: "Never" }, { slug: "status", value: done }]);
    expect(result).toEqual({ ok: false, reason: "transition_forbidden", index: 1 });
    expect(spy.writes()).toEqual([]);
    expect(spy.calls.length).toBeLessThanOrEqual(1);
    const read = await call("GET", `${base(team.projectId)}/issue/${task.guid}`, { cookie: team.cookies.read });
    expect(read.json.custom_fields.find((v: { slug: string }) => v.slug === "status").value).toBe(todo);
  });
});
