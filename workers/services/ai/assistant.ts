/**
 * The AI helper's operations: runs an answer through the user's hub (which streams it to the
 * user's tabs and can cancel it), counts the hourly allowance, builds the project chat's
 * context from what the asking user may read, and keeps the chat per user and project.
 */
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { type ChatMessage, type ContextItem, chatMessages } from "../../../domain/ai/prompts";
import type { AiJob, AiOutcome } from "../../../domain/wire/live/hub";
import { type Db, getDb } from "../../db/client";
import { aiChatMessages, documents, sprints, taskSearchDocs, tasks } from "../../db/schema";
import type { Env } from "../../env";
import { projectAccess } from "../access";
import { newGuid } from "../ids";
import { limitsFor } from "../plan-limits";
import { hitRateLimit } from "../rate-limit";
import { aiConfig, aiHourlyLimit } from "./provider";
import { notDeleted } from "../task-filter";

export type RunRefusal = { ok: false; reason: "ai_not_configured" } | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/** AI requests per hour for the user: their plan's, capped by `AI_HOURLY_LIMIT` when the operator set one. */
export async function hourlyAllowance(env: Env, userId: string, now = Date.now()): Promise<number> {
  const plan = await limitsFor(getDb(env.DB), userId, now);
  return env.AI_HOURLY_LIMIT ? Math.min(aiHourlyLimit(env), plan.limits.ai_requests_per_hour) : plan.limits.ai_requests_per_hour;
}

/**
 * Streams one answer for `userId` through their hub: refused when no provider is configured
 * (nothing counted) or when the hourly allowance is spent.
 */
export async function runForUser(env: Env, userId: string, job: Omit<AiJob, "config">, now = Date.now()): Promise<RunRefusal | AiOutcome> {
  const config = aiConfig(env);
  if (!config) return { ok: false, reason: "ai_not_configured" };
  const limit = await hourlyAllowance(env, userId, now);
  const decision = await hitRateLimit(env.DB, `ai:${userId}`, { limit, windowMs: 60 * 60_000 }, now);
  if (!decision.allowed) return { ok: false, reason: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
  const hub = await getServerByName(env.UserHub, userId);
  return hub.runAi({ ...job, config });
}

/** Stops a running answer of this user. */
export async function cancelRun(env: Env, userId: string, run: string): Promise<boolean> {
  return (await getServerByName(env.UserHub, userId)).cancelAi(run);
}

/** Most items of each kind the chat context takes. */
const CONTEXT_TASKS = 150;
const CONTEXT_DOCS = 40;

/**
 * What the project chat may tell the model about: the project's sprints, tasks and documents,
 * only if `userId` may read the project (checked here again, not only by the route). A project
 * the user may not read gives nothing at all.
 */
export async function projectContext(db: Db, userId: string, projectId: string): Promise<ContextItem[] | null> {
  const access = await projectAccess(db, userId, projectId, "read");
  if (!access.ok) return null;
  const [sprintRows, taskRows, docRows] = await Promise.all([
    db.select({ id: sprints.id, title: sprints.title, goal: sprints.goal, status: sprints.status }).from(sprints).where(and(eq(sprints.projectId, projectId), eq(sprints.archived, false))).orderBy(asc(sprints.sort)),
    db
      .select({ id: tasks.id, number: tasks.number, title: taskSearchDocs.title, description: taskSearchDocs.description })
      .from(tasks)
      .leftJoin(taskSearchDocs, eq(taskSearchDocs.taskId, tasks.id))
      .where(and(eq(tasks.projectId, projectId), notDeleted))
      .orderBy(desc(tasks.updatedAt))
      .limit(CONTEXT_TASKS),
    db
      .select({ id: documents.id, title: documents.title, text: documents.plainText })
      .from(documents)
      .where(and(eq(documents.projectId, projectId), inArray(documents.kind, ["text", "table"])))
      .orderBy(desc(documents.updatedAt))
      .limit(CONTEXT_DOCS),
  ]);
  return [
    ...sprintRows.map((s): ContextItem => ({ kind: "sprint", guid: s.id, label: `${s.title} (${s.status})`, text: s.goal })),
    ...taskRows.map((t): ContextItem => ({ kind: "task", guid: t.id, label: `#${t.number} ${t.title ?? ""}`, text: t.description ?? "" })),
    ...docRows.map((d): ContextItem => ({ kind: "document", guid: d.id, label: d.title, text: d.text })),
  ];
}

/** Messages kept per conversation; older ones are dropped. */
export const CHAT_KEEP = 100;

export interface ChatTurnView {
  guid: string;
  role: "user" | "assistant";
  content: string;
  created_at: number;
}

/** The user's conversation in a project, oldest first. */
export async function chatHistory(db: Db, userId: string, projectId: string): Promise<ChatTurnView[]> {
  const rows = await db
    .select()
    .from(aiChatMessages)
    .where(and(eq(aiChatMessages.userId, userId), eq(aiChatMessages.projectId, projectId)))
    .orderBy(asc(aiChatMessages.createdAt), asc(sql`rowid`));
  return rows.map((r) => ({ guid: r.id, role: r.role, content: r.content, created_at: r.createdAt }));
}

/** Appends a question and its answer together, then drops what exceeds `CHAT_KEEP`. */
export async function saveChatTurn(db: Db, userId: string, projectId: string, question: string, answer: string, now = Date.now()): Promise<void> {
  const where = and(eq(aiChatMessages.userId, userId), eq(aiChatMessages.projectId, projectId));
  await db.insert(aiChatMessages).values([
    { id: newGuid(), userId, projectId, role: "user", content: question, createdAt: now },
    { id: newGuid(), userId, projectId, role: "assistant", content: answer, createdAt: now + 1 },
  ]);
  const cutoff = await db.select({ at: aiChatMessages.createdAt }).from(aiChatMessages).where(where).orderBy(desc(aiChatMessages.createdAt)).limit(1).offset(CHAT_KEEP);
  if (cutoff[0]) await db.delete(aiChatMessages).where(and(where, lt(aiChatMessages.createdAt, cutoff[0].at + 1)));
}

export async function clearChat(db: Db, userId: string, projectId: string): Promise<void> {
  await db.delete(aiChatMessages).where(and(eq(aiChatMessages.userId, userId), eq(aiChatMessages.projectId, projectId)));
}

/** The model's conversation for a chat question: context the user may read, earlier turns, question. */
export async function chatPrompt(db: Db, userId: string, projectId: string, projectName: string, question: string): Promise<ChatMessage[] | null> {
  const items = await projectContext(db, userId, projectId);
  if (!items) return null;
  const history = (await chatHistory(db, userId, projectId)).map((t): ChatMessage => ({ role: t.role, content: t.content }));
  return chatMessages(projectName, items, history, question);
}
