import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { CLOSE } from "../../domain/wire/close-codes";
import { DOC_HEADERS, VERIFIED_USER_HEADER } from "../../domain/wire/headers";
import { PROTOCOL_VERSION } from "../../domain/wire/version";
import { COMPACT_AFTER_UPDATES } from "../../durable-objects/doc-room/storage";
import type { Env } from "../../workers/env";
import { connectDoc, DocClient, docRow, makeDoc, until } from "../fixtures/doc-client";
import { call, ORIGIN } from "../fixtures/http";
import { buildTeam } from "../fixtures/projects";

const workerEnv = env as unknown as Env;
const room = (guid: string) => getServerByName(workerEnv.DocRoom, guid);

/** A team with a text document, and its writer connected and synced. */
async function teamWithDoc(shareId: string | null = null) {
  const team = await buildTeam();
  const guid = await makeDoc(team.projectId, "text", shareId);
  const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
  return { team, guid, writer };
}

describe("document sockets", () => {
  it("lets participants in, with write access only for writers, and says so first", async () => {
    const { team, guid, writer } = await teamWithDoc();
    const root = await (await connectDoc(guid, { cookie: team.cookies.root })).whenSynced();
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    expect(writer.messages[0]).toEqual({ type: "hello", v: PROTOCOL_VERSION, readOnly: false, access: "write" });
    expect(root.messages[0]).toMatchObject({ readOnly: false, access: "write" });
    expect(reader.messages[0]).toMatchObject({ readOnly: true, access: "read" });
  });

  it("refuses a non-participant, an unverified one, no session, an unknown document, a foreign page and a plain request", async () => {
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId);
    const refused = async (client: DocClient) => {
      expect(client.status).toBe(101);
      const code = await client.closedWith();
      expect(client.frames).toBe(0);
      return code;
    };
    expect(await refused(await connectDoc(guid, { cookie: team.cookies.outsider }))).toBe(CLOSE.FORBIDDEN);
    expect(await refused(await connectDoc(guid, { cookie: team.cookies.unverified }))).toBe(CLOSE.FORBIDDEN);
    expect(await refused(await connectDoc(guid, {}))).toBe(CLOSE.UNAUTHORIZED);
    expect(await refused(await connectDoc(crypto.randomUUID(), { cookie: team.cookies.root }))).toBe(CLOSE.FORBIDDEN);
    expect((await connectDoc(guid, { cookie: team.cookies.write, origin: "https://evil.example" })).status).toBe(403);
    const plain = await (await import("../fixtures/http")).fetchRaw(`/ws/doc/${guid}`, { headers: { Cookie: team.cookies.write! } });
    expect(plain.status).toBe(426);
  });

  it("ignores verified headers a client sends itself", async () => {
    const { team, guid, writer } = await teamWithDoc();
    const outsider = await connectDoc(guid, {
      cookie: team.cookies.outsider,
      headers: { [VERIFIED_USER_HEADER]: team.users.write.id, [DOC_HEADERS.doc]: guid, [DOC_HEADERS.access]: "write", [DOC_HEADERS.project]: team.projectId, [DOC_HEADERS.kind]: "text" },
    });
    expect(await outsider.closedWith()).toBe(CLOSE.FORBIDDEN);
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read, headers: { [DOC_HEADERS.access]: "write" } })).whenSynced();
    expect(reader.messages[0]).toMatchObject({ readOnly: true });
    reader.insert(0, "forged");
    await new Promise((r) => setTimeout(r, 150));
    expect(writer.text).toBe("");
  });

  it("closes a socket that did not come through the Worker's checks", async () => {
    const { team, guid } = await teamWithDoc();
    const stub = await room(guid);
    const direct = async (headers: Record<string, string>) => {
      const res = await stub.fetch(`${ORIGIN}/ws/doc/${guid}`, { headers: { Upgrade: "websocket", ...headers } });
      return new DocClient(res.webSocket, res.status).closedWith();
    };
    expect(await direct({})).toBe(CLOSE.UNAUTHORIZED);
    const facts = { [DOC_HEADERS.access]: "write", [DOC_HEADERS.project]: team.projectId, [DOC_HEADERS.kind]: "text", [VERIFIED_USER_HEADER]: team.users.write.id };
    expect(await direct({ ...facts, [DOC_HEADERS.doc]: crypto.randomUUID() })).toBe(CLOSE.UNAUTHORIZED);
    expect(await direct({ ...facts, [DOC_HEADERS.doc]: guid, [VERIFIED_USER_HEADER]: "" })).toBe(CLOSE.UNAUTHORIZED);
  });
});

describe("editing together", () => {
  it("makes two clients converge after concurrent edits", async () => {
    const { team, guid, writer: a } = await teamWithDoc();
    const b = await (await connectDoc(guid, { cookie: team.cookies.root })).whenSynced();
    a.insert(0, "Hello");
    b.insert(0, "World");
    a.insert(0, "1");
    b.insert(b.text.length, "2");
    await until(() => a.text === b.text && a.text.length === 12, `convergence (${a.text} / ${b.text})`);
    expect(a.text).toContain("Hello");
    expect(a.text).toContain("World");
  });

  it("acknowledges edits only once stored, and loses none of them on eviction even with nobody left to resend", async () => {
    const { team, guid, writer } = await teamWithDoc();
    for (let i = 0; i < 30; i++) writer.insert(writer.text.length, `${i};`);
    await until(() => writer.allSaved, "the room to say every edit is saved");
    expect(writer.messages.filter((m) => m.type === "saved").length).toBeGreaterThan(0);
    const expected = writer.text;
    writer.close();
    await evictDurableObject(await room(guid));
    const later = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    expect(later.text).toBe(expected);
    // A reader never gets `saved`: it has no edits of its own.
    expect(later.messages.some((m) => m.type === "saved")).toBe(false);
  });

  it("gets back edits relayed but not yet stored from the clients that hold them, after a restart", async () => {
    const { team, guid, writer } = await teamWithDoc();
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    for (let i = 0; i < 20; i++) writer.insert(writer.text.length, `${i},`);
    // The reader having it means the room applied (and stored) it before sending it on.
    await until(() => reader.text === writer.text, "the reader to catch up");
    await evictDurableObject(await room(guid));
    const later = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    expect(later.text).toBe(writer.text);
    // The old sockets keep working after the restart.
    writer.insert(0, "!");
    await until(() => later.text === writer.text && reader.text === writer.text, "sockets opened before the eviction to keep syncing");
  });

  it("drops a read-only participant's updates and tells them once", async () => {
    const { team, guid, writer } = await teamWithDoc();
    writer.insert(0, "Fixed");
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    expect(reader.text).toBe("Fixed");
    reader.insert(0, "Vandal ");
    reader.insert(0, "again ");
    await until(() => reader.messages.some((m) => m.type === "error"), "the refusal");
    expect(reader.messages.filter((m) => m.type === "error")).toEqual([{ type: "error", code: "read_only" }]);
    writer.insert(writer.text.length, "!");
    await until(() => reader.text.endsWith("!"), "the writer's edit to reach the reader");
    expect(writer.text).toBe("Fixed!");
    await evictDurableObject(await room(guid));
    expect((await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced()).text).toBe("Fixed!");
  });

  it("drops a read-only participant's edits sent in a sync reply too", async () => {
    const { team, guid, writer } = await teamWithDoc();
    // The reader has local content before connecting: the server's step 1 asks for it.
    const res = await connectDoc(guid, { cookie: team.cookies.read });
    res.doc.getText("t").insert(0, "offline vandal");
    await res.whenSynced();
    await new Promise((r) => setTimeout(r, 150));
    expect(writer.text).toBe("");
    expect(res.text).toBe("offline vandal");
  });

  it("shows who is here: presence of participants reaches the others", async () => {
    const { team, guid, writer } = await teamWithDoc();
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    reader.announce({ user: { name: "Reader", color: "#0a0" } });
    await until(() => [...writer.awareness.getStates().values()].some((s) => (s.user as { name?: string })?.name === "Reader"), "the reader's presence");
    reader.close();
    await until(() => ![...writer.awareness.getStates().values()].some((s) => (s.user as { name?: string })?.name === "Reader"), "the reader to leave");
  });
});

describe("access changes", () => {
  it("closes a socket whose user lost write access or left the project; the demoted one comes back read-only", async () => {
    const { team, guid, writer } = await teamWithDoc();
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    const root = await (await connectDoc(guid, { cookie: team.cookies.root })).whenSynced();
    const access = (who: "write" | "read") => `/api/v1/project/${team.projectId}/access/${team.users[who].accessGuid}`;
    expect((await call("PUT", access("write"), { cookie: team.cookies.root, body: { write: false } })).status).toBe(200);
    expect((await call("DELETE", access("read"), { cookie: team.cookies.root })).status).toBe(204);
    await (await room(guid)).recheckAccess();
    expect(await writer.closedWith()).toBe(CLOSE.RECHECK);
    expect(await reader.closedWith()).toBe(CLOSE.FORBIDDEN);
    expect(root.closed).toBeUndefined();
    const again = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    expect(again.messages[0]).toMatchObject({ readOnly: true, access: "read" });
    expect(await (await connectDoc(guid, { cookie: team.cookies.read })).closedWith()).toBe(CLOSE.FORBIDDEN);
  });

  it("checks again by itself while edits arrive (the first edit after a start triggers it)", async () => {
    const { team, guid, writer } = await teamWithDoc();
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    await evictDurableObject(await room(guid));
    expect((await call("DELETE", `/api/v1/project/${team.projectId}/access/${team.users.read.accessGuid}`, { cookie: team.cookies.root })).status).toBe(204);
    writer.insert(0, "after the restart");
    expect(await reader.closedWith()).toBe(CLOSE.FORBIDDEN);
    expect(writer.closed).toBeUndefined();
  });
});

describe("shared links", () => {
  it("lets a link reader read without an account but never write or show presence", async () => {
    const shareId = `share_${crypto.randomUUID().replaceAll("-", "")}`;
    const { guid, writer } = await teamWithDoc(shareId);
    writer.insert(0, "Public");
    const guest = await (await connectDoc(guid, { share: shareId })).whenSynced();
    expect(guest.messages[0]).toMatchObject({ readOnly: true, access: "share" });
    expect(guest.text).toBe("Public");
    guest.insert(0, "Defaced ");
    guest.announce({ user: { name: "Owner (not really)", color: "#f00" } });
    writer.insert(writer.text.length, " notes");
    await until(() => guest.text.endsWith(" notes"), "live updates to the link reader");
    await new Promise((r) => setTimeout(r, 100));
    expect(writer.text).toBe("Public notes");
    expect([...writer.awareness.getStates().values()].some((s) => JSON.stringify(s).includes("not really"))).toBe(false);
    await evictDurableObject(await room(guid));
    expect((await (await connectDoc(guid, { share: shareId })).whenSynced()).text).toBe("Public notes");
  });

  it("refuses a wrong or turned-off link, and closes open link readers the moment sharing is turned off", async () => {
    const shareId = `share_${crypto.randomUUID().replaceAll("-", "")}`;
    const { guid, team } = await teamWithDoc(shareId);
    expect(await (await connectDoc(guid, { share: "share_wrong_000000" })).closedWith()).toBe(CLOSE.NOT_FOUND);
    expect(await (await connectDoc(guid, { share: "<script>" })).closedWith()).toBe(CLOSE.NOT_FOUND);
    const guest = await (await connectDoc(guid, { share: shareId })).whenSynced();
    const member = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    const off = await call("PUT", `/api/v1/project/${team.projectId}/docs/${guid}/share`, { cookie: team.cookies.write, body: { shared: false } });
    expect(off.json).toEqual({ share_id: null, url: null });
    expect(await guest.closedWith()).toBe(CLOSE.NOT_FOUND);
    expect(member.closed).toBeUndefined();
    expect(await (await connectDoc(guid, { share: shareId })).closedWith()).toBe(CLOSE.NOT_FOUND);
  });
});

describe("storage", () => {
  it("compacts the stored updates past the threshold and keeps the content", async () => {
    const { team, guid, writer } = await teamWithDoc();
    const other = await (await connectDoc(guid, { cookie: team.cookies.root })).whenSynced();
    for (let i = 0; i < COMPACT_AFTER_UPDATES + 40; i++) writer.insert(writer.text.length, String.fromCharCode(97 + (i % 26)));
    await until(() => other.text === writer.text, "all edits to arrive", 10_000);
    const stats = await (await room(guid)).storageStats();
    expect(stats.updates).toBeLessThan(60);
    await evictDurableObject(await room(guid));
    const later = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    expect(later.text).toBe(writer.text);
    expect(later.text).toHaveLength(COMPACT_AFTER_UPDATES + 40);
  }, 20_000);

  it("writes the plain text to D1 a moment after the edits", async () => {
    const { guid, writer } = await teamWithDoc();
    const before = (await docRow(guid))!.updatedAt;
    const fragment = writer.doc.getXmlFragment("content");
    const p = new Y.XmlElement("paragraph");
    p.insert(0, [new Y.XmlText("Plain words")]);
    fragment.insert(0, [p]);
    let row = await docRow(guid);
    const deadline = Date.now() + 8000;
    while (row!.plainText !== "Plain words" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      row = await docRow(guid);
    }
    expect(row!.plainText).toBe("Plain words");
    expect(row!.updatedAt).toBeGreaterThanOrEqual(before);
  });

  it("drops its content and closes every socket when the document is deleted through the tree", async () => {
    const { team, guid, writer } = await teamWithDoc();
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    writer.insert(0, "Gone soon");
    await until(() => reader.text === "Gone soon", "the edit to be stored");
    expect((await call("DELETE", `/api/v1/project/${team.projectId}/docs/${guid}`, { cookie: team.cookies.write })).status).toBe(200);
    expect(await writer.closedWith()).toBe(CLOSE.NOT_FOUND);
    expect(await reader.closedWith()).toBe(CLOSE.NOT_FOUND);
    await evictDurableObject(await room(guid));
    expect(await (await room(guid)).storageStats()).toEqual({ updates: 0, bytes: 0 });
  });
});
