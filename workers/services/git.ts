/**
 * Git repositories of a project: the list in D1 (name, default branch, size, last push) and
 * the way to each one's `GitRepo` object, which holds the content. Every lookup is scoped to a
 * project.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { gitRepositories, type GitRepository } from "../db/schema";
import type { Env } from "../env";
import { newGuid } from "./ids";

export function repoStub(env: Env, repoId: string) {
  return env.GitRepo.get(env.GitRepo.idFromName(repoId));
}

/** The repository's wire form in lists; `clone_url` is built from the public origin. */
export function repoWire(repo: GitRepository, origin: string) {
  return {
    guid: repo.id,
    name: repo.name,
    default_branch: repo.defaultBranch,
    size: repo.sizeBytes,
    last_commit: repo.lastCommit ? { hexsha: repo.lastCommit } : null,
    last_push_at: repo.lastPushAt,
    created_at: repo.createdAt,
    clone_url: `${origin}/git/${repo.projectId}/${repo.name}.git`,
    protect_default_branch: repo.protectDefaultBranch,
    protected_admins_only: repo.protectedAdminsOnly,
  };
}
export type RepoWire = ReturnType<typeof repoWire>;

export function listRepos(db: Db, projectId: string): Promise<GitRepository[]> {
  return db.select().from(gitRepositories).where(eq(gitRepositories.projectId, projectId)).orderBy(asc(gitRepositories.name)).all();
}

export function findRepo(db: Db, projectId: string, repoId: string): Promise<GitRepository | undefined> {
  return db.select().from(gitRepositories).where(and(eq(gitRepositories.projectId, projectId), eq(gitRepositories.id, repoId))).get();
}

export function findRepoByName(db: Db, projectId: string, name: string): Promise<GitRepository | undefined> {
  return db.select().from(gitRepositories).where(and(eq(gitRepositories.projectId, projectId), eq(gitRepositories.name, name))).get();
}

type Made = { ok: true; repo: GitRepository } | { ok: false; reason: "git_name_taken" };

/**
 * Creates the repository's row, then its object (empty, or with a README commit). The row comes
 * first so the name is claimed; should the object fail the row is removed again.
 */
export async function createRepo(
  env: Env,
  db: Db,
  input: { projectId: string; name: string; defaultBranch: string; readme: boolean; author: { id: string; name: string; email: string } },
): Promise<Made> {
  if (await findRepoByName(db, input.projectId, input.name)) return { ok: false, reason: "git_name_taken" };
  const id = newGuid();
  try {
    await db.insert(gitRepositories).values({ id, projectId: input.projectId, name: input.name, defaultBranch: input.defaultBranch, createdBy: input.author.id, createdAt: Date.now() });
  } catch {
    // The unique index: someone took the name in between.
    return { ok: false, reason: "git_name_taken" };
  }
  try {
    const facts = await repoStub(env, id).create({
      defaultBranch: input.defaultBranch,
      readme: input.readme ? { title: input.name, author: { name: input.author.name, email: input.author.email } } : null,
    });
    await db.update(gitRepositories).set({ sizeBytes: facts.size, lastCommit: facts.head }).where(eq(gitRepositories.id, id));
  } catch (err) {
    await db.delete(gitRepositories).where(eq(gitRepositories.id, id));
    throw err;
  }
  return { ok: true, repo: (await findRepo(db, input.projectId, id))! };
}

type Imported = Made | { ok: false; reason: "git_import_unreachable" | "git_import_not_git" | "git_import_private_repo" | "git_import_credentials_refused" | "git_import_too_large" };

/**
 * Creates a repository filled from a git URL (already checked), with `auth` for a private one
 * (passed to the repository's object for this fetch only). The name is claimed
 * first; if the import fails, the row and whatever the object fetched are removed again.
 */
export async function importRepo(
  env: Env,
  db: Db,
  input: { projectId: string; name: string; url: string; maxBytes: number; authorId: string; auth: { username: string; token: string } | null },
): Promise<Imported> {
  if (await findRepoByName(db, input.projectId, input.name)) return { ok: false, reason: "git_name_taken" };
  const id = newGuid();
  try {
    await db.insert(gitRepositories).values({ id, projectId: input.projectId, name: input.name, createdBy: input.authorId, createdAt: Date.now() });
  } catch {
    return { ok: false, reason: "git_name_taken" };
  }
  const stub = repoStub(env, id);
  try {
    const done = await stub.importFrom({ url: input.url, maxBytes: input.maxBytes, fallbackBranch: "main", auth: input.auth });
    if (!done.ok) {
      await db.delete(gitRepositories).where(eq(gitRepositories.id, id));
      await stub.destroy();
      return done;
    }
    const branch = (await stub.summary())?.default_branch ?? "main";
    await db.update(gitRepositories).set({ sizeBytes: done.size, lastCommit: done.head, defaultBranch: branch, lastPushAt: Date.now() }).where(eq(gitRepositories.id, id));
  } catch (err) {
    await db.delete(gitRepositories).where(eq(gitRepositories.id, id));
    await stub.destroy().catch(() => undefined);
    throw err;
  }
  return { ok: true, repo: (await findRepo(db, input.projectId, id))! };
}

/** The percentage the import of the repository `name` has reached; null when none runs. */
export async function importProgress(env: Env, db: Db, projectId: string, name: string): Promise<{ ok: true; percent: number | null } | { ok: false; reason: "git_not_found" }> {
  const repo = await findRepoByName(db, projectId, name);
  if (!repo) return { ok: false, reason: "git_not_found" };
  return { ok: true, percent: await repoStub(env, repo.id).importProgress() };
}

export async function renameRepo(db: Db, repo: GitRepository, name: string): Promise<Made> {
  if (name === repo.name) return { ok: true, repo };
  if (await findRepoByName(db, repo.projectId, name)) return { ok: false, reason: "git_name_taken" };
  await db.update(gitRepositories).set({ name }).where(eq(gitRepositories.id, repo.id));
  return { ok: true, repo: { ...repo, name } };
}

export async function setDefaultBranch(env: Env, db: Db, repo: GitRepository, branch: string): Promise<{ ok: true; repo: GitRepository } | { ok: false; reason: "git_branch_not_found" }> {
  if (!(await repoStub(env, repo.id).setDefaultBranch(branch))) return { ok: false, reason: "git_branch_not_found" };
  await db.update(gitRepositories).set({ defaultBranch: branch }).where(eq(gitRepositories.id, repo.id));
  return { ok: true, repo: { ...repo, defaultBranch: branch } };
}

/** Sets the default branch's protection (either flag left out stays as it is). */
export async function setProtection(db: Db, repo: GitRepository, change: { protect?: boolean; adminsOnly?: boolean }): Promise<GitRepository> {
  const next = { protectDefaultBranch: change.protect ?? repo.protectDefaultBranch, protectedAdminsOnly: change.adminsOnly ?? repo.protectedAdminsOnly };
  await db.update(gitRepositories).set(next).where(eq(gitRepositories.id, repo.id));
  return { ...repo, ...next };
}

export async function deleteRepo(env: Env, db: Db, repo: GitRepository): Promise<void> {
  await db.delete(gitRepositories).where(eq(gitRepositories.id, repo.id));
  await repoStub(env, repo.id).destroy();
}

/** Records what a push left: the size and the default branch's tip. */
export async function recordPush(db: Db, repoId: string, size: number, head: string | null): Promise<void> {
  await db.update(gitRepositories).set({ sizeBytes: size, lastCommit: head || null, lastPushAt: Date.now() }).where(eq(gitRepositories.id, repoId));
}
