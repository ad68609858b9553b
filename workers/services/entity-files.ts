/**
 * Files attached to tasks (`/entity-file`): bytes in R2 under a random key, a row in
 * `attachments`, the type decided by the bytes (domain/files). Nothing stored is served as a
 * page: only the images of INLINE_TYPES show inline, everything else downloads.
 */
import { and, asc, eq, not, sql } from "drizzle-orm";
import { FILE_MAX_BYTES, safeFileName, sniffFileType } from "../../domain/files";
import type { Db } from "../db/client";
import { attachments, users, type Attachment, type Task } from "../db/schema";
import type { Env } from "../env";
import { activityStatements } from "./activity";
import { newGuid } from "./ids";
import { deleteStoredFiles } from "./tasks";

export interface FileView {
  guid: string;
  name: string;
  content_type: string;
  size: number;
  created_at: number;
  created_by: { guid: string; name: string; color: string } | null;
  /** Where the bytes are served (`GET /entity-file/{guid}`). */
  url: string;
}

const fileUrl = (projectId: string, id: string) => `/api/v1/project/${projectId}/entity-file/${id}`;

function fileView(row: Attachment, author: { guid: string; name: string; color: string } | null): FileView {
  return {
    guid: row.id,
    name: row.name,
    content_type: row.contentType,
    size: row.size,
    created_at: row.createdAt,
    created_by: author?.guid ? author : null,
    url: fileUrl(row.projectId, row.id),
  };
}

/** 128 random bits, hex: the R2 key cannot be guessed from anything a client sees. */
function randomKey(projectId: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `files/${projectId}/${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export type UploadResult = { ok: true; file: FileView } | { ok: false; reason: "file_empty" | "file_too_large" | "file_type_refused" };

/**
 * Stores an upload on a task: size and type checked first, then the bytes in R2, then the row
 * with its `file_added` entry in one batch (the bytes are removed again if that fails).
 */
export async function uploadFile(env: Env, db: Db, task: Task, actor: { id: string; name: string; color: string }, file: File): Promise<UploadResult> {
  if (file.size === 0) return { ok: false, reason: "file_empty" };
  if (file.size > FILE_MAX_BYTES) return { ok: false, reason: "file_too_large" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const name = safeFileName(file.name);
  const sniffed = sniffFileType(bytes, name);
  if (!sniffed.ok) return sniffed;
  const id = newGuid();
  const key = randomKey(task.projectId);
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: sniffed.type } });
  const now = Date.now();
  try {
    const [rows] = await db.batch([
      db
        .insert(attachments)
        .values({ id, projectId: task.projectId, entityKind: "issue", entityId: task.id, key, name, contentType: sniffed.type, size: bytes.byteLength, createdBy: actor.id, createdAt: now })
        .returning(),
      ...activityStatements(db, [{ projectId: task.projectId, actorId: actor.id, entityKind: "issue", entityId: task.id, action: "file_added", detail: { file: id, name }, createdAt: now }]),
    ]);
    return { ok: true, file: fileView(rows[0]!, { guid: actor.id, name: actor.name, color: actor.color }) };
  } catch (err) {
    await deleteStoredFiles(env, [key]);
    throw err;
  }
}

/** The files of a task, oldest first. */
export async function listFiles(db: Db, task: Task): Promise<FileView[]> {
  const rows = await db
    .select({ row: attachments, author: { guid: users.id, name: users.name, color: users.color } })
    .from(attachments)
    .leftJoin(users, eq(users.id, attachments.createdBy))
    .where(and(eq(attachments.projectId, task.projectId), eq(attachments.entityKind, "issue"), eq(attachments.entityId, task.id)))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
  return rows.map((r) => fileView(r.row, r.author));
}

export function findFile(db: Db, projectId: string, id: string) {
  // A file of a task in the trash is gone with it until Undo.
  const ofDeletedTask = sql`EXISTS (SELECT 1 FROM tasks t WHERE t.id = "attachments"."entity_id" AND t.deleted_at IS NOT NULL)`;
  return db.select().from(attachments).where(and(eq(attachments.projectId, projectId), eq(attachments.id, id), not(ofDeletedTask))).get();
}

/** Its uploader or a project root deletes a file: row and `file_removed` entry first, then the bytes. */
export async function deleteFile(env: Env, db: Db, file: Attachment, actorId: string, actorIsRoot: boolean): Promise<{ ok: true } | { ok: false; reason: "file_not_yours" }> {
  if (file.createdBy !== actorId && !actorIsRoot) return { ok: false, reason: "file_not_yours" };
  await db.batch([
    db.delete(attachments).where(eq(attachments.id, file.id)),
    ...activityStatements(db, [{ projectId: file.projectId, actorId, entityKind: "issue", entityId: file.entityId, action: "file_removed", detail: { file: file.id, name: file.name } }]),
  ]);
  await deleteStoredFiles(env, [file.key]);
  return { ok: true };
}
