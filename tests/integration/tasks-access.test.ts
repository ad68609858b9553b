import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldValues, sprints, tasks } from "../../workers/db/schema";
import { type Expect, type Res, type Run, WRITE, changeCases, readCases } from "../fixtures/access-matrix";
import { call } from "../fixtures/http";
import { expectProblem, expectReadable400 } from "../fixtures/problems";
import { buildTeam, type Team } from "../fixtures/projects";
import { db } from "../fixtures/users";

/** Everything the tasks API may write for a project, in a stable order, to compare before and after. */
async function rowsOf(projectId: string) {
  const [taskRows, sprintRows, valueRows] = await Promise.all([
    db().select().from(tasks).where(eq(tasks.projectId, projectId)).orderBy(asc(tasks.id)),
    db().select().from(sprints).where(eq(sprints.projectId, projectId)).orderBy(asc(sprints.id)),
    db().select().from(fieldValues).where(eq(fieldValues.projectId, projectId)).orderBy(asc(fieldValues.id)),
  ]);
  return { tasks: taskRows, sprints: sprintRows, fieldValues: valueRows };
}

const base = (projectId: string) => `/api/v1/project/${projectId}`;

async function newTask(projectId: string, cookie: string | undefined, title = "Task") {
  const res = await call("POST", `${base(projectId)}/issue`, { cookie, body: { custom_fields: [{ slug: "title", value: title }] } });
  if (res.status !== 201) throw new Error(`task create failed ${res.status} ${res.text}`);
  return res.json.guid as string;
}

async function newSprint(projectId: string, cookie: string | undefined, title = "Sprint") {
  const res = await call("POST", `${base(projectId)}/sprint`, { cookie, body: { title, start_date: "2026-01-05", end_date: "2026-01-16" } });
  if (res.status !== 201) throw new Error(`sprint create failed ${res.status} ${res.text}`);
  return res.json.guid as string;
}

/** A task and a sprint of the project, each with a value worth protecting. */
interface Target {
  task: string;
  sprint: string;
}

/** Who may do what with tasks and sprints (spec §6: reading needs read, changing needs write). */
const reads: { name: string; run: Run<Target> }[] = [
  { name: "GET issue/{uid}", run: (t, x, cookie) => call("GET", `${base(t.projectId)}/issue/${x.task}`, { cookie }) },
  { name: "GET issue_backlog", run: (t, _x, cookie) => call("GET", `${base(t.projectId)}/issue_backlog`, { cookie }) },
  { name: "GET sprint", run: (t, _x, cookie) => call("GET", `${base(t.projectId)}/sprint`, { cookie }) },
  { name: "GET sprint/{guid}", run: (t, x, cookie) => call("GET", `${base(t.projectId)}/sprint/${x.sprint}`, { cookie }) },
  { name: "GET sprint_archive", run: (t, _x, cookie) => call("GET", `${base(t.projectId)}/sprint_archive`, { cookie }) },
];

const changes: { name: string; expect: Expect; run: Run<Target> }[] = [
  {
    name: "POST issue",
    expect: WRITE(201),
    run: (t, _x, cookie, actor) => call("POST", `${base(t.projectId)}/issue`, { cookie, body: { custom_fields: [{ slug: "title", value: `By ${actor}` }] } }),
  },
  {
    name: "PATCH issue",
    expect: WRITE(200),
    run: (t, x, cookie) => call("PATCH", `${base(t.projectId)}/issue`, { cookie, body: [{ guid: x.task, sort: 4242, position: 77 }] }),
  },
  {
    name: "PUT issue/{uid}",
    expect: WRITE(200),
    run: (t, x, cookie, actor) => call("PUT", `${base(t.projectId)}/issue/${x.task}`, { cookie, body: { custom_fields: [{ slug: "title", value: `Renamed by ${actor}` }] } }),
  },
  { name: "DELETE issue/{uid}", expect: WRITE(204), run: (t, x, cookie) => call("DELETE", `${base(t.projectId)}/issue/${x.task}`, { cookie }) },
  { name: "POST sprint", expect: WRITE(201), run: (t, _x, cookie, actor) => call("POST", `${base(t.projectId)}/sprint`, { cookie, body: { title: `By ${actor}` } }) },
  {
    name: "PUT sprint/{guid}",
    expect: WRITE(200),
    run: (t, x, cookie) => call("PUT", `${base(t.projectId)}/sprint/${x.sprint}`, { cookie, body: { title: "Renamed", status: "completed", archived: true } }),
  },
  { name: "POST sprint/{guid}/complete", expect: WRITE(200), run: (t, x, cookie) => call("POST", `${base(t.projectId)}/sprint/${x.sprint}/complete`, { cookie, body: { move_to: null } }) },
  { name: "DELETE sprint/{guid}", expect: WRITE(204), run: (t, x, cookie) => call("DELETE", `${base(t.projectId)}/sprint/${x.sprint}`, { cookie }) },
];

describe("task and sprint authorization matrix", () => {
  let team: Team;
  let shared: Target;
  beforeAll(async () => {
    team = await buildTeam();
    shared = { task: await newTask(team.projectId, team.cookies.root), sprint: await newSprint(team.projectId, team.cookies.root) };
    const archived = await newSprint(team.projectId, team.cookies.root, "Old");
    await call("PUT", `${base(team.projectId)}/sprint/${archived}`, { cookie: team.cookies.root, body: { archived: true } });
  });

  readCases(() => ({ team, shared }), reads);

  changeCases(() => team, async (t) => ({ task: await newTask(t.projectId, t.cookies.root), sprint: await newSprint(t.projectId, t.cookies.root) }), rowsOf, changes);
});

describe("tasks and sprints of another project", () => {
  it("answer 404 through this project's URL and stay as they were", async () => {
    const team = await buildTeam();
    // The same root owns both projects, so only the project in the URL can stop the call.
    const other = await call("POST", "/api/v1/project", { cookie: team.cookies.root, body: { name: "Elsewhere" } });
    const foreign = { task: await newTask(other.json.guid, team.cookies.root, "Foreign"), sprint: await newSprint(other.json.guid, team.cookies.root, "Foreign") };
    await newTask(team.projectId, team.cookies.root, "Local");
    const before = { here: await rowsOf(team.projectId), there: await rowsOf(other.json.guid) };
    const cookie = team.cookies.root;
    const path = base(team.projectId);
    const attempts: [Res, "task_not_found" | "sprint_not_found"][] = [
      [await call("GET", `${path}/issue/${foreign.task}`, { cookie }), "task_not_found"],
      [await call("PUT", `${path}/issue/${foreign.task}`, { cookie, body: { custom_fields: [{ slug: "title", value: "Stolen" }] } }), "task_not_found"],
      [await call("PATCH", `${path}/issue`, { cookie, body: [{ guid: foreign.task, sort: 999, position: 99 }] }), "task_not_found"],
      [await call("DELETE", `${path}/issue/${foreign.task}`, { cookie }), "task_not_found"],
      [await call("GET", `${path}/sprint/${foreign.sprint}`, { cookie }), "sprint_not_found"],
      [await call("PUT", `${path}/sprint/${foreign.sprint}`, { cookie, body: { title: "Stolen", archived: true } }), "sprint_not_found"],
      [await call("DELETE", `${path}/sprint/${foreign.sprint}`, { cookie }), "sprint_not_found"],
      [await call("POST", `${path}/sprint/${foreign.sprint}/complete`, { cookie, body: {} }), "sprint_not_found"],
    ];
    for (const [res, code] of attempts) expectProblem(res, 404, code);
    expect(await rowsOf(other.json.guid)).toEqual(before.there);
    expect(await rowsOf(team.projectId)).toEqual(before.here);
  });
});

describe("malformed task and sprint bodies", () => {
  let team: Team;
  let target: Target;
  beforeAll(async () => {
    team = await buildTeam();
    target = { task: await newTask(team.projectId, team.cookies.root), sprint: await newSprint(team.projectId, team.cookies.root) };
  });

  const issue = () => `${base(team.projectId)}/issue`;
  const sprint = () => `${base(team.projectId)}/sprint`;
  const cases: { name: string; method: string; path: () => string; body?: () => unknown; raw?: string }[] = [
    { name: "POST issue that is not JSON", method: "POST", path: issue, raw: "{custom_fields:" },
    { name: "POST issue with a string for the list", method: "POST", path: issue, body: () => ({ custom_fields: "title" }) },
    { name: "POST issue with a number for a field slug", method: "POST", path: issue, body: () => ({ custom_fields: [{ slug: 5, value: "x" }] }) },
    { name: "POST issue of JSON null", method: "POST", path: issue, raw: "null" },
    { name: "POST issue with a number for the title", method: "POST", path: issue, body: () => ({ custom_fields: [{ slug: "title", value: 5 }] }) },
    {
      name: "POST issue with a status that is no option",
      method: "POST",
      path: issue,
      body: () => ({ custom_fields: [{ slug: "title", value: "x" }, { slug: "status", value: crypto.randomUUID() }] }),
    },
    { name: "POST issue with a field that does not exist", method: "POST", path: issue, body: () => ({ custom_fields: [{ slug: "title", value: "x" }, { guid: crypto.randomUUID(), value: "x" }] }) },
    { name: "PATCH issue that is not JSON", method: "PATCH", path: issue, raw: "[{" },
    { name: "PATCH issue with an empty list", method: "PATCH", path: issue, body: () => [] },
    { name: "PATCH issue with an object for the list", method: "PATCH", path: issue, body: () => ({ guid: target.task, sort: 1 }) },
    { name: "PATCH issue with a string sort", method: "PATCH", path: issue, body: () => [{ guid: target.task, sort: "1" }] },
    { name: "PATCH issue with a negative sort", method: "PATCH", path: issue, body: () => [{ guid: target.task, sort: -1 }] },
    { name: "PATCH issue with a negative position", method: "PATCH", path: issue, body: () => [{ guid: target.task, sort: 1, position: -1 }] },
    { name: "PATCH issue with a fractional sort", method: "PATCH", path: issue, body: () => [{ guid: target.task, sort: 1.5 }] },
    { name: "PUT issue that is not JSON", method: "PUT", path: () => `${issue()}/${target.task}`, raw: "nope" },
    { name: "PUT issue with an object for the list", method: "PUT", path: () => `${issue()}/${target.task}`, body: () => ({ custom_fields: { title: "x" } }) },
    { name: "PUT issue with an unknown key", method: "PUT", path: () => `${issue()}/${target.task}`, body: () => ({ custom_fields: [{ slug: "title", value: "x" }], number: 99 }) },
    { name: "PUT issue with a status that is no option", method: "PUT", path: () => `${issue()}/${target.task}`, body: () => ({ custom_fields: [{ slug: "status", value: "nope" }] }) },
    { name: "PUT issue with a string for the field filter", method: "PUT", path: () => `${issue()}/${target.task}`, body: () => ({ filter_custom_fields: "title" }) },
    { name: "POST sprint that is not JSON", method: "POST", path: sprint, raw: "title=x" },
    { name: "POST sprint with a number for the title", method: "POST", path: sprint, body: () => ({ title: 5 }) },
    { name: "POST sprint with an unknown key", method: "POST", path: sprint, body: () => ({ title: "x", archived: true }) },
    { name: "POST sprint with a date that is not a day", method: "POST", path: sprint, body: () => ({ title: "x", start_date: 20260105 }) },
    { name: "PUT sprint that is not JSON", method: "PUT", path: () => `${sprint()}/${target.sprint}`, raw: "{" },
    { name: "PUT sprint with a string for archived", method: "PUT", path: () => `${sprint()}/${target.sprint}`, body: () => ({ archived: "yes" }) },
    { name: "PUT sprint with an unknown status", method: "PUT", path: () => `${sprint()}/${target.sprint}`, body: () => ({ status: "done" }) },
    { name: "PUT sprint with a negative sort", method: "PUT", path: () => `${sprint()}/${target.sprint}`, body: () => ({ sort: -1 }) },
    { name: "PUT sprint with a string sort", method: "PUT", path: () => `${sprint()}/${target.sprint}`, body: () => ({ sort: "2" }) },
  ];

  for (const c of cases) {
    for (const lng of ["ru", "en"] as const) {
      it(`answers a ${c.name} with a 400 in ${lng} and changes nothing`, async () => {
        const before = await rowsOf(team.projectId);
        const res = await call(c.method, c.path(), { cookie: team.cookies.root, body: c.body?.(), raw: c.raw, headers: { "Accept-Language": lng } });
        expectReadable400(res, lng);
        if (c.raw !== undefined && c.raw !== "null") expect(res.json.code).toBe("body_invalid_json");
        expect(await rowsOf(team.projectId)).toEqual(before);
      });
    }
  }
});
