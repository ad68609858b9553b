/**
 * The Worker's side of the object host (`durable-objects/host.ts`): what the Durable Objects
 * ask of D1 and of the other services, carried out with the same services the API calls. The
 * queries are the ones the objects ran themselves before the seam, one for one.
 */
import { and, asc, eq } from "drizzle-orm";
import { DEFAULT_LANGUAGE, isLanguage } from "../domain/i18n/languages";
import { allows } from "../domain/projects/roles";
import type { DocumentAudience, ObjectHost } from "../durable-objects/host";
import { getDb } from "./db/client";
import { documents, participants, projects, sprints, users } from "./db/schema";
import { projectAccess } from "./services/access";
import { streamAnswer } from "./services/ai/provider";
import { addComment } from "./services/comments";
import { i18nFor } from "./services/i18n";
import { publishToProject } from "./services/live";
import { notify } from "./services/notifications";
import { ensureBacklog } from "./services/sprints";
import { createTask, findTask, updateTask } from "./services/tasks";
import { linkActionTask, recordPokerEstimate } from "./services/retro-loop";
import { refreshJiraTokens, reportJiraImport, runJiraStep } from "./services/jira-run";

export const objectHost: ObjectHost = {
  streamAi: streamAnswer,
  async writeEstimate(env, meta, taskId, accepted, by, outcome) {
    const db = getDb(env.DB);
    // The facilitator may have lost write access since the room began.
    const access = await projectAccess(db, meta.owner, meta.project, "write");
    if (!access.ok) return { ok: false, reason: "project_forbidden" };
    const task = await findTask(db, meta.project, taskId);
    if (!task) return { ok: false, reason: "task_not_found" };
    // A deck from a select field writes the option: the field's own checks (the option still
    // exists, the field still applies to tasks) decide as for any other write.
    const write = accepted.kind === "option" ? { guid: accepted.field, value: accepted.option } : { slug: "estimate", value: accepted.value };
    const written = await updateTask(env, db, task, meta.owner, [write]);
    if (!written.ok) return { ok: false, reason: written.reason };
    // What the room accepted, kept apart from the field: a bound retro shows estimates changed
    // afterwards. Only estimates: an option is not compared with the estimate field.
    if (accepted.kind === "estimate") await recordPokerEstimate(db, meta.project, by, taskId, accepted.value);
    const value = accepted.kind === "estimate" ? accepted.value : accepted.card;
    // The outcome, as the facilitator's comment in their language: the task keeps why it got its number.
    const [owner, project] = await Promise.all([db.select().from(users).where(eq(users.id, meta.owner)).get(), db.select().from(projects).where(eq(projects.id, meta.project)).get()]);
    if (owner && project) {
      const { t } = i18nFor(isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE);
      const votes = outcome.votes.map((v) => t("rooms:poker.outcome.vote", { name: v.name, card: v.card })).join(", ");
      const text = t("rooms:poker.outcome.comment", { room: meta.title, value, count: outcome.rounds, votes: votes || "—" });
      await addComment(env, db, project, task, owner, text);
    }
    await publishToProject(env, meta.project, { type: "tasks_changed", project: meta.project, tasks: [taskId], by, at: Date.now() });
    return { ok: true };
  },

  /**
   * The lane is the first planned sprint, else the active one, else the backlog; the task's
   * description links back to the retro. A task already made by an attempt whose answer was lost
   * (the object evicted after D1 committed) counts as delivered. The task is written in one D1
   * batch, so an attempt leaves either the whole task or nothing.
   */
  async deliverActionItem(env, meta, room, entry) {
    const db = getDb(env.DB);
    if (await findTask(db, meta.project, entry.task)) {
      // An attempt whose answer was lost may have made the task but not its link back.
      await linkActionTask(db, meta.project, room, entry.note, entry.task);
      return { ok: true, task: entry.task };
    }
    const access = await projectAccess(db, meta.owner, meta.project, "write");
    if (!access.ok) return { ok: false, reason: "project_forbidden" };
    const lanes = await db
      .select()
      .from(sprints)
      .where(and(eq(sprints.projectId, meta.project), eq(sprints.isBacklog, false), eq(sprints.archived, false)))
      .orderBy(asc(sprints.sort))
      .all();
    const lane = lanes.find((s) => s.status === "planned") ?? lanes.find((s) => s.status === "active") ?? (await ensureBacklog(db, meta.project));
    const { t } = i18nFor(DEFAULT_LANGUAGE);
    const title = entry.text.split("\n")[0]!.slice(0, 200);
    const description = `${entry.text}\n\n${t("from_retro", { ns: "task", title: meta.title })}: /project/${meta.project}/room/retro/${room}`;
    const result = await createTask(
      env,
      db,
      meta.project,
      meta.owner,
      [
        { slug: "title", value: title },
        { slug: "description", value: description },
        { slug: "sprint", value: lane.id },
      ],
      t,
      { id: entry.task },
    );
    if (!result.ok) return { ok: false, reason: result.reason };
    await linkActionTask(db, meta.project, room, entry.note, entry.task);
    return { ok: true, task: entry.task };
  },

  publishToProject,

  async meetingAccess(env, project, user) {
    return (await projectAccess(getDb(env.DB), user, project, "read")).ok;
  },

  async documentFacts(env, doc) {
    const row = await getDb(env.DB).select({ project: documents.projectId, kind: documents.kind }).from(documents).where(eq(documents.id, doc)).get();
    return row ?? null;
  },

  /** One read of the document and one of the project's participants. */
  async documentAudience(env, docId) {
    const db = getDb(env.DB);
    const doc = await db.select({ project: documents.projectId, shareId: documents.shareId }).from(documents).where(eq(documents.id, docId)).get();
    if (!doc) return null;
    const people = await db
      .select({ user: participants.userId, root: participants.root, write: participants.write, read: participants.read, verified: participants.isVerifications })
      .from(participants)
      .where(eq(participants.projectId, doc.project));
    const access: DocumentAudience["access"] = new Map();
    for (const p of people) {
      const flags = { ...p, is_verifications: p.verified };
      if (allows(flags, "write")) access.set(p.user, "write");
      else if (allows(flags, "read")) access.set(p.user, "read");
    }
    return { shareId: doc.shareId, access };
  },

  async saveDocumentText(env, doc, text, at) {
    await getDb(env.DB).update(documents).set({ plainText: text, updatedAt: at }).where(eq(documents.id, doc));
  },

  async notifyMentions(env, { doc, project, author, users: mentioned, excerpt }) {
    const db = getDb(env.DB);
    const row = await db
      .select({ title: documents.title, project: projects.name })
      .from(documents)
      .innerJoin(projects, eq(projects.id, documents.projectId))
      .where(eq(documents.id, doc))
      .get();
    if (!row) return;
    const writer = author ? await db.select({ name: users.name }).from(users).where(eq(users.id, author)).get() : undefined;
    const members = await db.select({ userId: participants.userId, verified: participants.isVerifications }).from(participants).where(eq(participants.projectId, project));
    const allowed = new Set(members.filter((m) => m.verified).map((m) => m.userId));
    for (const userId of mentioned) {
      if (!allowed.has(userId)) continue;
      await notify(env, db, userId, "mentioned", project, { project: row.project, name: writer?.name ?? "", doc, title: row.title, excerpt });
    }
  },

  jiraStep: runJiraStep,
  jiraRefresh: refreshJiraTokens,
  jiraReport: reportJiraImport,
};
