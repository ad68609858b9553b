/**
 * Meetings above the mesh's size (issue 21): the room object's switch to Cloudflare Realtime's
 * SFU and the Worker's SFU proxy, against a fake Realtime API on loopback
 * (tests/fixtures/realtime-fake.ts, configured in vitest.config.ts). No media flows here: the
 * fake answers SDP no browser could connect to (see docs/decisions.md, "Video meetings").
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_SFU_PEERS, SFU_CALL_RULE } from "../../domain/meetings/sfu";
import { CLOSE } from "../../domain/wire/close-codes";
import { MAX_MESH_PEERS } from "../../domain/wire/live/meeting";
import { api } from "../../workers/api";
import { participants } from "../../workers/db/schema";
import { meetingStub } from "../../workers/services/meetings";
import type { Env } from "../../workers/env";
import { call, ORIGIN } from "../fixtures/http";
import { createMeeting, joinMeeting, openMeeting } from "../fixtures/meetings";
import { buildTeam, type Team } from "../fixtures/projects";
import { FAKE_REALTIME_TOKEN } from "../fixtures/realtime-fake";
import { db, signedIn } from "../fixtures/users";

const workerEnv = env as unknown as Env;
const fakeOrigin = () => new URL(workerEnv.REALTIME_API_URL!).origin;
const fakeCalls = async () => (await (await fetch(`${fakeOrigin()}/test/calls`)).json()) as { method: string; path: string; authorization?: string; body: any }[];
const OFFER = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:1\r\n";
const ANSWER = OFFER.replace("o=- 1 2", "o=- 3 4");
const TRACKS = [
  { mid: "0", trackName: "audio" },
  { mid: "1", trackName: "video" },
];

let team: Team;
beforeAll(async () => {
  team = await buildTeam();
}, 30_000);

/** The API under a deployment without Realtime (no app id, no token). */
async function withoutSfu(method: string, path: string, cookie: string | undefined, body?: unknown) {
  const { REALTIME_APP_ID: _id, REALTIME_APP_TOKEN: _token, ...rest } = workerEnv;
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { Origin: ORIGIN, "Content-Type": "application/json", "CF-Connecting-IP": "10.9.9.9" };
  if (cookie) headers.Cookie = cookie;
  const res = await api.fetch(new Request(`${ORIGIN}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), rest as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, json: (await res.json()) as any };
}

async function meeting() {
  const res = await createMeeting(team.projectId, team.cookies.write, { name: "All hands" });
  expect(res.status, res.text).toBe(201);
  return res.json.guid as string;
}

/** A room past the mesh: `MAX_MESH_PEERS` sockets of the root, then the read participant's and the write participant's. */
async function sfuRoom() {
  const room = await meeting();
  await joinMeeting(room, team.cookies.root, "Root");
  await joinMeeting(room, team.cookies.read, "Reader");
  await joinMeeting(room, team.cookies.write, "Writer");
  const roots = [];
  for (let i = 0; i < MAX_MESH_PEERS; i++) roots.push(await openMeeting(room, team.cookies.root));
  for (const s of roots) await s.frame("welcome");
  const reader = await openMeeting(room, team.cookies.read);
  const writer = await openMeeting(room, team.cookies.write);
  const root = roots[0]!;
  return { room, roots, root, reader, writer, rootPeer: (await root.frame("welcome")).you, readerPeer: (await reader.frame("welcome")).you, writerPeer: (await writer.frame("welcome")).you };
}

const sfu = (room: string, action: string) => `/api/meeting/rooms/${room}/sfu/${action}`;

describe("a meeting above the mesh's size", () => {
  it("says the room is full for the mesh when no SFU is configured, and stays a mesh", async () => {
    const room = await meeting();
    expect((await withoutSfu("POST", `/rooms/${room}/join`, team.cookies.root, { name: "Root" })).status).toBe(200);
    const mesh = [];
    for (let i = 0; i < MAX_MESH_PEERS; i++) mesh.push(await openMeeting(room, team.cookies.root));
    for (const s of mesh) expect((await s.frame("welcome")).mode).toBe("mesh");
    const extra = await openMeeting(room, team.cookies.root);
    await extra.until(() => extra.closed() === CLOSE.MEETING_FULL, "the full close");
    expect(extra.frames).toEqual([{ type: "error", code: "meeting_full" }]);
    expect(mesh.some((s) => s.frames.some((f) => f.type === "mode"))).toBe(false);
    expect((await call("GET", `/api/meeting/rooms/${room}`, { cookie: team.cookies.read })).json.mode).toBe("mesh");
    // The proxy of such a deployment says it has no SFU.
    const refused = await withoutSfu("POST", `/meeting/rooms/${room}/sfu/publish`, team.cookies.root, { peer: "x", sdp: OFFER, tracks: TRACKS });
    expect([refused.status, refused.json.code]).toEqual([503, "meeting_sfu_not_configured"]);
    for (const s of mesh) s.close();
  });

  it("moves the room to the SFU when one more joins a full mesh, tells everyone, and starts over as a mesh once empty", async () => {
    const room = await meeting();
    await joinMeeting(room, team.cookies.root, "Root");
    const mesh = [];
    for (let i = 0; i < MAX_MESH_PEERS; i++) mesh.push(await openMeeting(room, team.cookies.root));
    for (const s of mesh) expect((await s.frame("welcome")).mode).toBe("mesh");
    const seventh = await openMeeting(room, team.cookies.root);
    expect((await seventh.frame("welcome")).mode).toBe("sfu");
    for (const s of mesh) await s.frame("mode", (f) => f.mode === "sfu");
    expect(seventh.frames.some((f) => f.type === "mode")).toBe(false);
    const got = await call("GET", `/api/meeting/rooms/${room}`, { cookie: team.cookies.read });
    expect([got.json.mode, got.json.participants.length]).toEqual(["sfu", MAX_MESH_PEERS + 1]);
    // Fewer people keep the SFU (no flapping around the threshold)…
    mesh[0]!.close();
    const next = await openMeeting(room, team.cookies.root);
    expect((await next.frame("welcome")).mode).toBe("sfu");
    // …until the room is empty.
    for (const s of [...mesh.slice(1), seventh, next]) s.close();
    const deadline = Date.now() + 3000;
    while ((await call("GET", `/api/meeting/rooms/${room}`, { cookie: team.cookies.read })).json.participants.length > 0) {
      if (Date.now() > deadline) throw new Error("the room did not empty");
      await new Promise((r) => setTimeout(r, 10));
    }
    const fresh = await openMeeting(room, team.cookies.root);
    expect((await fresh.frame("welcome")).mode).toBe("mesh");
    fresh.close();
    expect(MAX_SFU_PEERS).toBeGreaterThan(MAX_MESH_PEERS);
  });

  it("publishes, pulls by the roster's track names, renegotiates and closes through the proxy, never handing out the token or a session id", async () => {
    const r = await sfuRoom();
    const before = (await fakeCalls()).length;
    const published = await call("POST", sfu(r.room, "publish"), { cookie: team.cookies.root, body: { peer: r.rootPeer, sdp: OFFER, tracks: TRACKS } });
    expect(published.status, published.text).toBe(200);
    expect(published.json.sdp).toMatch(/^v=0/);
    expect(published.json.tracks).toEqual(TRACKS);
    // Everyone hears which tracks the root's peer sends.
    const announced = await r.reader.frame("peer", (f) => f.peer.id === r.rootPeer && f.peer.tracks.length === 2);
    expect(announced.peer.tracks).toEqual(["audio", "video"]);

    // The reader publishes too, then pulls the root's tracks by peer and name.
    expect((await call("POST", sfu(r.room, "publish"), { cookie: team.cookies.read, body: { peer: r.readerPeer, sdp: OFFER, tracks: TRACKS } })).status).toBe(200);
    const pulled = await call("POST", sfu(r.room, "pull"), { cookie: team.cookies.read, body: { peer: r.readerPeer, tracks: [{ peer: r.rootPeer, trackName: "audio" }, { peer: r.rootPeer, trackName: "video" }] } });
    expect(pulled.status, pulled.text).toBe(200);
    expect(pulled.json.requiresImmediateRenegotiation).toBe(true);
    expect(pulled.json.sdp).toMatch(/^v=0/);
    expect(pulled.json.tracks).toEqual([
      { mid: expect.any(String), peer: r.rootPeer, trackName: "audio" },
      { mid: expect.any(String), peer: r.rootPeer, trackName: "video" },
    ]);
    const renegotiated = await call("PUT", sfu(r.room, "renegotiate"), { cookie: team.cookies.read, body: { peer: r.readerPeer, sdp: ANSWER } });
    expect([renegotiated.status, renegotiated.json]).toEqual([200, { ok: true }]);
    const closed = await call("PUT", sfu(r.room, "close"), { cookie: team.cookies.read, body: { peer: r.readerPeer, mids: pulled.json.tracks.map((t: { mid: string }) => t.mid), sdp: OFFER } });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json.sdp).toMatch(/^v=0/);

    // Realtime got the documented calls, each with the app token.
    const calls = (await fakeCalls()).slice(before);
    expect(calls.map((c) => `${c.method} ${c.path.replace(/sessions\/[0-9a-f]{32}/, "sessions/{id}")}`)).toEqual([
      "POST /v1/apps/fake-realtime-app/sessions/new",
      "POST /v1/apps/fake-realtime-app/sessions/{id}/tracks/new",
      "POST /v1/apps/fake-realtime-app/sessions/new",
      "POST /v1/apps/fake-realtime-app/sessions/{id}/tracks/new",
      "POST /v1/apps/fake-realtime-app/sessions/{id}/tracks/new",
      "PUT /v1/apps/fake-realtime-app/sessions/{id}/renegotiate",
      "PUT /v1/apps/fake-realtime-app/sessions/{id}/tracks/close",
    ]);
    expect(calls.every((c) => c.authorization === `Bearer ${FAKE_REALTIME_TOKEN}`)).toBe(true);
    expect(calls[1]!.body).toEqual({ sessionDescription: { type: "offer", sdp: OFFER }, tracks: TRACKS.map((t) => ({ location: "local", ...t })) });
    const rootSession = calls[1]!.path.split("/")[5]!;
    expect(calls[4]!.body.tracks).toEqual([
      { location: "remote", sessionId: rootSession, trackName: "audio" },
      { location: "remote", sessionId: rootSession, trackName: "video" },
    ]);
    expect(calls[5]!.body).toEqual({ sessionDescription: { type: "answer", sdp: ANSWER } });
    // Neither the token nor any session id reaches a browser: answers, frames, the room's roster.
    const sessions = new Set(calls.map((c) => c.path.split("/")[5]).filter((s): s is string => !!s && s !== "new"));
    const room = await call("GET", `/api/meeting/rooms/${r.room}`, { cookie: team.cookies.read });
    const seen = [published.text, pulled.text, renegotiated.text, closed.text, room.text, JSON.stringify(r.reader.frames), JSON.stringify(r.root.frames)].join("\n");
    expect(seen).not.toContain(FAKE_REALTIME_TOKEN);
    for (const s of sessions) expect(seen).not.toContain(s);
    for (const s of [...r.roots, r.reader, r.writer]) s.close();
  });

  it("lets only the peer's own signed-in member of the project use the proxy, and checks every body", async () => {
    const r = await sfuRoom();
    const body = { peer: r.rootPeer, sdp: OFFER, tracks: TRACKS };
    expect((await call("POST", sfu(r.room, "publish"), { body })).status).toBe(401);
    const outsider = await call("POST", sfu(r.room, "publish"), { cookie: team.cookies.outsider, body });
    expect([outsider.status, outsider.json.code]).toEqual([404, "meeting_not_found"]);
    // A member naming someone else's peer, or a peer that is not in the room.
    for (const peer of [r.rootPeer, "not-a-peer"]) {
      const foreign = await call("POST", sfu(r.room, "publish"), { cookie: team.cookies.read, body: { ...body, peer } });
      expect([foreign.status, foreign.json.code]).toEqual([404, "meeting_peer_not_found"]);
    }
    // Pulling before publishing, and pulling a track no peer published.
    const early = await call("POST", sfu(r.room, "pull"), { cookie: team.cookies.write, body: { peer: r.writerPeer, tracks: [{ peer: r.rootPeer, trackName: "video" }] } });
    expect([early.status, early.json.code]).toEqual([409, "meeting_sfu_no_session"]);
    expect((await call("POST", sfu(r.room, "publish"), { cookie: team.cookies.write, body: { ...body, peer: r.writerPeer } })).status).toBe(200);
    const missing = await call("POST", sfu(r.room, "pull"), { cookie: team.cookies.write, body: { peer: r.writerPeer, tracks: [{ peer: r.readerPeer, trackName: "video" }] } });
    expect([missing.status, missing.json.code]).toEqual([404, "meeting_sfu_track_not_found"]);
    // Bodies: each refusal names its field in the caller's language.
    for (const [bad, code] of [
      [{ ...body, peer: r.writerPeer, sdp: "not sdp" }, "meeting_sfu_sdp_invalid"],
      [{ ...body, peer: r.writerPeer, tracks: [{ mid: "0", trackName: "bad name!" }] }, "meeting_sfu_track_invalid"],
      [{ ...body, peer: r.writerPeer, tracks: [] }, "meeting_sfu_track_invalid"],
      [{ sdp: OFFER, tracks: TRACKS }, "meeting_sfu_peer_required"],
    ] as const) {
      const res = await call("POST", `${sfu(r.room, "publish")}?lng=de`, { cookie: team.cookies.write, body: bad });
      expect([res.status, res.json.code], JSON.stringify(bad)).toEqual([400, code]);
      expect(res.json.detail).not.toMatch(/[a-z]+_[a-z]+_/);
    }
    const extra = await call("PUT", sfu(r.room, "renegotiate"), { cookie: team.cookies.write, body: { peer: r.writerPeer, sdp: ANSWER, sessionId: "theirs" } });
    expect(extra.status).toBe(400);
    // A room still a mesh has no SFU to talk to.
    const small = await meeting();
    await joinMeeting(small, team.cookies.read, "Reader");
    const lone = await openMeeting(small, team.cookies.read);
    const mine = (await lone.frame("welcome")).you;
    const mesh = await call("POST", sfu(small, "publish"), { cookie: team.cookies.read, body: { ...body, peer: mine } });
    expect([mesh.status, mesh.json.code]).toEqual([409, "meeting_not_sfu"]);
    lone.close();
    for (const s of [...r.roots, r.reader, r.writer]) s.close();
  });

  it("checks the caller still reads the project on every call", async () => {
    const r = await sfuRoom();
    const gone = await signedIn();
    const access = crypto.randomUUID();
    await db().insert(participants).values({ id: access, projectId: team.projectId, userId: gone.id, root: false, write: false, read: true, isVerifications: true });
    await joinMeeting(r.room, gone.cookie, "Leaving");
    const socket = await openMeeting(r.room, gone.cookie);
    const peer = (await socket.frame("welcome")).you;
    expect((await call("POST", sfu(r.room, "publish"), { cookie: gone.cookie, body: { peer, sdp: OFFER, tracks: TRACKS } })).status).toBe(200);
    await db().delete(participants).where(eq(participants.id, access));
    const after = await call("PUT", sfu(r.room, "renegotiate"), { cookie: gone.cookie, body: { peer, sdp: ANSWER } });
    expect([after.status, after.json.code]).toEqual([404, "meeting_not_found"]);
    for (const s of [...r.roots, r.reader, r.writer, socket]) s.close();
  });

  it("bounds one peer's proxy calls and translates a failing Realtime into a 502 without its details", async () => {
    const r = await sfuRoom();
    // The allowance is the room object's, on its clock: spend it at a fixed instant (a fake clock
    // a minute ahead, so real calls right after refill nothing).
    const stub = await meetingStub(workerEnv, r.room);
    const at = Date.now() + 60_000;
    const checks = [];
    for (let i = 0; i <= SFU_CALL_RULE.burstFrames; i++) checks.push(await stub.sfuPeer(r.readerPeer, team.users.read.id, 100, at));
    expect(checks.slice(0, SFU_CALL_RULE.burstFrames).every((c) => c.ok)).toBe(true);
    expect(checks.at(-1)).toEqual({ ok: false, reason: "rate" });
    const limited = await call("PUT", sfu(r.room, "renegotiate"), { cookie: team.cookies.read, body: { peer: r.readerPeer, sdp: ANSWER } });
    expect([limited.status, limited.json.code, limited.headers.get("Retry-After")]).toEqual([429, "meeting_sfu_rate_limited", "1"]);
    // Another peer's allowance is its own.
    await fetch(`${fakeOrigin()}/test/fail-next`, { method: "POST" });
    const failed = await call("POST", sfu(r.room, "publish"), { cookie: team.cookies.write, body: { peer: r.writerPeer, sdp: OFFER, tracks: TRACKS } });
    expect([failed.status, failed.json.code]).toEqual([502, "meeting_sfu_failed"]);
    expect(failed.text).not.toContain("something went wrong");
    expect((await call("POST", sfu(r.room, "publish"), { cookie: team.cookies.write, body: { peer: r.writerPeer, sdp: OFFER, tracks: TRACKS } })).status).toBe(200);
    for (const s of [...r.roots, r.reader, r.writer]) s.close();
  });
});
