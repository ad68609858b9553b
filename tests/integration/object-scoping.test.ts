/**
 * Every object named by guid in a URL or a body belongs to the project of the URL (issue 20):
 * two people, two projects, and each of Bob's objects asked for through Alice's own project.
 * Plus the other object-level findings: rooms read without joining, guests only by the owner's
 * choice, `rooms_part` after removal, one title rule, unknown filter fields, recursion, bulk
 * ceilings.
 */
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TASK_MOVES_MAX } from "../../domain/planning/schemas";
import { decks, documents, invites, participants, roomMembers, rooms, savedFilters, workflows } from "../../workers/db/schema";
import { call } from "../fixtures/http";
import { buildTeam, type Team } from "../fixtures/projects";
import { openRoom } from "../fixtures/rooms";
import { base, fieldsBySlug, newSprint, newTask, projectRows } from "../fixtures/tasks";
import { db, signedIn } from "../fixtures/users";

/** A word only Bob's objects carry: no answer to Alice may contain it. */
const SECRET = "BOBSECRET";

type Person = Awaited<ReturnType<typeof signedIn>>;

async function ownProject(owner: Person, name: string): Promise<string> {
  const res = await call("POST", "/api/v1/project", { cookie: owner.cookie, body: { name } });
  expect(res.status, res.text).toBe(201);
  return res.json.guid as string;
}

function uploadForm(task: string): FormData {
  const f = new FormData();
  f.append("entity_kind", "issue");
  f.append("entity_guid", task);
  f.append("file", new File([new TextEncoder().encode(`${SECRET} notes`) as BlobPart], `${SECRET}.txt`, { type: "text/plain" }));
  return f;
}

/** Everything of a project a request could read or change, to compare before and after. */
async function everything(projectId: string) {
  const d = db();
  const [docs, roomRows, deckRows, flows, filters, people, invited] = await Promise.all([
    d.select().from(documents).where(eq(documents.projectId, projectId)).orderBy(asc(documents.id)),
    d.select().from(rooms).where(eq(rooms.projectId, projectId)).orderBy(asc(rooms.id)),
    d.select().from(decks).where(eq(decks.projectId, projectId)).orderBy(asc(decks.id)),
    d.select().from(workflows).where(eq(workflows.projectId, projectId)).orderBy(asc(workflows.id)),
    d.select().from(savedFilters).where(eq(savedFilters.projectId, projectId)).orderBy(asc(savedFilters.id)),
    d.select().from(participants).where(eq(participants.projectId, projectId)).orderBy(asc(participants.id)),
    d.select().from(invites).where(eq(invites.projectId, projectId)).orderBy(asc(invites.id)),
  ]);
  const members = roomRows.length ? await d.select().from(roomMembers).where(eq(roomMembers.roomId, roomRows[0]!.id)) : [];
  return { ...(await projectRows(projectId)), docs, roomRows, deckRows, flows, filters, people, invited, members };
}

interface BobsWorld {
  project: string;
  task: string;
  comment: string;
  link: string;
  file: string;
  sprint: string;
  label: string;
  field: string;
  option: string;
  filter: string;
  doc: string;
  room: string;
  deck: string;
  workflow: string;
  access: string;
  invite: string;
  bob: Person;
}

/** Bob's project with one object of every kind, each carrying the secret word where it can. */
async function bobsWorld(): Promise<BobsWorld> {
  const bob = await signedIn({ name: `Bob ${SECRET}` });
  const project = await ownProject(bob, `Project ${SECRET}`);
  const p = base(project);
  const field = await call("POST", `${p}/fields`, { cookie: bob.cookie, body: { title: `Field ${SECRET}`, type_fields: "select", settings: { values_set: [{ value: `Option ${SECRET}` }] } } });
  expect(field.status, field.text).toBe(201);
  const label = await call("POST", `${p}/labels`, { cookie: bob.cookie, body: { value: `Label ${SECRET}` } });
  expect(label.status, label.text).toBe(201);
  const task = (await newTask(project, bob.cookie, `Task ${SECRET}`, [{ guid: field.json.guid, value: field.json.settings.values_set[0].guid }])).guid;
  const other = (await newTask(project, bob.cookie, `Other ${SECRET}`)).guid;
  const comment = await call("POST", `${p}/issue/${task}/comment`, { cookie: bob.cookie, body: { text: `Comment ${SECRET}` } });
  const link = await call("POST", `${p}/issue/${task}/issues`, { cookie: bob.cookie, body: { issue: other, kind: "blocks" } });
  const file = await call("POST", `${p}/entity-file`, { cookie: bob.cookie, form: uploadForm(task) });
  expect(file.status, file.text).toBe(201);
  const sprint = await newSprint(project, bob.cookie, `Sprint ${SECRET}`);
  const status = (await fieldsBySlug(project, bob.cookie))("status");
  const filter = await call("PUT", `/api/v3/project/${project}/filters`, { cookie: bob.cookie, body: { title: `Filter ${SECRET}`, conditions: [{ field: status.guid, op: "not_empty" }] } });
  const doc = await call("POST", `${p}/docs`, { cookie: bob.cookie, body: { kind: "text", title: `Doc ${SECRET}` } });
  const deck = await call("POST", `${p}/valmethod`, { cookie: bob.cookie, body: { name: `Deck ${SECRET}`, cards: [{ label: "1", value: 1 }, { label: "2", value: 2 }] } });
  const room = await call("POST", `${p}/rooms`, { cookie: bob.cookie, body: { kind: "poker", title: `Room ${SECRET}`, method: "fibonacci" } });
  const workflow = await call("POST", `${p}/workflow`, { cookie: bob.cookie, body: { title: `Flow ${SECRET}`, field: status.guid, transitions: [] } });
  const invite = await call("POST", `${p}/invite`, { cookie: bob.cookie, body: [{ email: `invitee-${crypto.randomUUID()}@example.com`, value: "member" }] });
  for (const res of [comment, link, filter, doc, deck, room, workflow, invite]) expect(res.status, res.text).toBeLessThan(300);
  const me = await call("GET", `${p}`, { cookie: bob.cookie });
  const invites = await call("GET", `${p}/invite`, { cookie: bob.cookie });
  return {
    project,
    task,
    comment: comment.json.guid,
    link: link.json.guid,
    file: file.json.guid,
    sprint,
    label: label.json.guid,
    field: field.json.guid,
    option: field.json.settings.values_set[0].guid,
    filter: filter.json.guid,
    doc: doc.json.guid,
    room: room.json.guid,
    deck: deck.json.guid,
    workflow: workflow.json.guid,
    access: me.json.access.guid,
    invite: invites.json[0].guid,
    bob,
  };
}

interface Probe {
  name: string;
  method: string;
  path: (a: string, b: BobsWorld, own: { task: string; sprint: string; field: string; doc: string; room: string }) => string;
  body?: (b: BobsWorld, own: { task: string; sprint: string; field: string; doc: string }) => unknown;
  form?: (b: BobsWorld) => FormData;
  /** What Alice must get: never a 2xx. */
  status: number;
  code?: string;
}

const pa = (a: string) => `/api/v1/project/${a}`;

/** Every route that takes a guid, with one of Bob's guids in Alice's project's URL or body. */
const PROBES: Probe[] = [
  { name: "GET fields/issue of a foreign task", method: "GET", path: (a, b) => `${pa(a)}/fields/issue/${b.task}`, status: 404, code: "task_not_found" },
  { name: "GET a foreign task", method: "GET", path: (a, b) => `${pa(a)}/issue/${b.task}`, status: 404, code: "task_not_found" },
  { name: "PUT a foreign task", method: "PUT", path: (a, b) => `${pa(a)}/issue/${b.task}`, body: () => ({ custom_fields: [{ slug: "title", value: "hijacked" }] }), status: 404, code: "task_not_found" },
  { name: "DELETE a foreign task", method: "DELETE", path: (a, b) => `${pa(a)}/issue/${b.task}`, status: 404, code: "task_not_found" },
  { name: "PATCH the order of a foreign task", method: "PATCH", path: (a) => `${pa(a)}/issue`, body: (b) => [{ guid: b.task, sort: 0 }], status: 404, code: "task_not_found" },
  { name: "GET a foreign task's comments", method: "GET", path: (a, b) => `${pa(a)}/issue/${b.task}/comment`, status: 404, code: "task_not_found" },
  { name: "POST a comment on a foreign task", method: "POST", path: (a, b) => `${pa(a)}/issue/${b.task}/comment`, body: () => ({ text: "hi" }), status: 404, code: "task_not_found" },
  { name: "PUT a foreign comment under an own task", method: "PUT", path: (a, b, o) => `${pa(a)}/issue/${o.task}/comment/${b.comment}`, body: () => ({ text: "edited" }), status: 404, code: "comment_not_found" },
  { name: "DELETE a foreign comment under an own task", method: "DELETE", path: (a, b, o) => `${pa(a)}/issue/${o.task}/comment/${b.comment}`, status: 404, code: "comment_not_found" },
  { name: "GET a foreign task's links", method: "GET", path: (a, b) => `${pa(a)}/issue/${b.task}/issues`, status: 404, code: "task_not_found" },
  { name: "POST a link from an own task to a foreign one", method: "POST", path: (a, _b, o) => `${pa(a)}/issue/${o.task}/issues`, body: (b) => ({ issue: b.task, kind: "relates" }), status: 400, code: "task_unknown" },
  { name: "DELETE a foreign link under an own task", method: "DELETE", path: (a, b, o) => `${pa(a)}/issue/${o.task}/issues/${b.link}`, status: 404, code: "link_not_found" },
  { name: "GET a foreign task's events", method: "GET", path: (a, b) => `${pa(a)}/issue/${b.task}/events`, status: 404, code: "task_not_found" },
  { name: "GET the files of a foreign task", method: "GET", path: (a, b) => `${pa(a)}/entity-file?entity_kind=issue&entity_guid=${b.task}`, status: 404, code: "task_not_found" },
  { name: "POST a file onto a foreign task", method: "POST", path: (a) => `${pa(a)}/entity-file`, form: (b) => uploadForm(b.task), status: 404, code: "task_not_found" },
  { name: "GET a foreign file", method: "GET", path: (a, b) => `${pa(a)}/entity-file/${b.file}`, status: 404, code: "file_not_found" },
  { name: "DELETE a foreign file", method: "DELETE", path: (a, b) => `${pa(a)}/entity-file/${b.file}`, status: 404, code: "file_not_found" },
  { name: "PUT a foreign label", method: "PUT", path: (a, b) => `${pa(a)}/labels/${b.label}`, body: () => ({ value: "renamed" }), status: 404, code: "label_not_found" },
  { name: "DELETE a foreign label", method: "DELETE", path: (a, b) => `${pa(a)}/labels/${b.label}`, status: 404, code: "label_not_found" },
  { name: "GET a foreign sprint", method: "GET", path: (a, b) => `${pa(a)}/sprint/${b.sprint}`, status: 404, code: "sprint_not_found" },
  { name: "PUT a foreign sprint", method: "PUT", path: (a, b) => `${pa(a)}/sprint/${b.sprint}`, body: () => ({ title: "renamed" }), status: 404, code: "sprint_not_found" },
  { name: "DELETE a foreign sprint", method: "DELETE", path: (a, b) => `${pa(a)}/sprint/${b.sprint}`, status: 404, code: "sprint_not_found" },
  { name: "complete a foreign sprint", method: "POST", path: (a, b) => `${pa(a)}/sprint/${b.sprint}/complete`, body: () => ({}), status: 404, code: "sprint_not_found" },
  { name: "complete an own sprint into a foreign one", method: "POST", path: (a, _b, o) => `${pa(a)}/sprint/${o.sprint}/complete`, body: (b) => ({ move_to: b.sprint }), status: 400, code: "sprint_target_invalid" },
  { name: "PATCH spaces with a foreign sprint", method: "PATCH", path: (a) => `${pa(a)}/spaces`, body: (b) => [{ guid: b.sprint, sort: 1 }], status: 404, code: "sprint_not_found" },
  { name: "GET stats of a foreign sprint", method: "GET", path: (a, b) => `${pa(a)}/stats?sprint=${b.sprint}`, status: 404, code: "sprint_not_found" },
  { name: "PUT an own task into a foreign sprint", method: "PUT", path: (a, _b, o) => `${pa(a)}/issue/${o.task}`, body: () => ({ custom_fields: [{ slug: "sprint", value: "SPRINT" }] }), status: 400 },
  { name: "PUT an own task under a foreign epic", method: "PUT", path: (a, _b, o) => `${pa(a)}/issue/${o.task}`, body: () => ({ custom_fields: [{ slug: "epic", value: "TASK" }] }), status: 400 },
  { name: "PUT a foreign person on an own task", method: "PUT", path: (a, _b, o) => `${pa(a)}/issue/${o.task}`, body: () => ({ custom_fields: [{ slug: "participants", value: ["BOB"] }] }), status: 400 },
  { name: "PUT a foreign field's value on an own task", method: "PUT", path: (a, _b, o) => `${pa(a)}/issue/${o.task}`, body: (b) => ({ custom_fields: [{ guid: b.field, value: b.option }] }), status: 400, code: "field_not_found" },
  { name: "PUT a foreign label on an own task", method: "PUT", path: (a, _b, o) => `${pa(a)}/issue/${o.task}`, body: (b) => ({ custom_fields: [{ slug: "tags", value: [b.label] }] }), status: 400 },
  { name: "GET a foreign field", method: "GET", path: (a, b) => `${pa(a)}/fields/${b.field}`, status: 404, code: "field_not_found" },
  { name: "PUT a foreign field", method: "PUT", path: (a, b) => `${pa(a)}/fields/${b.field}`, body: () => ({ title: "renamed" }), status: 404, code: "field_not_found" },
  { name: "DELETE a foreign field", method: "DELETE", path: (a, b) => `${pa(a)}/fields/${b.field}`, status: 404, code: "field_not_found" },
  { name: "PATCH the order of a foreign field", method: "PATCH", path: (a) => `${pa(a)}/fields`, body: (b) => [{ guid: b.field, sort: 0 }], status: 404, code: "field_not_found" },
  { name: "GET a foreign field's options", method: "GET", path: (a, b) => `${pa(a)}/fields/${b.field}/select`, status: 404, code: "field_not_found" },
  { name: "POST an option to a foreign field", method: "POST", path: (a, b) => `${pa(a)}/fields/${b.field}/select`, body: () => ({ value: "x" }), status: 404, code: "field_not_found" },
  { name: "PUT a foreign option of an own field", method: "PUT", path: (a, b, o) => `${pa(a)}/fields/${o.field}/select/${b.option}`, body: () => ({ value: "x" }), status: 404, code: "option_not_found" },
  { name: "DELETE a foreign option of an own field", method: "DELETE", path: (a, b, o) => `${pa(a)}/fields/${o.field}/select/${b.option}`, status: 404, code: "option_not_found" },
  { name: "hints of a foreign field", method: "POST", path: (a) => `${pa(a)}/hints`, body: (b) => ({ content_types: [b.field], query: "" }), status: 400, code: "content_type_invalid" },
  { name: "PUT a saved filter by a foreign guid", method: "PUT", path: (a) => `/api/v3/project/${a}/filters`, body: (b) => ({ guid: b.filter, title: "mine now", conditions: [] }), status: 404, code: "filter_not_found" },
  { name: "POST the board with a foreign saved filter", method: "POST", path: (a) => `/api/v3/project/${a}/filters`, body: (b) => ({ filter: b.filter }), status: 404, code: "filter_not_found" },
  { name: "POST the board with a condition on a foreign field", method: "POST", path: (a) => `/api/v3/project/${a}/filters`, body: (b) => ({ conditions: [{ field: b.field, op: "not_empty" }] }), status: 400, code: "filter_field_unknown" },
  { name: "DELETE a foreign saved filter", method: "DELETE", path: (a, b) => `/api/v3/project/${a}/filters/${b.filter}`, status: 404, code: "filter_not_found" },
  { name: "PUT the view mapping with a foreign field", method: "PUT", path: (a) => `/api/v3/project/${a}/customfields`, body: (b) => ({ planning_board_line: [{ custom_field: { guid: b.field }, edit_mode: false }] }), status: 400, code: "field_not_found" },
  { name: "GET a foreign document", method: "GET", path: (a, b) => `${pa(a)}/docs/${b.doc}`, status: 404, code: "doc_not_found" },
  { name: "PATCH a foreign document", method: "PATCH", path: (a, b) => `${pa(a)}/docs/${b.doc}`, body: () => ({ title: "renamed" }), status: 404, code: "doc_not_found" },
  { name: "move a foreign document", method: "POST", path: (a, b) => `${pa(a)}/docs/${b.doc}/move`, body: () => ({ parent: null, index: 0 }), status: 404, code: "doc_not_found" },
  { name: "move an own document under a foreign one", method: "POST", path: (a, _b, o) => `${pa(a)}/docs/${o.doc}/move`, body: (b) => ({ parent: b.doc, index: 0 }), status: 404, code: "doc_parent_not_found" },
  { name: "POST a document under a foreign one", method: "POST", path: (a) => `${pa(a)}/docs`, body: (b) => ({ kind: "text", title: "child", parent: b.doc }), status: 404, code: "doc_parent_not_found" },
  { name: "share a foreign document", method: "PUT", path: (a, b) => `${pa(a)}/docs/${b.doc}/share`, body: () => ({ shared: true }), status: 404, code: "doc_not_found" },
  { name: "DELETE a foreign document", method: "DELETE", path: (a, b) => `${pa(a)}/docs/${b.doc}`, status: 404, code: "doc_not_found" },
  { name: "GET a foreign document's versions", method: "GET", path: (a, b) => `${pa(a)}/docs/${b.doc}/versions`, status: 404, code: "document_not_found" },
  { name: "save a version of a foreign document", method: "POST", path: (a, b) => `${pa(a)}/docs/${b.doc}/versions`, body: () => ({ name: "v" }), status: 404, code: "document_not_found" },
  { name: "GET a foreign workflow", method: "GET", path: (a, b) => `${pa(a)}/workflow/${b.workflow}`, status: 404, code: "workflow_not_found" },
  { name: "PUT a foreign workflow", method: "PUT", path: (a, b) => `${pa(a)}/workflow/${b.workflow}`, body: () => ({ title: "renamed" }), status: 404, code: "workflow_not_found" },
  { name: "DELETE a foreign workflow", method: "DELETE", path: (a, b) => `${pa(a)}/workflow/${b.workflow}`, status: 404, code: "workflow_not_found" },
  { name: "POST a workflow on a foreign field", method: "POST", path: (a) => `${pa(a)}/workflow`, body: (b) => ({ title: "Flow", field: b.field, transitions: [] }), status: 400, code: "field_not_found" },
  { name: "GET a foreign deck", method: "GET", path: (a, b) => `${pa(a)}/valmethod/${b.deck}`, status: 404, code: "deck_not_found" },
  { name: "DELETE a foreign deck", method: "DELETE", path: (a, b) => `${pa(a)}/valmethod/${b.deck}`, status: 404, code: "deck_not_found" },
  { name: "POST a room with a foreign deck", method: "POST", path: (a) => `${pa(a)}/rooms`, body: (b) => ({ kind: "poker", title: "R", method: b.deck }), status: 404, code: "deck_not_found" },
  { name: "PUT an own room onto a foreign deck", method: "PUT", path: (_a, _b, o) => `/api/v1/rooms/${o.room}`, body: (b) => ({ method: b.deck }), status: 404, code: "deck_not_found" },
  { name: "POST foreign tasks into an own room", method: "POST", path: (_a, _b, o) => `/api/v1/rooms/${o.room}/issues`, body: (b) => ({ tasks: [b.task] }), status: 404, code: "task_not_found" },
  { name: "GET a foreign room's participants", method: "GET", path: (_a, b) => `/api/v1/rooms/${b.room}/participants`, status: 403, code: "room_forbidden" },
  { name: "join a foreign room (closed to guests)", method: "POST", path: (_a, b) => `/api/v1/rooms/${b.room}/join`, body: () => ({}), status: 403, code: "room_guests_closed" },
  { name: "PUT a foreign participant's access", method: "PUT", path: (a, b) => `${pa(a)}/access/${b.access}`, body: () => ({ read: true }), status: 404, code: "participant_not_found" },
  { name: "DELETE a foreign participant", method: "DELETE", path: (a, b) => `${pa(a)}/access/${b.access}`, status: 404, code: "participant_not_found" },
  { name: "PUT a foreign invitation", method: "PUT", path: (a, b) => `${pa(a)}/invite/${b.invite}`, body: () => ({ value: "viewer" }), status: 404, code: "invite_not_found" },
  { name: "DELETE a foreign invitation", method: "DELETE", path: (a, b) => `${pa(a)}/invite/${b.invite}`, status: 404, code: "invite_not_found" },
];

describe("objects of another project, named in one's own project", () => {
  let alice: Person;
  let a: string;
  let b: BobsWorld;
  let own: { task: string; sprint: string; field: string; doc: string; room: string };
  let bobBefore: Awaited<ReturnType<typeof everything>>;
  let aliceBefore: Awaited<ReturnType<typeof everything>>;

  beforeAll(async () => {
    b = await bobsWorld();
    alice = await signedIn({ name: "Alice" });
    a = await ownProject(alice, "Alice's project");
    const field = await call("POST", `${pa(a)}/fields`, { cookie: alice.cookie, body: { title: "Mine", type_fields: "select", settings: { values_set: [{ value: "one" }] } } });
    const doc = await call("POST", `${pa(a)}/docs`, { cookie: alice.cookie, body: { kind: "text", title: "Mine" } });
    const room = await call("POST", `${pa(a)}/rooms`, { cookie: alice.cookie, body: { kind: "poker", title: "Mine", method: "fibonacci" } });
    own = { task: (await newTask(a, alice.cookie, "Mine")).guid, sprint: await newSprint(a, alice.cookie, "Mine"), field: field.json.guid, doc: doc.json.guid, room: room.json.guid };
    bobBefore = await everything(b.project);
    aliceBefore = await everything(a);
  }, 60_000);

  for (const probe of PROBES) {
    it(`refuses ${probe.name} (${probe.status}) and leaks nothing`, async () => {
      const raw = probe.body?.(b, own);
      // Values that name Bob's objects inside a value are filled in here (the table is built before Bob exists).
      const body = raw === undefined ? undefined : JSON.parse(JSON.stringify(raw).replaceAll('"SPRINT"', JSON.stringify(b.sprint)).replaceAll('"TASK"', JSON.stringify(b.task)).replaceAll('"BOB"', JSON.stringify(b.bob.id)));
      const res = await call(probe.method, probe.path(a, b, own), { cookie: alice.cookie, body, form: probe.form?.(b) });
      expect(res.status, res.text).toBe(probe.status);
      if (probe.code) expect(res.json?.code, res.text).toBe(probe.code);
      expect(res.text).not.toContain(SECRET);
      expect(res.text).not.toContain(b.project);
    });
  }

  it("changed nothing in either project", async () => {
    expect(await everything(b.project)).toEqual(bobBefore);
    expect(await everything(a)).toEqual(aliceBefore);
  });

  it("shows a foreign room's link page only its title and flags, never its values or people", async () => {
    const res = await call("GET", `/api/v1/rooms/${b.room}`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.json.you).toBeNull();
    expect(res.json.custom_fields).toBeUndefined();
    expect(res.json.owner).toBeUndefined();
    expect(res.json.project).toBeUndefined();
  });
});

// ---- rooms ---------------------------------------------------------------------------------

async function pokerRoom(team: Team) {
  const res = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "poker", title: "Sizing", method: "fibonacci" } });
  expect(res.status, res.text).toBe(201);
  return res.json.guid as string;
}

const membersOf = (roomId: string) => db().select().from(roomMembers).where(eq(roomMembers.roomId, roomId)).orderBy(asc(roomMembers.member));

describe("reading a room", () => {
  it("never enrols anyone: GET /rooms/{id} and the room's socket leave the member list as it was", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const before = await membersOf(room);
    const seen = await call("GET", `/api/v1/rooms/${room}`, { cookie: team.cookies.read });
    expect(seen.status).toBe(200);
    // The project's people see the room (and are told to join: `you` is null).
    expect(seen.json).toMatchObject({ guid: room, title: "Sizing", you: null });
    expect(await membersOf(room)).toEqual(before);
    // Nor does anything else that only reads, nor a socket opened before joining.
    expect((await call("GET", `/api/v1/rooms/${room}/participants`, { cookie: team.cookies.read })).status).toBe(403);
    expect((await openRoom(room, team.cookies.read)).status).toBe(403);
    expect(await membersOf(room)).toEqual(before);
    const people = await call("GET", `/api/v1/rooms/${room}/participants`, { cookie: team.cookies.write });
    expect(people.json.results.map((p: { member: string }) => p.member)).toEqual([team.users.write.id]);
  });

  it("enrols a participant only through POST /join, once", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const joined = await call("POST", `/api/v1/rooms/${room}/join`, { cookie: team.cookies.read, body: {} });
    expect(joined.json).toMatchObject({ member: team.users.read.id, verified: true, role: "spectator" });
    expect((await call("POST", `/api/v1/rooms/${room}/join`, { cookie: team.cookies.read, body: {} })).status).toBe(200);
    expect((await membersOf(room)).map((m) => m.member).sort()).toEqual([team.users.read.id, team.users.write.id].sort());
    expect((await call("GET", `/api/v1/rooms/${room}`, { cookie: team.cookies.read })).json.you).toMatchObject({ member: team.users.read.id, read_only: true });
    const socket = await openRoom(room, team.cookies.read);
    expect(socket.status).toBe(101);
    // An outsider cannot join as a participant, and the room is closed to guests.
    const outsider = await call("POST", `/api/v1/rooms/${room}/join`, { cookie: team.cookies.outsider, body: { name: "Eve" } });
    expect([outsider.status, outsider.json.code]).toEqual([403, "room_guests_closed"]);
  });
});

describe("guests", () => {
  it("keeps a room closed to guests until its owner opens it, and shuts them out again when closed", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const r = `/api/v1/rooms/${room}`;
    expect((await call("GET", r)).json).toMatchObject({ guests: false, you: null });
    for (const lng of ["en", "ru"]) {
      const closed = await call("POST", `${r}/join`, { body: { name: "Gus" }, headers: { "Accept-Language": lng } });
      expect([closed.status, closed.json.code]).toEqual([403, "room_guests_closed"]);
      expect(closed.json.detail.length).toBeGreaterThan(10);
      expect(closed.headers.get("Set-Cookie")).toBeNull();
    }
    expect((await membersOf(room)).filter((m) => m.member.startsWith("guest:"))).toEqual([]);
    // Only the owner chooses.
    expect((await call("PUT", r, { cookie: team.cookies.root, body: { guests: true } })).status).toBe(403);
    expect((await call("PUT", r, { cookie: team.cookies.write, body: { guests: "yes" } })).status).toBe(400);
    const opened = await call("PUT", r, { cookie: team.cookies.write, body: { guests: true } });
    expect(opened.json.guests).toBe(true);
    expect(opened.json.custom_fields.find((v: { slug: string }) => v.slug === "guest_access")?.value).toBe(true);
    const guest = await call("POST", `${r}/join`, { body: { name: "Gus" } });
    expect(guest.status, guest.text).toBe(201);
    const ticket = (guest.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    expect((await call("GET", `${r}/participants`, { cookie: ticket })).status).toBe(200);
    expect((await openRoom(room, ticket)).status).toBe(101);
    // Closing it again: the guest already in is out too.
    expect((await call("PUT", r, { cookie: team.cookies.write, body: { guests: false } })).json.guests).toBe(false);
    expect((await call("GET", `${r}/participants`, { cookie: ticket })).status).toBe(401);
    expect((await openRoom(room, ticket)).status).toBe(401);
    expect((await call("GET", r, { cookie: ticket })).json.you).toBeNull();
  });
});

describe("rooms_part", () => {
  it("no longer lists the rooms of a project the user was removed from", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    expect((await call("POST", `/api/v1/rooms/${room}/join`, { cookie: team.cookies.read, body: {} })).status).toBe(200);
    expect((await call("GET", "/api/v1/rooms_part", { cookie: team.cookies.read })).json.results.map((x: { guid: string }) => x.guid)).toEqual([room]);
    const removed = await call("DELETE", `${base(team.projectId)}/access/${team.users.read.accessGuid}`, { cookie: team.cookies.root });
    expect(removed.status, removed.text).toBe(204);
    const after = await call("GET", "/api/v1/rooms_part", { cookie: team.cookies.read });
    expect(after.status).toBe(200);
    expect(after.json.results).toEqual([]);
    expect(after.text).not.toContain(team.projectId);
  });

  it("does not list them while the user's access is withdrawn either", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    await call("POST", `/api/v1/rooms/${room}/join`, { cookie: team.cookies.read, body: {} });
    await db().update(participants).set({ isVerifications: false }).where(and(eq(participants.projectId, team.projectId), eq(participants.userId, team.users.read.id)));
    expect((await call("GET", "/api/v1/rooms_part", { cookie: team.cookies.read })).json.results).toEqual([]);
  });
});

// ---- defects -------------------------------------------------------------------------------

describe("a task's title", () => {
  let team: Team;
  let task: string;
  beforeAll(async () => {
    team = await buildTeam();
    task = (await newTask(team.projectId, team.cookies.write, "Keep me")).guid;
  });
  const titleOf = async () => (await call("GET", `${base(team.projectId)}/issue/${task}`, { cookie: team.cookies.read })).json.custom_fields.find((v: { slug: string }) => v.slug === "title")?.value;

  for (const [name, value] of [["an empty", ""], ["a blank", "   "], ["a null", null], ["a number as", 7]] as const) {
    it(`refuses ${name} title on PUT /issue/{uid} as create does, changing nothing`, async () => {
      const before = await projectRows(team.projectId);
      const res = await call("PUT", `${base(team.projectId)}/issue/${task}`, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "title", value }] }, headers: { "Accept-Language": "de" } });
      expect([res.status, res.json.code]).toEqual([400, "task_title_required"]);
      expect(res.json.fields).toEqual({ "custom_fields.0": expect.any(String) });
      expect(await projectRows(team.projectId)).toEqual(before);
      expect(await titleOf()).toBe("Keep me");
      const created = await call("POST", `${base(team.projectId)}/issue`, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "title", value }] } });
      expect([created.status, created.json.code]).toEqual([400, "task_title_required"]);
    });
  }

  it("refuses the title by its field guid too, and still takes a real one", async () => {
    const title = (await fieldsBySlug(team.projectId, team.cookies.read))("title");
    expect((await call("PUT", `${base(team.projectId)}/issue/${task}`, { cookie: team.cookies.write, body: { custom_fields: [{ guid: title.guid, value: " " }] } })).json.code).toBe("task_title_required");
    expect((await call("PUT", `${base(team.projectId)}/issue/${task}`, { cookie: team.cookies.write, body: { custom_fields: [{ guid: title.guid, value: "Renamed" }] } })).status).toBe(200);
    expect(await titleOf()).toBe("Renamed");
  });
});

describe("filter conditions", () => {
  it("answers a condition on an unknown field with a 400 that names it, in the caller's language", async () => {
    const team = await buildTeam();
    const path = `/api/v3/project/${team.projectId}/filters`;
    const status = (await fieldsBySlug(team.projectId, team.cookies.read))("status");
    const res = await call("POST", path, { cookie: team.cookies.read, body: { conditions: [{ field: status.guid, op: "not_empty" }, { field: crypto.randomUUID(), op: "empty" }] }, headers: { "Accept-Language": "es" } });
    expect([res.status, res.json.code]).toEqual([400, "filter_field_unknown"]);
    expect(Object.keys(res.json.fields)).toEqual(["conditions.1.field"]);
    expect(res.json.detail).toMatch(/campo/);
    // A saved filter is refused the same way.
    const saved = await call("PUT", path, { cookie: team.cookies.read, body: { title: "Ghost", conditions: [{ field: crypto.randomUUID(), op: "empty" }] } });
    expect([saved.status, saved.json.code, Object.keys(saved.json.fields)]).toEqual([400, "filter_field_unknown", ["conditions.0.field"]]);
    expect((await call("POST", path, { cookie: team.cookies.read, body: { conditions: [{ field: status.guid, op: "not_empty" }] } })).status).toBe(200);
  });
});

describe("filter_custom_fields_recursion", () => {
  it("is refused with a clear 400 rather than accepted and ignored; false means no recursion and is fine", async () => {
    const team = await buildTeam();
    const task = (await newTask(team.projectId, team.cookies.write, "Parent")).guid;
    const path = `${base(team.projectId)}/issue/${task}`;
    const before = await projectRows(team.projectId);
    for (const recursion of [true, ["title"]]) {
      const res = await call("PUT", path, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "title", value: "Changed" }], filter_custom_fields_recursion: recursion } });
      expect([res.status, res.json.code], res.text).toEqual([400, "filter_recursion_unsupported"]);
    }
    expect(await projectRows(team.projectId)).toEqual(before);
    expect((await call("PUT", path, { cookie: team.cookies.write, body: { custom_fields: [], filter_custom_fields_recursion: false } })).status).toBe(200);
  });
});

describe("bulk ceilings", () => {
  it(`refuses more than ${TASK_MOVES_MAX} task moves in one PATCH /issue with a translated 413, changing nothing`, async () => {
    const team = await buildTeam();
    const task = (await newTask(team.projectId, team.cookies.write, "One")).guid;
    const before = await projectRows(team.projectId);
    const moves = Array.from({ length: TASK_MOVES_MAX + 1 }, (_, i) => ({ guid: i === 0 ? task : crypto.randomUUID(), sort: i }));
    const res = await call("PATCH", `${base(team.projectId)}/issue`, { cookie: team.cookies.write, body: moves, headers: { "Accept-Language": "ru" } });
    expect([res.status, res.json.code]).toEqual([413, "bulk_too_many"]);
    expect(res.json.detail).toMatch(/Слишком много/);
    expect(await projectRows(team.projectId)).toEqual(before);
    expect((await call("PATCH", `${base(team.projectId)}/issue`, { cookie: team.cookies.write, body: [{ guid: task, sort: 5 }] })).status).toBe(200);
  });

  it("refuses more than 500 field moves in one PATCH /fields with a 413", async () => {
    const team = await buildTeam();
    const res = await call("PATCH", `${base(team.projectId)}/fields`, { cookie: team.cookies.root, body: Array.from({ length: 501 }, (_, i) => ({ guid: crypto.randomUUID(), sort: i })) });
    expect([res.status, res.json.code]).toEqual([413, "bulk_too_many"]);
  });
});
