import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { BpmnModdle } from "bpmn-moddle";
import { chartName, parseFlowchart } from "../../domain/diagrams/flowchart";
import { flowchartToBpmn } from "../../domain/diagrams/to-bpmn";
import { flowchartToDrawing } from "../../domain/diagrams/to-excalidraw";
import { BpmnSync, type BpmnSyncEvent, readBpmn } from "../../domain/docs/bpmn";
import { readElements } from "../../domain/docs/drawing";
import { bpmnImportUpdate, drawingImportUpdate } from "../../domain/docs/imports";
import { Y_TEXT_FIELD } from "../../domain/docs/layout";
import { notifications } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { connectDoc, makeDoc, until } from "../fixtures/doc-client";
import { call, fetchRaw, ORIGIN } from "../fixtures/http";
import { PNG as PNG_BYTES } from "../fixtures/images";
import { buildTeam, type Actor } from "../fixtures/projects";
import { db } from "../fixtures/users";

const workerEnv = env as unknown as Env;
const room = (guid: string) => getServerByName(workerEnv.DocRoom, guid);

const paragraph = (text: string) => {
  const p = new Y.XmlElement("paragraph");
  p.insert(0, [new Y.XmlText(text)]);
  return p;
};
const textOf = (doc: Y.Doc) =>
  doc
    .getXmlFragment(Y_TEXT_FIELD)
    .toArray()
    .map((n) => (n as Y.XmlElement).toArray().map((t) => t.toString()).join(""))
    .join("\n");

async function docWithText(text: string) {
  const team = await buildTeam();
  const guid = await makeDoc(team.projectId);
  const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
  const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
  writer.doc.getXmlFragment(Y_TEXT_FIELD).insert(0, [paragraph(text)]);
  await until(() => textOf(reader.doc) === text, "the text to reach the room");
  return { team, guid, base: `/api/v1/project/${team.projectId}/docs/${guid}`, writer, reader };
}

const binary = (path: string, cookie: string | undefined, body: Uint8Array) =>
  fetchRaw(path, { method: "POST", headers: { Cookie: cookie ?? "", Origin: ORIGIN, "Content-Type": "application/octet-stream" }, body: body as BodyInit });

describe("version history", () => {
  it("saves named versions, lists them newest first with their authors, and serves their content", async () => {
    const { team, base, writer } = await docWithText("First draft");
    const saved = await call("POST", `${base}/versions`, { cookie: team.cookies.write, body: { name: "  Draft 1 " } });
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({ name: "Draft 1", auto: false, created_by: { guid: team.users.write.id } });
    writer.doc.getXmlFragment(Y_TEXT_FIELD).insert(1, [paragraph("Second part")]);
    await new Promise((r) => setTimeout(r, 50));
    await call("POST", `${base}/versions`, { cookie: team.cookies.write, body: { name: "Draft 2" } });
    const list = await call("GET", `${base}/versions`, { cookie: team.cookies.read });
    expect(list.json.results.map((v: { name: string }) => v.name)).toEqual(["Draft 2", "Draft 1"]);
    const res = await fetchRaw(`${base}/versions/${saved.json.guid}`, { headers: { Cookie: team.cookies.read! } });
    expect(res.status).toBe(200);
    const old = new Y.Doc();
    Y.applyUpdate(old, new Uint8Array(await res.arrayBuffer()));
    expect(textOf(old)).toBe("First draft");
  });

  it("restores a version as a new change every open editor follows, keeping the content before as a version", async () => {
    const { team, base, writer, reader } = await docWithText("Keep this");
    const v1 = (await call("POST", `${base}/versions`, { cookie: team.cookies.write, body: { name: "Good" } })).json;
    writer.doc.getXmlFragment(Y_TEXT_FIELD).delete(0, 1);
    writer.doc.getXmlFragment(Y_TEXT_FIELD).insert(0, [paragraph("Vandalised")]);
    await until(() => textOf(reader.doc) === "Vandalised", "the bad edit");
    const restored = await call("POST", `${base}/versions/${v1.guid}/restore`, { cookie: team.cookies.write });
    expect(restored.status).toBe(200);
    expect(restored.json.before).toMatchObject({ auto: true, created_by: { guid: team.users.write.id } });
    await until(() => textOf(reader.doc) === "Keep this" && textOf(writer.doc) === "Keep this", "everyone to see the restored text");
    expect(reader.messages.some((m) => m.type === "restored")).toBe(true);
    const before = await fetchRaw(`${base}/versions/${restored.json.before.guid}`, { headers: { Cookie: team.cookies.read! } });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, new Uint8Array(await before.arrayBuffer()));
    expect(textOf(doc)).toBe("Vandalised");
    // It survives a restart like any edit.
    await evictDurableObject(await room(base.split("/").pop()!));
    expect(textOf((await (await connectDoc(base.split("/").pop()!, { cookie: team.cookies.read })).whenSynced()).doc)).toBe("Keep this");
  });

  it("lets readers list and view but only writers save and restore; refuses outsiders, bad names and unknown versions", async () => {
    const { team, base } = await docWithText("x");
    const v = (await call("POST", `${base}/versions`, { cookie: team.cookies.write, body: { name: "v" } })).json;
    const expected: Record<Actor, [number, number, number, number]> = {
      root: [200, 201, 200, 200],
      write: [200, 201, 200, 200],
      read: [200, 403, 200, 403],
      unverified: [403, 403, 403, 403],
      outsider: [403, 403, 403, 403],
      guest: [401, 401, 401, 401],
    };
    for (const [actor, codes] of Object.entries(expected) as [Actor, number[]][]) {
      const cookie = team.cookies[actor];
      const got = [
        (await call("GET", `${base}/versions`, { cookie })).status,
        (await call("POST", `${base}/versions`, { cookie, body: { name: `by ${actor}` } })).status,
        (await fetchRaw(`${base}/versions/${v.guid}`, { headers: cookie ? { Cookie: cookie } : {} })).status,
        (await call("POST", `${base}/versions/${v.guid}/restore`, { cookie })).status,
      ];
      expect(got, actor).toEqual(codes);
    }
    expect((await call("POST", `${base}/versions`, { cookie: team.cookies.write, body: { name: " " } })).json.code).toBe("version_name_required");
    expect((await call("POST", `${base}/versions`, { cookie: team.cookies.write, body: { name: "x".repeat(121) } })).json.code).toBe("version_name_too_long");
    expect((await call("POST", `${base}/versions`, { cookie: team.cookies.write, raw: "{" })).status).toBe(400);
    expect((await call("GET", `${base}/versions/${crypto.randomUUID()}`, { cookie: team.cookies.read })).status).toBe(404);
    expect((await call("POST", `${base}/versions/nope/restore`, { cookie: team.cookies.write })).json.code).toBe("version_not_found");
    expect((await call("GET", `/api/v1/project/${team.projectId}/docs/${crypto.randomUUID()}/versions`, { cookie: team.cookies.read })).json.code).toBe("document_not_found");
  });
});

describe("markdown import", () => {
  it("merges an imported update into the document, for writers only, and refuses what is not an update", async () => {
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId);
    const base = `/api/v1/project/${team.projectId}/docs/${guid}`;
    const source = new Y.Doc();
    source.getXmlFragment(Y_TEXT_FIELD).insert(0, [paragraph("Imported")]);
    const update = Y.encodeStateAsUpdate(source);
    expect((await binary(`${base}/import`, team.cookies.read, update)).status).toBe(403);
    expect((await binary(`${base}/import`, team.cookies.write, new Uint8Array([1, 2, 3, 250, 7]))).status).toBe(400);
    expect((await binary(`${base}/import`, team.cookies.write, new Uint8Array())).status).toBe(400);
    expect((await binary(`${base}/import`, team.cookies.write, update)).status).toBe(204);
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    expect(textOf(reader.doc)).toBe("Imported");
    // Text content cannot go into a drawing, and a table takes no import at all.
    const drawing = await makeDoc(team.projectId, "drawing");
    expect((await binary(`/api/v1/project/${team.projectId}/docs/${drawing}/import`, team.cookies.write, update)).status).toBe(400);
    const table = await makeDoc(team.projectId, "table");
    expect((await binary(`/api/v1/project/${team.projectId}/docs/${table}/import`, team.cookies.write, update)).status).toBe(409);
  });
});

describe("a flowchart made into a BPMN draft or a drawing (issue 13)", () => {
  const RELEASE = "flowchart TD\n  A((Start)) --> B[Collect requirements]\n  B --> C{Approved?}\n  C -->|Yes| D[Build the release]\n  C -->|No| B\n  D --> E((Launched))";
  const parsed = parseFlowchart(RELEASE);
  if (!parsed.ok) throw new Error("the sample flowchart must parse");
  const chart = parsed.chart;

  /** What the browser does: a new document through the tree's call, then its content imported. */
  async function convert(team: Awaited<ReturnType<typeof buildTeam>>, kind: "bpmn" | "drawing", parent: string, update: Uint8Array) {
    const created = await call("POST", `/api/v1/project/${team.projectId}/docs`, { cookie: team.cookies.write, body: { kind, title: chartName(chart), parent } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ kind, title: "Start → Launched", parent });
    const guid = created.json.guid as string;
    expect((await binary(`/api/v1/project/${team.projectId}/docs/${guid}/import`, team.cookies.write, update)).status).toBe(204);
    return guid;
  }

  it("stores the BPMN draft as the BPMN editor loads it, with XML that bpmn-js's reader accepts, only into an unsaved diagram", async () => {
    const team = await buildTeam();
    const parent = await makeDoc(team.projectId);
    const xml = flowchartToBpmn(chart);
    const guid = await convert(team, "bpmn", parent, bpmnImportUpdate(xml));

    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    expect(readBpmn(reader.doc)).toMatchObject({ xml, rev: 1, parent: null });
    // The editor's own sync object shows it at once, as a save to build on.
    const shown: BpmnSyncEvent[] = [];
    new BpmnSync(reader.doc, (e) => shown.push(e)).start();
    expect(shown).toEqual([expect.objectContaining({ type: "load", xml })]);
    const { rootElement, warnings } = await BpmnModdle().fromXML(xml);
    expect(warnings).toEqual([]);
    expect((rootElement as any).rootElements[0].flowElements.filter((e: any) => e.$type === "bpmn:Task").map((e: any) => e.name)).toEqual(["Collect requirements", "Build the release"]);

    const base = `/api/v1/project/${team.projectId}/docs/${guid}/import`;
    const again = await binary(base, team.cookies.write, bpmnImportUpdate(xml));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe("import_not_empty");
    const fresh = await makeDoc(team.projectId, "bpmn");
    const freshBase = `/api/v1/project/${team.projectId}/docs/${fresh}/import`;
    expect((await binary(freshBase, team.cookies.read, bpmnImportUpdate(xml))).status).toBe(403);
    expect((await binary(freshBase, team.cookies.write, drawingImportUpdate(flowchartToDrawing(chart)))).status).toBe(400);
    const stray = new Y.Doc();
    stray.getMap("bpmn").set("xml", xml);
    stray.getMap("other").set("x", 1);
    expect((await binary(freshBase, team.cookies.write, Y.encodeStateAsUpdate(stray))).status).toBe(400);
  });

  it("stores the drawing's elements as the drawing editor reads them: shapes, bound labels and bound arrows", async () => {
    const team = await buildTeam();
    const parent = await makeDoc(team.projectId);
    const elements = flowchartToDrawing(chart, 1_700_000_000_000);
    const guid = await convert(team, "drawing", parent, drawingImportUpdate(elements));

    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    const stored = readElements(reader.doc);
    expect(stored).toEqual(elements);
    expect(stored.filter((e) => e.type === "arrow").every((a) => stored.some((s) => s.id === (a.startBinding as { elementId: string }).elementId))).toBe(true);

    const base = `/api/v1/project/${team.projectId}/docs/${guid}/import`;
    const broken = new Y.Doc();
    broken.getMap("elements").set("x", { id: "x", type: "rectangle" });
    expect((await binary(base, team.cookies.write, Y.encodeStateAsUpdate(broken))).status).toBe(400);
    expect((await binary(base, team.cookies.write, bpmnImportUpdate(flowchartToBpmn(chart)))).status).toBe(400);
    expect((await binary(base, team.cookies.outsider, drawingImportUpdate(elements))).status).toBe(403);
  });
});

describe("images in documents", () => {
  it("stores an image for writers and serves it to participants, and through the share link only while it is on", async () => {
    const team = await buildTeam();
    const shareId = `s_${crypto.randomUUID().replaceAll("-", "")}`;
    const guid = await makeDoc(team.projectId, "text", shareId);
    const base = `/api/v1/project/${team.projectId}/docs/${guid}`;
    const form = () => {
      const f = new FormData();
      f.append("file", new File([PNG_BYTES], "diagram.png", { type: "image/png" }));
      return f;
    };
    expect((await call("POST", `${base}/images`, { cookie: team.cookies.read, form: form() })).status).toBe(403);
    const bad = new FormData();
    bad.append("file", new File(["<html><script>alert(1)</script>"], "x.png", { type: "image/png" }));
    expect((await call("POST", `${base}/images`, { cookie: team.cookies.write, form: bad })).status).toBe(415);
    const up = await call("POST", `${base}/images`, { cookie: team.cookies.write, form: form() });
    expect(up.status).toBe(201);
    expect(up.json.url).toBe(`/api/v1/project/${team.projectId}/entity-file/${up.json.guid}`);
    const mine = await fetchRaw(up.json.url, { headers: { Cookie: team.cookies.read! } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("image/png");
    expect((await fetchRaw(up.json.url, {})).status).toBe(401);
    const shared = await fetchRaw(`/api/v1/shared/doc-image/${shareId}/${up.json.guid}`);
    expect(shared.status).toBe(200);
    expect(new Uint8Array(await shared.arrayBuffer())).toEqual(new Uint8Array(PNG_BYTES));
    expect((await fetchRaw(`/api/v1/shared/doc-image/wrong_share_id/${up.json.guid}`)).status).toBe(404);
    const { documents } = await import("../../workers/db/schema");
    await db().update(documents).set({ shareId: null }).where(eq(documents.id, guid));
    expect((await fetchRaw(`/api/v1/shared/doc-image/${shareId}/${up.json.guid}`)).status).toBe(404);
  });
});

describe("mentions", () => {
  it("notifies a mentioned participant once, with the document, and never an outsider or the author", async () => {
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId);
    const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    const mention = (id: string, label: string) => {
      const m = new Y.XmlElement("mention");
      m.setAttribute("id", id);
      m.setAttribute("label", label);
      m.setAttribute("mentionSuggestionChar", "@");
      const p = new Y.XmlElement("paragraph");
      p.insert(0, [new Y.XmlText("Hi "), m]);
      return p;
    };
    const fragment = writer.doc.getXmlFragment(Y_TEXT_FIELD);
    fragment.insert(0, [mention(team.users.read.id, "Reader"), mention(team.users.outsider.id, "Out"), mention(team.users.write.id, "Me")]);
    const of = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId)).all();
    const deadline = Date.now() + 8000;
    while ((await of(team.users.read.id)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const got = await of(team.users.read.id);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ kind: "mentioned", projectId: team.projectId });
    expect(JSON.parse(got[0]!.payload)).toMatchObject({ doc: guid, title: "Notes" });
    // Another save (a new edit) does not tell them again.
    fragment.insert(3, [paragraph("more")]);
    await new Promise((r) => setTimeout(r, 2600));
    expect(await of(team.users.read.id)).toHaveLength(1);
    expect(await of(team.users.outsider.id)).toHaveLength(0);
    expect((await of(team.users.write.id)).filter((n) => n.kind === "mentioned")).toHaveLength(0);
  }, 20_000);
});
