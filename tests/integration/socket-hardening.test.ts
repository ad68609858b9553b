/**
 * Issue 20, sockets: what a hostile client can send to the live rooms (user hub, project board,
 * poker/retro room, document) and what ending a session or losing access does to sockets
 * already open.
 */
import { evictDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import * as encoding from "lib0/encoding";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import * as awarenessProtocol from "y-protocols/awareness";
import * as Y from "yjs";
import { CLOSE as SOCKET_CLOSE } from "../../domain/wire/close-codes";
import { SOCKET_RULES } from "../../domain/wire/socket-limits";
import { CLOSE as DOC_CLOSE } from "../../domain/wire/close-codes";
import type { Env } from "../../workers/env";
import { connectDoc, type DocClient, makeDoc, until } from "../fixtures/doc-client";
import { call, ORIGIN, socketPath } from "../fixtures/http";
import { lastPassUuid } from "../fixtures/mail";
import { buildTeam, type Team } from "../fixtures/projects";
import { openRoom } from "../fixtures/rooms";
import { base } from "../fixtures/tasks";
import { DEFAULT_PASSWORD, startSession } from "../fixtures/users";

const workerEnv = env as unknown as Env;
const worker = () => (exports as unknown as { default: Fetcher }).default;

/** A raw socket through the Worker, keeping every frame and how it closed. */
async function rawSocket(path: string, options: { cookie?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { Upgrade: "websocket", Origin: ORIGIN, ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  const res = await worker().fetch(`${ORIGIN}${socketPath(path)}`, { headers });
  const frames: string[] = [];
  let closed: { code: number; reason: string } | undefined;
  const ws = res.webSocket;
  if (ws) {
    ws.accept();
    ws.addEventListener("message", (e) => frames.push(typeof e.data === "string" ? e.data : `<${(e.data as ArrayBuffer).byteLength ?? "blob"} bytes>`));
    ws.addEventListener("close", (e) => {
      closed = { code: e.code, reason: e.reason };
    });
  }
  return {
    status: res.status,
    body: ws ? "" : await res.text(),
    ws,
    frames,
    closed: () => closed,
    async closedWith(ms = 3000) {
      await until(() => closed !== undefined, `${path} to close`, ms);
      return closed!.code;
    },
    send(data: string | ArrayBuffer | Uint8Array) {
      try {
        ws!.send(data);
      } catch {
        // closed meanwhile: a flood does not stop at the first refusal
      }
    },
  };
}

async function pokerRoom(team: Team) {
  const res = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "poker", title: "Hardening", method: "fibonacci" } });
  expect(res.status, res.text).toBe(201);
  // Project people enter a room with `POST /join {}` before its socket seats them (looking enrols nobody).
  for (const cookie of [team.cookies.root, team.cookies.read]) {
    const joined = await call("POST", `/api/v1/rooms/${res.json.guid}/join`, { cookie, body: {} });
    expect(joined.status, joined.text).toBe(200);
  }
  return res.json as { guid: string };
}

/** An awareness frame (message type 1) whose type is written in `typeBytes`. */
function awarenessFrame(clientID: number, state: Record<string, unknown>, typeBytes: number[], bumps = 1): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = clientID;
  const awareness = new awarenessProtocol.Awareness(doc);
  clearInterval((awareness as unknown as { _checkInterval: ReturnType<typeof setInterval> })._checkInterval);
  for (let i = 0; i < bumps; i++) awareness.setLocalState({ ...state, i });
  const e = encoding.createEncoder();
  for (const b of typeBytes) encoding.writeUint8(e, b);
  encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(awareness, [clientID]));
  return encoding.toUint8Array(e);
}

const names = (client: DocClient) => [...client.awareness.getStates().values()].map((s) => JSON.stringify(s));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** What an error's stack or an internal path looks like in a frame or a body. */
const LEAK = /\bat .*\(|\.(ts|js):\d+|node_modules|durable-objects\/|workers\/|Error:|stack/i;

describe("document frames", () => {
  it("drops presence a link reader sends with a padded message type, so nobody sees it", async () => {
    const shareId = `share_${crypto.randomUUID().replaceAll("-", "")}`;
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId, "text", shareId);
    const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    const guest = await (await connectDoc(guid, { share: shareId })).whenSynced();
    // 0x81 0x00 is the varUint 1 (awareness) in two bytes: the decoder reads it as awareness.
    guest.ws!.send(awarenessFrame(guest.doc.clientID, { user: { name: "Owner (not really)" } }, [0x81, 0x00]));
    guest.ws!.send(awarenessFrame(guest.doc.clientID + 1, { user: { name: "Padded thrice" } }, [0x81, 0x80, 0x00]));
    // The writer's own presence still goes round: the room is listening.
    writer.announce({ user: { name: "Writer" } });
    await until(() => names(guest).some((n) => n.includes("Writer")), "the writer's presence to reach the link reader");
    await pause(100);
    expect(names(writer).some((n) => n.includes("not really") || n.includes("Padded"))).toBe(false);
    expect(names(guest).some((n) => n.includes("not really") || n.includes("Padded"))).toBe(false);
  });

  it("drops a padded update from a link reader and from a read participant", async () => {
    const shareId = `share_${crypto.randomUUID().replaceAll("-", "")}`;
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId, "text", shareId);
    const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    const guest = await (await connectDoc(guid, { share: shareId })).whenSynced();
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    const vandal = new Y.Doc();
    vandal.getText("t").insert(0, "defaced");
    const e = encoding.createEncoder();
    for (const b of [0x80, 0x00, 0x82, 0x00]) encoding.writeUint8(e, b);
    encoding.writeVarUint8Array(e, Y.encodeStateAsUpdate(vandal));
    guest.ws!.send(encoding.toUint8Array(e));
    reader.ws!.send(encoding.toUint8Array(e));
    writer.insert(0, "kept");
    await until(() => guest.text === "kept" && reader.text === "kept", "the writer's edit to reach everyone");
    await pause(100);
    expect(writer.text).toBe("kept");
  });

  it("lets a participant show their own presence but not speak for another's client id", async () => {
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId);
    const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    const root = await (await connectDoc(guid, { cookie: team.cookies.root })).whenSynced();
    writer.announce({ user: { name: "Writer" } });
    await until(() => names(root).some((n) => n.includes("Writer")), "the writer's presence");
    reader.ws!.send(awarenessFrame(writer.doc.clientID, { user: { name: "Impostor" } }, [1], 5));
    reader.announce({ user: { name: "Reader" } });
    await until(() => names(root).some((n) => n.includes("Reader")), "the reader's own presence");
    await pause(100);
    expect(names(root).some((n) => n.includes("Impostor"))).toBe(false);
    expect(names(root).some((n) => n.includes("Writer"))).toBe(true);
  });
});

describe("forged upgrade requests", () => {
  const sockets = async (team: Team) => {
    const room = await pokerRoom(team);
    const doc = await makeDoc(team.projectId);
    return [`/ws/user/${team.users.write.id}`, `/ws/project/${team.projectId}`, `/ws/room/${room.guid}`, `/ws/doc/${doc}`];
  };

  it("answers a malformed x-partykit-props or an overlong _pk without a stack trace, and keeps the socket working", async () => {
    const team = await buildTeam();
    for (const path of await sockets(team)) {
      const forgeries: { query: string; headers: Record<string, string> }[] = [
        { query: "", headers: { "x-partykit-props": "%%% not base64 {" } },
        { query: `?_pk=${"x".repeat(300)}`, headers: {} },
        { query: "", headers: { "x-partykit-room": "another-room", "x-partykit-namespace": "doc-room" } },
      ];
      for (const forged of forgeries) {
        const socket = await rawSocket(`${path}${forged.query}`, { cookie: team.cookies.write, headers: forged.headers });
        expect(socket.status, path).toBe(101);
        await pause(100);
        for (const frame of socket.frames) expect(frame, path).not.toMatch(LEAK);
        expect(socket.closed(), `${path} ${JSON.stringify(forged)}`).toBeUndefined();
        socket.ws!.close(1000);
      }
    }
  });

  it("never lets a chosen _pk count as another member's socket in a room", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const member = await openRoom(room.guid, team.cookies.root);
    await member.waitFor((v) => v.participants.some((p: { id: string; present: boolean }) => p.id === team.users.root.id && p.present));
    const forger = await rawSocket(`/ws/room/${room.guid}?_pk=${encodeURIComponent(`member:${team.users.root.id}`)}`, { cookie: team.cookies.read });
    expect(forger.status).toBe(101);
    await until(() => forger.frames.length > 0, "the forger's state");
    const watcher = await openRoom(room.guid, team.cookies.write);
    await watcher.waitFor(() => true);
    // The member leaves: their presence must end, not live on in the forger's socket.
    member.close();
    const view = await watcher.waitFor((v) => v.participants.some((p: { id: string; present: boolean }) => p.id === team.users.root.id && !p.present), "the member to be shown absent");
    expect(view.participants.find((p: { id: string }) => p.id === team.users.read.id)?.present).toBe(true);
    expect(forger.closed()).toBeUndefined();
  });

  it("never lets a chosen _pk put a socket among another user's document or board sockets", async () => {
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId);
    const board = await rawSocket(`/ws/project/${team.projectId}?_pk=${encodeURIComponent(`user:${team.users.write.id}`)}`, { cookie: team.cookies.read });
    const forged = await rawSocket(`/ws/doc/${guid}?_pk=${encodeURIComponent(`user:${team.users.write.id}`)}`, { cookie: team.cookies.read });
    const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    await until(() => forged.frames.length > 0, "the forged socket's hello");
    // Closing the writer's sockets reaches theirs only.
    await (await getServerByName(workerEnv.DocRoom, guid)).disconnectUser(team.users.write.id);
    await (await getServerByName(workerEnv.ProjectRoom, team.projectId)).disconnectUser(team.users.write.id);
    expect(await writer.closedWith()).toBe(DOC_CLOSE.FORBIDDEN);
    await pause(100);
    expect(forged.closed()).toBeUndefined();
    expect(board.closed()).toBeUndefined();
  });
});

describe("ending a session", () => {
  /** One of each socket a signed-in user holds, all open. */
  async function everySocket(team: Team, cookie: string) {
    const room = await pokerRoom(team);
    const guid = await makeDoc(team.projectId);
    const hub = await rawSocket(`/ws/user/${team.users.write.id}`, { cookie });
    const board = await rawSocket(`/ws/project/${team.projectId}`, { cookie });
    const seat = await rawSocket(`/ws/room/${room.guid}`, { cookie });
    const doc = await (await connectDoc(guid, { cookie })).whenSynced();
    await until(() => seat.frames.length > 0, "the room state");
    return {
      room: room.guid,
      guid,
      all: [hub, board, seat],
      doc,
      async allClosedWithin(ms: number) {
        const started = Date.now();
        const codes = await Promise.all([...this.all.map((s) => s.closedWith(ms)), doc.closedWith()]);
        return { codes, took: Date.now() - started };
      },
    };
  }

  it("closes the user's hub, board, room and document sockets within a second of logging out, even after the hub was evicted", async () => {
    const team = await buildTeam();
    const open = await everySocket(team, team.cookies.write!);
    // Where the sockets are is kept in the hub's storage, not in its memory.
    await evictDurableObject(await getServerByName(workerEnv.UserHub, team.users.write.id));
    const started = Date.now();
    expect((await call("POST", "/api/v1/exit", { cookie: team.cookies.write })).status).toBe(200);
    const { codes } = await open.allClosedWithin(1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(codes).toEqual([SOCKET_CLOSE.RECHECK, SOCKET_CLOSE.RECHECK, SOCKET_CLOSE.RECHECK, SOCKET_CLOSE.RECHECK]);
    // Reconnecting with the ended session is refused everywhere.
    expect((await rawSocket(`/ws/user/${team.users.write.id}`, { cookie: team.cookies.write })).status).toBe(401);
    expect((await rawSocket(`/ws/project/${team.projectId}`, { cookie: team.cookies.write })).status).toBe(401);
    expect((await rawSocket(`/ws/room/${open.room}`, { cookie: team.cookies.write })).status).toBe(401);
    expect(await (await connectDoc(open.guid, { cookie: team.cookies.write })).closedWith()).toBe(DOC_CLOSE.UNAUTHORIZED);
  });

  it("lets the user's other sessions reconnect at once after one of them logs out", async () => {
    const team = await buildTeam();
    const other = `sid=${(await startSession(team.users.write.id)).token}`;
    const hub = await rawSocket(`/ws/user/${team.users.write.id}`, { cookie: other });
    expect((await call("POST", "/api/v1/exit", { cookie: team.cookies.write })).status).toBe(200);
    expect(await hub.closedWith(1000)).toBe(SOCKET_CLOSE.RECHECK);
    expect((await rawSocket(`/ws/user/${team.users.write.id}`, { cookie: other })).status).toBe(101);
  });

  it("closes the user's sockets within a second of a password change, and the other sessions' stay refused", async () => {
    const team = await buildTeam();
    const other = `sid=${(await startSession(team.users.write.id)).token}`;
    const open = await everySocket(team, other);
    const res = await call("PUT", "/api/v1/changepass", {
      cookie: team.cookies.write,
      body: { oldpass: DEFAULT_PASSWORD, newpass: "brand-new-pass-1", repeatnewpass: "brand-new-pass-1" },
    });
    expect(res.status, res.text).toBe(200);
    expect((await open.allClosedWithin(1000)).codes.every((c) => c === SOCKET_CLOSE.RECHECK)).toBe(true);
    expect((await rawSocket(`/ws/project/${team.projectId}`, { cookie: other })).status).toBe(401);
    // The session that changed the password lives on.
    expect((await rawSocket(`/ws/project/${team.projectId}`, { cookie: team.cookies.write })).status).toBe(101);
  });

  it("closes the user's sockets within a second of a password reset", async () => {
    const team = await buildTeam();
    const open = await everySocket(team, team.cookies.write!);
    expect((await call("POST", "/api/v1/respas", { body: { email: team.users.write.email } })).status).toBe(200);
    const uuid = await lastPassUuid(team.users.write.email);
    const res = await call("POST", "/api/v1/respasgen", { body: { uuid, newpass: "reset-pass-123", repeatnewpass: "reset-pass-123" } });
    expect(res.status, res.text).toBe(200);
    expect((await open.allClosedWithin(1000)).codes.every((c) => c === SOCKET_CLOSE.RECHECK)).toBe(true);
    expect((await rawSocket(`/ws/user/${team.users.write.id}`, { cookie: team.cookies.write })).status).toBe(401);
  });
});

describe("access changes on open sockets", () => {
  const access = (team: Team, who: "write" | "read") => `/api/v1/project/${team.projectId}/access/${team.users[who].accessGuid}`;

  it("closes a removed participant's document sockets at once, with no edit needed to notice", async () => {
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId);
    const other = await makeDoc(team.projectId);
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    const readerElsewhere = await (await connectDoc(other, { cookie: team.cookies.read })).whenSynced();
    const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    expect((await call("DELETE", access(team, "read"), { cookie: team.cookies.root })).status).toBe(204);
    // Closed before the DELETE answered.
    expect(reader.closed).toBe(DOC_CLOSE.FORBIDDEN);
    expect(await readerElsewhere.closedWith()).toBe(DOC_CLOSE.FORBIDDEN);
    expect(writer.closed).toBeUndefined();
  });

  it("makes an open room socket read-only the moment its participant is demoted", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const member = await openRoom(room.guid, team.cookies.write);
    await member.waitFor(() => true);
    expect(await member.send({ type: "set_auto_flip", enabled: true })).toEqual({ ok: true });
    expect((await call("PUT", access(team, "write"), { cookie: team.cookies.root, body: { write: false } })).status).toBe(200);
    expect(await member.send({ type: "set_auto_flip", enabled: false })).toEqual({ ok: false, code: "read_only" });
    expect(member.parsed.filter((f) => f.type === "state").at(-1)).toMatchObject({ you: { readOnly: true } });
    // No longer a voter: holds no round up.
    await member.waitFor((v) => v.participants.find((p: { id: string }) => p.id === team.users.write.id)?.role === "spectator", "the demoted voter to watch");
    // Promoted again, the same socket may act again.
    expect((await call("PUT", access(team, "write"), { cookie: team.cookies.root, body: { write: true } })).status).toBe(200);
    expect(await member.send({ type: "set_auto_flip", enabled: false })).toEqual({ ok: true });
  });

  it("applies no edit an open document socket sends after its writer was demoted", async () => {
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId);
    const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    const root = await (await connectDoc(guid, { cookie: team.cookies.root })).whenSynced();
    writer.insert(0, "before;");
    await until(() => root.text === "before;", "the first edit");
    expect((await call("PUT", access(team, "write"), { cookie: team.cookies.root, body: { write: false } })).status).toBe(200);
    writer.sendUpdate((() => {
      const d = new Y.Doc();
      Y.applyUpdate(d, Y.encodeStateAsUpdate(writer.doc));
      d.getText("t").insert(0, "after;");
      return Y.encodeStateAsUpdate(d, Y.encodeStateVector(writer.doc));
    })());
    root.insert(root.text.length, "root;");
    await until(() => root.allSaved, "the root's edit to be stored");
    await pause(100);
    expect(root.text).toBe("before;root;");
    expect(await writer.closedWith()).toBe(DOC_CLOSE.RECHECK);
    const back = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    expect(back.messages[0]).toMatchObject({ readOnly: true, access: "read" });
    expect(back.text).toBe("before;root;");
  });

  it("reopens a read-only document socket for writing once its participant is promoted", async () => {
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId);
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    expect((await call("PUT", access(team, "read"), { cookie: team.cookies.root, body: { write: true } })).status).toBe(200);
    expect(reader.closed).toBe(DOC_CLOSE.RECHECK);
    const again = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    expect(again.messages[0]).toMatchObject({ readOnly: false, access: "write" });
  });
});

describe("floods and oversized frames", () => {
  it("closes a room socket that floods with 4029, while the others are answered promptly", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const flooder = await rawSocket(`/ws/room/${room.guid}`, { cookie: team.cookies.read });
    const member = await openRoom(room.guid, team.cookies.write);
    await member.waitFor(() => true);
    for (let i = 0; i < SOCKET_RULES.room.burstFrames * 2; i++) flooder.send(`{"type":"nonsense","n":${i}}`);
    // Answered in the middle of the flood, and the flooder is cut off at its allowance.
    expect(await member.send({ type: "set_auto_flip", enabled: true })).toEqual({ ok: true });
    expect(await flooder.closedWith()).toBe(SOCKET_CLOSE.RATE_LIMITED);
    expect(flooder.frames.length).toBeLessThan(SOCKET_RULES.room.burstFrames + 100);
    // Once it is cut off, the others are answered at once again.
    const started = Date.now();
    expect(await member.send({ type: "set_auto_flip", enabled: false })).toEqual({ ok: true });
    expect(Date.now() - started).toBeLessThan(500);
    expect(member.ws!.readyState).toBe(WebSocket.OPEN);
  }, 15_000);

  it("closes a document socket that floods with 4029, while edits between the others keep flowing", async () => {
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId);
    const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    const root = await (await connectDoc(guid, { cookie: team.cookies.root })).whenSynced();
    const flooder = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    const frame = awarenessFrame(flooder.doc.clientID, { user: { name: "Flood" } }, [1], 1);
    for (let i = 0; i < SOCKET_RULES.doc.burstFrames * 3; i++) {
      try {
        flooder.ws!.send(frame);
      } catch {
        break;
      }
    }
    writer.insert(0, "still here");
    await until(() => root.text === "still here", "the writer's edit during the flood");
    expect(await flooder.closedWith()).toBe(SOCKET_CLOSE.RATE_LIMITED);
    expect(writer.closed).toBeUndefined();
    expect(root.closed).toBeUndefined();
  }, 15_000);

  it("closes a hub or board socket that keeps talking with 4029, and the hub's allowance survives an eviction", async () => {
    const team = await buildTeam();
    const board = await rawSocket(`/ws/project/${team.projectId}`, { cookie: team.cookies.read });
    for (let i = 0; i < SOCKET_RULES.project.burstFrames + 5; i++) board.send("hello?");
    expect(await board.closedWith()).toBe(SOCKET_CLOSE.RATE_LIMITED);

    const hub = await rawSocket(`/ws/user/${team.users.read.id}`, { cookie: team.cookies.read });
    for (let i = 0; i < SOCKET_RULES.hub.burstFrames - 2; i++) hub.send("hello?");
    await until(() => hub.frames.length === SOCKET_RULES.hub.burstFrames - 2, "the hub's answers");
    await evictDurableObject(await getServerByName(workerEnv.UserHub, team.users.read.id));
    for (let i = 0; i < 5; i++) hub.send("hello?");
    expect(await hub.closedWith()).toBe(SOCKET_CLOSE.RATE_LIMITED);
  });

  it("closes every kind of socket that sends a frame above its cap with 4013", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const guid = await makeDoc(team.projectId);
    const cases: [string, number][] = [
      [`/ws/user/${team.users.write.id}`, SOCKET_RULES.hub.maxFrameBytes],
      [`/ws/project/${team.projectId}`, SOCKET_RULES.project.maxFrameBytes],
      [`/ws/room/${room.guid}`, SOCKET_RULES.room.maxFrameBytes],
    ];
    for (const [path, cap] of cases) {
      const socket = await rawSocket(path, { cookie: team.cookies.write });
      socket.send(JSON.stringify({ type: "sync", pad: "x".repeat(cap) }));
      expect(await socket.closedWith(), path).toBe(SOCKET_CLOSE.TOO_LARGE);
    }
    const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    const big = new Uint8Array(SOCKET_RULES.doc.maxFrameBytes + 1);
    writer.ws!.send(big);
    expect(await writer.closedWith()).toBe(SOCKET_CLOSE.TOO_LARGE);
  });
});
