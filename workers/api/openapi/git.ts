/** Git hosting: personal access tokens and the project's repositories (issue 12). */
import { commitsQuery, createRepoBody, createTokenBody, importProgressQuery, importRepoBody, updateRepoBody } from "../../../domain/git/schemas";
import type { Operation } from "./registry";

const REPO = { 404: ["git_not_found"] };

export const gitOperations: Operation[] = [
  {
    method: "post", path: "/v1/tokens", tag: "Git", access: "signed-in", summary: "Create a personal access token: the password for git over HTTP. The secret is in this answer only.",
    body: { json: createTokenBody }, ok: { status: 201, description: "`{id, name, created_at, last_used_at, token}`." }, errors: { 409: ["token_limit_reached"] },
  },
  { method: "get", path: "/v1/tokens", tag: "Git", access: "signed-in", summary: "The caller's live tokens, newest first, without secrets.", ok: { status: 200, description: "`{results}`." } },
  { method: "delete", path: "/v1/tokens/:tokenId", tag: "Git", access: "signed-in", summary: "Revoke one of the caller's tokens.", ok: { status: 204, description: "Revoked." }, errors: { 404: ["token_not_found"] } },
  { method: "get", path: "/v1/project/:id/git", tag: "Git", access: "read", summary: "The project's repositories.", ok: { status: 200, description: "`{results}` with `guid, name, default_branch, size, last_commit, last_push_at, clone_url`." } },
  {
    method: "post", path: "/v1/project/:id/git", tag: "Git", access: "write", summary: "Create a repository, empty or with a README commit.",
    body: { json: createRepoBody }, ok: { status: 201, description: "The repository with its `clone_url`." }, errors: { 409: ["git_name_taken"] },
  },
  {
    method: "post", path: "/v1/project/:id/git/import", tag: "Git", access: "write",
    summary: "Create a repository from an http(s) git URL: every branch and tag is fetched over smart HTTP, within the owner's plan's size cap. A private repository takes `username` and `token`, sent to that host for this fetch only and never stored. Private and loopback addresses are refused.",
    body: { json: importRepoBody }, ok: { status: 201, description: "The repository with its `clone_url`." },
    errors: { 400: ["git_import_url_invalid", "git_import_url_private", "git_import_not_git", "git_import_private_repo", "git_import_credentials_refused", "git_import_credentials_invalid"], 409: ["git_name_taken"], 413: ["git_import_too_large"], 502: ["git_import_unreachable"] },
  },
  {
    method: "get", path: "/v1/project/:id/git/import/progress", tag: "Git", access: "write", summary: "How far the running import of the repository `name` has got.",
    query: importProgressQuery, ok: { status: 200, description: "`{percent}`: 0–100 while the import runs, null when none runs." }, errors: REPO,
  },
  {
    method: "get", path: "/v1/project/:id/git/:gitGuid", tag: "Git", access: "read", summary: "A repository: `last_commit`, `heads`, `tags`, the default branch's root `tree.items` and README.",
    ok: { status: 200, description: "The repository." }, errors: REPO,
  },
  {
    method: "patch", path: "/v1/project/:id/git/:gitGuid", tag: "Git", access: "write", summary: "Rename a repository, change its default branch (an existing one), or protect the default branch (project admins only).",
    body: { json: updateRepoBody }, ok: { status: 200, description: "The repository." }, errors: { 403: ["git_protection_admins_only"], 404: ["git_not_found", "git_branch_not_found"], 409: ["git_name_taken"] },
  },
  { method: "delete", path: "/v1/project/:id/git/:gitGuid", tag: "Git", access: "root", summary: "Delete a repository with all its content.", ok: { status: 204, description: "Deleted." }, errors: REPO },
  {
    method: "get", path: "/v1/project/:id/git/:gitGuid/commits", tag: "Git", access: "read", summary: "A page of a ref's history (default: the default branch), newest first, with the true total.",
    query: commitsQuery, ok: { status: 200, description: "`{items, totalCount}`." }, errors: { 404: ["git_not_found", "git_ref_not_found"] },
  },
  {
    method: "get", path: "/v1/project/:id/git/:gitGuid/commit/:hexsha", tag: "Git", access: "read", summary: "A commit with its changed files and their unified diffs (against the first parent).",
    ok: { status: 200, description: "The commit with `files` (`path, status, additions, deletions, binary, patch`)." }, errors: { 404: ["git_not_found", "git_commit_not_found"] },
  },
  {
    method: "get", path: "/v1/project/:id/git/:gitGuid/tree/:ref", tag: "Git", access: "read", summary: "The root directory at a ref.",
    ok: { status: 200, description: "`{ref, hexsha, kind: \"tree\", items}`." }, errors: { 404: ["git_not_found", "git_path_not_found"] },
  },
  {
    method: "get", path: "/v1/project/:id/git/:gitGuid/tree/:ref/*", tag: "Git", access: "read", summary: "A directory's items or a file's content at a ref.",
    ok: { status: 200, description: "`{kind: \"tree\", items}` or `{kind: \"file\", file}`." }, errors: { 404: ["git_not_found", "git_path_not_found"] },
  },
  {
    method: "get", path: "/v1/project/:id/git/:gitGuid/raw/:ref/*", tag: "Git", access: "read", summary: "A file's bytes at a ref, as a download.",
    ok: { status: 200, description: "The file.", media: "application/octet-stream" }, errors: { 404: ["git_not_found", "git_path_not_found"] },
  },
];
