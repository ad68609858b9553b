import { beforeAll, describe, expect, it } from "vitest";
import enProjects from "../../public/locales/en/projects.json";
import ruProjects from "../../public/locales/ru/projects.json";
import { SYSTEM_FIELDS } from "../../domain/fields/system";
import { ENTITY_KINDS, FIELD_TYPES, hasOptions } from "../../domain/fields/types";
import { participants, projects } from "../../workers/db/schema";
import { newGuid } from "../../workers/services/ids";
import { createField, type FieldJson, fieldRows, fieldState, fieldsPath, listFields, recordSortWrites } from "../fixtures/fields";
import { call } from "../fixtures/http";
import { expectProblem } from "../fixtures/problems";
import { ACTORS, type Actor, buildTeam, type Team } from "../fixtures/projects";
import { db, signedIn } from "../fixtures/users";

const PROJECTS = { en: enProjects, ru: ruProjects } as const;
const systemTitle = (lng: keyof typeof PROJECTS, slug: string) => (PROJECTS[lng].fields.system as Record<string, string>)[slug];
const optionLabel = (lng: keyof typeof PROJECTS, field: string, key: string) =>
  (PROJECTS[lng].fields.options as Record<string, Record<string, string>>)[field]![key];
const DEFAULT_OPTION_COLOR = "#64748b";

async function newProject(cookie: string, lng?: string): Promise<string> {
  const res = await call("POST", "/api/v1/project", { cookie, body: { name: "Fields" }, headers: lng ? { "Accept-Language": lng } : undefined });
  if (res.status !== 201) throw new Error(`project create failed ${res.status} ${res.text}`);
  return res.json.guid as string;
}

/** Who may do what with fields: reads need read access, every change needs root. */
type Expect = Record<Actor, number>;
const SIGNED_IN: Expect = { root: 200, write: 200, read: 200, unverified: 200, outsider: 200, guest: 401 };
const READ: Expect = { root: 200, write: 200, read: 200, unverified: 403, outsider: 403, guest: 401 };
const ROOT_ONLY = (ok: number): Expect => ({ root: ok, write: 403, read: 403, unverified: 403, outsider: 403, guest: 401 });

describe("field authorization matrix", () => {
  let team: Team;
  let shared: FieldJson;
  beforeAll(async () => {
    team = await buildTeam();
    shared = await createField(team.projectId, team.cookies.root!, {
      title: "Priority",
      type_fields: "select",
      settings: { values_set: [{ value: "Low" }, { value: "High" }] },
    });
  });

  // Changes that use up their target (a deletion) get a fresh one per actor, made by the root
  // before the call, so one actor's success never decides what the next one sees.
  const fresh = (t: Team) =>
    createField(t.projectId, t.cookies.root!, { title: "Disposable", type_fields: "select", settings: { values_set: [{ value: "A" }, { value: "B" }] } });
  const cases: { name: string; expect: Expect; target?: (t: Team) => Promise<FieldJson>; run: (t: Team, f: FieldJson, cookie?: string) => ReturnType<typeof call> }[] = [
    { name: "GET /typefields", expect: SIGNED_IN, run: (_t, _f, cookie) => call("GET", "/api/v1/typefields", { cookie }) },
    { name: "GET /project/{id}/fields", expect: READ, run: (t, _f, cookie) => call("GET", fieldsPath(t.projectId), { cookie }) },
    {
      name: "POST /project/{id}/fields",
      expect: ROOT_ONLY(201),
      run: (t, _f, cookie) => call("POST", fieldsPath(t.projectId), { cookie, body: { title: "Estimate", type_fields: "number" } }),
    },
    {
      name: "PATCH /project/{id}/fields",
      expect: ROOT_ONLY(200),
      run: (t, f, cookie) => call("PATCH", fieldsPath(t.projectId), { cookie, body: [{ guid: f.guid, sort: 0 }] }),
    },
    { name: "GET /fields/{field}", expect: READ, run: (t, f, cookie) => call("GET", `${fieldsPath(t.projectId)}/${f.guid}`, { cookie }) },
    {
      name: "PUT /fields/{field}",
      expect: ROOT_ONLY(200),
      run: (t, f, cookie) => call("PUT", `${fieldsPath(t.projectId)}/${f.guid}`, { cookie, body: { title: "Renamed", hide_to_user: true } }),
    },
    { name: "DELETE /fields/{field}", expect: ROOT_ONLY(204), target: fresh, run: (t, f, cookie) => call("DELETE", `${fieldsPath(t.projectId)}/${f.guid}`, { cookie }) },
    { name: "GET /fields/{field}/select", expect: READ, run: (t, f, cookie) => call("GET", `${fieldsPath(t.projectId)}/${f.guid}/select`, { cookie }) },
    {
      name: "POST /fields/{field}/select",
      expect: ROOT_ONLY(201),
      target: fresh,
      run: (t, f, cookie) => call("POST", `${fieldsPath(t.projectId)}/${f.guid}/select`, { cookie, body: { value: "Medium", color: "#f59e0b" } }),
    },
    {
      name: "PUT /fields/{field}/select/{option}",
      expect: ROOT_ONLY(200),
      target: fresh,
      run: (t, f, cookie) =>
        call("PUT", `${fieldsPath(t.projectId)}/${f.guid}/select/${f.settings.values_set[0]!.guid}`, { cookie, body: { value: "Lowest", color: "#000000", sort: 1 } }),
    },
    {
      name: "DELETE /fields/{field}/select/{option}",
      expect: ROOT_ONLY(200),
      target: fresh,
      run: (t, f, cookie) => call("DELETE", `${fieldsPath(t.projectId)}/${f.guid}/select/${f.settings.values_set[0]!.guid}`, { cookie }),
    },
  ];

  for (const c of cases) {
    for (const actor of ACTORS) {
      const expected = c.expect[actor];
      it(`${c.name} answers ${expected} to ${actor}${expected >= 400 ? " and changes nothing" : ""}`, async () => {
        const target = c.target ? await c.target(team) : shared;
        const before = await fieldState(team.projectId);
        const res = await c.run(team, target, team.cookies[actor]);
        expect(res.status, res.text).toBe(expected);
        if (expected >= 400) {
          expect(await fieldState(team.projectId)).toEqual(before);
          expectProblem(res, expected, expected === 401 ? "unauthorized" : "project_forbidden");
        }
      });
    }
  }

  it("treats a field of another project as not found, and leaves it alone", async () => {
    const other = await buildTeam();
    const foreign = await createField(other.projectId, other.cookies.root!, { title: "Theirs", type_fields: "select", settings: { values_set: [{ value: "X" }] } });
    const option = foreign.settings.values_set[0]!.guid;
    const before = await fieldState(other.projectId);
    const base = `${fieldsPath(team.projectId)}/${foreign.guid}`;
    const cookie = team.cookies.root;
    for (const res of [
      await call("GET", base, { cookie }),
      await call("PUT", base, { cookie, body: { title: "Mine now" } }),
      await call("DELETE", base, { cookie }),
      await call("GET", `${base}/select`, { cookie }),
      await call("POST", `${base}/select`, { cookie, body: { value: "Y" } }),
      await call("PUT", `${base}/select/${option}`, { cookie, body: { value: "Z" } }),
      await call("DELETE", `${base}/select/${option}`, { cookie }),
      await call("PATCH", fieldsPath(team.projectId), { cookie, body: [{ guid: foreign.guid, sort: 0 }] }),
    ]) {
      expectProblem(res, 404, "field_not_found");
    }
    expect(await fieldState(other.projectId)).toEqual(before);
  });
});

describe("GET /typefields", () => {
  it("lists every field type with its translated title and whether it has options", async () => {
    const me = await signedIn();
    const ru = await call("GET", "/api/v1/typefields", { cookie: me.cookie });
    expect(ru.json).toEqual(FIELD_TYPES.map((slug) => ({ slug, title: ruProjects.fields.types[slug], options: hasOptions(slug) })));
    const en = await call("GET", "/api/v1/typefields", { cookie: me.cookie, headers: { "Accept-Language": "en" } });
    expect(en.json.map((t: { title: string }) => t.title)).toEqual(FIELD_TYPES.map((slug) => enProjects.fields.types[slug]));
  });
});

describe("system fields", () => {
  it("gives a new project every system field with its English slug, translated title and default options", async () => {
    const me = await signedIn();
    const projectId = await newProject(me.cookie);
    const ru = await listFields(projectId, me.cookie);
    expect(ru.map((f) => f.slug)).toEqual(SYSTEM_FIELDS.map((f) => f.slug));
    SYSTEM_FIELDS.forEach((spec, index) => {
      const field = ru[index]!;
      expect(field, spec.slug).toMatchObject({
        title: systemTitle("ru", spec.slug),
        type_fields: spec.type,
        sort: index,
        system: true,
        individual_value: spec.individual ?? false,
        hide_to_user: false,
      });
      expect(field.entities).toEqual(ENTITY_KINDS.map((slug) => ({ slug, permission: spec.entities.includes(slug) })));
      if (!spec.options) expect(field.settings.values_set, spec.slug).toEqual([]);
    });

    const en = await listFields(projectId, me.cookie, "en");
    expect(en.map((f) => f.title)).toEqual(SYSTEM_FIELDS.map((f) => systemTitle("en", f.slug)));
    expect(en.map((f) => f.guid)).toEqual(ru.map((f) => f.guid));

    // Rotation options (statuses) carry `title`, the other option types `value` (spec §3).
    const status = ru.find((f) => f.slug === "status")!;
    expect(status.settings.values_set).toStrictEqual(
      SYSTEM_FIELDS.find((f) => f.slug === "status")!.options!.map(([key, color], sort) => ({ guid: expect.any(String), title: optionLabel("ru", "status", key), color, sort, key })),
    );
    expect(status.settings.values_set).toHaveLength(4);
    const role = ru.find((f) => f.slug === "role")!;
    expect(role.settings.values_set).toStrictEqual(
      SYSTEM_FIELDS.find((f) => f.slug === "role")!.options!.map(([key, color], sort) => ({ guid: expect.any(String), value: optionLabel("ru", "role", key), color, sort, key })),
    );
    const guids = ru.flatMap((f) => f.settings.values_set.map((o) => o.guid));
    expect(new Set(guids).size).toBe(guids.length);
  });

  it("names the default options in the language the project was created in", async () => {
    const me = await signedIn();
    const projectId = await newProject(me.cookie, "en");
    const fields = await listFields(projectId, me.cookie, "en");
    expect(fields.find((f) => f.slug === "status")!.settings.values_set.map((o) => o.title)).toEqual(["To do", "In progress", "Review", "Done"]);
    expect(fields.find((f) => f.slug === "issue_type")!.settings.values_set.map((o) => o.title)).toEqual(
      ["task", "bug", "story", "epic"].map((key) => optionLabel("en", "issue_type", key)),
    );
  });

  it("refuses to delete or rename a system field and leaves it as it was", async () => {
    const me = await signedIn();
    const projectId = await newProject(me.cookie);
    const status = (await listFields(projectId, me.cookie)).find((f) => f.slug === "status")!;
    const path = `${fieldsPath(projectId)}/${status.guid}`;
    const before = await fieldState(projectId);
    expectProblem(await call("DELETE", path, { cookie: me.cookie }), 403, "system_field");
    expectProblem(await call("DELETE", path, { cookie: me.cookie, headers: { "Accept-Language": "en" } }), 403, "system_field", "en");
    expectProblem(await call("PUT", path, { cookie: me.cookie, body: { title: "Состояние" } }), 403, "system_field");
    expectProblem(await call("PUT", path, { cookie: me.cookie, body: { individual_value: true } }), 403, "system_field");
    // A refused rename does not slip through the other, permitted, changes of the same request.
    expectProblem(await call("PUT", path, { cookie: me.cookie, body: { title: "X", hide_to_user: true } }), 403, "system_field");
    expect(await fieldState(projectId)).toEqual(before);
  });

  it("lets a root hide a system field and change where it is used", async () => {
    const me = await signedIn();
    const projectId = await newProject(me.cookie);
    const tags = (await listFields(projectId, me.cookie)).find((f) => f.slug === "tags")!;
    const entities = [
      { slug: "issue", permission: true },
      { slug: "room", permission: true },
      { slug: "docs", permission: false },
    ];
    const res = await call("PUT", `${fieldsPath(projectId)}/${tags.guid}`, { cookie: me.cookie, body: { hide_to_user: true, entities } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ guid: tags.guid, slug: "tags", title: systemTitle("ru", "tags"), system: true, hide_to_user: true });
    expect(res.json.entities).toEqual(ENTITY_KINDS.map((slug) => ({ slug, permission: slug === "issue" || slug === "room" })));
    const again = await call("GET", `${fieldsPath(projectId)}/${tags.guid}`, { cookie: me.cookie });
    expect(again.json).toEqual(res.json);
  });

  it("gives a project made before fields existed its system fields on the first read, exactly once", async () => {
    const me = await signedIn();
    const projectId = newGuid();
    await db().insert(projects).values({ id: projectId, name: "Legacy", ownerId: me.id });
    await db().insert(participants).values({ id: newGuid(), projectId, userId: me.id, root: true, write: true, read: true, isVerifications: true });
    expect(await fieldRows(projectId)).toHaveLength(0);

    const first = await listFields(projectId, me.cookie);
    const second = await listFields(projectId, me.cookie);
    expect(first.map((f) => f.slug)).toEqual(SYSTEM_FIELDS.map((f) => f.slug));
    expect(second).toEqual(first);
    expect(await fieldRows(projectId)).toHaveLength(SYSTEM_FIELDS.length);
  });

  it("creates the system fields once even when two first reads race", async () => {
    const me = await signedIn();
    const projectId = newGuid();
    await db().insert(projects).values({ id: projectId, name: "Legacy race", ownerId: me.id });
    await db().insert(participants).values({ id: newGuid(), projectId, userId: me.id, root: true, write: true, read: true, isVerifications: true });
    const [a, b] = await Promise.all([listFields(projectId, me.cookie), listFields(projectId, me.cookie)]);
    expect(a).toEqual(b);
    expect(await fieldRows(projectId)).toHaveLength(SYSTEM_FIELDS.length);
  });
});

describe("user fields", () => {
  let me: Awaited<ReturnType<typeof signedIn>>;
  let projectId: string;
  beforeAll(async () => {
    me = await signedIn();
    projectId = await newProject(me.cookie);
  });

  it("creates a field of every type, keeping options only for option types", async () => {
    const values_set = [{ value: "Low", color: "#22c55e" }, { title: "Mid" }, { value: "High", color: "#EF4444" }];
    for (const type of FIELD_TYPES) {
      const before = (await fieldRows(projectId)).length;
      const res = await call("POST", fieldsPath(projectId), { cookie: me.cookie, body: { title: ` ${type} field `, type_fields: type, settings: { values_set } } });
      expect(res.status, `${type}: ${res.text}`).toBe(201);
      const field = res.json as FieldJson;
      expect(field, type).toMatchObject({
        title: `${type} field`,
        slug: null,
        type_fields: type,
        system: false,
        sort: before,
        individual_value: false,
        hide_to_user: false,
      });
      // A new field is permitted on tasks unless told otherwise.
      expect(field.entities).toEqual(ENTITY_KINDS.map((slug) => ({ slug, permission: slug === "issue" })));
      if (!hasOptions(type)) {
        expect(field.settings.values_set, type).toEqual([]);
      } else {
        const key = type === "rotation" ? "title" : "value";
        expect(field.settings.values_set, type).toStrictEqual([
          { guid: expect.any(String), [key]: "Low", color: "#22c55e", sort: 0 },
          { guid: expect.any(String), [key]: "Mid", color: DEFAULT_OPTION_COLOR, sort: 1 },
          { guid: expect.any(String), [key]: "High", color: "#EF4444", sort: 2 },
        ]);
        expect(new Set(field.settings.values_set.map((o) => o.guid)).size).toBe(3);
      }
      const read = await call("GET", `${fieldsPath(projectId)}/${field.guid}`, { cookie: me.cookie });
      expect(read.json).toEqual(field);
    }
  });

  it("refuses a malformed field with a translated message and creates nothing", async () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `Option ${i}` }));
    const cases: [unknown, Parameters<typeof expectProblem>[2]][] = [
      [{ title: "Kind", type_fields: "spreadsheet" }, "field_type_invalid"],
      [{ title: "Kind" }, "field_type_invalid"],
      [{ title: "   ", type_fields: "text" }, "field_title_required"],
      [{ type_fields: "text" }, "field_title_required"],
      [{ title: "x".repeat(101), type_fields: "text" }, "field_title_too_long"],
      [{ title: "Colour", type_fields: "select", settings: { values_set: [{ value: "A", color: "red" }] } }, "color_invalid"],
      [{ title: "Colour", type_fields: "select", settings: { values_set: [{ value: "A", color: "#12345" }] } }, "color_invalid"],
      [{ title: "Colour", type_fields: "rotation", settings: { values_set: [{ title: "A", color: "#1234567" }] } }, "color_invalid"],
      [{ title: "Many", type_fields: "select", settings: { values_set: options(201) } }, "options_too_many"],
      [{ title: "Nameless", type_fields: "select", settings: { values_set: [{ color: "#112233" }] } }, "option_value_required"],
      [{ title: "Where", type_fields: "text", entities: [{ slug: "planet", permission: true }] }, "entity_invalid"],
    ];
    const before = await fieldState(projectId);
    for (const [body, code] of cases) {
      expectProblem(await call("POST", fieldsPath(projectId), { cookie: me.cookie, body }), 400, code);
      expectProblem(await call("POST", fieldsPath(projectId), { cookie: me.cookie, body, headers: { "Accept-Language": "en" } }), 400, code, "en");
    }
    expectProblem(await call("POST", fieldsPath(projectId), { cookie: me.cookie, raw: "{nope" }), 400, "body_invalid_json");
    expect(await fieldState(projectId)).toEqual(before);
  });

  it("accepts 200 options and no more, also one at a time", async () => {
    const many = await createField(projectId, me.cookie, {
      title: "Many",
      type_fields: "multi_select",
      settings: { values_set: Array.from({ length: 200 }, (_, i) => ({ value: `Option ${i}` })) },
    });
    expect(many.settings.values_set.map((o) => o.sort)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    const before = await fieldState(projectId);
    expectProblem(await call("POST", `${fieldsPath(projectId)}/${many.guid}/select`, { cookie: me.cookie, body: { value: "One more" } }), 400, "options_too_many");
    expect(await fieldState(projectId)).toEqual(before);
  });

  it("keeps hidden fields in the list, flagged, so the client can split shown from hidden", async () => {
    const shown = await createField(projectId, me.cookie, { title: "Shown", type_fields: "text" });
    const hidden = await createField(projectId, me.cookie, { title: "Hidden", type_fields: "text", hide_to_user: true });
    expect([shown.hide_to_user, hidden.hide_to_user]).toEqual([false, true]);
    const list = await listFields(projectId, me.cookie);
    expect(list.find((f) => f.guid === shown.guid)!.hide_to_user).toBe(false);
    expect(list.find((f) => f.guid === hidden.guid)!.hide_to_user).toBe(true);
    const unhidden = await call("PUT", `${fieldsPath(projectId)}/${hidden.guid}`, { cookie: me.cookie, body: { hide_to_user: false } });
    expect(unhidden.json.hide_to_user).toBe(false);
    expect((await listFields(projectId, me.cookie)).find((f) => f.guid === hidden.guid)!.hide_to_user).toBe(false);
  });

  it("stores the entities a field is permitted on, listing every kind", async () => {
    const field = await createField(projectId, me.cookie, { title: "Budget", type_fields: "number", entities: [{ slug: "project", permission: true }] });
    expect(field.entities).toEqual(ENTITY_KINDS.map((slug) => ({ slug, permission: slug === "project" })));
    const res = await call("PUT", `${fieldsPath(projectId)}/${field.guid}`, {
      cookie: me.cookie,
      body: { entities: [{ slug: "project", permission: false }, { slug: "participant", permission: true }] },
    });
    expect(res.json.entities).toEqual(ENTITY_KINDS.map((slug) => ({ slug, permission: slug === "participant" })));
  });

  it("renames a user field and refuses a bad change without touching it", async () => {
    const field = await createField(projectId, me.cookie, { title: "Old", type_fields: "text" });
    const path = `${fieldsPath(projectId)}/${field.guid}`;
    const renamed = await call("PUT", path, { cookie: me.cookie, body: { title: " New ", individual_value: true } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ title: "New", individual_value: true, system: false });
    const before = await fieldState(projectId);
    expectProblem(await call("PUT", path, { cookie: me.cookie, body: { title: "" } }), 400, "field_title_required");
    expect((await call("PUT", path, { cookie: me.cookie, body: { type_fields: "number" } })).status).toBe(400);
    expect((await call("PUT", path, { cookie: me.cookie, body: { hide_to_user: "yes" } })).status).toBe(400);
    expectProblem(await call("PUT", `${fieldsPath(projectId)}/${newGuid()}`, { cookie: me.cookie, body: { title: "Ghost" } }), 404, "field_not_found");
    expect(await fieldState(projectId)).toEqual(before);
  });

  it("deletes a user field, after which it is not found", async () => {
    const field = await createField(projectId, me.cookie, { title: "Temporary", type_fields: "checkbox" });
    const path = `${fieldsPath(projectId)}/${field.guid}`;
    expect((await call("DELETE", path, { cookie: me.cookie })).status).toBe(204);
    expectProblem(await call("GET", path, { cookie: me.cookie }), 404, "field_not_found");
    expectProblem(await call("DELETE", path, { cookie: me.cookie }), 404, "field_not_found");
    expect((await listFields(projectId, me.cookie)).map((f) => f.guid)).not.toContain(field.guid);
  });
});

describe("PATCH /project/{id}/fields (reorder)", () => {
  let me: Awaited<ReturnType<typeof signedIn>>;
  let projectId: string;
  beforeAll(async () => {
    me = await signedIn();
    projectId = await newProject(me.cookie);
    await createField(projectId, me.cookie, { title: "Estimate", type_fields: "number" });
    await createField(projectId, me.cookie, { title: "Link", type_fields: "url" });
  });

  async function reorder(moves: { guid: string; sort: number }[]) {
    const writes = await recordSortWrites();
    try {
      const res = await call("PATCH", fieldsPath(projectId), { cookie: me.cookie, body: moves });
      return { res, written: await writes.take() };
    } finally {
      await writes.stop();
    }
  }
  const sorted = (guids: string[]) => [...guids].sort();

  it("moves the last field to the top, renumbering and rewriting every field", async () => {
    const before = await listFields(projectId, me.cookie);
    const last = before.at(-1)!;
    const { res, written } = await reorder([{ guid: last.guid, sort: 0 }]);
    expect(res.status, res.text).toBe(200);
    const expected = [last, ...before.slice(0, -1)].map((f) => f.guid);
    expect(res.json.map((f: FieldJson) => f.guid)).toEqual(expected);
    expect(res.json.map((f: FieldJson) => f.sort)).toEqual(expected.map((_, i) => i));
    expect(written).toEqual(sorted(expected));
    expect((await listFields(projectId, me.cookie)).map((f) => f.guid)).toEqual(expected);
  });

  it("writes only the fields whose position changed", async () => {
    const before = await listFields(projectId, me.cookie);
    const moved = before[5]!;
    const { res, written } = await reorder([{ guid: moved.guid, sort: 2 }]);
    expect(res.status).toBe(200);
    const expected = [...before.slice(0, 2), moved, ...before.slice(2, 5), ...before.slice(6)].map((f) => f.guid);
    expect(res.json.map((f: FieldJson) => f.guid)).toEqual(expected);
    expect(res.json.map((f: FieldJson) => f.sort)).toEqual(expected.map((_, i) => i));
    expect(written).toEqual(sorted(before.slice(2, 6).map((f) => f.guid)));
  });

  it("writes nothing when nothing moves", async () => {
    const before = await listFields(projectId, me.cookie);
    const { res, written } = await reorder([{ guid: before[3]!.guid, sort: 3 }]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(before);
    expect(written).toEqual([]);
  });

  it("refuses an unknown field and moves nothing, not even the known ones", async () => {
    const before = await fieldState(projectId);
    const known = (await listFields(projectId, me.cookie)).at(-1)!;
    const { res, written } = await reorder([
      { guid: known.guid, sort: 0 },
      { guid: newGuid(), sort: 1 },
    ]);
    expectProblem(res, 404, "field_not_found");
    expect(written).toEqual([]);
    expect(await fieldState(projectId)).toEqual(before);
  });

  it("refuses malformed reorder bodies", async () => {
    const guid = (await listFields(projectId, me.cookie))[0]!.guid;
    const before = await fieldState(projectId);
    for (const body of [{}, [], [{ guid }], [{ guid, sort: -1 }], [{ guid, sort: 1.5 }], [{ guid, sort: "1" }]]) {
      expectReadable(await call("PATCH", fieldsPath(projectId), { cookie: me.cookie, body }));
    }
    expect(await fieldState(projectId)).toEqual(before);
  });
});

/** A 400 in the one error shape, whatever its code. */
function expectReadable(res: { status: number; json: any; text: string }) {
  expect(res.status, res.text).toBe(400);
  expect(typeof res.json.detail).toBe("string");
  expect(typeof res.json.code).toBe("string");
}

describe("field options", () => {
  let me: Awaited<ReturnType<typeof signedIn>>;
  let projectId: string;
  beforeAll(async () => {
    me = await signedIn();
    projectId = await newProject(me.cookie);
  });
  const optionsPath = (field: FieldJson) => `${fieldsPath(projectId)}/${field.guid}/select`;

  it("adds, renames, recolours, moves and deletes options, renumbering them each time", async () => {
    const field = await createField(projectId, me.cookie, { title: "Size", type_fields: "select", settings: { values_set: [{ value: "S" }, { value: "M" }] } });
    const [s, m] = field.settings.values_set;

    const added = await call("POST", optionsPath(field), { cookie: me.cookie, body: { value: " L ", color: "#112233" } });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toStrictEqual([s, m, { guid: expect.any(String), value: "L", color: "#112233", sort: 2 }]);
    const l = added.json[2];
    const defaulted = await call("POST", optionsPath(field), { cookie: me.cookie, body: { value: "XL" } });
    expect(defaulted.json[3]).toMatchObject({ value: "XL", color: DEFAULT_OPTION_COLOR, sort: 3 });
    const xl = defaulted.json[3];

    const renamed = await call("PUT", `${optionsPath(field)}/${s!.guid}`, { cookie: me.cookie, body: { value: "Small" } });
    expect(renamed.status).toBe(200);
    expect(renamed.json[0]).toStrictEqual({ ...s, value: "Small" });
    const recoloured = await call("PUT", `${optionsPath(field)}/${m!.guid}`, { cookie: me.cookie, body: { color: "#abcdef" } });
    expect(recoloured.json[1]).toStrictEqual({ ...m, color: "#abcdef" });

    const moved = await call("PUT", `${optionsPath(field)}/${l.guid}`, { cookie: me.cookie, body: { sort: 0 } });
    expect(moved.json.map((o: { guid: string }) => o.guid)).toEqual([l.guid, s!.guid, m!.guid, xl.guid]);
    expect(moved.json.map((o: { sort: number }) => o.sort)).toEqual([0, 1, 2, 3]);
    const toEnd = await call("PUT", `${optionsPath(field)}/${l.guid}`, { cookie: me.cookie, body: { sort: 99 } });
    expect(toEnd.json.map((o: { guid: string }) => o.guid)).toEqual([s!.guid, m!.guid, xl.guid, l.guid]);

    const deleted = await call("DELETE", `${optionsPath(field)}/${m!.guid}`, { cookie: me.cookie });
    expect(deleted.status).toBe(200);
    expect(deleted.json.map((o: { guid: string }) => o.guid)).toEqual([s!.guid, xl.guid, l.guid]);
    expect(deleted.json.map((o: { sort: number }) => o.sort)).toEqual([0, 1, 2]);

    // What the calls answered is what is stored.
    const listed = await call("GET", optionsPath(field), { cookie: me.cookie });
    expect(listed.json).toEqual(deleted.json);
    expect((await call("GET", `${fieldsPath(projectId)}/${field.guid}`, { cookie: me.cookie })).json.settings.values_set).toEqual(deleted.json);
  });

  it("keeps rotation options titled when they are added or renamed", async () => {
    const status = (await listFields(projectId, me.cookie)).find((f) => f.slug === "status")!;
    const added = await call("POST", optionsPath(status), { cookie: me.cookie, body: { value: "Blocked", color: "#ef4444" } });
    expect(added.json.at(-1)).toStrictEqual({ guid: expect.any(String), title: "Blocked", color: "#ef4444", sort: 4 });
    const first = status.settings.values_set[0]!;
    const renamed = await call("PUT", `${optionsPath(status)}/${first.guid}`, { cookie: me.cookie, body: { title: "Backlog" } });
    expect(renamed.json[0]).toStrictEqual({ ...first, title: "Backlog" });
  });

  it("answers 404 for an unknown option or field and changes nothing", async () => {
    const field = await createField(projectId, me.cookie, { title: "Team", type_fields: "multi_select", settings: { values_set: [{ value: "Red" }] } });
    const before = await fieldState(projectId);
    expectProblem(await call("PUT", `${optionsPath(field)}/${newGuid()}`, { cookie: me.cookie, body: { value: "Blue" } }), 404, "option_not_found");
    expectProblem(await call("DELETE", `${optionsPath(field)}/${newGuid()}`, { cookie: me.cookie }), 404, "option_not_found");
    const ghost = `${fieldsPath(projectId)}/${newGuid()}/select`;
    expectProblem(await call("GET", ghost, { cookie: me.cookie }), 404, "field_not_found");
    expectProblem(await call("POST", ghost, { cookie: me.cookie, body: { value: "Blue" } }), 404, "field_not_found");
    expectProblem(await call("PUT", `${ghost}/${field.settings.values_set[0]!.guid}`, { cookie: me.cookie, body: { value: "Blue" } }), 404, "field_not_found");
    expect(await fieldState(projectId)).toEqual(before);
  });

  it("refuses malformed options with a translated message", async () => {
    const field = await createField(projectId, me.cookie, { title: "Mood", type_fields: "select", settings: { values_set: [{ value: "Happy" }] } });
    const option = `${optionsPath(field)}/${field.settings.values_set[0]!.guid}`;
    const before = await fieldState(projectId);
    expectProblem(await call("POST", optionsPath(field), { cookie: me.cookie, body: {} }), 400, "option_value_required");
    expectProblem(await call("POST", optionsPath(field), { cookie: me.cookie, body: { value: "Sad", color: "blue" } }), 400, "color_invalid");
    expectProblem(await call("PUT", option, { cookie: me.cookie, body: { color: "#ggg000" } }), 400, "color_invalid", "ru");
    expectProblem(await call("PUT", option, { cookie: me.cookie, body: { value: "  " } }), 400, "option_value_required");
    expectProblem(await call("PUT", option, { cookie: me.cookie, body: { value: "x".repeat(101) }, headers: { "Accept-Language": "en" } }), 400, "option_value_too_long", "en");
    expect((await call("PUT", option, { cookie: me.cookie, body: { guid: newGuid() } })).status).toBe(400);
    expect(await fieldState(projectId)).toEqual(before);
  });

  it("refuses option calls on a field that has no options", async () => {
    const text = await createField(projectId, me.cookie, { title: "Notes", type_fields: "text" });
    const before = await fieldState(projectId);
    const path = optionsPath(text);
    expectProblem(await call("GET", path, { cookie: me.cookie }), 400, "field_has_no_options");
    expectProblem(await call("POST", path, { cookie: me.cookie, body: { value: "A" } }), 400, "field_has_no_options");
    expectProblem(await call("PUT", `${path}/${newGuid()}`, { cookie: me.cookie, body: { value: "A" } }), 400, "field_has_no_options");
    expectProblem(await call("DELETE", `${path}/${newGuid()}`, { cookie: me.cookie }), 400, "field_has_no_options");
    expect(await fieldState(projectId)).toEqual(before);
  });
});
