import { evictDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { CLOSE } from "../../domain/wire/close-codes";
import { VERIFIED_PROJECT_HEADER, VERIFIED_USER_HEADER } from "../../domain/wire/headers";
import { type ProjectMessage, projectHello, projectMessage } from "../../domain/wire/live/project";
import type { Env } from "../../workers/env";
import { call, ORIGIN, socketPath } from "../fixtures/http";
import { buildTeam, type Team } from "../fixtures/projects";

const workerEnv = env as unknown as Env;

/** Watches one socket: the change notices it receives and how it closes. */
function watch(ws: WebSocket | null) {
  const received: ProjectMessage[] = [];
  const frames: string[] = [];
  let closed: number | undefined;
  if (ws) {
    ws.accept();
    ws.addEventListener("message", (e) => {
      frames.push(String(e.data));
      const parsed = projectMessage.safeParse(JSON.parse(String(e.data)));
      if (parsed.success) received.push(parsed.data);
    });
    ws.addEventListener("close", (e) => {
      closed = e.code;
    });
  }
  const until = async (done: () => boolean, what: string) => {
    const deadline = Date.now() + 3000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    ws,
    received,
    frames,
    /** The first `count` messages, once that many arrived. */
    next: async (count: number) => {
      await until(() => received.length >= count, `${count} messages (got ${received.length})`);
      return received.slice(0, count);
    },
    /** The close code, once the server closed the socket. */
    closedWith: async () => {
      await until(() => closed !== undefined, "the socket to close");
      return closed;
    },
    isOpen: () => closed === undefined,
  };
}

/** Opens `/ws/project/{guid}` through the Worker, as a board in a browser tab would. */
async function connect(projectGuid: string, cookie: string | undefined, options: { origin?: string; upgrade?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (options.upgrade !== false) headers.Upgrade = "websocket";
  if (cookie) headers.Cookie = cookie;
  headers.Origin = options.origin ?? ORIGIN;
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(`${ORIGIN}${socketPath(`/ws/project/${projectGuid}`)}`, { headers });
  return { status: res.status, ...watch(res.webSocket) };
}

/** A team whose read-only member has the board open. */
async function teamWithBoard() {
  const team = await buildTeam();
  const base = `/api/v1/project/${team.projectId}`;
  const board = await connect(team.projectId, team.cookies.read);
  expect(board.status).toBe(101);
  return { team, base, board };
}

const createTask = (team: Team, title: string) =>
  call("POST", `/api/v1/project/${team.projectId}/issue`, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "title", value: title }] } });

describe("project room sockets", () => {
  it("refuses a socket without a session, from an outsider or an unverified participant, from a foreign page, or without an upgrade", async () => {
    const team = await buildTeam();
    expect((await connect(team.projectId, undefined)).status).toBe(401);
    expect((await connect(team.projectId, team.cookies.outsider)).status).toBe(403);
    expect((await connect(team.projectId, team.cookies.unverified)).status).toBe(403);
    expect((await connect(crypto.randomUUID(), team.cookies.root)).status).toBe(403);
    expect((await connect(team.projectId, team.cookies.read, { origin: "https://evil.example" })).status).toBe(403);
    expect((await connect(team.projectId, team.cookies.read, { upgrade: false })).status).toBe(426);
    for (const actor of ["root", "write", "read"] as const) expect((await connect(team.projectId, team.cookies[actor])).status).toBe(101);
  });

  it("ignores verified headers a client sends itself", async () => {
    const team = await buildTeam();
    const res = await (exports as unknown as { default: Fetcher }).default.fetch(`${ORIGIN}${socketPath(`/ws/project/${team.projectId}`)}`, {
      headers: { Upgrade: "websocket", Origin: ORIGIN, Cookie: team.cookies.outsider!, [VERIFIED_USER_HEADER]: team.users.root.id, [VERIFIED_PROJECT_HEADER]: team.projectId },
    });
    expect(res.status).toBe(403);
  });

  it("closes a socket that did not come through the Worker's checks", async () => {
    const team = await buildTeam();
    const stub = await getServerByName(workerEnv.ProjectRoom, team.projectId);
    const direct = async (headers: Record<string, string>) => {
      const res = await stub.fetch(`${ORIGIN}/ws/project/${team.projectId}`, { headers: { Upgrade: "websocket", ...headers } });
      return watch(res.webSocket).closedWith();
    };
    expect(await direct({})).toBe(CLOSE.UNAUTHORIZED);
    expect(await direct({ [VERIFIED_USER_HEADER]: team.users.read.id })).toBe(CLOSE.UNAUTHORIZED);
    expect(await direct({ [VERIFIED_USER_HEADER]: team.users.read.id, [VERIFIED_PROJECT_HEADER]: crypto.randomUUID() })).toBe(CLOSE.UNAUTHORIZED);
  });

  it("answers anything a client sends with an error frame and stays open", async () => {
    const { board, team } = await teamWithBoard();
    board.ws!.send("{not json");
    await new Promise((r) => setTimeout(r, 200));
    expect(board.frames).toContain(JSON.stringify({ type: "error", code: "unsupported" }));
    await createTask(team, "Still listening");
    expect((await board.next(1))[0]!.type).toBe("tasks_changed");
  });
});

describe("project room messages", () => {
  it("tells a member's board when another member creates, edits, moves and deletes tasks", async () => {
    const { team, base, board } = await teamWithBoard();
    const before = Date.now();
    const a = (await createTask(team, "A")).json;
    const b = (await createTask(team, "B")).json;
    const edited = await call("PUT", `${base}/issue/${a.guid}`, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "title", value: "A!" }] } });
    expect(edited.status).toBe(200);
    const moved = await call("PATCH", `${base}/issue`, { cookie: team.cookies.write, body: [{ guid: b.guid, sort: 0 }, { guid: a.guid, sort: 1 }] });
    expect(moved.json).toEqual({ ok: true, written: 2 });
    expect((await call("DELETE", `${base}/issue/${b.guid}`, { cookie: team.cookies.write })).status).toBe(204);
    const messages = await board.next(5);
    const common = { type: "tasks_changed", project: team.projectId, by: team.users.write.id };
    expect(messages).toEqual([
      { ...common, tasks: [a.guid], at: expect.any(Number) },
      { ...common, tasks: [b.guid], at: expect.any(Number) },
      { ...common, tasks: [a.guid], at: expect.any(Number) },
      { ...common, tasks: [b.guid, a.guid], at: expect.any(Number) },
      { ...common, tasks: [b.guid], at: expect.any(Number) },
    ]);
    for (const m of messages) expect(m.at).toBeGreaterThanOrEqual(before);
  });

  it("says nothing when a call changed nothing or was refused", async () => {
    const { team, base, board } = await teamWithBoard();
    const a = (await createTask(team, "A")).json;
    await board.next(1);
    expect((await call("PATCH", `${base}/issue`, { cookie: team.cookies.write, body: [{ guid: a.guid, sort: a.sort }] })).json.written).toBe(0);
    expect((await call("PUT", `${base}/issue/${a.guid}`, { cookie: team.cookies.read, body: { custom_fields: [{ slug: "title", value: "No" }] } })).status).toBe(403);
    expect((await call("POST", `${base}/issue`, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "title", value: " " }] } })).status).toBe(400);
    await call("DELETE", `${base}/issue/${a.guid}`, { cookie: team.cookies.write });
    // The next notice is the delete: nothing arrived in between.
    expect((await board.next(2))[1]).toMatchObject({ type: "tasks_changed", tasks: [a.guid] });
  });

  it("tells a board when sprints are created, edited and deleted", async () => {
    const { team, base, board } = await teamWithBoard();
    const sprint = (await call("POST", `${base}/sprint`, { cookie: team.cookies.write, body: { title: "S1" } })).json;
    expect((await call("PUT", `${base}/sprint/${sprint.guid}`, { cookie: team.cookies.write, body: { goal: "Ship" } })).status).toBe(200);
    expect((await call("DELETE", `${base}/sprint/${sprint.guid}`, { cookie: team.cookies.write })).status).toBe(204);
    expect(await board.next(3)).toEqual(
      Array.from({ length: 3 }, () => ({ type: "sprints_changed", project: team.projectId, by: team.users.write.id, at: expect.any(Number) })),
    );
  });

  it("tells a board when comments on a task are added, edited and deleted", async () => {
    const { team, base, board } = await teamWithBoard();
    const task = (await createTask(team, "Discussed")).json;
    const path = `${base}/issue/${task.guid}/comment`;
    const comment = (await call("POST", path, { cookie: team.cookies.write, body: { text: "First" } })).json;
    expect((await call("PUT", `${path}/${comment.guid}`, { cookie: team.cookies.write, body: { text: "First!" } })).status).toBe(200);
    expect((await call("DELETE", `${path}/${comment.guid}`, { cookie: team.cookies.write })).status).toBe(204);
    const messages = await board.next(4);
    expect(messages.slice(1)).toEqual(
      Array.from({ length: 3 }, () => ({ type: "comments_changed", project: team.projectId, task: task.guid, by: team.users.write.id, at: expect.any(Number) })),
    );
  });

  it("reaches the boards of every member, and only of this project", async () => {
    const { team, board } = await teamWithBoard();
    const rootBoard = await connect(team.projectId, team.cookies.root);
    const elsewhere = await teamWithBoard();
    const task = (await createTask(team, "Shared")).json;
    const expected = { type: "tasks_changed", project: team.projectId, tasks: [task.guid], by: team.users.write.id, at: expect.any(Number) };
    expect(await board.next(1)).toEqual([expected]);
    expect(await rootBoard.next(1)).toEqual([expected]);
    await createTask(elsewhere.team, "Other project");
    expect((await elsewhere.board.next(1))[0]).toMatchObject({ project: elsewhere.team.projectId });
    expect(board.received).toHaveLength(1);
  });

  it("refuses to publish a malformed message or one about another project", async () => {
    const team = await buildTeam();
    const stub = await getServerByName(workerEnv.ProjectRoom, team.projectId);
    expect(await stub.publish({ type: "tasks_changed", project: team.projectId } as unknown as ProjectMessage)).toEqual({ ok: false, sent: 0 });
    expect(await stub.publish({ type: "nonsense" } as unknown as ProjectMessage)).toEqual({ ok: false, sent: 0 });
    expect(await stub.publish({ type: "sprints_changed", project: crypto.randomUUID(), by: team.users.root.id, at: 1 })).toEqual({ ok: false, sent: 0 });
    await connect(team.projectId, team.cookies.read);
    expect(await stub.publish({ type: "sprints_changed", project: team.projectId, by: team.users.root.id, at: 1 })).toEqual({ ok: true, sent: 1 });
    // Reached by its id alone (one round trip, as services/live.ts publishes), a room never
    // named before takes only the name its id was made from.
    const fresh = crypto.randomUUID();
    const unnamed = workerEnv.ProjectRoom.get(workerEnv.ProjectRoom.idFromName(fresh));
    expect(await unnamed.publish({ type: "sprints_changed", project: crypto.randomUUID(), by: team.users.root.id, at: 1 })).toEqual({ ok: false, sent: 0 });
    expect(await unnamed.publish({ type: "sprints_changed", project: fresh, by: team.users.root.id, at: 1 })).toEqual({ ok: true, sent: 0 });
  });

  it("reaches a board opened after its last publish, and counts a closed one no more", async () => {
    // The room lists its sockets once until one connects or closes (open-sockets.ts).
    const { team, board } = await teamWithBoard();
    const stub = await getServerByName(workerEnv.ProjectRoom, team.projectId);
    const notice = (at: number): ProjectMessage => ({ type: "sprints_changed", project: team.projectId, by: team.users.root.id, at });
    expect(await stub.publish(notice(1))).toEqual({ ok: true, sent: 1 });
    const later = await connect(team.projectId, team.cookies.root);
    expect(await stub.publish(notice(2))).toEqual({ ok: true, sent: 2 });
    expect(await later.next(1)).toEqual([notice(2)]);
    board.ws!.close(1000, "tab closed");
    await expect.poll(async () => (await stub.publish(notice(3))).sent).toBe(1);
    expect(later.received.at(-1)).toEqual(notice(3));
  });
});

describe("project room access", () => {
  it("closes a removed participant's board with 4003 and keeps the others", async () => {
    const { team, board } = await teamWithBoard();
    const rootBoard = await connect(team.projectId, team.cookies.root);
    const removed = await call("DELETE", `/api/v1/project/${team.projectId}/access/${team.users.read.accessGuid}`, { cookie: team.cookies.root });
    expect(removed.status).toBe(204);
    expect(await board.closedWith()).toBe(CLOSE.FORBIDDEN);
    expect((await connect(team.projectId, team.cookies.read)).status).toBe(403);
    await createTask(team, "After");
    expect((await rootBoard.next(1))[0]).toMatchObject({ type: "tasks_changed" });
    expect(rootBoard.isOpen()).toBe(true);
    expect(board.received).toEqual([]);
  });

  it("closes a board whose user is unverified, but not one whose user keeps read access", async () => {
    const { team } = await teamWithBoard();
    const writer = await connect(team.projectId, team.cookies.write);
    const reader = await connect(team.projectId, team.cookies.read);
    const access = (who: "write" | "read") => `/api/v1/project/${team.projectId}/access/${team.users[who].accessGuid}`;
    expect((await call("PUT", access("write"), { cookie: team.cookies.root, body: { write: false } })).status).toBe(200);
    expect((await call("PUT", access("read"), { cookie: team.cookies.root, body: { is_verifications: false } })).status).toBe(200);
    expect(await reader.closedWith()).toBe(CLOSE.FORBIDDEN);
    await call("POST", `/api/v1/project/${team.projectId}/sprint`, { cookie: team.cookies.root, body: { title: "Still here" } });
    expect((await writer.next(1))[0]).toMatchObject({ type: "sprints_changed", by: team.users.root.id });
    expect(writer.isOpen()).toBe(true);
  });

  it("greets every socket with when it last published a change, and keeps that through eviction", async () => {
    const team = await buildTeam();
    const hello = async () => {
      const board = await connect(team.projectId, team.cookies.read);
      expect(board.status).toBe(101);
      const deadline = Date.now() + 3000;
      while (!board.frames.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      board.ws!.close(1000);
      return projectHello.parse(JSON.parse(board.frames[0]!));
    };
    // A project that never changed: nothing to have missed.
    expect(await hello()).toEqual({ type: "hello", changed_at: null });
    const before = Date.now();
    await createTask(team, "Changed");
    const after = Date.now();
    const first = (await hello()).changed_at!;
    expect(first).toBeGreaterThanOrEqual(before);
    expect(first).toBeLessThanOrEqual(after);
    // Kept in the room's storage: an evicted room still knows.
    await evictDurableObject(await getServerByName(workerEnv.ProjectRoom, team.projectId));
    expect((await hello()).changed_at).toBe(first);
    // A call that changed nothing publishes nothing and leaves it as it was.
    expect((await call("POST", `/api/v1/project/${team.projectId}/issue`, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "title", value: " " }] } })).status).toBe(400);
    expect((await hello()).changed_at).toBe(first);
  });

  it("keeps delivering after the object is evicted, to old and reconnected boards, and still closes by user", async () => {
    const { team, board } = await teamWithBoard();
    const stub = await getServerByName(workerEnv.ProjectRoom, team.projectId);
    await createTask(team, "Before");
    await board.next(1);
    await evictDurableObject(stub);
    const reconnected = await connect(team.projectId, team.cookies.read);
    expect(reconnected.status).toBe(101);
    const after = (await createTask(team, "After")).json;
    expect((await board.next(2))[1]).toMatchObject({ type: "tasks_changed", tasks: [after.guid] });
    expect(await reconnected.next(1)).toEqual([expect.objectContaining({ type: "tasks_changed", tasks: [after.guid] })]);
    // The user tags survive hibernation with the sockets.
    await evictDurableObject(stub);
    await call("DELETE", `/api/v1/project/${team.projectId}/access/${team.users.read.accessGuid}`, { cookie: team.cookies.root });
    expect(await board.closedWith()).toBe(CLOSE.FORBIDDEN);
    expect(await reconnected.closedWith()).toBe(CLOSE.FORBIDDEN);
  });
});
