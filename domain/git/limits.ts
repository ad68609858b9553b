/** Limits and header names of git hosting, shared by the Worker and the GitRepo object. */

/** A push may carry at most this many bytes, and a repository holds this much when nothing else says. */
export const REPO_SIZE_CAP = 100 * 1024 * 1024;

/**
 * Headers between the Worker and the GitRepo object: the size and head a push's answer carries
 * (stripped before the client sees them), and the cap the Worker hands the object on a push.
 */
export const GIT_HEADERS = { size: "X-Git-Repo-Size", head: "X-Git-Repo-Head", cap: "X-Git-Repo-Cap" } as const;

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
