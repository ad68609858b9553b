/** Comments on tasks, with mentions that notify the people named. */
import { and, asc, eq, inArray } from "drizzle-orm";
import { extractMentions, mentionsAsPlainText } from "../../domain/planning/mentions";
import type { Db } from "../db/client";
import { comments, participants, users, type Comment, type Project, type Task, type User } from "../db/schema";
import type { Env } from "../env";
import { activityStatements } from "./activity";
import { newGuid } from "./ids";
import { notify } from "./notifications";

export interface CommentView {
  guid: string;
  text: string;
  author: { guid: string; name: string; color: string; avatar: string | null } | null;
  created_at: number;
  updated_at: number;
}

export async function listComments(db: Db, task: Task): Promise<CommentView[]> {
  const rows = await db
    .select({ comment: comments, author: { guid: users.id, name: users.name, color: users.color, avatar: users.avatar } })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.taskId, task.id))
    .orderBy(asc(comments.createdAt));
  return rows.map((r) => ({ guid: r.comment.id, text: r.comment.text, author: r.author, created_at: r.comment.createdAt, updated_at: r.comment.updatedAt }));
}

export function findComment(db: Db, task: Task, id: string) {
  return db.select().from(comments).where(and(eq(comments.taskId, task.id), eq(comments.id, id))).get();
}

/** Tells the participants newly mentioned in a text (never the author). */
async function notifyMentions(env: Env, db: Db, project: Project, task: Task, author: User, text: string, before = "") {
  const already = new Set(extractMentions(before));
  const mentioned = extractMentions(text).filter((id) => id !== author.id && !already.has(id));
  if (mentioned.length === 0) return;
  const members = await db
    .select({ userId: participants.userId })
    .from(participants)
    .where(and(eq(participants.projectId, project.id), inArray(participants.userId, mentioned), eq(participants.isVerifications, true)));
  const excerpt = mentionsAsPlainText(text).slice(0, 140);
  for (const { userId } of members) {
    await notify(env, db, userId, "mentioned", project.id, { project: project.name, name: author.name, task: task.id, number: task.number, excerpt });
  }
}

/** The log entry of a comment change, written in the same batch as the comment. */
const logged = (db: Db, comment: { id: string; projectId: string; taskId: string }, actorId: string, action: "comment_added" | "comment_edited" | "comment_deleted") =>
  activityStatements(db, [{ projectId: comment.projectId, actorId, entityKind: "issue", entityId: comment.taskId, action, detail: { comment: comment.id } }]);

export async function addComment(env: Env, db: Db, project: Project, task: Task, author: User, text: string): Promise<CommentView> {
  const id = newGuid();
  const [inserted] = await db.batch([
    db.insert(comments).values({ id, projectId: project.id, taskId: task.id, authorId: author.id, text }).returning(),
    ...logged(db, { id, projectId: project.id, taskId: task.id }, author.id, "comment_added"),
  ]);
  const row = inserted[0]!;
  await notifyMentions(env, db, project, task, author, text);
  return { guid: row.id, text: row.text, author: { guid: author.id, name: author.name, color: author.color, avatar: author.avatar }, created_at: row.createdAt, updated_at: row.updatedAt };
}

/** Only its author edits a comment; people mentioned anew hear about it. */
export async function editComment(env: Env, db: Db, project: Project, task: Task, author: User, comment: Comment, text: string) {
  if (comment.authorId !== author.id) return { ok: false as const, reason: "comment_not_yours" };
  const [updated] = await db.batch([
    db.update(comments).set({ text, updatedAt: Date.now() }).where(eq(comments.id, comment.id)).returning(),
    ...(text !== comment.text ? logged(db, comment, author.id, "comment_edited") : []),
  ]);
  const row = updated[0]!;
  await notifyMentions(env, db, project, task, author, text, comment.text);
  return { ok: true as const, comment: { guid: row.id, text: row.text, author: { guid: author.id, name: author.name, color: author.color, avatar: author.avatar }, created_at: row.createdAt, updated_at: row.updatedAt } };
}

/** Its author deletes a comment; a project root may delete any (moderation). */
export async function deleteComment(db: Db, actorId: string, actorIsRoot: boolean, comment: Comment) {
  if (comment.authorId !== actorId && !actorIsRoot) return { ok: false as const, reason: "comment_not_yours" };
  await db.batch([db.delete(comments).where(eq(comments.id, comment.id)), ...logged(db, comment, actorId, "comment_deleted")]);
  return { ok: true as const };
}
