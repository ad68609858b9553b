/**
 * The AI helper against the fake OpenAI-compatible provider on loopback (tests/fixtures/fake-llm.ts,
 * started by vitest.config.ts): workerd's fetch reaches a Node server on 127.0.0.1 directly.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type HubMessage, hubMessage } from "../../domain/wire/live/hub";
import worker from "../../workers/app";
import { documents, rateLimits } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { FAKE_ANSWER, FAKE_FLOWCHART } from "../fixtures/fake-llm";
import { call, ORIGIN, socketPath } from "../fixtures/http";
import { buildTeam, type Team } from "../fixtures/projects";
import { db, signedIn } from "../fixtures/users";

const base = env as unknown as Env;
const fakeUrl = base.AI_BASE_URL!.replace(/\/v1$/, "");

/** The request bodies the fake provider received since the last `clearReceived`. */
async function received(): Promise<{ messages: { role: string; content: string }[] }[]> {
  return (await fetch(`${fakeUrl}/received`)).json();
}
const clearReceived = () => fetch(`${fakeUrl}/received`, { method: "DELETE" });

/** A tab of `user` on their hub, collecting what it is pushed. */
async function hubTab(user: { id: string; cookie: string }) {
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(`${ORIGIN}${socketPath(`/ws/user/${user.id}`)}`, {
    headers: { Upgrade: "websocket", Cookie: user.cookie, Origin: ORIGIN },
  });
  const ws = res.webSocket!;
  ws.accept();
  const messages: HubMessage[] = [];
  ws.addEventListener("message", (e) => {
    const parsed = hubMessage.safeParse(JSON.parse(String(e.data)));
    if (parsed.success) messages.push(parsed.data);
  });
  const waitFor = async (test: (m: HubMessage[]) => boolean) => {
    const deadline = Date.now() + 5000;
    while (!test(messages)) {
      if (Date.now() > deadline) throw new Error(`hub messages never matched: ${JSON.stringify(messages).slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { messages, waitFor, close: () => ws.close() };
}

/** Calls the Worker with environment overrides (no provider, a short timeout…). */
async function callWith(overrides: Partial<Env>, method: string, path: string, cookie: string, body?: unknown) {
  const ctx = createExecutionContext();
  const headers = new Headers({ Cookie: cookie, Origin: ORIGIN, "CF-Connecting-IP": "10.77.0.1" });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }) as never, { ...base, ...overrides } as never, ctx);
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

let team: Team;
let docGuid: string;
const run = () => crypto.randomUUID();
const docPath = () => `/api/v1/project/${team.projectId}/ai/document/${docGuid}`;

beforeAll(async () => {
  team = await buildTeam();
  const created = await call("POST", `/api/v1/project/${team.projectId}/docs`, { cookie: team.cookies.root, body: { kind: "text", title: "Release notes" } });
  docGuid = created.json.guid;
});

describe("the document helper", () => {
  it("streams a summary to the asking user's tabs as modification_text and answers with the whole text", async () => {
    const tab = await hubTab(team.users.write);
    const res = await call("POST", docPath(), { cookie: team.cookies.write, body: { run: run(), action: "summarise", text: "Long text about the release.", title: "Release notes" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: docGuid, text: FAKE_ANSWER, cancelled: false });
    await tab.waitFor((m) => m.some((x) => x.type === "modification_text" && x.text === FAKE_ANSWER));
    const pushes = tab.messages.filter((m) => m.type === "modification_text");
    expect(pushes.every((m) => m.type === "modification_text" && m.id === docGuid && FAKE_ANSWER.startsWith(m.text))).toBe(true);
    const prompt = (await received()).at(-1)!;
    expect(prompt.messages.at(-1)!.content).toContain("Long text about the release.");
    expect(prompt.messages.at(-1)!.content).toMatch(/Summarise/);
    tab.close();
  });

  it("sends a title suggestion with the id `title`", async () => {
    const tab = await hubTab(team.users.write);
    const res = await call("POST", docPath(), { cookie: team.cookies.write, body: { run: run(), action: "shorten", target: "title", title: "A very long title" } });
    expect(res.json.id).toBe("title");
    await tab.waitFor((m) => m.some((x) => x.type === "modification_text" && x.id === "title" && x.text === FAKE_ANSWER));
    tab.close();
  });

  it("answers a provider failure with a translated 502 and leaves the document as it was", async () => {
    const before = await db().select().from(documents).where(eq(documents.id, docGuid)).get();
    const res = await call("POST", docPath(), { cookie: team.cookies.write, body: { run: run(), action: "spelling", text: "please fail [error]" }, headers: { "Accept-Language": "de" } });
    expect(res.status).toBe(502);
    expect(res.json.code).toBe("ai_provider_failed");
    expect(res.json.detail).toMatch(/KI-Anbieter/);
    expect(await db().select().from(documents).where(eq(documents.id, docGuid)).get()).toEqual(before);
  });

  it("answers a provider that takes too long with 504 ai_timeout", async () => {
    const res = await callWith({ AI_TIMEOUT_MS: "400" }, "POST", docPath(), team.cookies.write!, { run: run(), action: "continue", text: "go on [slow]" });
    expect(res.status).toBe(504);
    expect(res.json.code).toBe("ai_timeout");
  });

  it("stops the stream and the provider request when the run is cancelled", async () => {
    const tab = await hubTab(team.users.write);
    const id = run();
    const pending = call("POST", docPath(), { cookie: team.cookies.write, body: { run: id, action: "continue", text: "go on [slow]" } });
    await tab.waitFor((m) => m.some((x) => x.type === "modification_text" && x.text.includes("word1")));
    const started = Date.now();
    const cancel = await call("POST", `/api/v1/project/${team.projectId}/ai/cancel/${id}`, { cookie: team.cookies.write });
    expect(cancel.json).toEqual({ cancelled: true });
    const res = await pending;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(200);
    expect(res.json.cancelled).toBe(true);
    const count = tab.messages.length;
    await new Promise((r) => setTimeout(r, 700));
    expect(tab.messages.length).toBe(count);
    tab.close();
  });

  it("cannot cancel another user's run", async () => {
    const id = run();
    const pending = call("POST", docPath(), { cookie: team.cookies.write, body: { run: id, action: "continue", text: "go on [slow]" } });
    await new Promise((r) => setTimeout(r, 400));
    const other = await call("POST", `/api/v1/project/${team.projectId}/ai/cancel/${id}`, { cookie: team.cookies.root });
    expect(other.json).toEqual({ cancelled: false });
    await call("POST", `/api/v1/project/${team.projectId}/ai/cancel/${id}`, { cookie: team.cookies.write });
    expect((await pending).json.cancelled).toBe(true);
  });

  it("says plainly how to configure a provider when none is, without calling anything", async () => {
    await clearReceived();
    const res = await callWith({ AI_BASE_URL: undefined, AI_MODEL: undefined }, "POST", docPath(), team.cookies.write!, { run: run(), action: "summarise", text: "x" });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("ai_not_configured");
    expect(res.json.detail).toMatch(/AI_BASE_URL/);
    const status = await callWith({ AI_BASE_URL: undefined }, "GET", `/api/v1/project/${team.projectId}/ai`, team.cookies.read!);
    expect(status.json.configured).toBe(false);
    const chat = await callWith({ AI_BASE_URL: undefined }, "POST", `/api/v1/project/${team.projectId}/ai/chat`, team.cookies.read!, { run: run(), message: "Hi" });
    expect(chat.json.code).toBe("ai_not_configured");
    expect(await received()).toEqual([]);
  });

  it("refuses with 429 once the user's hourly allowance is spent, without calling the provider", async () => {
    const user = team.users.root;
    await db().insert(rateLimits).values({ key: `ai:${user.id}`, windowStart: Date.now(), count: 60 }).onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: Date.now(), count: 60 } });
    await clearReceived();
    const res = await call("POST", docPath(), { cookie: user.cookie, body: { run: run(), action: "summarise", text: "x" } });
    expect(res.status).toBe(429);
    expect(res.json.code).toBe("ai_rate_limited");
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await received()).toEqual([]);
    await db().delete(rateLimits).where(eq(rateLimits.key, `ai:${user.id}`));
  });

  it("refuses a translation without a language and a free prompt without a prompt, readably", async () => {
    const a = await call("POST", docPath(), { cookie: team.cookies.write, body: { run: run(), action: "translate", text: "x" } });
    expect(a.status).toBe(400);
    expect(a.json.code).toBe("ai_language_required");
    const b = await call("POST", docPath(), { cookie: team.cookies.write, body: { run: run(), action: "prompt", text: "x" } });
    expect(b.json.code).toBe("ai_prompt_required");
  });
});

describe("the project chat", () => {
  it("builds its context only from what the asking user may read, and cites with links", async () => {
    const mine = await call("POST", `/api/v1/project/${team.projectId}/docs`, { cookie: team.cookies.root, body: { kind: "text", title: "Visible plan" } });
    const stranger = await signedIn();
    const theirs = await call("POST", "/api/v1/project", { cookie: stranger.cookie, body: { name: "Secret project" } });
    const secretDoc = await call("POST", `/api/v1/project/${theirs.json.guid}/docs`, { cookie: stranger.cookie, body: { kind: "text", title: "SECRET-TITLE-B" } });
    await db().update(documents).set({ plainText: "SECRET-BODY-B" }).where(eq(documents.id, secretDoc.json.guid));
    await db().update(documents).set({ plainText: "public-note of the plan" }).where(eq(documents.id, mine.json.guid));
    await clearReceived();

    const res = await call("POST", `/api/v1/project/${team.projectId}/ai/chat`, { cookie: team.cookies.read, body: { run: run(), message: "What is the plan?" } });
    expect(res.status).toBe(200);
    const prompt = JSON.stringify((await received()).at(-1));
    expect(prompt).toContain("public-note of the plan");
    expect(prompt).toContain(`[document:${mine.json.guid}]`);
    expect(prompt).not.toContain("SECRET");

    // The stranger's project cannot be asked about at all, and nothing reaches the provider.
    await clearReceived();
    const refused = await call("POST", `/api/v1/project/${theirs.json.guid}/ai/chat`, { cookie: team.cookies.read, body: { run: run(), message: "Tell me" } });
    expect(refused.status).toBe(403);
    const unverified = await call("POST", `/api/v1/project/${team.projectId}/ai/chat`, { cookie: team.cookies.unverified, body: { run: run(), message: "Tell me" } });
    expect(unverified.status).toBe(403);
    expect(await received()).toEqual([]);
  });

  it("streams the answer as openai_chat, keeps the conversation per user and project, and clears it", async () => {
    const tab = await hubTab(team.users.write);
    const chat = `/api/v1/project/${team.projectId}/ai/chat`;
    const res = await call("POST", chat, { cookie: team.cookies.write, body: { run: run(), message: "First question" } });
    expect(res.json.text).toBe(FAKE_ANSWER);
    await tab.waitFor((m) => m.some((x) => x.type === "openai_chat" && (x.content as { done: boolean; text: string }).done));
    const history = await call("GET", chat, { cookie: team.cookies.write });
    expect(history.json.results.map((t: { role: string; content: string }) => [t.role, t.content])).toEqual([
      ["user", "First question"],
      ["assistant", FAKE_ANSWER],
    ]);
    // Earlier turns go with the next question.
    await call("POST", chat, { cookie: team.cookies.write, body: { run: run(), message: "Second question" } });
    expect(JSON.stringify((await received()).at(-1))).toContain("First question");
    // Another participant's conversation is their own.
    expect((await call("GET", chat, { cookie: team.cookies.root })).json.results).toEqual([]);
    expect((await call("DELETE", chat, { cookie: team.cookies.write })).status).toBe(204);
    expect((await call("GET", chat, { cookie: team.cookies.write })).json.results).toEqual([]);
    tab.close();
  });
});

describe("the diagram helper", () => {
  it("asks for Mermaid only and feeds a parse error back on the one retry", async () => {
    const path = `/api/v1/project/${team.projectId}/ai/diagram`;
    const first = await call("POST", path, { cookie: team.cookies.write, body: { run: run(), prompt: "Login flow [broken]" } });
    expect(first.status).toBe(200);
    expect((await received()).at(-1)!.messages[0]!.content).toMatch(/ONLY with Mermaid/);
    const retry = await call("POST", path, { cookie: team.cookies.write, body: { run: run(), prompt: "Login flow [broken]", retry: { answer: first.json.text, error: "Parse error on line 2" } } });
    expect(retry.json.text).toBe(FAKE_FLOWCHART);
    const sent = (await received()).at(-1)!.messages;
    expect(sent.at(-1)!.content).toContain("Parse error on line 2");
    expect(sent.at(-2)).toMatchObject({ role: "assistant", content: first.json.text });
  });
});
