/** Page data of the code area (`/project/{guid}/code/…`): repositories and what they hold. */
import { publicOrigin } from "../../../domain/auth/public-origin";
import { renderMarkdown } from "../../../domain/blog/markdown";
import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { projectAccess } from "../access";
import { findRepo, listRepos, repoStub, repoWire } from "../git";

export const COMMITS_PER_PAGE = 30;

function originOf(env: Env, requestUrl: string): string {
  const found = publicOrigin(env, requestUrl);
  return found.ok ? found.origin : new URL(requestUrl).origin;
}

/** `/project/{guid}/code`: the repository list; null without read access. */
export async function codeListPage(env: Env, requestUrl: string, viewerId: string, projectId: string) {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "read");
  if (!access.ok) return null;
  const origin = originOf(env, requestUrl);
  return { repos: (await listRepos(db, projectId)).map((r) => repoWire(r, origin)) };
}

async function repoOf(env: Env, requestUrl: string, viewerId: string, projectId: string, repoId: string) {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "read");
  if (!access.ok) return null;
  const repo = await findRepo(db, projectId, repoId);
  return repo ? { repo, wire: repoWire(repo, originOf(env, requestUrl)) } : null;
}

/** The repository at a ref and path: a directory (with its README rendered) or a file. */
export async function repoTreePage(env: Env, requestUrl: string, viewerId: string, projectId: string, repoId: string, ref: string | null, path: string) {
  const found = await repoOf(env, requestUrl, viewerId, projectId, repoId);
  if (!found) return null;
  const stub = repoStub(env, found.repo.id);
  const summary = await stub.summary();
  if (!summary) return null;
  const at = ref ?? summary.default_branch ?? found.repo.defaultBranch;
  const view = summary.heads.length ? await stub.tree(at, path) : null;
  let readme: string | null = null;
  if (view?.kind === "tree") {
    const item = view.items.find((i) => i.contentType === "blob" && /^readme(\.md|\.markdown)?$/i.test(i.name));
    const file = item ? await stub.tree(at, item.path) : null;
    if (file?.kind === "file" && file.file.content !== null) readme = renderMarkdown(file.file.content);
  }
  return { repo: found.wire, heads: summary.heads, tags: summary.tags, lastCommit: summary.last_commit, ref: at, path, view, readme, empty: summary.heads.length === 0 };
}

/** A page of a ref's history. */
export async function commitsPage(env: Env, requestUrl: string, viewerId: string, projectId: string, repoId: string, ref: string | null, page: number) {
  const found = await repoOf(env, requestUrl, viewerId, projectId, repoId);
  if (!found) return null;
  const stub = repoStub(env, found.repo.id);
  const at = ref ?? found.repo.defaultBranch;
  const [log, summary] = await Promise.all([stub.log(at, COMMITS_PER_PAGE, (page - 1) * COMMITS_PER_PAGE), stub.summary()]);
  return { repo: found.wire, ref: at, page, perPage: COMMITS_PER_PAGE, items: log?.items ?? [], totalCount: log?.totalCount ?? 0, heads: summary?.heads ?? [], tags: summary?.tags ?? [] };
}

/** One commit with its diffs. */
export async function commitPage(env: Env, requestUrl: string, viewerId: string, projectId: string, repoId: string, hexsha: string) {
  const found = await repoOf(env, requestUrl, viewerId, projectId, repoId);
  if (!found || !/^[0-9a-f]{40}$/.test(hexsha)) return null;
  const commit = await repoStub(env, found.repo.id).commit(hexsha);
  return commit ? { repo: found.wire, ...commit } : null;
}
