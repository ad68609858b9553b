/**
 * Commits that mention tasks (issue 12): after a push, the GitRepo object's outbox holds the
 * pushed commits whose messages name tasks (`#12` or a guid). This looks the names up among the
 * tasks of the repository's own project, keeps one row per task, repository and commit
 * (`git_commit_mentions`, so a re-push adds nothing), logs "mentioned in commit" in each task's
 * activity, and then acknowledges the commits to the object.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { firstLine, taskNames } from "../../domain/git/mentions";
import type { MentioningCommit, TaskCommit } from "../../domain/wire/git";
import { type Db, runBatch } from "../db/client";
import { gitCommitMentions, gitRepositories, type GitRepository, tasks } from "../db/schema";
import type { Env } from "../env";
import { type ActivityInput, activityStatements } from "./activity";
import { repoStub } from "./git";
import { notDeleted } from "./task-filter";

/** Commits taken from the outbox per round, and rounds per push (the outbox keeps the rest for the next push). */
const OUTBOX_PAGE = 50;
const OUTBOX_ROUNDS = 4;
/** D1 binds at most 100 parameters a statement. */
const IN_CHUNK = 90;
const ROWS_PER_INSERT = 9;

const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Task ids of the project by number and by guid, for the names the commits use. */
async function tasksNamed(db: Db, projectId: string, numbers: number[], guids: string[]) {
  const byNumber = new Map<number, string>();
  const known = new Set<string>();
  for (const part of chunks(numbers, IN_CHUNK))
    for (const row of await db.select({ id: tasks.id, number: tasks.number }).from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.number, part), notDeleted))) byNumber.set(row.number, row.id);
  for (const part of chunks(guids, IN_CHUNK))
    for (const row of await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, part), notDeleted))) known.add(row.id);
  return { byNumber, known };
}

/** Writes what one page of the outbox mentions; answers the tasks that got a new entry. */
async function recordPage(db: Db, repo: GitRepository, pusherId: string, commits: MentioningCommit[]): Promise<string[]> {
  const named = commits.map((c) => ({ commit: c, names: taskNames(c.message) }));
  const { byNumber, known } = await tasksNamed(
    db,
    repo.projectId,
    [...new Set(named.flatMap((n) => n.names.numbers))],
    [...new Set(named.flatMap((n) => n.names.guids))],
  );
  const wanted = named.flatMap(({ commit, names }) => {
    const ids = new Set([...names.numbers.map((n) => byNumber.get(n)).filter((id): id is string => Boolean(id)), ...names.guids.filter((g) => known.has(g))]);
    return [...ids].map((taskId) => ({ taskId, commit }));
  });
  if (wanted.length === 0) return [];
  // Rows already there (a re-push, or a retry after a failed acknowledgement) are left alone.
  const existing = new Set<string>();
  for (const part of chunks([...new Set(wanted.map((w) => w.commit.hexsha))], IN_CHUNK))
    for (const row of await db
      .select({ taskId: gitCommitMentions.taskId, hexsha: gitCommitMentions.hexsha })
      .from(gitCommitMentions)
      .where(and(eq(gitCommitMentions.repoId, repo.id), inArray(gitCommitMentions.hexsha, part))))
      existing.add(`${row.taskId}:${row.hexsha}`);
  const fresh = wanted.filter((w) => !existing.has(`${w.taskId}:${w.commit.hexsha}`));
  if (fresh.length === 0) return [];
  const now = Date.now();
  const rows = fresh.map(({ taskId, commit }) => ({
    taskId,
    repoId: repo.id,
    hexsha: commit.hexsha,
    projectId: repo.projectId,
    title: firstLine(commit.message),
    authorName: commit.author.slice(0, 200),
    committedAt: commit.date,
    pushedBy: pusherId,
    createdAt: now,
  }));
  const log: ActivityInput[] = rows.map((r) => ({
    projectId: repo.projectId,
    actorId: pusherId,
    entityKind: "issue",
    entityId: r.taskId,
    action: "commit_mentioned",
    detail: { repo: repo.id, repo_name: repo.name, hexsha: r.hexsha, message: r.title },
    createdAt: now,
  }));
  const statements: BatchItem<"sqlite">[] = chunks(rows, ROWS_PER_INSERT).map((part) => db.insert(gitCommitMentions).values(part).onConflictDoNothing());
  await runBatch(db, [...statements, ...activityStatements(db, log)]);
  return [...new Set(rows.map((r) => r.taskId))];
}

/**
 * Drains the repository's outbox after a push by `pusherId`; answers the tasks newly mentioned.
 * What is not drained (a failure, or more than the rounds allow) waits for the next push.
 */
export async function recordMentions(env: Env, db: Db, repo: GitRepository, pusherId: string): Promise<string[]> {
  const stub = repoStub(env, repo.id);
  const touched = new Set<string>();
  for (let round = 0; round < OUTBOX_ROUNDS; round++) {
    const page = await stub.pendingMentions(OUTBOX_PAGE);
    if (page.length === 0) break;
    for (const id of await recordPage(db, repo, pusherId, page)) touched.add(id);
    await stub.ackMentions(page.map((c) => c.hexsha));
    if (page.length < OUTBOX_PAGE) break;
  }
  return [...touched];
}

/** Newest commits mentioning a task (repositories of its own project only). */
export async function commitsOfTask(db: Db, projectId: string, taskId: string, limit = 20): Promise<TaskCommit[]> {
  const rows = await db
    .select({ mention: gitCommitMentions, repoName: gitRepositories.name })
    .from(gitCommitMentions)
    .innerJoin(gitRepositories, eq(gitRepositories.id, gitCommitMentions.repoId))
    .where(and(eq(gitCommitMentions.taskId, taskId), eq(gitCommitMentions.projectId, projectId)))
    .orderBy(desc(gitCommitMentions.committedAt))
    .limit(limit);
  return rows.map(({ mention, repoName }) => ({
    repo: { guid: mention.repoId, name: repoName },
    hexsha: mention.hexsha,
    title: mention.title,
    author: mention.authorName,
    date: mention.committedAt,
  }));
}
