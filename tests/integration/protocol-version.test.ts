/**
 * Issue 18: every socket (user hub, project board, poker/retro room, document) is opened with
 * the page's protocol version (`v`); the Worker closes a page of another version — or of none,
 * a page older than the parameter — with `STALE_VERSION` before an object wakes, so the page
 * offers a reload instead of reconnecting forever.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CLOSE } from "../../domain/wire/close-codes";
import { PROTOCOL_VERSION } from "../../domain/wire/version";
import { makeDoc, until } from "../fixtures/doc-client";
import { call, ORIGIN, socketPath } from "../fixtures/http";
import { buildTeam, type Team } from "../fixtures/projects";
import { base } from "../fixtures/tasks";

/** Opens `path` through the Worker as a page of protocol `version` (null: a page that sends none). */
async function open(path: string, cookie: string, version: string | null) {
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(`${ORIGIN}${socketPath(path, version)}`, {
    headers: { Upgrade: "websocket", Origin: ORIGIN, Cookie: cookie },
  });
  let closed: number | undefined;
  let frames = 0;
  const ws = res.webSocket;
  ws?.accept();
  ws?.addEventListener("message", () => void (frames += 1));
  ws?.addEventListener("close", (e) => void (closed = e.code));
  return {
    status: res.status,
    closed: () => closed,
    frames: () => frames,
    async closedWith() {
      await until(() => closed !== undefined, `${path} to close`, 2000);
      return closed;
    },
    close: () => ws?.close(1000),
  };
}

/** One path of every socket kind, each open to the team's writer. */
async function everySocket(team: Team) {
  const room = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "poker", title: "Versions", method: "fibonacci" } });
  expect(room.status, room.text).toBe(201);
  const joined = await call("POST", `/api/v1/rooms/${room.json.guid}/join`, { cookie: team.cookies.write, body: {} });
  expect(joined.status, joined.text).toBe(200);
  const doc = await makeDoc(team.projectId);
  const meeting = await call("POST", "/api/meeting/rooms", { cookie: team.cookies.write, body: { projectId: team.projectId, name: "Versions", description: "Sockets" } });
  expect((await call("POST", `/api/rooms/${meeting.json.guid}/join`, { cookie: team.cookies.write, body: { name: "Writer" } })).status).toBe(200);
  return { hub: `/ws/user/${team.users.write.id}`, project: `/ws/project/${team.projectId}`, room: `/ws/room/${room.json.guid}`, doc: `/ws/doc/${doc}`, meeting: `/ws/meeting/${meeting.json.guid}` };
}

describe("the live protocol version", () => {
  it("closes every kind of socket opened by a page of another version, or of none, with the stale-version code", async () => {
    const team = await buildTeam();
    for (const [kind, path] of Object.entries(await everySocket(team))) {
      for (const version of [String(PROTOCOL_VERSION - 1), String(PROTOCOL_VERSION + 1), null, "not-a-version"]) {
        const socket = await open(path, team.cookies.write!, version);
        expect(socket.status, `${kind} v=${version}`).toBe(101);
        expect(await socket.closedWith(), `${kind} v=${version}`).toBe(CLOSE.STALE_VERSION);
        expect(socket.frames(), `${kind} v=${version} hears nothing`).toBe(0);
      }
    }
  });

  it("refuses a stale page before anything else is decided: even without a session it hears only that it is stale", async () => {
    const team = await buildTeam();
    const { room } = await everySocket(team);
    const socket = await open(room, "sid=nobody", String(PROTOCOL_VERSION + 1));
    expect(await socket.closedWith()).toBe(CLOSE.STALE_VERSION);
  });

  it("lets a page of the current version connect to every kind of socket", async () => {
    const team = await buildTeam();
    const paths = await everySocket(team);
    for (const [kind, path] of Object.entries(paths)) {
      const socket = await open(path, team.cookies.write!, String(PROTOCOL_VERSION));
      expect(socket.status, kind).toBe(101);
      // Rooms and documents greet a socket (state, sync); the hub and the board only push.
      if (kind === "room" || kind === "doc" || kind === "meeting") await until(() => socket.frames() > 0, `${kind} to greet the socket`, 2000);
      await new Promise((r) => setTimeout(r, 200));
      expect(socket.closed(), kind).toBeUndefined();
      socket.close();
    }
  });
});
