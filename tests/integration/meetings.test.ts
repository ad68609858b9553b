import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLOSE } from "../../domain/wire/close-codes";
import { SIGNAL_RULE, SOCKET_RULES } from "../../domain/wire/socket-limits";
import { meetingRooms, participants } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import * as Y from "yjs";
import { plainTextOf } from "../../domain/docs/plain-text";
import { docRoom } from "../../workers/services/document-access";
import { meetingStub } from "../../workers/services/meetings";
import { call } from "../fixtures/http";
import { createMeeting, joinMeeting, openMeeting } from "../fixtures/meetings";
import { buildTeam, type Team } from "../fixtures/projects";
import { db, signedIn } from "../fixtures/users";

const workerEnv = env as unknown as Env;
let team: Team;

beforeAll(async () => {
  team = await buildTeam();
}, 30_000);

async function meeting(name = "Daily") {
  const res = await createMeeting(team.projectId, team.cookies.write, { name });
  expect(res.status, res.text).toBe(201);
  return res.json as { guid: string; projectId: string };
}

const roomsIn = (projectId: string) => db().select().from(meetingRooms).where(eq(meetingRooms.projectId, projectId)).all();

describe("meeting rooms over REST", () => {
  it("creates a room with project, name and description, recording its creator", async () => {
    const res = await createMeeting(team.projectId, team.cookies.write, { name: " Sprint review ", description: "Demo" });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ projectId: team.projectId, name: "Sprint review", description: "Demo", creator: team.users.write.id, url: `/meeting/${res.json.guid}` });
  });

  it("refuses a body missing a field with the field's translated error and stores nothing", async () => {
    const before = (await roomsIn(team.projectId)).length;
    for (const [body, field, code] of [
      [{ name: "", description: "x" }, "name", "meeting_name_required"],
      [{ description: undefined }, "description", "meeting_description_required"],
      [{ projectId: undefined }, "projectId", "meeting_project_required"],
    ] as const) {
      const res = await call("POST", "/api/meeting/rooms", { cookie: team.cookies.write, body: Object.assign({ projectId: team.projectId, name: "Daily", description: "Stand-up" }, body), headers: { "Accept-Language": "ru" } });
      expect(res.status, res.text).toBe(400);
      expect(res.json.code).toBe(code);
      expect(res.json.fields[field]).toBe(res.json.detail);
    }
    const ru = await call("POST", "/api/meeting/rooms?lng=ru", { cookie: team.cookies.write, body: { projectId: team.projectId, name: "Daily" } });
    expect(ru.json.detail).toBe("Опишите, о чём встреча.");
    expect((await roomsIn(team.projectId)).length).toBe(before);
  });

  it("lets read participants list, open and join meetings but not create them", async () => {
    const room = await meeting();
    const refused = await createMeeting(team.projectId, team.cookies.read);
    expect([refused.status, refused.json.code]).toEqual([403, "meeting_create_forbidden"]);
    const list = await call("GET", "/api/meeting/rooms", { cookie: team.cookies.read });
    expect(list.status).toBe(200);
    expect(list.json.results.map((r: { guid: string }) => r.guid)).toContain(room.guid);
    expect((await call("GET", `/api/meeting/rooms/${room.guid}`, { cookie: team.cookies.read })).status).toBe(200);
    const joined = await joinMeeting(room.guid, team.cookies.read, "Reader");
    expect([joined.status, joined.json.name, joined.json.socket]).toEqual([200, "Reader", `/ws/meeting/${room.guid}`]);
  });

  it("treats a project the caller is not in, and its meetings, as not found", async () => {
    const room = await meeting();
    const before = (await roomsIn(team.projectId)).length;
    for (const who of ["outsider", "unverified"] as const) {
      const cookie = team.cookies[who];
      const made = await createMeeting(team.projectId, cookie);
      expect([made.status, made.json.code]).toEqual([404, "meeting_project_not_found"]);
      expect((await call("GET", `/api/meeting/rooms/${room.guid}`, { cookie })).status).toBe(404);
      expect((await joinMeeting(room.guid, cookie)).status).toBe(404);
      const list = await call("GET", "/api/meeting/rooms", { cookie });
      expect(list.json.results.map((r: { guid: string }) => r.guid)).not.toContain(room.guid);
    }
    expect((await createMeeting(team.projectId, undefined)).status).toBe(401);
    expect((await roomsIn(team.projectId)).length).toBe(before);
    const socket = await openMeeting(room.guid, team.cookies.outsider);
    expect(socket.status).toBe(404);
  });

  it("gives a poker room one meeting, made on first use by anyone of its project", async () => {
    const room = await call("POST", `/api/v1/project/${team.projectId}/rooms`, { cookie: team.cookies.write, body: { kind: "poker", title: "Sprint 9", method: "fibonacci" } });
    expect(room.status, room.text).toBe(201);
    const first = await call("POST", `/api/v1/rooms/${room.json.guid}/meeting?lng=en`, { cookie: team.cookies.read });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ projectId: team.projectId, name: "Sprint 9", description: "Video meeting of the estimation room “Sprint 9”." });
    const again = await call("POST", `/api/v1/rooms/${room.json.guid}/meeting`, { cookie: team.cookies.root });
    expect(again.json.guid).toBe(first.json.guid);
    expect((await call("POST", `/api/v1/rooms/${room.json.guid}/meeting`, { cookie: team.cookies.outsider })).status).toBe(404);
  });

  it("serves no ICE servers on loopback (configured \"none\") and nothing to the signed-out", async () => {
    const res = await call("GET", "/api/meeting/ice-servers", { cookie: team.cookies.read });
    expect(res.json).toEqual({ iceServers: [] });
    expect((await call("GET", "/api/meeting/ice-servers")).status).toBe(401);
  });
});

describe("the meeting room object", () => {
  it("opens the socket only after joining, and tells everyone who came, changed and left", async () => {
    const room = await meeting();
    const early = await openMeeting(room.guid, team.cookies.root);
    await early.until(() => early.closed() === CLOSE.FORBIDDEN, "a refusal before joining");
    await joinMeeting(room.guid, team.cookies.root, "Root");
    await joinMeeting(room.guid, team.cookies.read, "Reader");
    const a = await openMeeting(room.guid, team.cookies.root);
    const welcomeA = await a.frame("welcome");
    expect(welcomeA.peers).toEqual([]);
    const b = await openMeeting(room.guid, team.cookies.read);
    const welcomeB = await b.frame("welcome");
    expect(welcomeB.peers.map((p) => p.name)).toEqual(["Root"]);
    await a.frame("peer", (f) => f.peer.id === welcomeB.you && f.peer.name === "Reader");
    b.send({ type: "media", camera: true, mic: false, screen: false });
    await a.frame("peer", (f) => f.peer.id === welcomeB.you && f.peer.camera && !f.peer.mic);
    b.send({ type: "hand", up: true });
    await a.frame("peer", (f) => f.peer.id === welcomeB.you && f.peer.hand !== null);
    // Signalling reaches exactly the peer named, with the sender as `from`.
    b.send({ type: "signal", to: welcomeA.you, data: { sdp: "offer" } });
    expect((await a.frame("signal")).from).toBe(welcomeB.you);
    b.close();
    await a.frame("left", (f) => f.id === welcomeB.you);
    a.close();
  });

  it("keeps the chat with ids and timestamps across a restart and pages it on join", async () => {
    const room = await meeting();
    await joinMeeting(room.guid, team.cookies.write, "Writer");
    const a = await openMeeting(room.guid, team.cookies.write);
    await a.frame("welcome");
    for (let i = 1; i <= 55; i++) a.send({ type: "chat", text: `message ${i}` });
    await a.until(() => a.frames.filter((f) => f.type === "chat").length === 55, "55 chat messages");
    a.close();
    await evictDurableObject(await meetingStub(workerEnv, room.guid));
    const back = await openMeeting(room.guid, team.cookies.write);
    const welcome = await back.frame("welcome");
    expect(welcome.messages).toHaveLength(50);
    expect(welcome.messages[0]!.text).toBe("message 6");
    expect(welcome.messages.at(-1)).toMatchObject({ text: "message 55", name: "Writer", user: team.users.write.id });
    expect(welcome.messages.every((m) => m.id && m.timestamp > 0)).toBe(true);
    expect(welcome.more).toBe(true);
    back.send({ type: "history", before: welcome.messages[0]!.id });
    const older = await back.frame("history");
    expect([older.messages.map((m) => m.text), older.more]).toEqual([["message 1", "message 2", "message 3", "message 4", "message 5"], false]);
    back.close();
  }, 20_000);

  it("limits a flood of signalling from one socket without flooding its peer", async () => {
    const room = await meeting();
    await joinMeeting(room.guid, team.cookies.root, "Root");
    await joinMeeting(room.guid, team.cookies.write, "Writer");
    const target = await openMeeting(room.guid, team.cookies.root);
    const you = (await target.frame("welcome")).you;
    const flooder = await openMeeting(room.guid, team.cookies.write);
    await flooder.frame("welcome");
    // Beyond the signalling allowance frames are dropped and the sender told; the socket stays.
    const sent = SIGNAL_RULE.burstFrames * 2;
    for (let i = 0; i < sent; i++) flooder.send({ type: "signal", to: you, data: { candidate: `c${i}` } });
    await flooder.frame("error", (f) => f.code === "signal_rate_limited");
    await new Promise((r) => setTimeout(r, 300));
    const relayed = target.frames.filter((f) => f.type === "signal").length;
    expect(relayed).toBeGreaterThan(0);
    expect(relayed).toBeLessThan(SIGNAL_RULE.burstFrames + 20);
    // The target still talks: only the flooder paid.
    target.send({ type: "chat", text: "still here" });
    await flooder.frame("chat", (f) => f.message.text === "still here");
    // Far beyond the socket's allowance, the flooder is closed; its peer stays.
    for (let i = 0; i < SOCKET_RULES.meeting.burstFrames; i++) flooder.send({ type: "signal", to: you, data: { candidate: `c${i}` } });
    await flooder.until(() => flooder.closed() === CLOSE.RATE_LIMITED, "the rate-limited close");
    expect(target.closed()).toBeUndefined();
    target.close();
    flooder.close();
  }, 20_000);

  it("saves the chat as a text document of the project for members, not for viewers", async () => {
    const room = await meeting("Retro talk");
    await joinMeeting(room.guid, team.cookies.write, "Writer");
    const socket = await openMeeting(room.guid, team.cookies.write);
    await socket.frame("welcome");
    socket.send({ type: "chat", text: "First point" });
    socket.send({ type: "chat", text: "Second point" });
    await socket.until(() => socket.frames.filter((f) => f.type === "chat").length === 2, "two messages");
    socket.close();
    const refused = await call("POST", `/api/meeting/rooms/${room.guid}/notes`, { cookie: team.cookies.read });
    expect(refused.status).toBe(403);
    const saved = await call("POST", `/api/meeting/rooms/${room.guid}/notes`, { cookie: team.cookies.write });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.json).toMatchObject({ messages: 2, url: `/project/${team.projectId}/docs/${saved.json.guid}` });
    expect(saved.json.title).toMatch(/^Retro talk — /);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, await (await docRoom(workerEnv, saved.json.guid)).snapshot());
    const lines = plainTextOf(doc, "text").trim().split("\n");
    expect(lines[0]).toBe("Retro talk");
    expect(lines.slice(-2).map((l) => l.replace(/^.*UTC /, ""))).toEqual(["Writer: First point", "Writer: Second point"]);
  });

  it("closes a participant removed from the project on their next change", async () => {
    const room = await meeting();
    const gone = await signedIn();
    const access = crypto.randomUUID();
    await db().insert(participants).values({ id: access, projectId: team.projectId, userId: gone.id, root: false, write: false, read: true, isVerifications: true });
    await joinMeeting(room.guid, gone.cookie, "Leaving");
    const socket = await openMeeting(room.guid, gone.cookie);
    await socket.frame("welcome");
    await db().delete(participants).where(eq(participants.id, access));
    socket.send({ type: "chat", text: "after removal" });
    await socket.until(() => socket.closed() === CLOSE.FORBIDDEN, "the forbidden close");
    expect(socket.frames.some((f) => f.type === "chat")).toBe(false);
  });
});
