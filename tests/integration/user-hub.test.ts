import { evictDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { type HubMessage, hubMessage } from "../../domain/wire/live/hub";
import { pushToUser } from "../../workers/services/hub";
import type { Env } from "../../workers/env";
import { call, ORIGIN, socketPath } from "../fixtures/http";
import { signedIn } from "../fixtures/users";

const workerEnv = env as unknown as Env;

/** Opens `/ws/user/{guid}` through the Worker, as a browser tab would. */
async function connect(guid: string, cookie: string | undefined, origin = ORIGIN) {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (cookie) headers.Cookie = cookie;
  if (origin) headers.Origin = origin;
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(`${ORIGIN}${socketPath(`/ws/user/${guid}`)}`, { headers });
  const ws = res.webSocket;
  const received: HubMessage[] = [];
  const waiters: (() => void)[] = [];
  if (ws) {
    ws.accept();
    ws.addEventListener("message", (e) => {
      const parsed = hubMessage.safeParse(JSON.parse(String(e.data)));
      if (parsed.success) received.push(parsed.data);
      waiters.splice(0).forEach((w) => w());
    });
  }
  const next = async (count: number) => {
    const deadline = Date.now() + 3000;
    while (received.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} messages arrived`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
    return received;
  };
  return { status: res.status, ws, received, next };
}

const ALL_TYPES: HubMessage[] = [
  {
    type: "invite_project",
    invite: { guid: "i1", email: "a@b.c", value: "member", project: { guid: "p", name: "P" }, invited_by: { guid: "u", name: "U" }, created_at: 1 },
  },
  { type: "delete_invite_project", guid: "i1" },
  { type: "update_license_user", license: { type_license: "pro" } },
  { type: "modification_text", id: "title", text: "New title" },
  { type: "openai_chat", content: [{ role: "assistant", content: "hi" }] },
  { type: "notification", notification: { id: "n1", kind: "invited", project: "p", payload: {}, created_at: 1, read: false } },
  { type: "update_project_access", project: { guid: "p" }, participant: { guid: "u" }, is_verifications: false },
];

describe("user hub", () => {
  it("refuses a socket without a session, for another user, or from a foreign page", async () => {
    const me = await signedIn();
    const other = await signedIn();
    expect((await connect(me.id, undefined)).status).toBe(401);
    expect((await connect(other.id, me.cookie)).status).toBe(403);
    expect((await connect(me.id, me.cookie, "https://evil.example")).status).toBe(403);
    expect((await connect(me.id, me.cookie)).status).toBe(101);
  });

  it("delivers every message type of the protocol to every open tab", async () => {
    const me = await signedIn();
    const tabA = await connect(me.id, me.cookie);
    const tabB = await connect(me.id, me.cookie);
    for (const message of ALL_TYPES) await pushToUser(workerEnv, me.id, message);
    expect(await tabA.next(ALL_TYPES.length)).toEqual(ALL_TYPES);
    expect(await tabB.next(ALL_TYPES.length)).toEqual(ALL_TYPES);
  });

  it("refuses to push a malformed message", async () => {
    const me = await signedIn();
    const stub = await getServerByName(workerEnv.UserHub, me.id);
    expect(await stub.push({ type: "invite_project" } as unknown as HubMessage)).toEqual({ ok: false, sent: 0 });
  });

  it("answers anything a client sends with an error frame and stays open", async () => {
    const me = await signedIn();
    const tab = await connect(me.id, me.cookie);
    const frames: string[] = [];
    tab.ws!.addEventListener("message", (e) => frames.push(String(e.data)));
    tab.ws!.send("{not json");
    await new Promise((r) => setTimeout(r, 200));
    expect(frames).toContain(JSON.stringify({ type: "error", code: "unsupported" }));
    await pushToUser(workerEnv, me.id, { type: "delete_invite_project", guid: "x" });
    expect(await tab.next(1)).toEqual([{ type: "delete_invite_project", guid: "x" }]);
  });

  it("keeps delivering after the object is evicted, to old and reconnected sockets", async () => {
    const me = await signedIn();
    const tab = await connect(me.id, me.cookie);
    const stub = await getServerByName(workerEnv.UserHub, me.id);
    await pushToUser(workerEnv, me.id, { type: "delete_invite_project", guid: "before" });
    await tab.next(1);
    await evictDurableObject(stub);
    const reconnected = await connect(me.id, me.cookie);
    await pushToUser(workerEnv, me.id, { type: "delete_invite_project", guid: "after" });
    expect((await tab.next(2))[1]).toEqual({ type: "delete_invite_project", guid: "after" });
    expect(await reconnected.next(1)).toEqual([{ type: "delete_invite_project", guid: "after" }]);
  });

  it("pushes an invitation and its withdrawal live to the invitee", async () => {
    const owner = await signedIn();
    const invitee = await signedIn();
    const tab = await connect(invitee.id, invitee.cookie);
    const { json: project } = await call("POST", "/api/v1/project", { cookie: owner.cookie, body: { name: "Live" } });
    const sent = await call("POST", `/api/v1/project/${project.guid}/invite`, { cookie: owner.cookie, body: [{ email: invitee.email, value: "member" }] });
    const messages = await tab.next(2);
    expect(messages[0]).toMatchObject({ type: "invite_project", invite: { guid: sent.json[0].guid } });
    expect(messages[1]).toMatchObject({ type: "notification", notification: { kind: "invited" } });
    await call("DELETE", `/api/v1/project/${project.guid}/invite/${sent.json[0].guid}`, { cookie: owner.cookie });
    expect((await tab.next(3))[2]).toEqual({ type: "delete_invite_project", guid: sent.json[0].guid });
  });
});
