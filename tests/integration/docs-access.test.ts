import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { documents, fieldValues } from "../../workers/db/schema";
import { type Expect, type Res, type Run, WRITE, changeCases, readCases } from "../fixtures/access-matrix";
import { call } from "../fixtures/http";
import { expectProblem, expectReadable400 } from "../fixtures/problems";
import { buildTeam, type Team } from "../fixtures/projects";
import { db } from "../fixtures/users";

/** Everything the documents API may write for a project, in a stable order. */
async function rowsOf(projectId: string) {
  const [docRows, valueRows] = await Promise.all([
    db().select().from(documents).where(eq(documents.projectId, projectId)).orderBy(asc(documents.id)),
    db().select().from(fieldValues).where(eq(fieldValues.projectId, projectId)).orderBy(asc(fieldValues.id)),
  ]);
  return { documents: docRows, fieldValues: valueRows };
}

const base = (projectId: string) => `/api/v1/project/${projectId}/docs`;

async function newDoc(projectId: string, cookie: string | undefined, body: Record<string, unknown> = {}) {
  const res = await call("POST", base(projectId), { cookie, body: { kind: "text", title: "Doc", ...body } });
  if (res.status !== 201) throw new Error(`doc create failed ${res.status} ${res.text}`);
  return res.json.guid as string;
}

/** A parent with a child, and a second root document to move things under. */
interface Target {
  doc: string;
  child: string;
  other: string;
}

async function newTarget(projectId: string, cookie: string | undefined): Promise<Target> {
  const doc = await newDoc(projectId, cookie, { title: "Parent" });
  return { doc, child: await newDoc(projectId, cookie, { title: "Child", parent: doc }), other: await newDoc(projectId, cookie, { title: "Other" }) };
}

/** Who may do what with documents (reading the tree needs read, changing it needs write). */
const reads: { name: string; run: Run<Target> }[] = [
  { name: "GET docs", run: (t, _x, cookie) => call("GET", base(t.projectId), { cookie }) },
  { name: "GET docs/{guid}", run: (t, x, cookie) => call("GET", `${base(t.projectId)}/${x.doc}`, { cookie }) },
];

const changes: { name: string; expect: Expect; run: Run<Target> }[] = [
  { name: "POST docs", expect: WRITE(201), run: (t, x, cookie, actor) => call("POST", base(t.projectId), { cookie, body: { kind: "table", title: `By ${actor}`, parent: x.doc } }) },
  { name: "PATCH docs/{guid} title", expect: WRITE(200), run: (t, x, cookie, actor) => call("PATCH", `${base(t.projectId)}/${x.doc}`, { cookie, body: { title: `Renamed by ${actor}` } }) },
  {
    name: "PATCH docs/{guid} fields",
    expect: WRITE(200),
    run: (t, x, cookie) => call("PATCH", `${base(t.projectId)}/${x.doc}`, { cookie, body: { custom_fields: [{ slug: "description", value: "Written" }] } }),
  },
  { name: "POST docs/{guid}/move", expect: WRITE(200), run: (t, x, cookie) => call("POST", `${base(t.projectId)}/${x.doc}/move`, { cookie, body: { parent: x.other, index: 0 } }) },
  { name: "DELETE docs/{guid}", expect: WRITE(200), run: (t, x, cookie) => call("DELETE", `${base(t.projectId)}/${x.doc}`, { cookie }) },
  { name: "PUT docs/{guid}/share", expect: WRITE(200), run: (t, x, cookie) => call("PUT", `${base(t.projectId)}/${x.doc}/share`, { cookie, body: { shared: true } }) },
];

describe("document authorization matrix", () => {
  let team: Team;
  let shared: Target;
  beforeAll(async () => {
    team = await buildTeam();
    shared = await newTarget(team.projectId, team.cookies.root);
  });

  readCases(() => ({ team, shared }), reads);

  it("shows readers the whole tree, with the share id, to read access too", async () => {
    const res = await call("GET", base(team.projectId), { cookie: team.cookies.read });
    const guids = (res.json.results as { guid: string }[]).map((d) => d.guid);
    expect(guids).toEqual(expect.arrayContaining([shared.doc, shared.child, shared.other]));
    expect(res.json.results[0]).toHaveProperty("share_id");
  });

  changeCases(() => team, (t) => newTarget(t.projectId, t.cookies.root), rowsOf, changes);
});

describe("documents of another project", () => {
  it("answer 404 through this project's URL and stay as they were", async () => {
    const team = await buildTeam();
    // The same root owns both projects, so only the project in the URL can stop the call.
    const other = await call("POST", "/api/v1/project", { cookie: team.cookies.root, body: { name: "Elsewhere" } });
    const foreign = await newDoc(other.json.guid, team.cookies.root, { title: "Foreign" });
    const local = await newDoc(team.projectId, team.cookies.root, { title: "Local" });
    const before = { here: await rowsOf(team.projectId), there: await rowsOf(other.json.guid) };
    const cookie = team.cookies.root;
    const path = base(team.projectId);
    const attempts: [Res, "doc_not_found" | "doc_parent_not_found"][] = [
      [await call("GET", `${path}/${foreign}`, { cookie }), "doc_not_found"],
      [await call("PATCH", `${path}/${foreign}`, { cookie, body: { title: "Stolen" } }), "doc_not_found"],
      [await call("POST", `${path}/${foreign}/move`, { cookie, body: { parent: null, index: 0 } }), "doc_not_found"],
      [await call("DELETE", `${path}/${foreign}`, { cookie }), "doc_not_found"],
      [await call("PUT", `${path}/${foreign}/share`, { cookie, body: { shared: true } }), "doc_not_found"],
      // A foreign document is no parent here either: not to create under, nor to move under.
      [await call("POST", path, { cookie, body: { kind: "text", parent: foreign } }), "doc_parent_not_found"],
      [await call("POST", `${path}/${local}/move`, { cookie, body: { parent: foreign, index: 0 } }), "doc_parent_not_found"],
    ];
    for (const [res, code] of attempts) expectProblem(res, 404, code);
    expect(await rowsOf(other.json.guid)).toEqual(before.there);
    expect(await rowsOf(team.projectId)).toEqual(before.here);
  });
});

describe("malformed document bodies", () => {
  let team: Team;
  let target: Target;
  beforeAll(async () => {
    team = await buildTeam();
    target = await newTarget(team.projectId, team.cookies.root);
  });

  const list = () => base(team.projectId);
  const one = () => `${base(team.projectId)}/${target.doc}`;
  const cases: { name: string; method: string; path: () => string; body?: () => unknown; raw?: string; code?: string }[] = [
    { name: "POST docs that is not JSON", method: "POST", path: list, raw: "{kind:" },
    { name: "POST docs of JSON null", method: "POST", path: list, raw: "null" },
    { name: "POST docs without a kind", method: "POST", path: list, body: () => ({ title: "x" }), code: "doc_kind_invalid" },
    { name: "POST docs of an unknown kind", method: "POST", path: list, body: () => ({ kind: "spreadsheet" }), code: "doc_kind_invalid" },
    { name: "POST docs with a number for the title", method: "POST", path: list, body: () => ({ kind: "text", title: 5 }) },
    { name: "POST docs with a title too long", method: "POST", path: list, body: () => ({ kind: "text", title: "x".repeat(201) }), code: "doc_title_too_long" },
    { name: "POST docs with a number for the parent", method: "POST", path: list, body: () => ({ kind: "text", parent: 5 }) },
    { name: "POST docs with an unknown key", method: "POST", path: list, body: () => ({ kind: "text", sort: 3 }) },
    { name: "PATCH docs that is not JSON", method: "PATCH", path: one, raw: "title" },
    { name: "PATCH docs with a title too long", method: "PATCH", path: one, body: () => ({ title: "y".repeat(500) }), code: "doc_title_too_long" },
    { name: "PATCH docs with an object for the fields", method: "PATCH", path: one, body: () => ({ custom_fields: { description: "x" } }) },
    { name: "PATCH docs with the title as a field value", method: "PATCH", path: one, body: () => ({ custom_fields: [{ slug: "title", value: "x" }] }), code: "doc_title_field" },
    { name: "PATCH docs with a field not used on documents", method: "PATCH", path: one, body: () => ({ custom_fields: [{ slug: "sprint", value: null }] }), code: "field_not_for_entity" },
    { name: "PATCH docs with a field that does not exist", method: "PATCH", path: one, body: () => ({ custom_fields: [{ guid: crypto.randomUUID(), value: "x" }] }), code: "field_not_found" },
    { name: "PATCH docs with a number for a text field", method: "PATCH", path: one, body: () => ({ custom_fields: [{ slug: "description", value: 7 }] }) },
    { name: "PATCH docs with a kind", method: "PATCH", path: one, body: () => ({ kind: "bpmn" }) },
    { name: "move without a parent", method: "POST", path: () => `${one()}/move`, body: () => ({ index: 0 }) },
    { name: "move with a negative index", method: "POST", path: () => `${one()}/move`, body: () => ({ parent: null, index: -1 }) },
    { name: "move with a fractional index", method: "POST", path: () => `${one()}/move`, body: () => ({ parent: null, index: 0.5 }) },
    { name: "move with a string index", method: "POST", path: () => `${one()}/move`, body: () => ({ parent: null, index: "0" }) },
    { name: "move that is not JSON", method: "POST", path: () => `${one()}/move`, raw: "[" },
    { name: "share with a string", method: "PUT", path: () => `${one()}/share`, body: () => ({ shared: "yes" }) },
    { name: "share without a flag", method: "PUT", path: () => `${one()}/share`, body: () => ({}) },
  ];

  for (const c of cases) {
    for (const lng of ["ru", "en"] as const) {
      it(`answers a ${c.name} with a 400 in ${lng} and changes nothing`, async () => {
        const before = await rowsOf(team.projectId);
        const res = await call(c.method, c.path(), { cookie: team.cookies.root, body: c.body?.(), raw: c.raw, headers: { "Accept-Language": lng } });
        expectReadable400(res, lng);
        if (c.raw !== undefined && c.raw !== "null") expect(res.json.code).toBe("body_invalid_json");
        if (c.code) expect(res.json.code).toBe(c.code);
        expect(await rowsOf(team.projectId)).toEqual(before);
      });
    }
  }
});
