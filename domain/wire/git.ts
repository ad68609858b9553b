/** What the GitRepo object answers about a repository (issue 12), as the API and pages read it. */

/** A commit of the commit index. */
export interface CommitRow {
  hexsha: string;
  tree: string;
  parents: string[];
  author: { name: string; email: string };
  /** Author time, ms. */
  date: number;
  message: string;
}

/** A branch or tag and the object it names. */
export interface RefEntry {
  name: string;
  hexsha: string;
}

/** An entry of a directory (spec §3 "tree.items"). */
export interface TreeItem {
  name: string;
  path: string;
  /** `tree` for a directory, `blob` for a file, `commit` for a submodule. */
  contentType: "tree" | "blob" | "commit";
  hexsha: string;
  content: null;
}

/** A file at a ref. */
export interface FileView {
  name: string;
  path: string;
  contentType: "blob";
  hexsha: string;
  size: number;
  binary: boolean;
  /** The text, when it is text and not too large; null otherwise. */
  content: string | null;
}

/** A file a commit changed, against its first parent. */
export interface ChangedFile {
  path: string;
  status: "added" | "deleted" | "modified";
  binary: boolean;
  additions: number;
  deletions: number;
  /** Unified diff hunks; null for binary files or diffs too large to show. */
  patch: string | null;
}

/** What the repository page shows of a repository at once (spec §3 "Git repo"). */
export interface RepoSummary {
  default_branch: string | null;
  heads: RefEntry[];
  tags: RefEntry[];
  last_commit: CommitRow | null;
  tree: { items: TreeItem[] };
  readme: { path: string; content: string } | null;
  size: number;
}

/** A pushed commit whose message names tasks, as the GitRepo object hands it to the Worker. */
export interface MentioningCommit {
  hexsha: string;
  author: string;
  /** Author time, ms. */
  date: number;
  message: string;
}

/** A commit that mentions a task, as the task page lists it. */
export interface TaskCommit {
  repo: { guid: string; name: string };
  hexsha: string;
  /** The message's first line. */
  title: string;
  author: string;
  /** Author time, ms. */
  date: number;
}
