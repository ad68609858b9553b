/**
 * A document's content beyond live editing (the tree's own calls are in `api/docs`):
 * - `GET  /v1/project/{id}/docs/{docGuid}/versions` (read) → `{results: VersionView[]}`, newest first
 * - `POST /v1/project/{id}/docs/{docGuid}/versions {name}` (write) → 201 VersionView
 * - `GET  /v1/project/{id}/docs/{docGuid}/versions/{versionGuid}` (read) → the version as one Yjs update
 * - `POST /v1/project/{id}/docs/{docGuid}/versions/{versionGuid}/restore` (write) → `{restored, before}`
 * - `POST /v1/project/{id}/docs/{docGuid}/import` (write), body a Yjs update (a Markdown file
 *   the browser converted, or a flowchart's BPMN draft or drawing) → 204; merged into the
 *   document like any edit, if it fits the document's kind (`domain/docs/imports.ts`); 409 for a
 *   table, or a BPMN diagram that already has a save
 * - `POST /v1/project/{id}/docs/{docGuid}/images` (write), multipart `file` → 201 `{guid, url, name}`
 * - `GET  /v1/shared/doc-image/{shareId}/{fileGuid}` (no account) → an image of a shared document
 * - `POST /dev/doc-room/{docGuid}/restart` (development only, 404 elsewhere) → 204; the
 *   benchmark's way to make the next join a cold start of the document's object
 */
import { Hono } from "hono";
import { z } from "zod";
import { contentDisposition } from "../../../domain/files";
import { IMPORT_MAX_BYTES } from "../../../domain/http/body-limits";
import { docRoom, findDocument } from "../../services/document-access";
import { DOC_IMAGE_MAX_BYTES, sharedDocImage, uploadDocImage, versionViews } from "../../services/doc-content";
import { sizeLimit } from "../http-guards";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { readJson, readMultipart } from "../validate";

export const versionBody = z.strictObject({
  name: z.string({ error: "version_name_required" }).trim().min(1, "version_name_required").max(120, "version_name_too_long"),
});

const guidParam = (value: string | undefined) => (value && /^[0-9a-f-]{36}$/.test(value) ? value : null);

async function textDoc(c: { get: (k: "db" | "project") => any; req: { param: (k: string) => string | undefined } }) {
  const guid = guidParam(c.req.param("docGuid"));
  const doc = guid ? await findDocument(c.get("db"), c.get("project").id, guid) : undefined;
  if (!doc) throw new ApiProblem(404, "document_not_found");
  return doc;
}

const STATUS = { file_empty: 400, file_too_large: 413, file_type_refused: 415 } as const;

export const docContentRoutes = new Hono<ProjectEnv>()
  .get("/v1/project/:id/docs/:docGuid/versions", access("read"), async (c) => {
    const doc = await textDoc(c);
    const rows = await (await docRoom(c.env, doc.id)).listVersions();
    return c.json({ results: await versionViews(c.get("db"), rows) });
  })
  .post("/v1/project/:id/docs/:docGuid/versions", access("write"), async (c) => {
    const doc = await textDoc(c);
    const { name } = await readJson(c, versionBody);
    const row = await (await docRoom(c.env, doc.id)).saveVersion(name, c.get("user")!.id);
    return c.json((await versionViews(c.get("db"), [row]))[0], 201);
  })
  .get("/v1/project/:id/docs/:docGuid/versions/:versionGuid", access("read"), async (c) => {
    const doc = await textDoc(c);
    const version = guidParam(c.req.param("versionGuid"));
    const state = version ? await (await docRoom(c.env, doc.id)).versionState(version) : null;
    if (!state) throw new ApiProblem(404, "version_not_found");
    return new Response(new Uint8Array(state), { headers: { "Content-Type": "application/octet-stream", "Cache-Control": "private, max-age=3600" } });
  })
  .post("/v1/project/:id/docs/:docGuid/versions/:versionGuid/restore", access("write"), async (c) => {
    const doc = await textDoc(c);
    if (doc.kind !== "text") throw new ApiProblem(409, "document_kind_unsupported");
    const version = guidParam(c.req.param("versionGuid"));
    const result = version ? await (await docRoom(c.env, doc.id)).restoreVersion(version, c.get("user")!.id) : ({ ok: false } as const);
    if (!result.ok) throw new ApiProblem(404, "version_not_found");
    return c.json({ restored: version, before: (await versionViews(c.get("db"), [result.before]))[0] });
  })
  .post(
    "/v1/project/:id/docs/:docGuid/import",
    access("write"),
    sizeLimit(IMPORT_MAX_BYTES, "import_too_large"),
    async (c) => {
      const doc = await textDoc(c);
      if (doc.kind === "table") throw new ApiProblem(409, "document_kind_unsupported");
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength === 0) throw new ApiProblem(400, "import_invalid");
      const result = await (await docRoom(c.env, doc.id)).applyImport(bytes, c.get("user")!.id, doc.projectId, doc.kind);
      if (!result.ok) throw new ApiProblem(result.reason === "import_not_empty" ? 409 : 400, result.reason);
      return c.body(null, 204);
    },
  )
  .post(
    "/v1/project/:id/docs/:docGuid/images",
    access("write"),
    sizeLimit(DOC_IMAGE_MAX_BYTES + 64 * 1024),
    async (c) => {
      const doc = await textDoc(c);
      const form = await readMultipart(c);
      const file = form.get("file");
      if (!(file instanceof File)) throw new ApiProblem(400, "file_required", { file: "file_required" });
      const result = await uploadDocImage(c.env, c.get("db"), doc, c.get("user")!.id, file);
      if (!result.ok) throw new ApiProblem(STATUS[result.reason], result.reason, { file: result.reason });
      return c.json(result.file, 201);
    },
  )
  .post("/dev/doc-room/:docGuid/restart", async (c) => {
    const guid = guidParam(c.req.param("docGuid"));
    if (c.env.APP_ENV !== "development" || !guid) throw new ApiProblem(404, "not_found");
    try {
      await (await docRoom(c.env, guid)).restartForBench();
    } catch {
      // The abort ends the call that asked for it: that is the expected outcome.
    }
    return c.body(null, 204);
  })
  .get("/v1/shared/doc-image/:shareId/:fileGuid", async (c) => {
    const shareId = c.req.param("shareId");
    const fileGuid = guidParam(c.req.param("fileGuid"));
    const row = fileGuid && /^[A-Za-z0-9_-]{8,128}$/.test(shareId) ? await sharedDocImage(c.get("db"), shareId, fileGuid) : null;
    const object = row ? await c.env.FILES.get(row.key) : null;
    if (!row || !object) throw new ApiProblem(404, "file_not_found");
    return new Response(object.body, {
      headers: {
        "Content-Type": row.contentType,
        "Content-Length": String(object.size),
        "Content-Disposition": contentDisposition(row.name, row.contentType),
        "X-Content-Type-Options": "nosniff",
        // Turning sharing off must stop the image too: no shared caches, a short private copy.
        "Cache-Control": "private, max-age=60",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cross-Origin-Resource-Policy": "same-origin",
      },
    });
  });
