/**
 * The document tree of a project (issue 6): rows in D1 with their parent and place, custom
 * field values like tasks (entity kind `docs`), and the read-only share link. The content of
 * each document lives in its own Durable Object; this service never touches it.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { type DocKind, SHARED_SEGMENT } from "../../domain/docs/layout";
import { DOC_MAX_DEPTH, DOC_MAX_PER_PROJECT, childCounts, depthOf, descendantsOf, planMove, type TreeNode } from "../../domain/docs/tree";
import type { Db } from "../db/client";
import { attachments, documents, fieldDefinitions, fieldValues, type Document } from "../db/schema";
import type { Env } from "../env";
import { ensureSystemFields } from "./field-definitions";
import { readValues, type ValueInput, writeValues } from "./field-values";
import type { ValueView } from "../../domain/wire/task-view";
import { newGuid, randomToken } from "./ids";
import { deleteStoredFiles } from "./tasks";

/** A document as the API shows it to participants (spec §3 "Document"). */
export interface DocView {
  guid: string;
  project: string;
  parent: string | null;
  kind: DocKind;
  title: string;
  sort: number;
  /** How many children it has (the spec's spelling). */
  chilcount: number;
  shared: boolean;
  share_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  custom_fields: ValueView[];
}

/** What a share link reveals without an account: enough to open the document read-only. */
export interface SharedDocView {
  guid: string;
  kind: DocKind;
  title: string;
}

export type DocFailure = { ok: false; reason: string; index?: number };

export const docView = (d: Document, chilcount: number, values: ValueView[]): DocView => ({
  guid: d.id,
  project: d.projectId,
  parent: d.parentId,
  kind: d.kind,
  title: d.title,
  sort: d.sort,
  chilcount,
  shared: d.shareId !== null,
  share_id: d.shareId,
  created_by: d.createdBy,
  created_at: d.createdAt,
  updated_at: d.updatedAt,
  custom_fields: values,
});

/** The share link's path of a document (`/shared/{segment}/{shareId}`). */
export const sharedPath = (kind: DocKind, shareId: string) => `/shared/${SHARED_SEGMENT[kind]}/${shareId}`;

const asNode = (d: { id: string; parentId: string | null; sort: number }): TreeNode => ({ guid: d.id, parent: d.parentId, sort: d.sort });

/** The project's tree as bare nodes (one query; the tree is bounded by DOC_MAX_PER_PROJECT). */
async function treeOf(db: Db, projectId: string): Promise<TreeNode[]> {
  const rows = await db.select({ id: documents.id, parentId: documents.parentId, sort: documents.sort }).from(documents).where(eq(documents.projectId, projectId));
  return rows.map(asNode);
}

/** Every document of the project, flat and in order (parents are not guaranteed first). */
export async function listDocs(db: Db, projectId: string): Promise<DocView[]> {
  const rows = await db.select().from(documents).where(eq(documents.projectId, projectId)).orderBy(asc(documents.parentId), asc(documents.sort), asc(documents.id));
  const counts = childCounts(rows.map(asNode));
  const values = await readValues(db, "docs", rows.map((r) => r.id));
  return rows.map((r) => docView(r, counts.get(r.id) ?? 0, values.get(r.id) ?? []));
}

export function findDoc(db: Db, projectId: string, guid: string) {
  return db.select().from(documents).where(and(eq(documents.projectId, projectId), eq(documents.id, guid))).get();
}

/** One document with its child count and values. */
export async function oneDocView(db: Db, doc: Document): Promise<DocView> {
  const [kids, values] = await Promise.all([
    db.select({ n: sql<number>`count(*)` }).from(documents).where(and(eq(documents.projectId, doc.projectId), eq(documents.parentId, doc.id))).get(),
    readValues(db, "docs", [doc.id]),
  ]);
  return docView(doc, kids?.n ?? 0, values.get(doc.id) ?? []);
}

/** Why a document cannot go under `parent` right now, judged on the current tree. */
function placeRefusal(nodes: TreeNode[], parent: string | null): string | undefined {
  if (nodes.length >= DOC_MAX_PER_PROJECT) return "doc_limit_reached";
  if (parent === null) return undefined;
  if (!nodes.some((n) => n.guid === parent)) return "doc_parent_not_found";
  if (depthOf(nodes, parent) + 1 > DOC_MAX_DEPTH) return "doc_too_deep";
  return undefined;
}

/**
 * Creates a document after the last of `parent`'s children (null: the root). The insert
 * itself checks the bound and that the parent still exists, so two creates at the same moment
 * cannot pass the bound together, nor land under a parent deleted meanwhile.
 */
export async function createDoc(db: Db, projectId: string, userId: string, input: { kind: DocKind; title: string; parent: string | null }): Promise<{ ok: true; doc: DocView } | DocFailure> {
  const refusal = placeRefusal(await treeOf(db, projectId), input.parent);
  if (refusal) return { ok: false, reason: refusal };
  const id = newGuid();
  const now = Date.now();
  const parent = input.parent;
  const result = await db.run(sql`
    INSERT INTO documents (id, project_id, parent_id, kind, title, sort, created_by, created_at, updated_at)
    SELECT ${id}, ${projectId}, ${parent}, ${input.kind}, ${input.title},
      (SELECT COALESCE(MAX(sort), -1) + 1 FROM documents WHERE project_id = ${projectId} AND parent_id IS ${parent}),
      ${userId}, ${now}, ${now}
    WHERE (SELECT COUNT(*) FROM documents WHERE project_id = ${projectId}) < ${DOC_MAX_PER_PROJECT}
      AND (${parent} IS NULL OR EXISTS (SELECT 1 FROM documents WHERE id = ${parent} AND project_id = ${projectId}))`);
  if (!result.meta.changes) return { ok: false, reason: placeRefusal(await treeOf(db, projectId), parent) ?? "doc_parent_not_found" };
  const row = (await findDoc(db, projectId, id))!;
  return { ok: true, doc: docView(row, 0, []) };
}

/**
 * Renames a document and/or writes its field values (checked by the field engine against the
 * fields permitted on documents). Everything is validated before anything is written; the
 * title and `updatedAt` land in the same batch as the values.
 */
export async function updateDoc(
  db: Db,
  doc: Document,
  userId: string,
  changes: { title?: string; custom_fields?: ValueInput[] },
  t: TFunction,
): Promise<{ ok: true; doc: DocView } | DocFailure> {
  const values = changes.custom_fields ?? [];
  const row = () => db.update(documents).set({ updatedAt: Date.now(), ...(changes.title !== undefined ? { title: changes.title } : {}) }).where(eq(documents.id, doc.id));
  if (values.length > 0) {
    await ensureSystemFields(db, doc.projectId, t);
    // The title is the document's own column (the tree and the editors read it there), not a value.
    const title = await db.select({ id: fieldDefinitions.id }).from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, doc.projectId), eq(fieldDefinitions.slug, "title"))).get();
    const index = values.findIndex((v) => v.slug === "title" || (v.guid !== undefined && v.guid === title?.id));
    if (index >= 0) return { ok: false, reason: "doc_title_field", index };
    const written = await writeValues(db, doc.projectId, "docs", doc.id, values, userId, () => [row()]);
    if (!written.ok) return written;
  } else if (changes.title !== undefined) {
    await row();
  }
  return { ok: true, doc: await oneDocView(db, (await findDoc(db, doc.projectId, doc.id))!) };
}

/**
 * Moves a document under `parent` (null: the root) to `index` among its new siblings and
 * renumbers both sibling lists, writing only the rows whose place changed, in one batch. The
 * moved row's update re-checks in SQL that the new parent is still in the project and not in
 * its subtree (two people moving A under B and B under A at once would otherwise make a loop);
 * the siblings' renumbering only applies if that update landed.
 */
export async function moveDoc(db: Db, doc: Document, target: { parent: string | null; index: number }): Promise<{ ok: true; moved: string[] } | DocFailure> {
  const nodes = await treeOf(db, doc.projectId);
  const plan = planMove(nodes, { guid: doc.id, parent: target.parent, index: target.index });
  if (!plan.ok) return plan;
  const self = plan.changed.find((c) => c.guid === doc.id);
  if (!self) return { ok: true, moved: [] };
  const now = Date.now();
  const parent = target.parent;
  const guard =
    parent === null
      ? sql`1`
      : sql`EXISTS (SELECT 1 FROM documents WHERE id = ${parent} AND project_id = ${doc.projectId})
          AND ${parent} NOT IN (WITH RECURSIVE sub(id) AS (SELECT ${doc.id} UNION SELECT d.id FROM documents d JOIN sub ON d.parent_id = sub.id) SELECT id FROM sub)`;
  const landed = sql`EXISTS (SELECT 1 FROM documents WHERE id = ${doc.id} AND parent_id IS ${parent})`;
  const first = db
    .update(documents)
    .set({ parentId: parent, sort: self.sort, updatedAt: now })
    .where(and(eq(documents.id, doc.id), eq(documents.projectId, doc.projectId), guard))
    .returning({ id: documents.id });
  const others = plan.changed
    .filter((c) => c.guid !== doc.id)
    .map((c) => db.update(documents).set({ parentId: c.parent, sort: c.sort }).where(and(eq(documents.id, c.guid), eq(documents.projectId, doc.projectId), landed)));
  const [moved] = await db.batch([first, ...others]);
  if (moved.length === 0) return { ok: false, reason: "doc_move_conflict" };
  return { ok: true, moved: plan.changed.map((c) => c.guid) };
}

/** The subtree of `guid` (itself included) as SQL, evaluated when the statement runs. */
const subtree = (projectId: string, guid: string) =>
  sql`WITH RECURSIVE sub(id) AS (SELECT ${guid} UNION SELECT d.id FROM documents d JOIN sub ON d.parent_id = sub.id WHERE d.project_id = ${projectId}) SELECT id FROM sub`;

/**
 * Deletes a document with everything under it, their values and file rows, in one batch; the
 * subtree is taken inside each statement, so a child created meanwhile goes too and none is
 * left without a parent. Files' bytes in R2 go afterwards. The documents' Durable Object
 * storage is left as it is (see docs/decisions.md). Returns the guids known to be deleted.
 */
export async function deleteDoc(env: Env, db: Db, doc: Document): Promise<{ deleted: string[] }> {
  const nodes = await treeOf(db, doc.projectId);
  const ids = [doc.id, ...descendantsOf(nodes, doc.id)];
  const inTree = sql`IN (${subtree(doc.projectId, doc.id)})`;
  const files = await db.select({ key: attachments.key }).from(attachments).where(and(eq(attachments.projectId, doc.projectId), eq(attachments.entityKind, "docs"), sql`${attachments.entityId} ${inTree}`));
  await db.batch([
    db.delete(fieldValues).where(and(eq(fieldValues.entityKind, "docs"), sql`${fieldValues.entityId} ${inTree}`)),
    db.delete(attachments).where(and(eq(attachments.projectId, doc.projectId), eq(attachments.entityKind, "docs"), sql`${attachments.entityId} ${inTree}`)),
    db.delete(documents).where(and(eq(documents.projectId, doc.projectId), sql`${documents.id} ${inTree}`)),
  ]);
  await deleteStoredFiles(env, files.map((f) => f.key));
  return { deleted: ids };
}

/**
 * Turns the read-only link on or off. Turning it on makes a new unguessable id (256 random
 * bits) unless one is already on; turning it off clears it, so the old link answers 404 on
 * the very next request.
 */
export async function setSharing(db: Db, doc: Document, shared: boolean): Promise<{ share_id: string | null; url: string | null }> {
  let shareId = doc.shareId;
  if (shared && !shareId) shareId = randomToken();
  if (!shared) shareId = null;
  if (shareId !== doc.shareId) await db.update(documents).set({ shareId, updatedAt: Date.now() }).where(eq(documents.id, doc.id));
  return { share_id: shareId, url: shareId ? sharedPath(doc.kind, shareId) : null };
}

/** The document behind a share link, if sharing is on and the link's segment fits its kind. */
export async function findShared(db: Db, segment: string, shareId: string): Promise<SharedDocView | undefined> {
  const row = await db.select({ id: documents.id, kind: documents.kind, title: documents.title }).from(documents).where(eq(documents.shareId, shareId)).get();
  if (!row || SHARED_SEGMENT[row.kind] !== segment) return undefined;
  return { guid: row.id, kind: row.kind, title: row.title };
}
