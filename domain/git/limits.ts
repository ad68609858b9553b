/** Limits and header names of git hosting, shared by the Worker and the GitRepo object. */

/** A push may carry at most this many bytes, and a repository holds this much when nothing else says. */
export const REPO_SIZE_CAP = 100 * 1024 * 1024;

/**
 * Headers between the Worker and the GitRepo object: the size and head a push's answer carries
 * (stripped before the client sees them), and the cap the Worker hands the object on a push.
 */
export const GIT_HEADERS = {
  size: "X-Git-Repo-Size",
  head: "X-Git-Repo-Head",
  cap: "X-Git-Repo-Cap",
  /** How the default branch is guarded for this pusher (`BranchGuard`), set by the Worker on a push. */
  protect: "X-Git-Repo-Protect",
  /** On a push's answer: how many pushed commits name tasks and wait for the Worker. */
  mentions: "X-Git-Repo-Mentions",
} as const;

/**
 * The default branch's guard for one push: `open` (no protection), `history` (protected: no
 * deletion, no rewrite) or `locked` (protected and admins only, and this pusher is no admin).
 */
export type BranchGuard = "open" | "history" | "locked";

export function branchGuard(header: string | null): BranchGuard {
  return header === "history" || header === "locked" ? header : "open";
}

/** The reason `git push` prints after `[remote rejected]` for a guarded default branch. */
export const PROTECTED_REASON = { history: "protected branch", locked: "protected branch: only project admins may push" } as const;

/**
 * The size a repository may reach: the project owner's plan (`repository_bytes`, handed to the
 * object by the Worker in `GIT_HEADERS.cap`), unless the operator set `GIT_REPO_MAX_BYTES`.
 * One push's body is read into memory, so it stays under `REPO_SIZE_CAP` whatever the plan.
 */
export function repoCap(configured: string | undefined, planned: string | null): number {
  const override = Number(configured);
  if (configured && Number.isFinite(override) && override > 0) return override;
  const plan = Number(planned);
  return planned && Number.isFinite(plan) && plan > 0 ? plan : REPO_SIZE_CAP;
}
