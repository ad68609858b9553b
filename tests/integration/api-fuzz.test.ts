/**
 * Fuzzes every operation of the OpenAPI document with hostile requests (seeded, bounded):
 * malformed, oversized and wrong-typed bodies, junk path segments and query values. Sent as the
 * project's root, so each reaches as far into its handler as a request can. Every answer must be
 * below 500; every refusal a readable problem `{detail, code}` in the product's words; and a
 * refused request must leave the database exactly as it was.
 *
 * The database is compared as a digest of every D1 table's rows, except `rate_limits` (counting
 * refused sign-ins and mails is the point of that table: a refusal may and must write it) and
 * columns that record when a session was last seen (a session being used is not a change the
 * request made). D1 is the system of record; Durable Object storage is not compared here.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../workers/api/openapi/document";
import { operations } from "../../workers/api/openapi/operations";
import { type Operation, operationId, openApiPath, pathParams } from "../../workers/api/openapi/registry";
import { type Answer, type Probe, send } from "../fixtures/api-request";
import { HOSTILE_QUERY, HOSTILE_SEGMENTS, MALFORMED_JSON, REMOVE, baseValue, hostileValues, leaves, rng, setAt } from "../fixtures/fuzz";
import { PNG } from "../fixtures/images";
import { ERRORS } from "../fixtures/problems";
import { signedIn } from "../fixtures/users";
import { buildWorld, pathValues, type World } from "../fixtures/world";

const SEED = 20_2611;
/** Requests per operation beyond its malformed-JSON probe: bounded so the run stays well under a minute. */
const PER_OPERATION = 6;

const D1 = () => (env as unknown as { DB: D1Database }).DB;
const EXCLUDED_TABLES = new Set(["rate_limits", "d1_migrations"]);
const EXCLUDED_COLUMN = /last_seen|last_used|last_active|seen_at|used_at|touched_at/;

let digestSql = "";

/** One query that reads every row of every table, so a digest costs one round trip. */
async function prepareDigest() {
  const { results: tables } = await D1()
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name")
    .all<{ name: string }>();
  const parts: string[] = [];
  for (const { name } of tables) {
    if (EXCLUDED_TABLES.has(name)) continue;
    const { results: columns } = await D1().prepare(`SELECT name FROM pragma_table_info('${name}')`).all<{ name: string }>();
    const kept = columns.map((c) => c.name).filter((c) => !EXCLUDED_COLUMN.test(c));
    if (kept.length === 0) continue;
    const row = kept.map((c) => `quote("${c}")`).join(" || ',' || ");
    parts.push(`(SELECT group_concat(r, char(10)) FROM (SELECT ${row} AS r FROM "${name}" ORDER BY 1)) AS "${name}"`);
  }
  // One row, a column per table (D1 caps compound SELECTs far below the number of tables).
  digestSql = `SELECT ${parts.join(", ")}`;
}

/** Per table, its rows as one string. */
let digestMs = 0;
async function digest(): Promise<Map<string, string>> {
  const t0 = Date.now();
  try {
    return await digestNow();
  } finally {
    digestMs += Date.now() - t0;
  }
}
async function digestNow(): Promise<Map<string, string>> {
  // The rows themselves, not a hash: comparing strings costs less than hashing them each time.
  const row = (await D1().prepare(digestSql).first<Record<string, string | null>>())!;
  return new Map(Object.entries(row).map(([t, v]) => [t, v ?? ""]));
}

const changedTables = (a: Map<string, string>, b: Map<string, string>) => [...a.keys()].filter((t) => a.get(t) !== b.get(t));

interface Case {
  label: string;
  make: () => Promise<Probe> | Probe;
}

let w: World;
const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>> };
const schemaOf = (op: Operation, part: "body" | "query"): Record<string, any> | undefined => {
  const item = doc.paths[openApiPath(op.path)]![op.method] as Record<string, any>;
  if (part === "body") return item.requestBody?.content?.["application/json"]?.schema;
  const props: Record<string, any> = {};
  for (const p of item.parameters ?? []) if (p.in === "query") props[p.name] = p.schema;
  return Object.keys(props).length > 0 ? { type: "object", properties: props } : undefined;
};

/** Operations that end or replace the caller's session run as a throwaway account. */
const OWN_SESSION = new Set(["post_v1_exit", "put_v1_changepass"]);

function casesFor(op: Operation, r: ReturnType<typeof rng>): { fixed: Case[]; pool: Case[] } {
  const params = pathValues(w);
  const base: Probe = { params };
  const fixed: Case[] = [];
  const pool: Case[] = [];
  const bodySchema = schemaOf(op, "body");
  const querySchema = schemaOf(op, "query");
  const baseBody = bodySchema ? baseValue(bodySchema) : undefined;
  const baseQuery = querySchema ? (baseValue({ ...querySchema, required: Object.keys(querySchema.properties) }) as Record<string, unknown>) : undefined;
  const withBody = (json: unknown): Probe => ({ ...base, json, query: baseQuery ? stringify(baseQuery) : undefined });

  for (const name of pathParams(op.path)) {
    for (const value of HOSTILE_SEGMENTS) pool.push({ label: `path ${name}=${value.slice(0, 40)}`, make: () => ({ ...withBody(baseBody), params: { ...params, [name]: value } }) });
  }
  if (querySchema) {
    for (const key of Object.keys(querySchema.properties)) {
      for (const value of HOSTILE_QUERY) pool.push({ label: `query ${key}=${value.slice(0, 40)}`, make: () => ({ ...withBody(baseBody), query: { ...stringify(baseQuery!), [key]: value } }) });
    }
    pool.push({ label: "query unknown key", make: () => ({ ...withBody(baseBody), query: { ...stringify(baseQuery!), __proto__x: "1", "a[b]": "c" } }) });
  }
  if (bodySchema) {
    fixed.push({ label: "body malformed", make: () => ({ ...base, raw: r.pick(MALFORMED_JSON.slice(0, 8)) }) });
    // An empty object is the smallest body of every all-optional schema: it once reached an UPDATE with no columns.
    fixed.push({ label: "body {}", make: () => withBody({}) });
    for (const raw of MALFORMED_JSON) pool.push({ label: `body raw ${raw.slice(0, 30)}${raw.length > 30 ? `…(${raw.length})` : ""}`, make: () => ({ ...base, raw }) });
    pool.push({ label: "body as text/plain", make: () => ({ ...base, raw: JSON.stringify(baseBody), contentType: "text/plain" }) });
    pool.push({ label: "body as a form", make: () => ({ ...base, form: new FormData() }) });
    pool.push({ label: "body missing", make: () => ({ ...base }) });
    for (const leaf of leaves(bodySchema)) {
      for (const value of hostileValues(leaf.schema)) {
        pool.push({ label: `body ${leaf.path.join(".")}=${JSON.stringify(value)?.slice(0, 40)}`, make: () => withBody(setAt(baseBody, leaf.path, value)) });
      }
      pool.push({ label: `body without ${leaf.path.join(".")}`, make: () => withBody(setAt(baseBody, leaf.path, REMOVE)) });
    }
    pool.push({ label: "body unknown key", make: () => withBody(baseBody && typeof baseBody === "object" && !Array.isArray(baseBody) ? { ...baseBody, __proto__: { polluted: true }, constructor: "x", unknown_key: 1 } : { unknown_key: 1 }) });
  }
  if (op.body?.multipart) {
    const file = (bytes: Uint8Array | string, name: string, type: string) => new File([bytes as BlobPart], name, { type });
    const form = (entries: [string, string | File][]) => {
      const f = new FormData();
      for (const [k, v] of entries) f.append(k, v);
      return f;
    };
    const target: [string, string][] = [["entity_kind", "issue"], ["entity_guid", params.taskUid!]];
    const forms: [string, () => FormData][] = [
      ["form empty", () => form([])],
      ["form without file", () => form(target)],
      ["form file as text", () => form([...target, ["file", "not a file"], ["avatar", "not a file"]])],
      ["form empty file", () => form([...target, ["file", file("", "e.png", "image/png")], ["avatar", file("", "e.png", "image/png")]])],
      ["form script as image", () => form([...target, ["file", file("<svg onload=alert(1)>", "x.png", "image/png")], ["avatar", file("<svg onload=alert(1)>", "x.png", "image/png")]])],
      ["form long name", () => form([...target, ["file", file(PNG, `${"../".repeat(300)}x.png`, "image/png")], ["avatar", file(PNG, `${"a".repeat(5000)}.png`, "image/png")]])],
      ["form wrong entity", () => form([["entity_kind", "project"], ["entity_guid", "' OR 1=1"], ["file", file(PNG, "p.png", "image/png")]])],
      ["form foreign entity", () => form([["entity_kind", "issue"], ["entity_guid", w.b.task], ["file", file(PNG, "p.png", "image/png")]])],
    ];
    for (const [label, make] of forms) pool.push({ label, make: () => ({ ...base, form: make() }) });
    pool.push({ label: "form broken boundary", make: () => ({ ...base, raw: "--x\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nabc", contentType: "multipart/form-data; boundary=y" }) });
    pool.push({ label: "form as json", make: () => ({ ...base, json: { file: "x" } }) });
  }
  if (op.body?.binary) {
    const random = () => Uint8Array.from({ length: 64 + r.int(512) }, () => r.int(256));
    pool.push({ label: "bytes empty", make: () => ({ ...base, bytes: new Uint8Array(0) }) });
    pool.push({ label: "bytes random", make: () => ({ ...base, bytes: random() }) });
    pool.push({ label: "bytes huge length prefix", make: () => ({ ...base, bytes: Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 1, 2, 3]) }) });
    pool.push({ label: "bytes as json", make: () => ({ ...base, json: { update: [1, 2, 3] } }) });
  }
  return { fixed, pool };
}

function stringify(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}

const isReadableProblem = (res: Answer) =>
  /^application\/json/.test(res.headers.get("Content-Type") ?? "") &&
  typeof res.json?.code === "string" &&
  typeof res.json?.detail === "string" &&
  Object.values(ERRORS).some((lng) => messageAt(lng, res.json.code) === res.json.detail);

/** An error key's message; `room.card_not_in_deck` is nested under `room`. */
function messageAt(messages: unknown, key: string): unknown {
  const flat = (messages as Record<string, unknown>)[key];
  if (flat !== undefined) return flat;
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), messages);
}

describe("the API under hostile input", () => {
  beforeAll(async () => {
    w = await buildWorld();
    await prepareDigest();
  }, 60_000);

  it("answers every hostile request below 500 with a readable problem, and refused requests change nothing", async () => {
    const r = rng(SEED);
    const failures: string[] = [];
    let tried = 0;
    let refused = 0;
    const started = Date.now();
    let last = await digest();
    for (const op of operations) {
      const { fixed, pool } = casesFor(op, r);
      for (const c of [...fixed, ...r.sample(pool, PER_OPERATION)]) {
        const probe = await c.make();
        const own = OWN_SESSION.has(operationId(op));
        const cookie = own ? (await signedIn()).cookie : w.team.cookies.root;
        // The throwaway account is a change of its own: take the baseline after it.
        const before = own ? await digest() : last;
        const res = await send(op, probe, cookie);
        tried += 1;
        const where = `${op.method.toUpperCase()} ${op.path} [${c.label}]`;
        if (res.status >= 500) failures.push(`${where} → ${res.status} ${res.text.slice(0, 160)}`);
        last = await digest();
        if (res.status >= 400) {
          refused += 1;
          if (!isReadableProblem(res)) failures.push(`${where} → ${res.status} unreadable: ${res.text.slice(0, 160)}`);
          const changed = changedTables(before, last);
          if (changed.length > 0) failures.push(`${where} → ${res.status} ${res.json?.code} but changed ${changed.join(", ")}`);
        }
      }
    }
    console.log(`api fuzz: seed ${SEED}, ${operations.length} operations, ${tried} requests tried, ${refused} refused, ${tried - refused} accepted, ${failures.length} failures, ${Date.now() - started} ms (digests ${digestMs} ms)`);
    expect(failures).toEqual([]);
  }, 180_000);
});
