import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FILE_MAX_BYTES } from "../../domain/files";
import { TRASH_KEPT_MS } from "../../domain/planning/trash";
import { attachments } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { purgeDeletedTasks } from "../../workers/services/task-trash";
import { type Expect, READ, WRITE, expectRefused } from "../fixtures/access-matrix";
import { call } from "../fixtures/http";
import { PNG, pngOfSize } from "../fixtures/images";
import { listen } from "../fixtures/live";
import { expectProblem, expectReadable400 } from "../fixtures/problems";
import { ACTORS, type Actor, buildTeam, type Team } from "../fixtures/projects";
import { activityOf, base, newTask, projectRows } from "../fixtures/tasks";
import { db } from "../fixtures/users";

const FILES = (env as unknown as { FILES: R2Bucket }).FILES;
const text = (s: string) => new TextEncoder().encode(s);
const PDF = text("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

function form(fields: { entity_kind?: string; entity_guid?: string; file?: { bytes: Uint8Array; name: string; type?: string } }): FormData {
  const f = new FormData();
  if (fields.entity_kind !== undefined) f.append("entity_kind", fields.entity_kind);
  if (fields.entity_guid !== undefined) f.append("entity_guid", fields.entity_guid);
  if (fields.file) f.append("file", new File([fields.file.bytes as BlobPart], fields.file.name, { type: fields.file.type ?? "application/octet-stream" }));
  return f;
}

const files = (projectId: string) => `${base(projectId)}/entity-file`;
const upload = (team: Team, task: string, bytes: Uint8Array, name: string, as: Actor = "write", type?: string) =>
  call("POST", files(team.projectId), { cookie: team.cookies[as], form: form({ entity_kind: "issue", entity_guid: task, file: { bytes, name, type } }) });
const stored = async (projectId: string) => (await FILES.list({ prefix: `files/${projectId}/` })).objects.map((o) => o.key);

/** Stored rows and stored bytes together: a refused upload must leave both as they were. */
const everything = async (projectId: string) => ({ rows: await projectRows(projectId), r2: await stored(projectId) });

describe("files on tasks", () => {
  let team: Team;
  let task: string;
  beforeAll(async () => {
    team = await buildTeam();
    task = (await newTask(team.projectId, team.cookies.root, "With files")).guid;
  });

  it("stores an upload in R2 under a random key and lists it on the task", async () => {
    const res = await upload(team, task, PNG, "screen shot.png");
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({
      guid: expect.any(String),
      name: "screen shot.png",
      content_type: "image/png",
      size: PNG.byteLength,
      created_at: expect.any(Number),
      created_by: { guid: team.users.write.id, name: expect.any(String), color: expect.any(String) },
      url: `/api/v1/project/${team.projectId}/entity-file/${res.json.guid}`,
    });
    const row = (await db().select().from(attachments).where(eq(attachments.id, res.json.guid)).get())!;
    expect(row.key).toMatch(new RegExp(`^files/${team.projectId}/[0-9a-f]{32}$`));
    expect(row.key).not.toContain(res.json.guid);
    expect(new Uint8Array(await (await FILES.get(row.key))!.arrayBuffer())).toEqual(PNG);
    const listed = await call("GET", `${files(team.projectId)}?entity_kind=issue&entity_guid=${task}`, { cookie: team.cookies.read });
    expect(listed.json).toEqual(expect.arrayContaining([res.json]));
  });

  it("decides the type by the bytes, not by the name or the declared type", async () => {
    const res = await upload(team, task, PNG, "notes.txt", "write", "text/html");
    expect(res.json.content_type).toBe("image/png");
    const pdf = await upload(team, task, PDF, "spec", "write", "image/png");
    expect(pdf.json.content_type).toBe("application/pdf");
  });

  it("serves images inline and everything else as a download, never sniffed, cached only privately", async () => {
    const image = (await upload(team, task, PNG, "pixel.png")).json;
    const doc = (await upload(team, task, PDF, "Отчёт за май.pdf")).json;
    const csv = (await upload(team, task, text("a;b\n1;2\n"), "table.csv")).json;
    const svg = (await upload(team, task, text('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>'), "dot.svg")).json;
    const get = (guid: string) => call("GET", `${files(team.projectId)}/${guid}`, { cookie: team.cookies.read });
    const img = await get(image.guid);
    expect(img.status).toBe(200);
    expect(img.headers.get("Content-Type")).toBe("image/png");
    expect(img.headers.get("Content-Disposition")).toMatch(/^inline; filename="pixel.png"/);
    expect(img.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(img.headers.get("Cache-Control")).toMatch(/^private/);
    const pdf = await get(doc.guid);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(`attachment; filename="_____ __ ___.pdf"; filename*=UTF-8''${encodeURIComponent("Отчёт за май.pdf")}`);
    expect(pdf.text).toBe(new TextDecoder().decode(PDF));
    const table = await get(csv.guid);
    expect(table.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(table.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    const drawing = await get(svg.guid);
    expect(drawing.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(drawing.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(drawing.headers.get("Content-Security-Policy")).toContain("sandbox");
  });

  it.each([
    ["a Windows program", new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0]), "invoice.pdf"],
    ["an ELF program", new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), "tool"],
    ["a shell script", text("#!/bin/sh\necho hi\n"), "run.txt"],
    ["an HTML page", text("<!doctype html><script>alert(document.cookie)</script>"), "page.txt"],
    ["an SVG with script", text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'), "logo.svg"],
    ["a file named like a program", text("@echo off"), "setup.bat"],
    ["bytes of no known format", new Uint8Array([0, 1, 2, 3, 250, 251, 252]), "blob.bin"],
  ])("refuses %s with 415 and stores nothing", async (_what, bytes, name) => {
    const before = await everything(team.projectId);
    for (const lng of ["ru", "en", "es", "de"] as const) {
      const res = await call("POST", files(team.projectId), {
        cookie: team.cookies.write,
        headers: { "Accept-Language": lng },
        form: form({ entity_kind: "issue", entity_guid: task, file: { bytes, name, type: "image/png" } }),
      });
      expectProblem(res, 415, "file_type_refused", lng);
    }
    expect(await everything(team.projectId)).toEqual(before);
  });

  it("accepts a file of exactly 10 MB and refuses one byte more with 413", async () => {
    const fits = await upload(team, task, pngOfSize(FILE_MAX_BYTES), "big.png");
    expect(fits.status, fits.text).toBe(201);
    expect(fits.json.size).toBe(FILE_MAX_BYTES);
    const before = await everything(team.projectId);
    for (const lng of ["ru", "en"] as const) {
      const res = await call("POST", files(team.projectId), {
        cookie: team.cookies.write,
        headers: { "Accept-Language": lng },
        form: form({ entity_kind: "issue", entity_guid: task, file: { bytes: pngOfSize(FILE_MAX_BYTES + 1), name: "bigger.png" } }),
      });
      expectProblem(res, 413, "file_too_large", lng);
    }
    // Far beyond the limit the body is cut off before it is read.
    expectProblem(await upload(team, task, pngOfSize(FILE_MAX_BYTES + 512 * 1024), "huge.png"), 413, "file_too_large");
    expect(await everything(team.projectId)).toEqual(before);
  });

  it("lets the uploader and a project root delete a file, and nobody else", async () => {
    const mine = (await upload(team, task, PNG, "mine.png", "write")).json;
    const roots = (await upload(team, task, PNG, "roots.png", "root")).json;
    const keyOf = async (guid: string) => (await db().select().from(attachments).where(eq(attachments.id, guid)).get())!.key;
    const [mineKey, rootsKey] = [await keyOf(mine.guid), await keyOf(roots.guid)];
    const before = await everything(team.projectId);
    expectProblem(await call("DELETE", `${files(team.projectId)}/${roots.guid}`, { cookie: team.cookies.write }), 403, "file_not_yours");
    expectProblem(await call("DELETE", `${files(team.projectId)}/${crypto.randomUUID()}`, { cookie: team.cookies.write }), 404, "file_not_found");
    expect(await everything(team.projectId)).toEqual(before);
    expect((await call("DELETE", `${files(team.projectId)}/${mine.guid}`, { cookie: team.cookies.write })).status).toBe(204);
    expect((await call("DELETE", `${files(team.projectId)}/${roots.guid}`, { cookie: team.cookies.root })).status).toBe(204);
    expect(await FILES.head(mineKey)).toBeNull();
    expect(await FILES.head(rootsKey)).toBeNull();
    expectProblem(await call("GET", `${files(team.projectId)}/${mine.guid}`, { cookie: team.cookies.read }), 404, "file_not_found");
    // A root deletes anyone's file.
    const again = (await upload(team, task, PNG, "again.png", "write")).json;
    expect((await call("DELETE", `${files(team.projectId)}/${again.guid}`, { cookie: team.cookies.root })).status).toBe(204);
  });

  it("deletes a task's files, rows and bytes, with the task (at the trash's purge)", async () => {
    const doomed = (await newTask(team.projectId, team.cookies.root, "Doomed")).guid;
    const a = (await upload(team, doomed, PNG, "a.png")).json;
    const b = (await upload(team, doomed, PDF, "b.pdf")).json;
    const keys = (await db().select().from(attachments).where(eq(attachments.entityId, doomed))).map((r) => r.key);
    expect(keys).toHaveLength(2);
    expect((await call("DELETE", `${base(team.projectId)}/issue/${doomed}`, { cookie: team.cookies.root })).status).toBe(204);
    // Deleting moves the task to the trash (Undo keeps its files); the purge removes them for good.
    await purgeDeletedTasks(env as unknown as Env, db(), Date.now() + TRASH_KEPT_MS);
    expect(await db().select().from(attachments).where(eq(attachments.entityId, doomed))).toEqual([]);
    for (const key of keys) expect(await FILES.head(key)).toBeNull();
    for (const guid of [a.guid, b.guid]) expectProblem(await call("GET", `${files(team.projectId)}/${guid}`, { cookie: team.cookies.read }), 404, "file_not_found");
  });

  it("logs additions and removals on the task and tells open boards", async () => {
    const own = (await newTask(team.projectId, team.cookies.root, "Logged")).guid;
    const board = await listen(team.projectId, team.cookies.read!);
    const added = (await upload(team, own, PNG, "log.png")).json;
    await board.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(own));
    await call("DELETE", `${files(team.projectId)}/${added.guid}`, { cookie: team.cookies.write });
    await board.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(own) && board.messages.indexOf(m) > 0);
    board.close();
    const log = (await activityOf(own)).filter((a) => a.action.startsWith("file_"));
    expect(log.map((a) => [a.action, a.actorId, JSON.parse(a.detail)])).toEqual([
      ["file_added", team.users.write.id, { file: added.guid, name: "log.png" }],
      ["file_removed", team.users.write.id, { file: added.guid, name: "log.png" }],
    ]);
  });

  it("keeps files of another project out of reach", async () => {
    const other = await call("POST", "/api/v1/project", { cookie: team.cookies.root, body: { name: "Elsewhere" } });
    const foreignTask = (await newTask(other.json.guid, team.cookies.root, "Foreign")).guid;
    const foreign = (await call("POST", files(other.json.guid), { cookie: team.cookies.root, form: form({ entity_kind: "issue", entity_guid: foreignTask, file: { bytes: PNG, name: "f.png" } }) })).json;
    const before = { here: await everything(team.projectId), there: await everything(other.json.guid) };
    expectProblem(await call("GET", `${files(team.projectId)}/${foreign.guid}`, { cookie: team.cookies.root }), 404, "file_not_found");
    expectProblem(await call("DELETE", `${files(team.projectId)}/${foreign.guid}`, { cookie: team.cookies.root }), 404, "file_not_found");
    expectProblem(await call("GET", `${files(team.projectId)}?entity_kind=issue&entity_guid=${foreignTask}`, { cookie: team.cookies.root }), 404, "task_not_found");
    expectProblem(await upload(team, foreignTask, PNG, "x.png", "root"), 404, "task_not_found");
    expect(await everything(team.projectId)).toEqual(before.here);
    expect(await everything(other.json.guid)).toEqual(before.there);
  });
});

describe("malformed uploads and listings", () => {
  let team: Team;
  let task: string;
  beforeAll(async () => {
    team = await buildTeam();
    task = (await newTask(team.projectId, team.cookies.root, "Target")).guid;
  });
  const png = { bytes: PNG, name: "p.png" };
  const cases: { name: string; send: () => { form?: FormData; body?: unknown; raw?: string }; code: string }[] = [
    { name: "a JSON body", send: () => ({ body: { entity_kind: "issue", entity_guid: task } }), code: "file_required" },
    { name: "a form without a file", send: () => ({ form: form({ entity_kind: "issue", entity_guid: task }) }), code: "file_required" },
    { name: "a file that is text, not a file", send: () => { const f = form({ entity_kind: "issue", entity_guid: task }); f.append("file", "just text"); return { form: f }; }, code: "file_required" },
    { name: "an empty file", send: () => ({ form: form({ entity_kind: "issue", entity_guid: task, file: { bytes: new Uint8Array(), name: "e.txt" } }) }), code: "file_empty" },
    { name: "another kind of entity", send: () => ({ form: form({ entity_kind: "docs", entity_guid: task, file: png }) }), code: "entity_invalid" },
    { name: "no kind of entity", send: () => ({ form: form({ entity_guid: task, file: png }) }), code: "entity_invalid" },
    { name: "no task", send: () => ({ form: form({ entity_kind: "issue", file: png }) }), code: "entity_guid_required" },
  ];
  for (const c of cases) {
    it(`answers an upload with ${c.name} with a 400 and stores nothing`, async () => {
      const before = await everything(team.projectId);
      const res = await call("POST", files(team.projectId), { cookie: team.cookies.root, ...c.send() });
      expectProblem(res, 400, c.code as "file_required");
      expect(await everything(team.projectId)).toEqual(before);
    });
  }
  it("answers a broken multipart body with a 400", async () => {
    const res = await call("POST", files(team.projectId), { cookie: team.cookies.root, raw: "--x\r\nnot really", headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expectReadable400(res);
  });
  it("answers 404 for an upload to a task that does not exist", async () => {
    expectProblem(await upload(team, crypto.randomUUID(), PNG, "p.png", "root"), 404, "task_not_found");
  });
  it.each([
    ["no query", "", "entity_invalid"],
    ["another kind of entity", "?entity_kind=room&entity_guid=x", "entity_invalid"],
    ["no task", "?entity_kind=issue", "entity_guid_required"],
  ])("answers a listing with %s with a 400", async (_what, query, code) => {
    expectProblem(await call("GET", `${files(team.projectId)}${query}`, { cookie: team.cookies.read }), 400, code as "entity_invalid");
  });
});

describe("file authorization matrix", () => {
  let team: Team;
  let task: string;
  beforeAll(async () => {
    team = await buildTeam();
    task = (await newTask(team.projectId, team.cookies.root, "Matrix")).guid;
  });
  /** A file uploaded by the member with write access: they and the roots may delete it. */
  const fresh = async () => (await upload(team, task, PNG, "m.png", "write")).json.guid as string;
  type Run = (projectId: string, file: string, cookie: string | undefined) => Promise<Awaited<ReturnType<typeof call>>>;
  const endpoints: { name: string; expect: Expect; run: Run }[] = [
    { name: "POST entity-file", expect: WRITE(201), run: (p, _f, cookie) => call("POST", files(p), { cookie, form: form({ entity_kind: "issue", entity_guid: task, file: { bytes: PNG, name: "x.png" } }) }) },
    { name: "GET entity-file (list)", expect: READ, run: (p, _f, cookie) => call("GET", `${files(p)}?entity_kind=issue&entity_guid=${task}`, { cookie }) },
    { name: "GET entity-file/{guid}", expect: READ, run: (p, f, cookie) => call("GET", `${files(p)}/${f}`, { cookie }) },
    { name: "DELETE entity-file/{guid}", expect: WRITE(204), run: (p, f, cookie) => call("DELETE", `${files(p)}/${f}`, { cookie }) },
  ];
  for (const e of endpoints) {
    for (const actor of ACTORS) {
      const expected = e.expect[actor];
      const allowed = expected < 300;
      it(`${e.name} answers ${expected} to ${actor}${allowed ? "" : " and changes nothing"}`, async () => {
        const file = await fresh();
        const before = await everything(team.projectId);
        const res = await e.run(team.projectId, file, team.cookies[actor]);
        if (allowed) expect(res.status, res.text).toBe(expected);
        else {
          expectRefused(res, expected);
          expect(await everything(team.projectId)).toEqual(before);
        }
      });
    }
    it(`${e.name} answers 403 for a project that does not exist`, async () => {
      expectProblem(await e.run(crypto.randomUUID(), await fresh(), team.cookies.root), 403, "project_forbidden");
    });
  }
});
