import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sprints } from "../../workers/db/schema";
import { call } from "../fixtures/http";
import { listen } from "../fixtures/live";
import { expectProblem, expectReadable400 } from "../fixtures/problems";
import { ACTORS, type Actor, buildTeam, type Team } from "../fixtures/projects";
import { base, newSprint, projectRows } from "../fixtures/tasks";
import { db } from "../fixtures/users";

type Res = Awaited<ReturnType<typeof call>>;
const spaces = (projectId: string) => `${base(projectId)}/spaces`;
const boardOrder = async (team: Team) => (await call("GET", `${base(team.projectId)}/sprint`, { cookie: team.cookies.read })).json.map((s: { title: string }) => s.title);

/** A project with a backlog and lanes S1, S2, S3 (and an archived one). */
async function board() {
  const team = await buildTeam();
  const [s1, s2, s3] = [await newSprint(team.projectId, team.cookies.root, "S1"), await newSprint(team.projectId, team.cookies.root, "S2"), await newSprint(team.projectId, team.cookies.root, "S3")];
  const old = await newSprint(team.projectId, team.cookies.root, "Old");
  await call("PUT", `${base(team.projectId)}/sprint/${old}`, { cookie: team.cookies.root, body: { archived: true } });
  const backlog = (await call("GET", `${base(team.projectId)}/sprint`, { cookie: team.cookies.root })).json[0].guid as string;
  return { team, s1, s2, s3, old, backlog };
}

describe("reordering the planning board's sprint lanes", () => {
  it("moves a lane, keeps the backlog first and answers the board's sprints in their new order", async () => {
    const { team, s1, s2, s3, backlog } = await board();
    const res = await call("PATCH", spaces(team.projectId), { cookie: team.cookies.write, body: [{ guid: s3, sort: 1 }] });
    expect(res.status, res.text).toBe(200);
    expect(res.json.written).toBe(3);
    expect(res.json.sprints.map((s: { guid: string; sort: number }) => [s.guid, s.sort])).toEqual([
      [backlog, 0],
      [s3, 1],
      [s1, 2],
      [s2, 3],
    ]);
    expect(await boardOrder(team)).toEqual([expect.any(String), "S3", "S1", "S2"]);
  });

  it("takes a whole new order, and a lane asked to go before the backlog still comes after it", async () => {
    const { team, s1, s2, s3 } = await board();
    await call("PATCH", spaces(team.projectId), { cookie: team.cookies.root, body: [{ guid: s2, sort: 0 }, { guid: s3, sort: 1 }, { guid: s1, sort: 2 }] });
    expect(await boardOrder(team)).toEqual([expect.any(String), "S2", "S3", "S1"]);
    expect((await call("GET", `${base(team.projectId)}/sprint`, { cookie: team.cookies.root })).json[0].backlog).toBe(true);
  });

  it("writes only the lanes whose place changes, and nothing when none does", async () => {
    const { team, s1, s2, s3 } = await board();
    const moved = await call("PATCH", spaces(team.projectId), { cookie: team.cookies.root, body: [{ guid: s3, sort: 2 }] });
    expect(moved.json.written).toBe(2);
    const before = await projectRows(team.projectId);
    const same = await call("PATCH", spaces(team.projectId), { cookie: team.cookies.root, body: [{ guid: s1, sort: 1 }, { guid: s3, sort: 2 }, { guid: s2, sort: 3 }] });
    expect(same.status).toBe(200);
    expect(same.json.written).toBe(0);
    expect(await projectRows(team.projectId)).toEqual(before);
  });

  it("leaves archived sprints alone and refuses to move one", async () => {
    const { team, s1, old } = await board();
    const archivedBefore = await db().select().from(sprints).where(eq(sprints.id, old)).get();
    await call("PATCH", spaces(team.projectId), { cookie: team.cookies.root, body: [{ guid: s1, sort: 3 }] });
    expect(await db().select().from(sprints).where(eq(sprints.id, old)).get()).toEqual(archivedBefore);
    const before = await projectRows(team.projectId);
    expectProblem(await call("PATCH", spaces(team.projectId), { cookie: team.cookies.root, body: [{ guid: old, sort: 1 }] }), 409, "sprint_archived");
    expect(await projectRows(team.projectId)).toEqual(before);
  });

  it("refuses to move the backlog, an unknown sprint or another project's, changing nothing", async () => {
    const { team, s1, backlog } = await board();
    const other = await call("POST", "/api/v1/project", { cookie: team.cookies.root, body: { name: "Elsewhere" } });
    const foreign = await newSprint(other.json.guid, team.cookies.root, "Foreign");
    const before = { here: await projectRows(team.projectId), there: await projectRows(other.json.guid) };
    expectProblem(await call("PATCH", spaces(team.projectId), { cookie: team.cookies.root, body: [{ guid: backlog, sort: 2 }] }), 403, "backlog_fixed");
    expectProblem(await call("PATCH", spaces(team.projectId), { cookie: team.cookies.root, body: [{ guid: s1, sort: 3 }, { guid: crypto.randomUUID(), sort: 1 }] }), 404, "sprint_not_found");
    expectProblem(await call("PATCH", spaces(team.projectId), { cookie: team.cookies.root, body: [{ guid: foreign, sort: 1 }] }), 404, "sprint_not_found");
    expect(await projectRows(team.projectId)).toEqual(before.here);
    expect(await projectRows(other.json.guid)).toEqual(before.there);
  });

  it("tells open boards that the sprints changed", async () => {
    const { team, s3 } = await board();
    const socket = await listen(team.projectId, team.cookies.read!);
    await call("PATCH", spaces(team.projectId), { cookie: team.cookies.write, body: [{ guid: s3, sort: 1 }] });
    expect(await socket.waitFor((m) => m.type === "sprints_changed")).toMatchObject({ type: "sprints_changed", project: team.projectId });
    socket.close();
  });
});

describe("malformed spaces bodies", () => {
  let team: Team;
  let s1: string;
  beforeAll(async () => {
    ({ team, s1 } = await board());
  });
  const cases: { name: string; body?: () => unknown; raw?: string }[] = [
    { name: "that is not JSON", raw: "[{guid" },
    { name: "of an object", body: () => ({ guid: s1, sort: 1 }) },
    { name: "of an empty list", body: () => [] },
    { name: "with a string sort", body: () => [{ guid: s1, sort: "1" }] },
    { name: "with a negative sort", body: () => [{ guid: s1, sort: -1 }] },
    { name: "with a fractional sort", body: () => [{ guid: s1, sort: 0.5 }] },
    { name: "without a guid", body: () => [{ sort: 1 }] },
    { name: "naming a lane twice", body: () => [{ guid: s1, sort: 1 }, { guid: s1, sort: 2 }] },
  ];
  for (const c of cases) {
    for (const lng of ["ru", "es"] as const) {
      it(`answers a body ${c.name} with a 400 in ${lng} and changes nothing`, async () => {
        const before = await projectRows(team.projectId);
        const res = await call("PATCH", spaces(team.projectId), { cookie: team.cookies.root, body: c.body?.(), raw: c.raw, headers: { "Accept-Language": lng } });
        expectReadable400(res, lng);
        expect(res.json.code).toBe(c.raw ? "body_invalid_json" : "body_invalid");
        expect(await projectRows(team.projectId)).toEqual(before);
      });
    }
  }
});

describe("spaces bodies above the ceiling", () => {
  it("refuses 501 moves with a translated 413 before touching a lane", async () => {
    const { team } = await board();
    const before = await projectRows(team.projectId);
    const res = await call("PATCH", spaces(team.projectId), { cookie: team.cookies.root, body: Array.from({ length: 501 }, (_, i) => ({ guid: `g${i}`, sort: i })), headers: { "Accept-Language": "es" } });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe("bulk_too_many");
    expect(res.json.detail).toMatch(/Demasiados/);
    expect(await projectRows(team.projectId)).toEqual(before);
  });
});

describe("spaces authorization matrix", () => {
  const WRITE: Record<Actor, number> = { root: 200, write: 200, read: 403, unverified: 403, outsider: 403, guest: 401 };
  let setup: Awaited<ReturnType<typeof board>>;
  beforeAll(async () => {
    setup = await board();
  });
  const run = (projectId: string, cookie: string | undefined, guid: string): Promise<Res> => call("PATCH", spaces(projectId), { cookie, body: [{ guid, sort: 1 }] });
  for (const actor of ACTORS) {
    const expected = WRITE[actor];
    it(`PATCH spaces answers ${expected} to ${actor}${expected < 300 ? "" : " and changes nothing"}`, async () => {
      // Each case moves the lane that is last now, so an allowed call always changes something.
      const lanes = (await call("GET", `${base(setup.team.projectId)}/sprint`, { cookie: setup.team.cookies.root })).json;
      const last = lanes[lanes.length - 1].guid as string;
      const before = await projectRows(setup.team.projectId);
      const res = await run(setup.team.projectId, setup.team.cookies[actor], last);
      if (expected < 300) {
        expect(res.status, res.text).toBe(expected);
        expect(await projectRows(setup.team.projectId)).not.toEqual(before);
      } else {
        expectProblem(res, expected, expected === 401 ? "unauthorized" : "project_forbidden");
        expect(await projectRows(setup.team.projectId)).toEqual(before);
      }
    });
  }
  it("PATCH spaces answers 403 for a project that does not exist", async () => {
    expectProblem(await run(crypto.randomUUID(), setup.team.cookies.root, setup.s1), 403, "project_forbidden");
  });
});
