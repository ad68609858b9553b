import { describe, expect, it } from "vitest";
import { call } from "../fixtures/http";
import { signedIn } from "../fixtures/users";

async function setup() {
  const me = await signedIn();
  const { json: project } = await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "Tasks" } });
  const { json: fields } = await call("GET", `/api/v1/project/${project.guid}/fields`, { cookie: me.cookie });
  const field = (slug: string) => fields.find((f: { slug: string }) => f.slug === slug);
  const base = `/api/v1/project/${project.guid}`;
  const create = (title: string, extra: unknown[] = []) => call("POST", `${base}/issue`, { cookie: me.cookie, body: { custom_fields: [{ slug: "title", value: title }, ...extra] } });
  return { me, project, field, base, create };
}

describe("tasks", () => {
  it("creates numbered tasks at position 0 of the board and the end of their lane", async () => {
    const { create, base, me } = await setup();
    const a = await create("First");
    const b = await create("Second");
    expect(a.status).toBe(201);
    expect([a.json.number, b.json.number]).toEqual([1, 2]);
    expect(b.json).toMatchObject({ position: 0, sort: 1 });
    const again = await call("GET", `${base}/issue/${a.json.guid}`, { cookie: me.cookie });
    expect(again.json).toMatchObject({ position: 1, sort: 0, custom_fields: [expect.objectContaining({ slug: "title", value: "First" })] });
  });

  it("numbers tasks created at the same moment one after another, never twice", async () => {
    const { create } = await setup();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => create(`Together ${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    expect(answers.map((a) => a.json.number).sort((x: number, y: number) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(answers.map((a) => a.json.sort)).size).toBe(12);
  });

  it("refuses a task without a title or with a bad value, leaving nothing behind", async () => {
    const { create, base, me, field } = await setup();
    expect((await call("POST", `${base}/issue`, { cookie: me.cookie, body: { custom_fields: [] } })).status).toBe(400);
    expect((await create("  ")).status).toBe(400);
    expect((await create("Bad status", [{ guid: field("status").guid, value: "nope" }])).status).toBe(400);
    expect((await call("GET", `${base}/issue_backlog`, { cookie: me.cookie })).json).toEqual([]);
  });

  it("updates values, enforces the workflow, reorders and deletes", async () => {
    const { create, base, me, field, project } = await setup();
    const status = field("status");
    const [todo, doing, , done] = status.settings.values_set.map((o: { guid: string }) => o.guid);
    await call("POST", `/api/v1/project/${project.guid}/workflow`, { cookie: me.cookie, body: { title: "W", field: status.guid, transitions: [{ from: todo, to: doing }, { from: doing, to: done }] } });
    const task = (await create("Flow", [{ guid: status.guid, value: todo }])).json;
    const skip = await call("PUT", `${base}/issue/${task.guid}`, { cookie: me.cookie, body: { custom_fields: [{ guid: status.guid, value: done }] } });
    expect(skip.status).toBe(409);
    expect(skip.json.code).toBe("transition_forbidden");
    const step = await call("PUT", `${base}/issue/${task.guid}`, { cookie: me.cookie, body: { custom_fields: [{ guid: status.guid, value: doing }] } });
    expect(step.status).toBe(200);
    const other = (await create("Other")).json;
    const reorder = await call("PATCH", `${base}/issue`, { cookie: me.cookie, body: [{ guid: other.guid, sort: 0 }, { guid: task.guid, sort: 1 }] });
    expect(reorder.json).toEqual({ ok: true, written: 2 });
    const same = await call("PATCH", `${base}/issue`, { cookie: me.cookie, body: [{ guid: other.guid, sort: 0 }] });
    expect(same.json.written).toBe(0);
    expect((await call("PATCH", `${base}/issue`, { cookie: me.cookie, body: [{ guid: crypto.randomUUID(), sort: 0 }] })).status).toBe(404);
    expect((await call("DELETE", `${base}/issue/${task.guid}`, { cookie: me.cookie })).status).toBe(204);
    expect((await call("GET", `${base}/issue/${task.guid}`, { cookie: me.cookie })).status).toBe(404);
  });

  it("lists in the backlog the tasks with no sprint that are not epics", async () => {
    const { create, base, me, field } = await setup();
    const sprint = (await call("POST", `${base}/sprint`, { cookie: me.cookie, body: { title: "Sprint 1" } })).json;
    const epicType = field("issue_type").settings.values_set.find((o: { key?: string }) => o.key === "epic").guid;
    await create("Loose");
    await create("Planned", [{ guid: field("sprint").guid, value: sprint.guid }]);
    await create("Big", [{ guid: field("issue_type").guid, value: epicType }]);
    const backlog = await call("GET", `${base}/issue_backlog`, { cookie: me.cookie });
    expect(backlog.json.map((t: { custom_fields: { slug: string; value: string }[] }) => t.custom_fields.find((c) => c.slug === "title")!.value)).toEqual(["Loose"]);
  });
});

describe("sprints", () => {
  it("keeps the backlog first and fixed, adds, edits, archives and deletes sprints", async () => {
    const { base, me } = await setup();
    const list = await call("GET", `${base}/sprint`, { cookie: me.cookie });
    expect(list.json).toEqual([expect.objectContaining({ backlog: true })]);
    const backlog = list.json[0];
    expect((await call("DELETE", `${base}/sprint/${backlog.guid}`, { cookie: me.cookie })).status).toBe(403);
    expect((await call("PUT", `${base}/sprint/${backlog.guid}`, { cookie: me.cookie, body: { archived: true } })).status).toBe(403);
    const s1 = (await call("POST", `${base}/sprint`, { cookie: me.cookie, body: { title: "S1", start_date: "2026-11-23", end_date: "2026-12-06" } })).json;
    expect((await call("POST", `${base}/sprint`, { cookie: me.cookie, body: { title: "Bad", start_date: "2026-12-23", end_date: "2026-12-06" } })).status).toBe(400);
    expect((await call("PUT", `${base}/sprint/${s1.guid}`, { cookie: me.cookie, body: { end_date: "2026-11-01" } })).status).toBe(400);
    const done = await call("PUT", `${base}/sprint/${s1.guid}`, { cookie: me.cookie, body: { status: "completed", archived: true } });
    expect(done.json).toMatchObject({ status: "completed", archived: true });
    expect((await call("GET", `${base}/sprint`, { cookie: me.cookie })).json).toHaveLength(1);
    expect((await call("GET", `${base}/sprint_archive`, { cookie: me.cookie })).json.map((s: { guid: string }) => s.guid)).toEqual([s1.guid]);
    expect((await call("DELETE", `${base}/sprint/${s1.guid}`, { cookie: me.cookie })).status).toBe(204);
  });
});

describe("references between tasks and sprints", () => {
  it("refuses a sprint or an epic from another project, storing nothing", async () => {
    const first = await setup();
    const other = (await call("POST", "/api/v1/project", { cookie: first.me.cookie, body: { name: "Other" } })).json;
    const foreignSprint = (await call("POST", `/api/v1/project/${other.guid}/sprint`, { cookie: first.me.cookie, body: { title: "Theirs" } })).json;
    const foreignTask = (
      await call("POST", `/api/v1/project/${other.guid}/issue`, { cookie: first.me.cookie, body: { custom_fields: [{ slug: "title", value: "Theirs" }] } })
    ).json;
    const task = (await first.create("Mine")).json;
    const put = (values: unknown[]) => call("PUT", `${first.base}/issue/${task.guid}`, { cookie: first.me.cookie, body: { custom_fields: values } });
    const sprintRes = await put([{ guid: first.field("sprint").guid, value: foreignSprint.guid }]);
    expect(sprintRes.status).toBe(400);
    expect(sprintRes.json.code).toBe("sprint_unknown");
    const epicRes = await put([{ guid: first.field("epic").guid, value: foreignTask.guid }]);
    expect(epicRes.json.code).toBe("task_unknown");
    const own = (await call("POST", `${first.base}/sprint`, { cookie: first.me.cookie, body: { title: "Ours" } })).json;
    expect((await put([{ guid: first.field("sprint").guid, value: own.guid }])).status).toBe(200);
  });

  it("creates one backlog even when first requests arrive together", async () => {
    const { base, me } = await setup();
    const lists = await Promise.all([1, 2, 3, 4].map(() => call("GET", `${base}/sprint`, { cookie: me.cookie })));
    const backlogs = new Set(lists.flatMap((l) => l.json.filter((s: { backlog: boolean }) => s.backlog).map((s: { guid: string }) => s.guid)));
    expect(backlogs.size).toBe(1);
  });
});


describe("large lists", () => {
  it("reads and reorders more tasks than D1 binds parameters in one statement", async () => {
    const { base, me, create } = await setup();
    const made: string[] = [];
    for (let i = 0; i < 120; i++) made.push((await create(`Task ${i}`)).json.guid);
    const reversed = [...made].reverse().map((guid, sort) => ({ guid, sort }));
    const res = await call("PATCH", `${base}/issue`, { cookie: me.cookie, body: reversed });
    expect(res.status).toBe(200);
    expect(res.json.written).toBe(120);
    const backlog = await call("GET", `${base}/issue_backlog`, { cookie: me.cookie });
    expect(backlog.json).toHaveLength(120);
    expect(backlog.json[0].custom_fields.find((c: { slug: string }) => c.slug === "title").value).toBe("Task 119");
  }, 60_000);
});
