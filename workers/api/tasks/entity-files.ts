/** Files on tasks: `/entity-file` (spec §7 "Tasks"). */
import { Hono } from "hono";
import { z } from "zod";
import { FILE_MAX_BYTES, contentDisposition } from "../../../domain/files";
import { deleteFile, findFile, listFiles, uploadFile } from "../../services/entity-files";
import { findTask } from "../../services/tasks";
import { requireWithin } from "../billing/limit-problem";
import { checkStorage } from "../../services/plan-limits";
import { sizeLimit } from "../http-guards";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { parseWith, readMultipart } from "../validate";
import { tasksChanged } from "./publish";

/** Only tasks carry files for now; the spec's `entity_kind` leaves room for more. */
export const entity = z.object({
  entity_kind: z.literal("issue", { error: "entity_invalid" }),
  entity_guid: z.string({ error: "entity_guid_required" }).min(1, "entity_guid_required").max(64, "entity_guid_required"),
});

const STATUS = { file_empty: 400, file_too_large: 413, file_type_refused: 415 } as const;

/** Room for the multipart envelope around a file of the largest allowed size. */
const ENVELOPE = 64 * 1024;

export const entityFileRoutes = new Hono<ProjectEnv>()
  .post(
    "/v1/project/:id/entity-file",
    access("write"),
    sizeLimit(FILE_MAX_BYTES + ENVELOPE),
    async (c) => {
      const form = await readMultipart(c);
      const target = parseWith(entity, { entity_kind: form.get("entity_kind") ?? undefined, entity_guid: form.get("entity_guid") ?? undefined });
      const file = form.get("file");
      if (!(file instanceof File)) throw new ApiProblem(400, "file_required", { file: "file_required" });
      const task = await findTask(c.get("db"), c.get("project").id, target.entity_guid);
      if (!task) throw new ApiProblem(404, "task_not_found");
      const user = c.get("user")!;
      requireWithin(await checkStorage(c.get("db"), c.get("project").id, file.size));
      const result = await uploadFile(c.env, c.get("db"), task, user, file);
      if (!result.ok) throw new ApiProblem(STATUS[result.reason], result.reason, { file: result.reason });
      await tasksChanged(c, [task.id]);
      return c.json(result.file, 201);
    },
  )
  .get("/v1/project/:id/entity-file", access("read"), async (c) => {
    const target = parseWith(entity, c.req.query());
    const task = await findTask(c.get("db"), c.get("project").id, target.entity_guid);
    if (!task) throw new ApiProblem(404, "task_not_found");
    return c.json(await listFiles(c.get("db"), task));
  })
  .get("/v1/project/:id/entity-file/:guid", access("read"), async (c) => {
    const row = await findFile(c.get("db"), c.get("project").id, c.req.param("guid"));
    const object = row ? await c.env.FILES.get(row.key) : null;
    if (!row || !object) throw new ApiProblem(404, "file_not_found");
    return new Response(object.body, {
      headers: {
        "Content-Type": row.contentType.startsWith("text/") ? `${row.contentType}; charset=utf-8` : row.contentType,
        "Content-Length": String(object.size),
        "Content-Disposition": contentDisposition(row.name, row.contentType),
        "X-Content-Type-Options": "nosniff",
        // Access can be withdrawn: only the reader's own browser keeps a copy, briefly.
        "Cache-Control": "private, max-age=300",
        // Even if something were rendered, it could neither run script nor load anything.
        "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        "Cross-Origin-Resource-Policy": "same-origin",
        ETag: object.httpEtag,
      },
    });
  })
  .delete("/v1/project/:id/entity-file/:guid", access("write"), async (c) => {
    const db = c.get("db");
    const row = await findFile(db, c.get("project").id, c.req.param("guid"));
    if (!row) throw new ApiProblem(404, "file_not_found");
    const me = c.get("participant");
    const result = await deleteFile(c.env, db, row, c.get("user")!.id, me.root && me.isVerifications);
    if (!result.ok) throw new ApiProblem(403, result.reason);
    await tasksChanged(c, [row.entityId]);
    return c.body(null, 204);
  });
