/**
 * What a text document holds beyond its live edits: the version history (kept in the
 * document's own object, see DocRoom), imports and the images it shows (bytes in R2 under
 * random keys, rows in `attachments` with `entity_kind = "docs"` like the tree's own files).
 */
import { and, eq, inArray } from "drizzle-orm";
import { FILE_MAX_BYTES, INLINE_TYPES, safeFileName, sniffImageType } from "../../domain/files";
import type { VersionRow } from "../../durable-objects/doc-room/storage";
import type { Db } from "../db/client";
import { attachments, documents, users, type Document } from "../db/schema";
import type { Env } from "../env";
import { newGuid } from "./ids";

export interface VersionView {
  guid: string;
  /** Empty for a periodic version (the client names it by its time). */
  name: string;
  auto: boolean;
  created_at: number;
  created_by: { guid: string; name: string; color: string } | null;
  size: number;
}

/** Versions with their authors as people (one D1 call for all of them). */
export async function versionViews(db: Db, rows: VersionRow[]): Promise<VersionView[]> {
  const ids = [...new Set(rows.map((r) => r.created_by).filter((id): id is string => !!id))];
  const people = ids.length ? await db.select({ guid: users.id, name: users.name, color: users.color }).from(users).where(inArray(users.id, ids.slice(0, 90))) : [];
  const byId = new Map(people.map((p) => [p.guid, p]));
  return rows.map((r) => ({ guid: r.id, name: r.name, auto: r.auto, created_at: r.created_at, created_by: (r.created_by && byId.get(r.created_by)) || null, size: r.size }));
}

export const DOC_IMAGE_MAX_BYTES = FILE_MAX_BYTES;

/** Where a document image is served to participants (the tasks' file route serves any project file). */
export const docImageUrl = (projectId: string, fileId: string) => `/api/v1/project/${projectId}/entity-file/${fileId}`;

export type DocImageResult = { ok: true; file: { guid: string; url: string; name: string } } | { ok: false; reason: "file_empty" | "file_too_large" | "file_type_refused" };

/** Stores an image shown in a document: only PNG, JPEG, GIF and WebP, by their bytes. */
export async function uploadDocImage(env: Env, db: Db, doc: Document, actorId: string, file: File): Promise<DocImageResult> {
  if (file.size === 0) return { ok: false, reason: "file_empty" };
  if (file.size > DOC_IMAGE_MAX_BYTES) return { ok: false, reason: "file_too_large" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type || !INLINE_TYPES.has(type)) return { ok: false, reason: "file_type_refused" };
  const id = newGuid();
  const random = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const key = `files/${doc.projectId}/${random}`;
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: type } });
  const name = safeFileName(file.name);
  try {
    await db.insert(attachments).values({ id, projectId: doc.projectId, entityKind: "docs", entityId: doc.id, key, name, contentType: type, size: bytes.byteLength, createdBy: actorId });
  } catch (err) {
    await env.FILES.delete(key);
    throw err;
  }
  return { ok: true, file: { guid: id, url: docImageUrl(doc.projectId, id), name } };
}

/** An image of a shared document, found through its current share id (null when sharing is off). */
export async function sharedDocImage(db: Db, shareId: string, fileId: string) {
  const row = await db
    .select({ file: attachments })
    .from(attachments)
    .innerJoin(documents, and(eq(documents.id, attachments.entityId), eq(documents.projectId, attachments.projectId)))
    .where(and(eq(documents.shareId, shareId), eq(attachments.entityKind, "docs"), eq(attachments.id, fileId)))
    .get();
  return row?.file ?? null;
}
