/**
 * `/git/{projectGuid}/{repoName}.git/…`: git's smart HTTP, authenticated with HTTP Basic and a
 * personal access token as the password (any user name, as GitHub does). Without credentials
 * or with a dead token: 401 with a Basic challenge, so git asks for them. A live token whose
 * owner may not read the project, or a repository that does not exist: 404 alike, never a hint.
 * Read access allows clone and fetch; a push needs write access.
 */
import { type BranchGuard, GIT_HEADERS } from "../domain/git/limits";
import { getDb } from "./db/client";
import type { GitRepository } from "./db/schema";
import type { Env } from "./env";
import { projectAccess } from "./services/access";
import { limitsForProject } from "./services/plan-limits";
import { findRepoByName, recordPush, repoStub } from "./services/git";
import { recordMentions } from "./services/git-mentions";
import { publishToProject } from "./services/live";
import { userForPersonalToken } from "./services/tokens";

const GIT_PATH = /^\/git\/([0-9a-fA-F-]{1,64})\/([A-Za-z0-9._-]{1,120})\.git(\/info\/refs|\/git-upload-pack|\/git-receive-pack)$/;

export const isGitPath = (path: string) => path === "/git" || path.startsWith("/git/");

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}

const challenge = () => plain(401, "Authentication required: use a personal access token as the password.\n", { "WWW-Authenticate": 'Basic realm="git", charset="UTF-8"' });
const notFound = () => plain(404, "Repository not found.\n");

/** The password of a Basic `Authorization` header. */
function basicPassword(header: string | null): string | null {
  const encoded = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i)?.[1];
  if (!encoded) return null;
  try {
    const decoded = atob(encoded);
    const colon = decoded.indexOf(":");
    return colon >= 0 ? decoded.slice(colon + 1) : null;
  } catch {
    return null;
  }
}

/** How the default branch is guarded for a pusher who is (or is not) a project admin. */
function guardFor(repo: GitRepository, admin: boolean): BranchGuard {
  if (!repo.protectDefaultBranch) return "open";
  return repo.protectedAdminsOnly && !admin ? "locked" : "history";
}

/**
 * Tells open pages of the repository about the push, and writes the tasks its commits mention.
 * The push itself already succeeded: a failure here is logged and the object's outbox keeps the
 * mentions for the next push.
 */
async function afterPush(env: Env, repo: GitRepository, pusherId: string, mentions: boolean): Promise<void> {
  const at = Date.now();
  await publishToProject(env, repo.projectId, { type: "git_pushed", project: repo.projectId, repo: repo.id, by: pusherId, at });
  if (!mentions) return;
  try {
    const touched = await recordMentions(env, getDb(env.DB), repo, pusherId);
    if (touched.length) await publishToProject(env, repo.projectId, { type: "tasks_changed", project: repo.projectId, tasks: touched, by: pusherId, at });
  } catch (err) {
    console.error("recording task mentions failed", repo.id, err);
  }
}

export async function routeGit(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const match = url.pathname.match(GIT_PATH);
  if (!match) return notFound();
  const [, projectId, name, action] = match as unknown as [string, string, string, string];
  const password = basicPassword(request.headers.get("Authorization"));
  if (!password) return challenge();
  const db = getDb(env.DB);
  const user = await userForPersonalToken(db, password);
  if (!user) return challenge();
  const service = action === "/info/refs" ? url.searchParams.get("service") : action.slice(1);
  const push = service === "git-receive-pack";
  const access = await projectAccess(db, user.id, projectId.toLowerCase(), "read");
  const repo = access.ok ? await findRepoByName(db, access.project.id, name) : undefined;
  if (!access.ok || !repo) return notFound();
  const writer = push ? await projectAccess(db, user.id, access.project.id, "write") : null;
  if (writer && !writer.ok) return plain(403, "You may read this repository but not push to it.\n");
  const forward = new URL(`https://git-repo${action}${url.search}`);
  // The owner's plan caps the repository's size and the repository's settings guard its default
  // branch; whatever a client sent under those names is replaced.
  const headers = new Headers(request.headers);
  for (const name of [GIT_HEADERS.cap, GIT_HEADERS.protect]) headers.delete(name);
  if (writer?.ok) {
    headers.set(GIT_HEADERS.cap, String((await limitsForProject(db, access.project.id)).limits.repository_bytes));
    headers.set(GIT_HEADERS.protect, guardFor(repo, writer.participant.root));
  }
  const answer = await repoStub(env, repo.id).fetch(new Request(forward, { method: request.method, headers, body: request.body }));
  const size = answer.headers.get(GIT_HEADERS.size);
  // Recorded before git hears back, so the list, the tasks and open pages are current once
  // `git push` returns.
  if (push && size !== null) {
    await recordPush(db, repo.id, Number(size), answer.headers.get(GIT_HEADERS.head));
    await afterPush(env, repo, user.id, answer.headers.has(GIT_HEADERS.mentions));
  }
  const res = new Response(answer.body, answer);
  for (const name of [GIT_HEADERS.size, GIT_HEADERS.head, GIT_HEADERS.mentions]) res.headers.delete(name);
  return res;
}
