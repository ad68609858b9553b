import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DOC_MAX_DEPTH, DOC_MAX_PER_PROJECT } from "../../domain/docs/tree";
import { runBatch } from "../../workers/db/client";
import { documents, fieldValues } from "../../workers/db/schema";
import { call } from "../fixtures/http";
import { listen } from "../fixtures/live";
import { expectProblem } from "../fixtures/problems";
import { buildTeam, type Team } from "../fixtures/projects";
import { db } from "../fixtures/users";

const base = (projectId: string) => `/api/v1/project/${projectId}/docs`;

interface Doc {
  guid: string;
  parent: string | null;
  kind: string;
  title: string;
  sort: number;
  chilcount: number;
  shared: boolean;
  share_id: string | null;
  custom_fields: { slug: string | null; value: unknown }[];
}

function api(team: Team) {
  const cookie = team.cookies.root;
  return {
    async create(title: string, parent: string | null = null, kind = "text"): Promise<Doc> {
      const res = await call("POST", base(team.projectId), { cookie, body: { kind, title, parent } });
      expect(res.status, res.text).toBe(201);
      return res.json;
    },
    move: (guid: string, parent: string | null, index: number) => call("POST", `${base(team.projectId)}/${guid}/move`, { cookie, body: { parent, index } }),
    async list(): Promise<Doc[]> {
      const res = await call("GET", base(team.projectId), { cookie });
      expect(res.status, res.text).toBe(200);
      return res.json.results;
    },
    /** The titles under `parent`, in order. */
    async children(parent: string | null): Promise<string[]> {
      return (await this.list())
        .filter((d) => d.parent === parent)
        .sort((a, b) => a.sort - b.sort)
        .map((d) => d.title);
    },
  };
}

describe("creating documents", () => {
  let team: Team;
  beforeAll(async () => {
    team = await buildTeam();
  });

  it("puts a new document after the last of its siblings, at any level, and counts children", async () => {
    const docs = api(team);
    const a = await docs.create("A");
    const b = await docs.create("B");
    expect([a.sort, b.sort]).toEqual([0, 1]);
    const a1 = await docs.create("A1", a.guid, "bpmn");
    const a2 = await docs.create("A2", a.guid, "drawing");
    const a21 = await docs.create("A2.1", a2.guid, "table");
    expect([a1.sort, a2.sort, a21.sort, a21.parent]).toEqual([0, 1, 0, a2.guid]);
    expect(a21.kind).toBe("table");
    const list = await docs.list();
    expect(Object.fromEntries(list.map((d) => [d.title, d.chilcount]))).toEqual({ A: 2, B: 0, A1: 0, A2: 1, "A2.1": 0 });
    expect(list.every((d) => d.shared === false && d.share_id === null)).toBe(true);
  });

  it("answers one document with its child count", async () => {
    const docs = api(team);
    const p = await docs.create("Parent");
    await docs.create("Kid", p.guid);
    const res = await call("GET", `${base(team.projectId)}/${p.guid}`, { cookie: team.cookies.read });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ guid: p.guid, title: "Parent", chilcount: 1, parent: null, project: team.projectId });
  });

  it("trims the title and allows an untitled document", async () => {
    const res = await call("POST", base(team.projectId), { cookie: team.cookies.root, body: { kind: "text", title: "  Spaced  " } });
    expect(res.json.title).toBe("Spaced");
    const untitled = await call("POST", base(team.projectId), { cookie: team.cookies.root, body: { kind: "drawing" } });
    expect(untitled.status).toBe(201);
    expect(untitled.json.title).toBe("");
  });

  it(`refuses a document deeper than ${DOC_MAX_DEPTH} levels`, async () => {
    const docs = api(team);
    let parent: string | null = null;
    for (let level = 1; level <= DOC_MAX_DEPTH; level++) parent = (await docs.create(`Level ${level}`, parent)).guid;
    const res = await call("POST", base(team.projectId), { cookie: team.cookies.root, body: { kind: "text", parent } });
    expectProblem(res, 409, "doc_too_deep");
  });

  it(`refuses a document beyond ${DOC_MAX_PER_PROJECT} in a project`, async () => {
    const full = await buildTeam();
    const rows = Array.from({ length: DOC_MAX_PER_PROJECT - 1 }, (_, i) => ({ id: crypto.randomUUID(), projectId: full.projectId, kind: "text" as const, title: `D${i}`, sort: i }));
    const statements = [];
    for (let i = 0; i < rows.length; i += 10) statements.push(db().insert(documents).values(rows.slice(i, i + 10)));
    await runBatch(db(), statements);
    const last = await call("POST", base(full.projectId), { cookie: full.cookies.root, body: { kind: "text", title: "Last" } });
    expect(last.status, last.text).toBe(201);
    expect(last.json.sort).toBe(DOC_MAX_PER_PROJECT - 1);
    const over = await call("POST", base(full.projectId), { cookie: full.cookies.root, body: { kind: "text", title: "Over" } });
    expectProblem(over, 409, "doc_limit_reached");
  });

  it("gives documents created at the same moment distinct places", async () => {
    const docs = api(team);
    const parent = await docs.create("Burst parent");
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => call("POST", base(team.projectId), { cookie: team.cookies.root, body: { kind: "text", title: `Burst ${i}`, parent: parent.guid } })));
    expect(made.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(made.map((r) => r.json.sort)).size).toBe(6);
  });
});

describe("renaming and custom fields", () => {
  it("renames a document and writes the field values documents carry", async () => {
    const team = await buildTeam();
    const doc = await api(team).create("Draft");
    const fields = await call("GET", `/api/v1/project/${team.projectId}/fields`, { cookie: team.cookies.root });
    const tags = (fields.json as { slug: string; guid: string; settings: { values_set: { guid: string }[] } }[]).find((f) => f.slug === "tags")!;
    const label = await call("POST", `/api/v1/project/${team.projectId}/labels`, { cookie: team.cookies.root, body: { value: "spec" } });
    expect(label.status, label.text).toBe(201);
    const res = await call("PATCH", `${base(team.projectId)}/${doc.guid}`, {
      cookie: team.cookies.write,
      body: { title: "Final", custom_fields: [{ slug: "description", value: "What it is about" }, { guid: tags.guid, value: [label.json.guid] }] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.title).toBe("Final");
    expect(res.json.custom_fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ slug: "description", value: "What it is about" }), expect.objectContaining({ slug: "tags", value: [label.json.guid] })]),
    );
    // The list shows the same, and a cleared value goes away.
    await call("PATCH", `${base(team.projectId)}/${doc.guid}`, { cookie: team.cookies.root, body: { custom_fields: [{ slug: "description", value: null }] } });
    const listed = (await api(team).list()).find((d) => d.guid === doc.guid)!;
    expect(listed.custom_fields.map((v) => v.slug)).toEqual(["tags"]);
  });

  it("writes nothing when one value of several is wrong", async () => {
    const team = await buildTeam();
    const doc = await api(team).create("Careful");
    const res = await call("PATCH", `${base(team.projectId)}/${doc.guid}`, {
      cookie: team.cookies.root,
      body: { title: "Changed", custom_fields: [{ slug: "description", value: "fine" }, { slug: "status", value: null }] },
    });
    expectProblem(res, 400, "field_not_for_entity");
    expect(res.json.fields).toHaveProperty("custom_fields.1");
    const row = await db().select().from(documents).where(eq(documents.id, doc.guid)).get();
    expect(row!.title).toBe("Careful");
    expect(await db().select().from(fieldValues).where(eq(fieldValues.entityId, doc.guid))).toEqual([]);
  });
});

describe("moving documents", () => {
  let team: Team;
  let docs: ReturnType<typeof api>;
  beforeAll(async () => {
    team = await buildTeam();
    docs = api(team);
  });

  it("reorders among siblings and renumbers them from 0", async () => {
    const p = await docs.create("Reorder");
    const [x, , z] = [await docs.create("x", p.guid), await docs.create("y", p.guid), await docs.create("z", p.guid)];
    const res = await docs.move(z.guid, p.guid, 0);
    expect(res.status, res.text).toBe(200);
    expect(res.json.moved.sort()).toEqual([x.guid, z.guid, (await docs.list()).find((d) => d.title === "y")!.guid].sort());
    expect(await docs.children(p.guid)).toEqual(["z", "x", "y"]);
    const sorts = (await docs.list()).filter((d) => d.parent === p.guid).map((d) => d.sort).sort();
    expect(sorts).toEqual([0, 1, 2]);
    // Moving it back down past the end clamps to the end.
    await docs.move(z.guid, p.guid, 99);
    expect(await docs.children(p.guid)).toEqual(["x", "y", "z"]);
    expect((await docs.move(z.guid, p.guid, 2)).json.moved).toEqual([]);
  });

  it("re-parents with the subtree, closing the gap it leaves", async () => {
    const from = await docs.create("From");
    const to = await docs.create("To");
    const [m1, m2] = [await docs.create("m1", from.guid), await docs.create("m2", from.guid)];
    await docs.create("m3", from.guid);
    const grandchild = await docs.create("m1-kid", m1.guid);
    await docs.create("t1", to.guid);
    expect((await docs.move(m1.guid, to.guid, 1)).status).toBe(200);
    expect(await docs.children(from.guid)).toEqual(["m2", "m3"]);
    expect(await docs.children(to.guid)).toEqual(["t1", "m1"]);
    // Its own child came along.
    expect((await docs.list()).find((d) => d.guid === grandchild.guid)!.parent).toBe(m1.guid);
    // To the root level.
    expect((await docs.move(m2.guid, null, 0)).status).toBe(200);
    expect((await docs.children(null))[0]).toBe("m2");
    const counts = Object.fromEntries((await docs.list()).map((d) => [d.title, d.chilcount]));
    expect([counts.From, counts.To]).toEqual([1, 2]);
  });

  it("refuses moving a document under itself or one of its descendants, changing nothing", async () => {
    const root = await docs.create("Loop root");
    const kid = await docs.create("Loop kid", root.guid);
    const grandkid = await docs.create("Loop grandkid", kid.guid);
    const before = await docs.list();
    expectProblem(await docs.move(root.guid, root.guid, 0), 409, "doc_move_into_itself");
    expectProblem(await docs.move(root.guid, kid.guid, 0), 409, "doc_move_into_itself");
    expectProblem(await docs.move(root.guid, grandkid.guid, 0), 409, "doc_move_into_itself");
    expectProblem(await docs.move(root.guid, crypto.randomUUID(), 0), 404, "doc_parent_not_found");
    expect(await docs.list()).toEqual(before);
  });

  it("refuses a move that would push part of the subtree below the deepest level", async () => {
    let parent: string | null = null;
    const chain: string[] = [];
    for (let level = 1; level <= DOC_MAX_DEPTH - 1; level++) chain.push((parent = (await docs.create(`Chain ${level}`, parent)).guid));
    const tall = await docs.create("Tall");
    await docs.create("Tall kid", tall.guid);
    // Under Chain 7 (depth 7) Tall would sit at 8 and its kid at 9.
    expectProblem(await docs.move(tall.guid, chain[DOC_MAX_DEPTH - 2]!, 0), 409, "doc_too_deep");
    expect((await docs.move(tall.guid, chain[DOC_MAX_DEPTH - 3]!, 0)).status).toBe(200);
  });

  it("never makes a loop when two people move two documents under each other at once", async () => {
    const a = await docs.create("Race A");
    const b = await docs.create("Race B");
    const [first, second] = await Promise.all([docs.move(a.guid, b.guid, 0), docs.move(b.guid, a.guid, 0)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const after = await docs.list();
    const pa = after.find((d) => d.guid === a.guid)!.parent;
    const pb = after.find((d) => d.guid === b.guid)!.parent;
    expect(pa === b.guid && pb === a.guid).toBe(false);
    expect([pa, pb]).toContain(null);
  });
});

describe("deleting documents", () => {
  it("deletes a document with all its descendants and their values in one go, and nothing else", async () => {
    const team = await buildTeam();
    const docs = api(team);
    const keep = await docs.create("Keep");
    const keepKid = await docs.create("Keep kid", keep.guid);
    const gone = await docs.create("Gone");
    const kids = [await docs.create("Gone 1", gone.guid), await docs.create("Gone 2", gone.guid)];
    const deep = await docs.create("Gone 1.1", kids[0]!.guid);
    const after = await docs.create("After");
    await call("PATCH", `${base(team.projectId)}/${deep.guid}`, { cookie: team.cookies.root, body: { custom_fields: [{ slug: "description", value: "x" }] } });
    await call("PATCH", `${base(team.projectId)}/${keepKid.guid}`, { cookie: team.cookies.root, body: { custom_fields: [{ slug: "description", value: "y" }] } });

    const res = await call("DELETE", `${base(team.projectId)}/${gone.guid}`, { cookie: team.cookies.write });
    expect(res.status, res.text).toBe(200);
    expect(res.json.deleted.sort()).toEqual([gone.guid, kids[0]!.guid, kids[1]!.guid, deep.guid].sort());
    const left = await docs.list();
    expect(left.map((d) => d.title).sort()).toEqual(["After", "Keep", "Keep kid"]);
    expect(await db().select().from(fieldValues).where(and(eq(fieldValues.projectId, team.projectId), eq(fieldValues.entityKind, "docs")))).toHaveLength(1);
    expect((await call("GET", `${base(team.projectId)}/${deep.guid}`, { cookie: team.cookies.root })).status).toBe(404);
    // The survivors keep their order; the gap left at the root is harmless (read in order).
    expect(await docs.children(null)).toEqual(["Keep", "After"]);
    expect(after.sort).toBeGreaterThan(keep.sort);
  });
});

describe("sharing", () => {
  it("opens a document by an unguessable link without an account, and stops at once when turned off", async () => {
    const team = await buildTeam();
    const docs = api(team);
    const drawing = await docs.create("Sketch", null, "drawing");
    const path = `${base(team.projectId)}/${drawing.guid}/share`;
    const on = await call("PUT", path, { cookie: team.cookies.write, body: { shared: true } });
    expect(on.status, on.text).toBe(200);
    const shareId = on.json.share_id as string;
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(on.json.url).toBe(`http://localhost/shared/excalidraw/${shareId}`);
    // Turning it on again keeps the same link.
    expect((await call("PUT", path, { cookie: team.cookies.root, body: { shared: true } })).json.share_id).toBe(shareId);
    expect((await docs.list()).find((d) => d.guid === drawing.guid)).toMatchObject({ shared: true, share_id: shareId });

    const open = await call("GET", `/api/v1/shared/excalidraw/${shareId}`);
    expect(open.status, open.text).toBe(200);
    expect(open.json).toEqual({ guid: drawing.guid, kind: "drawing", title: "Sketch" });
    // The link names its kind: the same id under another kind's segment is not found.
    expectProblem(await call("GET", `/api/v1/shared/docs/${shareId}`), 404, "shared_not_found");
    expectProblem(await call("GET", `/api/v1/shared/excalidraw/${drawing.guid}`), 404, "shared_not_found");

    const off = await call("PUT", path, { cookie: team.cookies.root, body: { shared: false } });
    expect(off.json).toEqual({ share_id: null, url: null });
    expectProblem(await call("GET", `/api/v1/shared/excalidraw/${shareId}`), 404, "shared_not_found");

    // On again: a new link; the old one stays dead.
    const again = await call("PUT", path, { cookie: team.cookies.root, body: { shared: true } });
    expect(again.json.share_id).not.toBe(shareId);
    expect((await call("GET", `/api/v1/shared/excalidraw/${again.json.share_id}`)).status).toBe(200);
    expectProblem(await call("GET", `/api/v1/shared/excalidraw/${shareId}`), 404, "shared_not_found");
  });

  it("uses each kind's own segment", async () => {
    const team = await buildTeam();
    for (const [kind, segment] of [["text", "docs"], ["bpmn", "bpmn"], ["table", "table"]] as const) {
      const doc = await api(team).create(kind, null, kind);
      const on = await call("PUT", `${base(team.projectId)}/${doc.guid}/share`, { cookie: team.cookies.root, body: { shared: true } });
      expect((await call("GET", `/api/v1/shared/${segment}/${on.json.share_id}`)).json.kind).toBe(kind);
    }
  });

  it("dies with its document", async () => {
    const team = await buildTeam();
    const doc = await api(team).create("Short-lived", null, "table");
    const on = await call("PUT", `${base(team.projectId)}/${doc.guid}/share`, { cookie: team.cookies.root, body: { shared: true } });
    await call("DELETE", `${base(team.projectId)}/${doc.guid}`, { cookie: team.cookies.root });
    expectProblem(await call("GET", `/api/v1/shared/table/${on.json.share_id}`), 404, "shared_not_found");
  });
});

describe("live tree", () => {
  it("tells the project's open pages which documents changed, for every kind of write", async () => {
    const team = await buildTeam();
    const docs = api(team);
    const board = await listen(team.projectId, team.cookies.read!);
    const heard = (guid: string) => board.waitFor((m) => m.type === "docs_changed" && m.docs.includes(guid));
    const parent = await docs.create("Live parent");
    await heard(parent.guid);
    const kid = await docs.create("Live kid", parent.guid);
    await heard(kid.guid);
    const root = team.cookies.root;
    const path = `${base(team.projectId)}/${kid.guid}`;
    for (const [method, suffix, body] of [
      ["PATCH", "", { title: "Renamed" }],
      ["POST", "/move", { parent: null, index: 0 }],
      ["PUT", "/share", { shared: true }],
      ["DELETE", "", undefined],
    ] as const) {
      const before = board.messages.length;
      expect((await call(method, `${path}${suffix}`, { cookie: root, body })).status).toBeLessThan(300);
      await board.waitFor((m) => board.messages.indexOf(m) >= before && m.type === "docs_changed" && m.docs.includes(kid.guid));
    }
    const message = board.messages.at(-1)!;
    expect(message).toMatchObject({ type: "docs_changed", project: team.projectId, by: team.users.root.id });
    board.close();
  });
});
