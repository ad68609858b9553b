/**
 * The document tree of a project (issue 6), under `/api/v1/project/{id}/docs`:
 *
 * - `GET    /docs`                  the whole tree, flat (`{results: Doc[]}`) — read
 * - `POST   /docs`                  `{kind, title?, parent?}` → 201 Doc, after the last sibling — write
 * - `GET    /docs/{docGuid}`        one Doc — read
 * - `PATCH  /docs/{docGuid}`        `{title?, custom_fields?}` → Doc — write
 * - `POST   /docs/{docGuid}/move`   `{parent, index}` → `{moved}` — write
 * - `DELETE /docs/{docGuid}`        with every descendant → `{deleted}` — write
 * - `PUT    /docs/{docGuid}/share`  `{shared}` → `{share_id, url}` — write
 *
 * and, without an account, `GET /api/v1/shared/{segment}/{shareId}` → `{guid, kind, title}`.
 */
import { type Context, Hono } from "hono";
import { createDocBody, moveDocBody, shareDocBody, updateDocBody } from "../../../domain/docs/schemas";
import { createDoc, deleteDoc, findDoc, findShared, listDocs, moveDoc, oneDocView, setSharing, updateDoc } from "../../services/documents";
import { closeDocShares, destroyDocRooms } from "../../services/document-access";
import { publishToProject } from "../../services/live";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import type { AppEnv } from "../types";
import { readJson } from "../validate";

const STATUS: Record<string, 400 | 404 | 409> = {
  doc_not_found: 404,
  doc_parent_not_found: 404,
  doc_move_into_itself: 409,
  doc_too_deep: 409,
  doc_limit_reached: 409,
  doc_move_conflict: 409,
};

function refuse(result: { reason: string; index?: number }): never {
  throw new ApiProblem(STATUS[result.reason] ?? 400, result.reason, result.index !== undefined ? { [`custom_fields.${result.index}`]: result.reason } : undefined);
}

/** Tells the project's open document trees what changed; called after the write succeeded. */
const docsChanged = (c: Context<ProjectEnv>, docs: string[]) =>
  publishToProject(c.env, c.get("project").id, { type: "docs_changed", project: c.get("project").id, docs: docs.slice(0, 5000), by: c.get("user")!.id, at: Date.now() });

async function theDoc(c: Context<ProjectEnv>) {
  const doc = await findDoc(c.get("db"), c.get("project").id, c.req.param("docGuid") ?? "");
  if (!doc) throw new ApiProblem(404, "doc_not_found");
  return doc;
}

export const docRoutes = new Hono<ProjectEnv>()
  .get("/v1/project/:id/docs", access("read"), async (c) => c.json({ results: await listDocs(c.get("db"), c.get("project").id) }))
  .post("/v1/project/:id/docs", access("write"), async (c) => {
    const body = await readJson(c, createDocBody);
    const result = await createDoc(c.get("db"), c.get("project").id, c.get("user")!.id, body);
    if (!result.ok) refuse(result);
    await docsChanged(c, [result.doc.guid, ...(result.doc.parent ? [result.doc.parent] : [])]);
    return c.json(result.doc, 201);
  })
  .get("/v1/project/:id/docs/:docGuid", access("read"), async (c) => c.json(await oneDocView(c.get("db"), await theDoc(c))))
  .patch("/v1/project/:id/docs/:docGuid", access("write"), async (c) => {
    const body = await readJson(c, updateDocBody);
    const doc = await theDoc(c);
    const result = await updateDoc(c.get("db"), doc, c.get("user")!.id, body, c.get("i18n").t);
    if (!result.ok) refuse(result);
    if (body.title !== undefined || (body.custom_fields?.length ?? 0) > 0) await docsChanged(c, [doc.id]);
    return c.json(result.doc);
  })
  .post("/v1/project/:id/docs/:docGuid/move", access("write"), async (c) => {
    const body = await readJson(c, moveDocBody);
    const result = await moveDoc(c.get("db"), await theDoc(c), body);
    if (!result.ok) refuse(result);
    if (result.moved.length > 0) await docsChanged(c, result.moved);
    return c.json({ moved: result.moved });
  })
  .delete("/v1/project/:id/docs/:docGuid", access("write"), async (c) => {
    const result = await deleteDoc(c.env, c.get("db"), await theDoc(c));
    // Open editors are closed and each document's own storage dropped (document-access.ts),
    // after the answer: a large subtree wakes many objects.
    c.executionCtx.waitUntil(destroyDocRooms(c.env, result.deleted));
    await docsChanged(c, result.deleted);
    return c.json(result);
  })
  .put("/v1/project/:id/docs/:docGuid/share", access("write"), async (c) => {
    const body = await readJson(c, shareDocBody);
    const doc = await theDoc(c);
    const result = await setSharing(c.get("db"), doc, body.shared);
    if (result.share_id !== doc.shareId) {
      // Readers still holding the old link are closed at once, not at their next reconnect.
      await closeDocShares(c.env, doc.id, result.share_id);
      await docsChanged(c, [doc.id]);
    }
    return c.json({ share_id: result.share_id, url: result.url ? new URL(result.url, c.req.url).href : null });
  });

/** The read-only share link's lookup: no account needed; off, unknown or the wrong kind is 404. */
export const sharedDocRoutes = new Hono<AppEnv>().get("/v1/shared/:segment/:shareId", async (c) => {
  const shared = await findShared(c.get("db"), c.req.param("segment"), c.req.param("shareId"));
  if (!shared) throw new ApiProblem(404, "shared_not_found");
  return c.json(shared);
});
