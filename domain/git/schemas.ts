/** Bodies of the git hosting REST calls (issue 12); messages are error keys. */
import { z } from "zod";

export const MAX_TOKEN_NAME = 100;
/** How many live (unrevoked) tokens one person may hold. */
export const MAX_TOKENS_PER_USER = 50;

/**
 * A repository name is the clone URL's last segment: letters, digits, `.`, `_`, `-`, starting
 * with a letter or digit, at most 100 characters, not ending in `.git` (the URL adds it).
 */
export const REPO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function isRepoName(name: string): boolean {
  return REPO_NAME.test(name) && !name.toLowerCase().endsWith(".git") && !name.includes("..");
}

/**
 * A branch name git itself accepts (a strict subset of `git check-ref-format --branch`): no
 * `..`, no `//`, no leading or trailing `/` or `.`, no `.lock` end, no control or special signs.
 */
export function isBranchName(name: string): boolean {
  if (!/^[A-Za-z0-9._\/-]{1,200}$/.test(name)) return false;
  if (name.includes("..") || name.includes("//") || name.includes("/.")) return false;
  if (/^[./-]|[./]$/.test(name) || name.endsWith(".lock")) return false;
  return true;
}

const repoName = z.string({ error: "git_name_invalid" }).trim().refine(isRepoName, { error: "git_name_invalid" });
const branch = z.string({ error: "git_branch_invalid" }).trim().refine(isBranchName, { error: "git_branch_invalid" });

export const createTokenBody = z
  .object({ name: z.string({ error: "token_name_required" }).trim().min(1, { error: "token_name_required" }).max(MAX_TOKEN_NAME, { error: "token_name_too_long" }) })
  .strict();

export const createRepoBody = z
  .object({ name: repoName, readme: z.boolean({ error: "body_invalid" }).optional(), default_branch: branch.optional() })
  .strict();

/** Import of a public repository by its http(s) clone URL into a new repository called `name`. */
/**
 * An import: the URL, and for a private repository a user name and token (or password), sent to
 * that host for this one fetch and kept nowhere.
 */
export const importRepoBody = z
  .object({
    name: repoName,
    url: z.string({ error: "git_import_url_invalid" }).trim().min(1, { error: "git_import_url_invalid" }).max(2000, { error: "git_import_url_invalid" }),
    username: z.string({ error: "git_import_credentials_invalid" }).max(200, { error: "git_import_credentials_invalid" }).optional(),
    token: z.string({ error: "git_import_credentials_invalid" }).max(2000, { error: "git_import_credentials_invalid" }).optional(),
  })
  .strict();

/** `?name=` of the repository whose import is running. */
export const importProgressQuery = z.object({ name: repoName }).strict();

/**
 * A repository's settings. `protect_default_branch` refuses deleting or rewriting the default
 * branch; with it, `protected_admins_only` lets only project admins push to it. Changing either
 * needs a project admin.
 */
export const updateRepoBody = z
  .object({
    name: repoName.optional(),
    default_branch: branch.optional(),
    protect_default_branch: z.boolean({ error: "body_invalid" }).optional(),
    protected_admins_only: z.boolean({ error: "body_invalid" }).optional(),
  })
  .strict();

/** `?ref=&limit=&offset=` of the commit list. */
export const commitsQuery = z.object({
  ref: z.string().max(250, { error: "git_ref_not_found" }).optional(),
  limit: z.coerce.number({ error: "body_invalid" }).int({ error: "body_invalid" }).min(1, { error: "body_invalid" }).max(100, { error: "body_invalid" }).default(30),
  offset: z.coerce.number({ error: "body_invalid" }).int({ error: "body_invalid" }).min(0, { error: "body_invalid" }).max(1_000_000, { error: "body_invalid" }).default(0),
});
