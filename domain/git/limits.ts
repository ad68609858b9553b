/** Limits and header names of git hosting, shared by the Worker and the GitRepo object. */

/** A repository may hold at most this many bytes (objects and refs as stored). */
export const REPO_SIZE_CAP = 100 * 1024 * 1024;

/** Headers the GitRepo object sets on a push's answer for the Worker (stripped before the client sees them). */
export const GIT_HEADERS = { size: "X-Git-Repo-Size", head: "X-Git-Repo-Head" } as const;
