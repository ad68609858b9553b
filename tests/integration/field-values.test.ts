import { and, eq, notInArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldDefinitions, fieldValues, participants, projects } from "../../workers/db/schema";
import { newGuid } from "../../workers/services/ids";
import { createField, type FieldJson, fieldsPath, listFields, valueRows } from "../fixtures/fields";
import { call } from "../fixtures/http";
import { ERRORS, type ErrorCode, expectProblem } from "../fixtures/problems";
import { ACTORS, type Actor, buildTeam } from "../fixtures/projects";
import { db, signedIn } from "../fixtures/users";

interface ValueJson {
  guid: string;
  slug: string | null;
  value: unknown;
  participant_value: string | null;
}
interface ParticipantJson {
  guid: string;
  access_project: { guid: string };
  custom_fields: ValueJson[];
}

const projectPath = (id: string) => `/api/v1/project/${id}`;
const accessPath = (id: string, accessGuid: string) => `/api/v1/project/${id}/access/${accessGuid}`;
const shared = (field: FieldJson, value: unknown): ValueJson => ({ guid: field.guid, slug: field.slug, value, participant_value: null });
const participantIn = (project: { participants: { results: ParticipantJson[] } }, userId: string) => project.participants.results.find((p) => p.guid === userId)!;

/**
 * A team whose project has one user field of every value type permitted on the project, plus
 * fields for the other cases: one for participants, one individual, one for tasks only.
 */
async function valueTeam() {
  const team = await buildTeam();
  const root = team.cookies.root!;
  const on = (...kinds: string[]) => kinds.map((slug) => ({ slug, permission: true }));
  // One at a time: each new field takes the next sort, which orders the values we read back.
  const make = (title: string, type_fields: string, extra: Record<string, unknown> = {}) =>
    createField(team.projectId, root, { title, type_fields, entities: on("project"), ...extra });
  const f = {
    text: await make("Code name", "text"),
    long_text: await make("Charter", "long_text"),
    number: await make("Budget", "number"),
    date: await make("Deadline", "date"),
    checkbox: await make("Confidential", "checkbox"),
    url: await make("Site", "url"),
    select: await make("Colour", "select", { settings: { values_set: [{ value: "Red" }, { value: "Green" }] } }),
    multi_select: await make("Markets", "multi_select", { settings: { values_set: [{ value: "EU" }, { value: "US" }, { value: "Asia" }] } }),
    participant: await make("Lead", "participant"),
    participants: await make("Sponsors", "participants"),
    nickname: await make("Nickname", "text", { entities: on("participant") }),
    confidence: await make("Confidence", "number", { individual_value: true }),
    task: await createField(team.projectId, root, { title: "Task only", type_fields: "text" }),
  };
  // `as` names the caller explicitly: a default parameter would turn a guest's `undefined` into the root.
  const put = (custom_fields: unknown[], options: { as?: string; extra?: Record<string, unknown> } = {}) =>
    call("PUT", projectPath(team.projectId), { cookie: "as" in options ? options.as : root, body: { custom_fields, ...options.extra } });
  const get = (query = "", options: { as?: string } = {}) => call("GET", `${projectPath(team.projectId)}${query}`, { cookie: "as" in options ? options.as : root });
  return { team, root, f, put, get };
}

/** The participant_value of a translated 400 names the offending entry. */
function expectValueProblem(res: Awaited<ReturnType<typeof call>>, code: ErrorCode, index: number) {
  expectProblem(res, 400, code);
  expect(res.json.fields).toEqual({ [`custom_fields.${index}`]: ERRORS.ru[code] });
}

describe("custom field values: who may write them", () => {
  let t: Awaited<ReturnType<typeof valueTeam>>;
  beforeAll(async () => {
    t = await valueTeam();
  });
  const expected: Record<Actor, number> = { root: 200, write: 403, read: 403, unverified: 403, outsider: 403, guest: 401 };

  for (const actor of ACTORS) {
    it(`PUT /project/{id} custom_fields answers ${expected[actor]} to ${actor}`, async () => {
      const before = await valueRows(t.team.projectId);
      const res = await t.put([{ guid: t.f.text.guid, value: `by ${actor}` }], { as: t.team.cookies[actor] });
      if (actor === "root") return expect(res.status, res.text).toBe(200);
      expectProblem(res, expected[actor], actor === "guest" ? "unauthorized" : "project_forbidden");
      expect(await valueRows(t.team.projectId)).toEqual(before);
    });
    it(`PUT /project/{id}/access/{guid} custom_fields answers ${expected[actor]} to ${actor}`, async () => {
      const before = await valueRows(t.team.projectId);
      const res = await call("PUT", accessPath(t.team.projectId, t.team.users.write.accessGuid!), {
        cookie: t.team.cookies[actor],
        body: { custom_fields: [{ guid: t.f.nickname.guid, value: `by ${actor}` }] },
      });
      if (actor === "root") return expect(res.status, res.text).toBe(200);
      expectProblem(res, expected[actor], actor === "guest" ? "unauthorized" : "project_forbidden");
      expect(await valueRows(t.team.projectId)).toEqual(before);
    });
  }

  it("lets everyone with read access see the values, filtered or not", async () => {
    for (const actor of ACTORS) {
      const res = await t.get(`?custom_fields=${t.f.text.guid}`, { as: t.team.cookies[actor] });
      const status = { root: 200, write: 200, read: 200, unverified: 403, outsider: 403, guest: 401 }[actor];
      expect(res.status, actor).toBe(status);
      if (status === 200) expect(res.json.custom_fields).toEqual([shared(t.f.text, "by root")]);
    }
  });
});

describe("custom field values on a project", () => {
  it("stores a value of every type and reads it back in field order", async () => {
    const { team, f, put, get } = await valueTeam();
    const [red] = f.select.settings.values_set;
    const [eu, us] = f.multi_select.settings.values_set;
    const res = await put([
      { guid: f.text.guid, value: "Apollo" },
      { guid: f.long_text.guid, value: "x".repeat(5000) },
      { guid: f.number.guid, value: 12.5 },
      { guid: f.date.guid, value: "2026-03-01" },
      { guid: f.checkbox.guid, value: false },
      { guid: f.url.guid, value: "https://example.com/a?b=1" },
      { guid: f.select.guid, value: red!.guid },
      { guid: f.multi_select.guid, value: [eu!.guid, us!.guid, eu!.guid] },
      { guid: f.participant.guid, value: team.users.write.id },
      { guid: f.participants.guid, value: [team.users.read.id, team.users.root.id] },
    ]);
    expect(res.status, res.text).toBe(200);
    const expected = [
      shared(f.text, "Apollo"),
      shared(f.long_text, "x".repeat(5000)),
      shared(f.number, 12.5),
      shared(f.date, "2026-03-01"),
      shared(f.checkbox, false),
      shared(f.url, "https://example.com/a?b=1"),
      shared(f.select, red!.guid),
      // A multi-value keeps each id once.
      shared(f.multi_select, [eu!.guid, us!.guid]),
      shared(f.participant, team.users.write.id),
      shared(f.participants, [team.users.read.id, team.users.root.id]),
    ];
    expect(res.json.custom_fields).toEqual(expected);
    expect((await get()).json.custom_fields).toEqual(expected);
    expect(await valueRows(team.projectId)).toHaveLength(expected.length);
  });

  it("accepts a date with a time and zone", async () => {
    const { f, put } = await valueTeam();
    const res = await put([{ guid: f.date.guid, value: "2026-03-01T09:30:00+03:00" }]);
    expect(res.status, res.text).toBe(200);
    expect(res.json.custom_fields).toEqual([shared(f.date, "2026-03-01T09:30:00+03:00")]);
  });

  it("replaces the value of a field sent again and appends new ones (spec §4)", async () => {
    const { team, f, put, get } = await valueTeam();
    await put([{ guid: f.text.guid, value: "One" }]);
    const replaced = await put([
      { guid: f.text.guid, value: "Two" },
      { guid: f.number.guid, value: 7 },
    ]);
    expect(replaced.json.custom_fields).toEqual([shared(f.text, "Two"), shared(f.number, 7)]);
    const appended = await put([{ guid: f.checkbox.guid, value: true }]);
    expect(appended.json.custom_fields).toEqual([shared(f.text, "Two"), shared(f.number, 7), shared(f.checkbox, true)]);
    expect((await get()).json.custom_fields).toEqual(appended.json.custom_fields);
    const textRows = (await valueRows(team.projectId)).filter((r) => r.fieldId === f.text.guid);
    expect(textRows.map((r) => JSON.parse(r.value))).toEqual(["Two"]);
  });

  it("writes and filters by slug or guid with ?custom_fields=", async () => {
    const { team, root, f, put, get } = await valueTeam();
    const status = (await listFields(team.projectId, root)).find((x) => x.slug === "status")!;
    // A system field may be permitted on more entities; then it takes values there by its slug.
    const opened = await call("PUT", `${fieldsPath(team.projectId)}/${status.guid}`, {
      cookie: root,
      body: { entities: [{ slug: "issue", permission: true }, { slug: "project", permission: true }] },
    });
    expect(opened.status).toBe(200);
    const done = status.settings.values_set[3]!.guid;
    const written = await put([
      { slug: "status", value: done },
      { guid: f.text.guid, value: "Apollo" },
      { guid: f.number.guid, value: 3 },
    ]);
    expect(written.status, written.text).toBe(200);
    await call("PUT", accessPath(team.projectId, team.users.write.accessGuid!), { cookie: root, body: { custom_fields: [{ guid: f.nickname.guid, value: "Ace" }] } });
    const statusValue = { guid: status.guid, slug: "status", value: done, participant_value: null };

    const bySlug = await get("?custom_fields=status");
    expect(bySlug.json.custom_fields).toEqual([statusValue]);
    expect(bySlug.json.participants.results.flatMap((p: ParticipantJson) => p.custom_fields)).toEqual([]);
    const mixed = await get(`?custom_fields=${f.number.guid},%20status`);
    expect(mixed.json.custom_fields).toEqual([statusValue, shared(f.number, 3)]);
    const participantOnly = await get(`?custom_fields=${f.nickname.guid}`);
    expect(participantOnly.json.custom_fields).toEqual([]);
    expect(participantIn(participantOnly.json, team.users.write.id).custom_fields).toEqual([shared(f.nickname, "Ace")]);
    const everything = await get("?custom_fields=");
    expect(everything.json.custom_fields).toEqual([statusValue, shared(f.text, "Apollo"), shared(f.number, 3)]);
    // A PUT may ask for a filtered answer too.
    const filtered = await put([{ guid: f.text.guid, value: "Gemini" }], { extra: { filter_custom_fields: [f.text.guid] } });
    expect(filtered.json.custom_fields).toEqual([shared(f.text, "Gemini")]);
  });

  it("clears a value with null", async () => {
    const { team, f, put, get } = await valueTeam();
    await put([
      { guid: f.text.guid, value: "Apollo" },
      { guid: f.multi_select.guid, value: [f.multi_select.settings.values_set[0]!.guid] },
    ]);
    const cleared = await put([
      { guid: f.text.guid, value: null },
      { guid: f.checkbox.guid, value: null },
    ]);
    expect(cleared.status).toBe(200);
    expect(cleared.json.custom_fields.map((v: ValueJson) => v.guid)).toEqual([f.multi_select.guid]);
    expect((await get()).json.custom_fields.map((v: ValueJson) => v.guid)).toEqual([f.multi_select.guid]);
    expect((await valueRows(team.projectId)).map((r) => r.fieldId)).toEqual([f.multi_select.guid]);
  });

  it("refuses a value of the wrong type and stores nothing, even a valid value before it", async () => {
    const { team, f, put, get } = await valueTeam();
    await put([{ guid: f.text.guid, value: "Original" }]);
    const known = f.multi_select.settings.values_set[0]!.guid;
    const cases: [FieldJson, unknown, ErrorCode][] = [
      [f.text, 42, "value_invalid"],
      [f.text, "x".repeat(1001), "value_too_long"],
      [f.long_text, ["a"], "value_invalid"],
      [f.number, "x", "value_invalid"],
      [f.number, "5", "value_invalid"],
      [f.date, "2026-13-45", "value_invalid"],
      [f.date, "2026-02-30", "value_invalid"],
      [f.date, "tomorrow", "value_invalid"],
      [f.date, 20260301, "value_invalid"],
      [f.checkbox, "yes", "value_invalid"],
      [f.checkbox, 1, "value_invalid"],
      [f.url, "javascript:alert(1)", "value_invalid"],
      [f.url, "example.com", "value_invalid"],
      [f.select, newGuid(), "option_unknown"],
      [f.select, [f.select.settings.values_set[0]!.guid], "value_invalid"],
      [f.multi_select, [known, newGuid()], "option_unknown"],
      [f.multi_select, known, "value_invalid"],
      [f.participant, team.users.outsider.id, "participant_unknown"],
      [f.participants, [team.users.write.id, team.users.outsider.id], "participant_unknown"],
    ];
    const before = await valueRows(team.projectId);
    for (const [field, value, code] of cases) {
      const alone = await put([{ guid: field.guid, value }]);
      expect(alone.status, `${field.title} ← ${JSON.stringify(value)}`).toBe(400);
      expectValueProblem(alone, code, 0);
      const afterValid = await put([
        { guid: f.text.guid, value: "Valid first" },
        { guid: field.guid, value },
      ]);
      expectValueProblem(afterValid, code, 1);
    }
    const renamed = await put([{ guid: f.number.guid, value: "many" }], { extra: { name: "Renamed" } });
    expectValueProblem(renamed, "value_invalid", 0);
    expect(await valueRows(team.projectId)).toEqual(before);
    const after = await get();
    expect(after.json.name).toBe("Matrix project");
    expect(after.json.custom_fields).toEqual([shared(f.text, "Original")]);
  });

  it("refuses a field not used on the entity, an unknown field and another project's field", async () => {
    const { team, root, f, put } = await valueTeam();
    const other = await valueTeam();
    const before = await valueRows(team.projectId);
    expectValueProblem(await put([{ guid: f.task.guid, value: "x" }]), "field_not_for_entity", 0);
    expectValueProblem(await put([{ guid: f.nickname.guid, value: "x" }]), "field_not_for_entity", 0);
    expectValueProblem(await put([{ slug: "title", value: "x" }]), "field_not_for_entity", 0);
    expectValueProblem(await put([{ guid: newGuid(), value: "x" }]), "field_not_found", 0);
    expectValueProblem(await put([{ slug: "no_such_field", value: "x" }]), "field_not_found", 0);
    expectValueProblem(await put([{ value: "x" }]), "field_not_found", 0);
    expectValueProblem(await put([{ guid: other.f.text.guid, value: "x" }]), "field_not_found", 0);
    const onParticipant = await call("PUT", accessPath(team.projectId, team.users.read.accessGuid!), { cookie: root, body: { custom_fields: [{ guid: f.text.guid, value: "x" }] } });
    expectValueProblem(onParticipant, "field_not_for_entity", 0);
    expect(await valueRows(team.projectId)).toEqual(before);
    expect(await valueRows(other.team.projectId)).toEqual([]);
  });
});

describe("individual values", () => {
  it("keeps each participant's own value and lets nobody write someone else's", async () => {
    const { team, f, put, get } = await valueTeam();
    const admin = await signedIn();
    await db().insert(participants).values({ id: newGuid(), projectId: team.projectId, userId: admin.id, root: true, write: true, read: true, isVerifications: true });
    const owner = team.users.root;
    const mine = (userId: string, value: unknown) => ({ guid: f.confidence.guid, slug: null, value, participant_value: userId });
    const byUser = (values: ValueJson[]) => values.filter((v) => v.guid === f.confidence.guid).sort((a, b) => a.participant_value!.localeCompare(b.participant_value!));

    expect((await put([{ guid: f.confidence.guid, value: 3 }])).status).toBe(200);
    expect((await put([{ guid: f.confidence.guid, value: 5 }], { as: admin.cookie })).status).toBe(200);
    expect(byUser((await get()).json.custom_fields)).toEqual(byUser([mine(owner.id, 3), mine(admin.id, 5)]));

    await put([{ guid: f.confidence.guid, value: 4, participant_value: owner.id }]);
    expect(byUser((await get()).json.custom_fields)).toEqual(byUser([mine(owner.id, 4), mine(admin.id, 5)]));

    const before = await valueRows(team.projectId);
    expectValueProblem(await put([{ guid: f.confidence.guid, value: 1, participant_value: admin.id }]), "value_not_yours", 0);
    expectValueProblem(await put([{ guid: f.confidence.guid, value: null, participant_value: admin.id }]), "value_not_yours", 0);
    expect(await valueRows(team.projectId)).toEqual(before);

    await put([{ guid: f.confidence.guid, value: null }]);
    expect(byUser((await get()).json.custom_fields)).toEqual([mine(admin.id, 5)]);
  });
});

describe("participant values", () => {
  it("stores a participant's values through PUT /access and shows them on that participant", async () => {
    const { team, root, f, get } = await valueTeam();
    const role = (await listFields(team.projectId, root)).find((x) => x.slug === "role")!;
    const designer = role.settings.values_set[1]!.guid;
    const res = await call("PUT", accessPath(team.projectId, team.users.write.accessGuid!), {
      cookie: root,
      body: { custom_fields: [{ guid: f.nickname.guid, value: "Ace" }, { slug: "role", value: designer }] },
    });
    expect(res.status, res.text).toBe(200);
    const roleValue = { guid: role.guid, slug: "role", value: designer, participant_value: null };
    // Values come in field order: the system role field comes before any user field.
    expect(participantIn(res.json, team.users.write.id).custom_fields).toEqual([roleValue, shared(f.nickname, "Ace")]);
    const seen = await get();
    expect(participantIn(seen.json, team.users.write.id).custom_fields).toEqual([roleValue, shared(f.nickname, "Ace")]);
    for (const other of [team.users.root.id, team.users.read.id, team.users.unverified.id]) {
      expect(participantIn(seen.json, other).custom_fields).toEqual([]);
    }
    expect(seen.json.custom_fields).toEqual([]);
    const rows = await db().select().from(fieldValues).where(eq(fieldValues.entityKind, "participant"));
    expect(rows.filter((r) => r.projectId === team.projectId).map((r) => r.entityId)).toEqual([team.users.write.accessGuid, team.users.write.accessGuid]);
  });

  it("refuses bad participant values without changing the participant's access", async () => {
    const { team, root, f } = await valueTeam();
    const path = accessPath(team.projectId, team.users.read.accessGuid!);
    const before = await valueRows(team.projectId);
    const res = await call("PUT", path, { cookie: root, body: { write: true, custom_fields: [{ slug: "role", value: newGuid() }] } });
    expectValueProblem(res, "option_unknown", 0);
    const owner = await call("PUT", accessPath(team.projectId, team.users.root.accessGuid!), {
      cookie: root,
      body: { root: false, custom_fields: [{ guid: f.nickname.guid, value: "Boss" }] },
    });
    expectProblem(owner, 403, "owner_access_fixed");
    expect(await valueRows(team.projectId)).toEqual(before);
    const seen = await call("GET", projectPath(team.projectId), { cookie: root });
    expect(participantIn(seen.json, team.users.read.id).access_project).toMatchObject({ write: false });
    expect(participantIn(seen.json, team.users.root.id).access_project).toMatchObject({ root: true });
  });
});

describe("POST /project with custom_fields", () => {
  it("refuses invalid values and leaves no project behind", async () => {
    const me = await signedIn();
    const cases: [unknown[], ErrorCode][] = [
      [[{ slug: "title", value: "x" }], "field_not_for_entity"],
      [[{ guid: newGuid(), value: 1 }], "field_not_found"],
      [[{ slug: "nope", value: 1 }], "field_not_found"],
    ];
    for (const [custom_fields, code] of cases) {
      expectValueProblem(await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "Doomed", custom_fields } }), code, 0);
    }
    expect((await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "Doomed", custom_fields: { slug: "title" } } })).status).toBe(400);
    expect(await db().select().from(projects).where(eq(projects.ownerId, me.id))).toEqual([]);
    expect(await db().select().from(participants).where(eq(participants.userId, me.id))).toEqual([]);
    expect((await call("GET", "/api/v1/project", { cookie: me.cookie })).json).toEqual([]);
    const allProjects = (await db().select({ id: projects.id }).from(projects)).map((p) => p.id);
    expect(await db().select().from(fieldDefinitions).where(notInArray(fieldDefinitions.projectId, allProjects))).toEqual([]);

    const fine = await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "Fine", custom_fields: [] } });
    expect(fine.status).toBe(201);
    expect(fine.json.custom_fields).toEqual([]);
  });
});

describe("deleting a field", () => {
  it("removes its values from every entity", async () => {
    const { team, root, put, get } = await valueTeam();
    const temp = await createField(team.projectId, root, {
      title: "Temporary",
      type_fields: "text",
      entities: [
        { slug: "project", permission: true },
        { slug: "participant", permission: true },
      ],
    });
    await put([{ guid: temp.guid, value: "on the project" }]);
    await call("PUT", accessPath(team.projectId, team.users.read.accessGuid!), { cookie: root, body: { custom_fields: [{ guid: temp.guid, value: "on a participant" }] } });
    const forField = () => db().select().from(fieldValues).where(and(eq(fieldValues.projectId, team.projectId), eq(fieldValues.fieldId, temp.guid)));
    expect(await forField()).toHaveLength(2);

    expect((await call("DELETE", `${fieldsPath(team.projectId)}/${temp.guid}`, { cookie: root })).status).toBe(204);
    expect(await forField()).toEqual([]);
    const seen = await get();
    expect(seen.json.custom_fields).toEqual([]);
    expect(participantIn(seen.json, team.users.read.id).custom_fields).toEqual([]);
  });
});
