/**
 * A repository written by the code before the object table (loose objects and a leftover pack
 * in `sqlFs`, tests/fixtures/git-legacy.ts), woken by the current code: its objects move into
 * the table in batches of one transaction each, and nothing is lost.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { FLUSH, concat, pktLine, readPktLines } from "../../domain/git/pkt-line";
import type { GitRepo } from "../../durable-objects/git-repo/git-repo";
import { fetchRemote } from "../../durable-objects/git-repo/import";
import { ObjectStore, objectId } from "../../durable-objects/git-repo/objects";
import { readPack } from "../../durable-objects/git-repo/pack";
import { RepoStore } from "../../durable-objects/git-repo/store";
import { MOVE_BATCH } from "../../durable-objects/git-repo/upgrade";
import type { Env } from "../../workers/env";
import { repoStub } from "../../workers/services/git";
import { type GitObject, commit, push } from "../fixtures/git";
import { leavePack, writeLoose } from "../fixtures/git-legacy";
import { call, fetchRaw } from "../fixtures/http";
import { buildTeam, type Team } from "../fixtures/projects";

const workerEnv = env as unknown as Env;
const upstream = () => (env as unknown as { FAKE_GIT_URL: string }).FAKE_GIT_URL;
let team: Team;
let token: string;
let made = 0;
/** Each test writes a 360-object, 5 MiB repository twice over (new code, then old layout): seconds, not the default five. */
const SLOW = 30_000;
const base = () => `/api/v1/project/${team.projectId}/git`;

beforeAll(async () => {
  team = await buildTeam();
  const res = await call("POST", "/api/v1/tokens", { cookie: team.cookies.write, body: { name: "cli" } });
  token = res.json.token;
});

/** Incompressible bytes: a blob that alone passes a batch's byte budget. */
function noise(size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let at = 0; at < size; at += 65536) crypto.getRandomValues(out.subarray(at, Math.min(size, at + 65536)));
  return out;
}

/** Every object the table holds, with its type and content, by id. */
function tableObjects(sql: SqlStorage): Map<string, { type: string; object: Uint8Array }> {
  const store = new ObjectStore(sql);
  const out = new Map<string, { type: string; object: Uint8Array }>();
  for (const { oid } of sql.exec<{ oid: string }>("SELECT oid FROM objects ORDER BY oid").toArray()) out.set(oid, store.read(oid)!);
  return out;
}

const looseFiles = (sql: SqlStorage) => sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM fs_entries WHERE kind = 'file' AND path GLOB '/repo/objects/*'").one().n;

/**
 * A repository as the old code left it: the pack of a loopback `git http-backend` (git's own,
 * with deltas) pushed and left unexploded, then a 120-commit branch and a 5 MiB blob as loose
 * objects: more objects and more bytes than one batch moves. Answers what it held before.
 */
async function legacyRepository() {
  const name = `legacy-${Date.now().toString(36)}-${++made}`;
  const created = await call("POST", base(), { cookie: team.cookies.write, body: { name, readme: false } });
  expect(created.status, created.text).toBe(201);
  const guid: string = created.json.guid;
  const path = `/git/${team.projectId}/${name}.git`;
  const fetched = await fetchRemote(`${upstream()}/src.git`, 1 << 24, null);
  if (!fetched.ok || !fetched.pack) throw new Error("no pack from upstream");
  const upstreamPack = fetched.pack;
  const seeded = await push(path, token, fetched.refs.map((r) => ({ ref: r.ref, new: r.oid })), upstreamPack);
  expect(Object.values(seeded.refs), seeded.text).toEqual(fetched.refs.map(() => "ok"));
  const first = await commit("Big file", { "big.bin": noise(5 * 1024 * 1024) });
  const objects: GitObject[] = [...first.objects];
  let tip = first.oid;
  for (let i = 0; i < 120; i++) {
    const next = await commit(`Change ${i}`, { [`file${i}.txt`]: `line ${i}\n` }, [tip]);
    objects.push(...next.objects);
    tip = next.oid;
  }
  const pushed = await push(path, token, [{ ref: "refs/heads/bulk", new: tip }], objects);
  expect(pushed.refs["refs/heads/bulk"], pushed.text).toBe("ok");

  const stub = repoStub(workerEnv, guid);
  const before = {
    main: (await call("GET", `${base()}/${guid}/commits?ref=main`, { cookie: team.cookies.read })).json,
    bulk: (await call("GET", `${base()}/${guid}/commits?ref=bulk&limit=100`, { cookie: team.cookies.read })).json,
    summary: (await call("GET", `${base()}/${guid}`, { cookie: team.cookies.read })).json,
  };
  const all = await runInDurableObject(stub, async (_repo: GitRepo, state) => {
    const sql = state.storage.sql;
    const held = tableObjects(sql);
    const packed = new Set((await readPack(upstreamPack, () => null)).map((o) => objectId(o.type, o.content)));
    sql.exec("DELETE FROM objects");
    sql.exec("DELETE FROM object_chunks");
    await leavePack(sql, upstreamPack);
    await writeLoose(sql, [...held].filter(([oid]) => !packed.has(oid)).map(([, o]) => o));
    expect(sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM objects").one().n).toBe(0);
    // Loose objects (one file each) and the pack with its index.
    expect(looseFiles(sql)).toBe(held.size - packed.size + 2);
    const looseBytes = sql.exec<{ n: number }>("SELECT SUM(size) AS n FROM fs_entries WHERE kind = 'file' AND path GLOB '/repo/objects/[0-9a-f][0-9a-f]/*'").one().n;
    expect(held.size - packed.size).toBeGreaterThan(MOVE_BATCH.objects);
    expect(looseBytes).toBeGreaterThan(MOVE_BATCH.bytes);
    return [...held.keys()].sort();
  });
  return { guid, stub, before, all, big: first.oid };
}

/** A clone through `git-upload-pack` (every branch and tag wanted, no haves): the ids its pack carries. */
async function cloneIds(name: string, wants: string[]): Promise<string[]> {
  const body = concat([...wants.map((oid) => pktLine(`want ${oid}\n`)), FLUSH, pktLine("done\n")]);
  const res = await fetchRaw(`/git/${team.projectId}/${name}.git/git-upload-pack`, {
    method: "POST",
    headers: { Authorization: `Basic ${btoa(`git:${token}`)}`, "Content-Type": "application/x-git-upload-pack-request" },
    body: body as Uint8Array<ArrayBuffer>,
  });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const { rest } = readPktLines(bytes.subarray(0, 8));
  const pack = await readPack(bytes.subarray(rest), () => null);
  return pack.map((o) => objectId(o.type, o.content)).sort();
}

/** What a woken repository must answer: every object in the table, none left as files, the same history, a full clone. */
async function expectIntact(repo: Awaited<ReturnType<typeof legacyRepository>>) {
  const summary = (await call("GET", `${base()}/${repo.guid}`, { cookie: team.cookies.read })).json;
  expect(summary).toEqual(repo.before.summary);
  expect((await call("GET", `${base()}/${repo.guid}/commits?ref=main`, { cookie: team.cookies.read })).json).toEqual(repo.before.main);
  expect((await call("GET", `${base()}/${repo.guid}/commits?ref=bulk&limit=100`, { cookie: team.cookies.read })).json).toEqual(repo.before.bulk);
  await runInDurableObject(repo.stub, async (_repo: GitRepo, state) => {
    const held = tableObjects(state.storage.sql);
    expect([...held.keys()].sort()).toEqual(repo.all);
    for (const [oid, { type, object }] of held) expect(objectId(type, object)).toBe(oid);
    expect(looseFiles(state.storage.sql)).toBe(0);
  });
  const wants = [...summary.heads, ...summary.tags].map((r: { hexsha: string }) => r.hexsha);
  expect(await cloneIds(summary.name, wants)).toEqual(repo.all);
  const big = await fetchRaw(`${base()}/${repo.guid}/raw/${repo.big}/big.bin`, { headers: { Cookie: team.cookies.read! } });
  expect(big.status).toBe(200);
  expect((await big.arrayBuffer()).byteLength).toBe(5 * 1024 * 1024);
}

describe("a repository stored before the object table", () => {
  it("moves its loose objects and leftover pack into the table when it wakes, in several transactions, losing nothing", async () => {
    const repo = await legacyRepository();
    await evictDurableObject(repo.stub);
    await expectIntact(repo);
  }, SLOW);

  it("goes on where a wake cut short after one batch stopped, serving nothing half-moved", async () => {
    const repo = await legacyRepository();
    await runInDurableObject(repo.stub, async (_repo: GitRepo, state) => {
      const store = new RepoStore(state.storage.sql);
      const step = store.legacy.moveLooseBatch((fn) => state.storage.transactionSync(fn));
      expect(step.moved).toBeGreaterThan(0);
      expect(store.legacy.pending()).toBe(true);
      expect(state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM objects").one().n).toBe(step.moved);
    });
    await evictDurableObject(repo.stub);
    await expectIntact(repo);
  }, SLOW);
});
