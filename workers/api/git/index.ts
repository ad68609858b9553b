/**
 * Git repositories of a project (issue 12): the list and its settings in D1, the content from
 * each repository's GitRepo object. Reading needs read access, creating and changing write
 * access, deleting root.
 */
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { publicOrigin } from "../../../domain/auth/public-origin";
import { checkImportUrl } from "../../../domain/git/import-url";
import { repoCap } from "../../../domain/git/limits";
import { commitsQuery, createRepoBody, importProgressQuery, importRepoBody, updateRepoBody } from "../../../domain/git/schemas";
import type { GitRepository } from "../../db/schema";
import { publishToProject } from "../../services/live";
import { limitsForProject } from "../../services/plan-limits";
import { createRepo, deleteRepo, findRepo, importProgress, importRepo, listRepos, renameRepo, repoStub, repoWire, setDefaultBranch, setProtection } from "../../services/git";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { parseWith, readJson } from "../validate";

type RepoEnv = ProjectEnv & { Variables: ProjectEnv["Variables"] & { repo: GitRepository } };

export const gitRoutes = new Hono<ProjectEnv>();

const origin = (c: { env: ProjectEnv["Bindings"]; req: { url: string } }) => {
  const found = publicOrigin(c.env, c.req.url);
  return found.ok ? found.origin : new URL(c.req.url).origin;
};

/** Loads the repository of the path, scoped to the project; another project's reads as not found. */
const inRepo = createMiddleware<RepoEnv>(async (c, next) => {
  const repo = await findRepo(c.get("db"), c.get("project").id, c.req.param("gitGuid") ?? "");
  if (!repo) throw new ApiProblem(404, "git_not_found");
  c.set("repo", repo);
  await next();
});

const HEX = /^[0-9a-f]{40}$/;

/** Tells the project's open repository lists that `repoId` was created, changed or deleted. */
const announce = (c: Context<ProjectEnv>, repoId: string) =>
  publishToProject(c.env, c.get("project").id, { type: "repos_changed", project: c.get("project").id, repo: repoId, by: c.get("user")!.id, at: Date.now() });

gitRoutes.get("/v1/project/:id/git", access("read"), async (c) => {
  const repos = await listRepos(c.get("db"), c.get("project").id);
  return c.json({ results: repos.map((r) => repoWire(r, origin(c))) });
});

gitRoutes.post("/v1/project/:id/git", access("write"), async (c) => {
  const body = await readJson(c, createRepoBody);
  const user = c.get("user")!;
  const made = await createRepo(c.env, c.get("db"), {
    projectId: c.get("project").id,
    name: body.name,
    defaultBranch: body.default_branch ?? "main",
    readme: body.readme ?? false,
    author: { id: user.id, name: user.name, email: user.email },
  });
  if (!made.ok) throw new ApiProblem(409, made.reason, { name: made.reason });
  await announce(c, made.repo.id);
  return c.json(repoWire(made.repo, origin(c)), 201);
});

/** Status of each import failure: what the URL names is a 400, a remote that does not answer a 502, the cap a 413. */
const IMPORT_STATUS = { git_name_taken: 409, git_import_unreachable: 502, git_import_not_git: 400, git_import_private_repo: 400, git_import_credentials_refused: 400, git_import_too_large: 413 } as const;

gitRoutes.post("/v1/project/:id/git/import", access("write"), async (c) => {
  const body = await readJson(c, importRepoBody);
  const checked = checkImportUrl(body.url, c.env.GIT_IMPORT_ALLOW_LOOPBACK === "1");
  if (!checked.ok) throw new ApiProblem(400, checked.reason, { url: checked.reason });
  const projectId = c.get("project").id;
  const maxBytes = repoCap(c.env.GIT_REPO_MAX_BYTES, String((await limitsForProject(c.get("db"), projectId)).limits.repository_bytes));
  // Credentials go to the remote for this fetch only: never stored, logged or answered.
  const auth = body.token ? { username: body.username || "git", token: body.token } : null;
  const made = await importRepo(c.env, c.get("db"), { projectId, name: body.name, url: checked.url, maxBytes, authorId: c.get("user")!.id, auth });
  if (!made.ok) throw new ApiProblem(IMPORT_STATUS[made.reason], made.reason, { [made.reason === "git_name_taken" ? "name" : "url"]: made.reason });
  await announce(c, made.repo.id);
  return c.json(repoWire(made.repo, origin(c)), 201);
});

gitRoutes.get("/v1/project/:id/git/import/progress", access("write"), async (c) => {
  const query = parseWith(importProgressQuery, c.req.query());
  const found = await importProgress(c.env, c.get("db"), c.get("project").id, query.name);
  if (!found.ok) throw new ApiProblem(404, found.reason);
  return c.json({ percent: found.percent });
});

const repoRoutes = new Hono<RepoEnv>();
repoRoutes.use("/v1/project/:id/git/:gitGuid", async (c, next) => access(c.req.method === "DELETE" ? "root" : c.req.method === "GET" ? "read" : "write")(c as never, next));
repoRoutes.use("/v1/project/:id/git/:gitGuid/*", access("read"));
repoRoutes.use("/v1/project/:id/git/:gitGuid", inRepo);
repoRoutes.use("/v1/project/:id/git/:gitGuid/*", inRepo);

repoRoutes.get("/v1/project/:id/git/:gitGuid", async (c) => {
  const repo = c.get("repo");
  const summary = await repoStub(c.env, repo.id).summary();
  if (!summary) throw new ApiProblem(404, "git_not_found");
  return c.json({ ...repoWire(repo, origin(c)), ...summary, last_commit: summary.last_commit });
});

repoRoutes.patch("/v1/project/:id/git/:gitGuid", async (c) => {
  const body = await readJson(c, updateRepoBody);
  const guarding = body.protect_default_branch !== undefined || body.protected_admins_only !== undefined;
  if (guarding && !c.get("participant").root) throw new ApiProblem(403, "git_protection_admins_only");
  let repo = c.get("repo");
  if (body.default_branch !== undefined) {
    const set = await setDefaultBranch(c.env, c.get("db"), repo, body.default_branch);
    if (!set.ok) throw new ApiProblem(404, set.reason, { default_branch: set.reason });
    repo = set.repo;
  }
  if (body.name !== undefined) {
    const renamed = await renameRepo(c.get("db"), repo, body.name);
    if (!renamed.ok) throw new ApiProblem(409, renamed.reason, { name: renamed.reason });
    repo = renamed.repo;
  }
  if (guarding) repo = await setProtection(c.get("db"), repo, { protect: body.protect_default_branch, adminsOnly: body.protected_admins_only });
  await announce(c as unknown as Context<ProjectEnv>, repo.id);
  return c.json(repoWire(repo, origin(c)));
});

repoRoutes.delete("/v1/project/:id/git/:gitGuid", async (c) => {
  await deleteRepo(c.env, c.get("db"), c.get("repo"));
  await announce(c as unknown as Context<ProjectEnv>, c.get("repo").id);
  return c.body(null, 204);
});

repoRoutes.get("/v1/project/:id/git/:gitGuid/commits", async (c) => {
  const query = parseWith(commitsQuery, c.req.query());
  const repo = c.get("repo");
  const page = await repoStub(c.env, repo.id).log(query.ref || repo.defaultBranch, query.limit, query.offset);
  if (!page) {
    // An empty repository has no history yet; any other unknown ref is a 404.
    if (!query.ref) return c.json({ items: [], totalCount: 0 });
    throw new ApiProblem(404, "git_ref_not_found");
  }
  return c.json(page);
});

repoRoutes.get("/v1/project/:id/git/:gitGuid/commit/:hexsha", async (c) => {
  const hexsha = c.req.param("hexsha").toLowerCase();
  if (!HEX.test(hexsha)) throw new ApiProblem(404, "git_commit_not_found");
  const found = await repoStub(c.env, c.get("repo").id).commit(hexsha);
  if (!found) throw new ApiProblem(404, "git_commit_not_found");
  return c.json({ ...found.commit, files: found.files, truncated: found.truncated });
});

/**
 * `tree/{ref}/{path…}` and `raw/{ref}/{path…}`: the ref is one segment (a branch name with `/`
 * is URL-encoded), the path the rest of the URL. `tree/{ref}` alone is the root.
 */
function pathAfter(c: { req: { path: string; param(name: "ref"): string } }, marker: "tree" | "raw"): string {
  const rest = c.req.path.split(`/${marker}/`).slice(1).join(`/${marker}/`);
  const tail = rest.slice(rest.indexOf("/") + 1);
  try {
    return rest.includes("/") ? tail.split("/").map(decodeURIComponent).join("/") : "";
  } catch {
    throw new ApiProblem(404, "git_path_not_found");
  }
}

async function treeAt(c: Context<RepoEnv>) {
  const found = await repoStub(c.env, c.get("repo").id).tree(c.req.param("ref") ?? "", pathAfter(c as never, "tree"));
  if (!found) throw new ApiProblem(404, "git_path_not_found");
  return c.json(found);
}

repoRoutes.get("/v1/project/:id/git/:gitGuid/tree/:ref", treeAt);
repoRoutes.get("/v1/project/:id/git/:gitGuid/tree/:ref/*", treeAt);

repoRoutes.get("/v1/project/:id/git/:gitGuid/raw/:ref/*", async (c) => {
  const path = pathAfter(c as never, "raw");
  const bytes = await repoStub(c.env, c.get("repo").id).raw(c.req.param("ref"), path);
  if (!bytes) throw new ApiProblem(404, "git_path_not_found");
  const name = path.split("/").pop() || "file";
  // A download, never rendered as a page of our origin: a pushed HTML file must not run here.
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});

gitRoutes.route("/", repoRoutes);
