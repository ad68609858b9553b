/**
 * A bare git repository in a Durable Object's SQLite: isomorphic-git over `sqlFs` for refs,
 * `ObjectStore` for objects (one row each, kept compressed), plus a commit index (one row per
 * commit, one per parent edge) that makes commit counts, paging and ancestry plain queries
 * instead of history walks.
 */
import git from "isomorphic-git";
import { MENTION_SCAN_CAP, namesTasks } from "../../domain/git/mentions";
import { isBranchName } from "../../domain/git/schemas";
import type { CommitRow, MentioningCommit, RefEntry } from "../../domain/wire/git";
import { ObjectStore, type ObjectType } from "./objects";
import { parseCommit, parseHeaders } from "./pack";
import { FS_SCHEMA, sqlFs, type SqlFs } from "./sql-fs";
import { LegacyObjects } from "./upgrade";

export const GITDIR = "/repo";

const INDEX_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS commits (oid TEXT PRIMARY KEY, seq INTEGER NOT NULL, tree TEXT NOT NULL, author_name TEXT NOT NULL, author_email TEXT NOT NULL, author_time INTEGER NOT NULL, committer_time INTEGER NOT NULL, message TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS commit_parents (oid TEXT NOT NULL, parent TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (oid, n))`,
];

/**
 * Task mentions: `commit_scans` holds every commit whose message was read for task names (so a
 * re-push or a second branch reads nothing again); `mention_outbox` the scanned commits that
 * name something, until the Worker has written them to D1 and acknowledged them.
 */
const MENTION_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS commit_scans (oid TEXT PRIMARY KEY)`,
  `CREATE TABLE IF NOT EXISTS mention_outbox (oid TEXT PRIMARY KEY, seq INTEGER NOT NULL)`,
];

export type { CommitRow, RefEntry };

export class RepoStore {
  readonly fs: SqlFs;
  readonly objects: ObjectStore;
  /** Objects still stored as files by the code before the object table; the object moves them when it wakes. */
  readonly legacy: LegacyObjects;
  /** Objects read in this request (a clone reads each tree and commit once). */
  private seen = new Map<string, { type: ObjectType; object: Uint8Array }>();

  /** Forgets what this request read; every entry point calls it first. */
  fresh(): void {
    this.seen.clear();
  }

  /** An object's type and raw content, or null when the repository lacks it. */
  async read(oid: string): Promise<{ type: ObjectType; object: Uint8Array } | null> {
    const hit = this.seen.get(oid) ?? this.objects.read(oid);
    if (hit) this.seen.set(oid, hit);
    return hit;
  }

  constructor(private readonly sql: SqlStorage) {
    for (const stmt of [...FS_SCHEMA, ...INDEX_SCHEMA]) sql.exec(stmt);
    // A repository from before task mentions: its history counts as read, so the first push
    // after the upgrade does not mention tasks from old commits.
    const upgrading = sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'commit_scans'").toArray().length === 0;
    for (const stmt of MENTION_SCHEMA) sql.exec(stmt);
    if (upgrading) this.markScanned();
    this.fs = sqlFs(sql);
    this.objects = new ObjectStore(sql);
    this.legacy = new LegacyObjects(sql, this.objects);
  }

  get args() {
    return { fs: this.fs, gitdir: GITDIR, dir: GITDIR };
  }

  async initialised(): Promise<boolean> {
    return this.sql.exec("SELECT 1 FROM fs_entries WHERE path = ?", `${GITDIR}/HEAD`).toArray().length > 0;
  }

  async init(defaultBranch: string): Promise<void> {
    if (await this.initialised()) return;
    await git.init({ fs: this.fs, gitdir: GITDIR, dir: GITDIR, bare: true, defaultBranch });
  }

  /** The branch HEAD names (`main`), even when it has no commit yet. */
  async headBranch(): Promise<string | null> {
    try {
      const head = (await this.fs.promises.readFile(`${GITDIR}/HEAD`, "utf8")) as string;
      return head.match(/^ref: refs\/heads\/(.+)\s*$/)?.[1]?.trim() ?? null;
    } catch {
      return null;
    }
  }

  async setHeadBranch(branch: string): Promise<void> {
    if (!isBranchName(branch)) throw new Error("bad branch");
    await this.fs.promises.writeFile(`${GITDIR}/HEAD`, `ref: refs/heads/${branch}\n`);
  }

  async refs(kind: "heads" | "tags"): Promise<RefEntry[]> {
    const names = kind === "heads" ? await git.listBranches({ fs: this.fs, gitdir: GITDIR }) : await git.listTags({ fs: this.fs, gitdir: GITDIR });
    const out: RefEntry[] = [];
    for (const name of names.sort()) {
      const hexsha = await this.resolve(`refs/${kind}/${name}`);
      if (hexsha) out.push({ name, hexsha });
    }
    return out;
  }

  /** A full ref's object id, or null. */
  async resolve(ref: string): Promise<string | null> {
    try {
      return await git.resolveRef({ fs: this.fs, gitdir: GITDIR, ref });
    } catch {
      return null;
    }
  }

  /** A branch, tag, full ref or commit id to a commit id (tags peeled), or null. */
  async commitOf(ref: string): Promise<string | null> {
    let oid: string | null = null;
    if (/^[0-9a-f]{40}$/.test(ref)) oid = ref;
    else for (const full of ref.startsWith("refs/") ? [ref] : [`refs/heads/${ref}`, `refs/tags/${ref}`]) if ((oid = await this.resolve(full))) break;
    for (let hops = 0; oid && hops < 10; hops++) {
      const type = await this.typeOf(oid);
      if (type === "commit") return oid;
      if (type !== "tag") return null;
      oid = parseHeaders((await this.read(oid))!.object).object ?? null;
    }
    return null;
  }

  async typeOf(oid: string): Promise<string | null> {
    return (await this.read(oid))?.type ?? null;
  }

  /**
   * Adds every commit reachable from `tips` that is not indexed yet; says how many. Parents get
   * their rows (and `seq`) before their children, so `seq` orders commits of equal time.
   */
  async indexCommits(tips: string[]): Promise<number> {
    const known = (oid: string) => this.sql.exec("SELECT 1 FROM commits WHERE oid = ?", oid).toArray().length > 0;
    const found = new Map<string, ReturnType<typeof parseCommit> & { parent: string[] }>();
    const stack = [...tips];
    while (stack.length) {
      const oid = stack.pop()!;
      if (found.has(oid) || known(oid)) continue;
      const read = await this.read(oid);
      if (read?.type !== "commit") throw new Error(`missing commit ${oid}`);
      const commit = parseCommit(read.object);
      found.set(oid, { ...commit, parent: commit.parents });
      stack.push(...commit.parents);
    }
    let seq = this.sql.exec<{ n: number | null }>("SELECT MAX(seq) AS n FROM commits").one().n ?? 0;
    const written = new Set<string>();
    const write = (oid: string) => {
      const commit = found.get(oid)!;
      this.sql.exec(
        "INSERT INTO commits (oid, seq, tree, author_name, author_email, author_time, committer_time, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        oid,
        ++seq,
        commit.tree,
        commit.author.name,
        commit.author.email,
        commit.author.timestamp * 1000,
        commit.committer.timestamp * 1000,
        commit.message,
      );
      commit.parent.forEach((parent, n) => this.sql.exec("INSERT OR IGNORE INTO commit_parents (oid, parent, n) VALUES (?, ?, ?)", oid, parent, n));
      written.add(oid);
    };
    // Post-order without recursion: a commit is written once all its new parents are.
    for (const start of found.keys()) {
      const todo: [string, boolean][] = [[start, false]];
      while (todo.length) {
        const [oid, ready] = todo.pop()!;
        if (written.has(oid) || !found.has(oid)) continue;
        if (ready) {
          write(oid);
          continue;
        }
        todo.push([oid, true]);
        for (const parent of found.get(oid)!.parent) if (!written.has(parent) && found.has(parent)) todo.push([parent, false]);
      }
    }
    return found.size;
  }

  /** Whether `ancestor` is `tip` or one of its ancestors (both indexed). */
  isAncestor(ancestor: string, tip: string): boolean {
    return (
      this.sql
        .exec(
          "WITH RECURSIVE anc(oid) AS (SELECT ? UNION SELECT p.parent FROM commit_parents p JOIN anc ON p.oid = anc.oid) SELECT 1 FROM anc WHERE oid = ? LIMIT 1",
          tip,
          ancestor,
        )
        .toArray().length > 0
    );
  }

  /** Every indexed commit reachable from `tips`. */
  reachable(tips: string[]): Set<string> {
    const out = new Set<string>();
    for (const tip of tips) {
      if (out.has(tip)) continue;
      for (const row of this.sql.exec<{ oid: string }>(
        "WITH RECURSIVE anc(oid) AS (SELECT ? UNION SELECT p.parent FROM commit_parents p JOIN anc ON p.oid = anc.oid) SELECT oid FROM anc",
        tip,
      ))
        out.add(row.oid);
    }
    return out;
  }

  /** The root trees of indexed `commits`, a hundred a statement. */
  treesOf(commits: readonly string[]): string[] {
    const out: string[] = [];
    for (let at = 0; at < commits.length; at += 100) {
      const batch = commits.slice(at, at + 100);
      for (const row of this.sql.exec<{ tree: string }>(`SELECT tree FROM commits WHERE oid IN (${batch.map(() => "?").join(",")})`, ...batch)) out.push(row.tree);
    }
    return out;
  }

  /** A page of the history of `tip`, newest first, with the true total. */
  log(tip: string, limit: number, offset: number): { items: CommitRow[]; totalCount: number } {
    const anc = "WITH RECURSIVE anc(oid) AS (SELECT ? UNION SELECT p.parent FROM commit_parents p JOIN anc ON p.oid = anc.oid)";
    const totalCount = this.sql.exec<{ n: number }>(`${anc} SELECT COUNT(*) AS n FROM anc JOIN commits c ON c.oid = anc.oid`, tip).one().n;
    const rows = this.sql
      .exec<{ oid: string }>(`${anc} SELECT c.oid FROM anc JOIN commits c ON c.oid = anc.oid ORDER BY c.committer_time DESC, c.seq DESC LIMIT ? OFFSET ?`, tip, limit, offset)
      .toArray();
    return { items: rows.map((r) => this.commitRow(r.oid)!), totalCount };
  }

  commitRow(oid: string): CommitRow | null {
    const row = this.sql
      .exec<{ oid: string; tree: string; author_name: string; author_email: string; author_time: number; message: string }>("SELECT * FROM commits WHERE oid = ?", oid)
      .toArray()[0];
    if (!row) return null;
    const parents = this.sql.exec<{ parent: string }>("SELECT parent FROM commit_parents WHERE oid = ? ORDER BY n", oid).toArray().map((p) => p.parent);
    return { hexsha: row.oid, tree: row.tree, parents, author: { name: row.author_name, email: row.author_email }, date: row.author_time, message: row.message };
  }

  /** Counts every indexed commit as read for task names (history that mentions nothing here). */
  markScanned(): void {
    this.sql.exec("INSERT OR IGNORE INTO commit_scans (oid) SELECT oid FROM commits");
  }

  /**
   * Reads the messages of the commits `tip` brings that were never read, newest first, at most
   * `budget` of them (walking stops at commits already read); those that name a task go to the
   * outbox. Answers how many were read, to take off the push's budget.
   */
  scanForMentions(tip: string, budget: number = MENTION_SCAN_CAP): number {
    if (budget <= 0) return 0;
    const rows = this.sql
      .exec<{ oid: string; message: string }>(
        `WITH RECURSIVE walk(oid) AS (
           SELECT ? WHERE NOT EXISTS (SELECT 1 FROM commit_scans WHERE oid = ?)
           UNION SELECT p.parent FROM commit_parents p JOIN walk ON p.oid = walk.oid
             WHERE NOT EXISTS (SELECT 1 FROM commit_scans s WHERE s.oid = p.parent)
           LIMIT ?)
         SELECT c.oid, c.message FROM walk JOIN commits c ON c.oid = walk.oid`,
        tip,
        tip,
        budget,
      )
      .toArray();
    let seq = this.sql.exec<{ n: number | null }>("SELECT MAX(seq) AS n FROM mention_outbox").one().n ?? 0;
    for (const row of rows) {
      this.sql.exec("INSERT OR IGNORE INTO commit_scans (oid) VALUES (?)", row.oid);
      if (namesTasks(row.message)) this.sql.exec("INSERT OR IGNORE INTO mention_outbox (oid, seq) VALUES (?, ?)", row.oid, ++seq);
    }
    return rows.length;
  }

  /** Commits waiting in the outbox, oldest first. */
  pendingMentions(limit: number): MentioningCommit[] {
    return this.sql
      .exec<{ oid: string }>("SELECT oid FROM mention_outbox ORDER BY seq LIMIT ?", limit)
      .toArray()
      .map((r) => this.commitRow(r.oid))
      .filter((c): c is CommitRow => c !== null)
      .map((c) => ({ hexsha: c.hexsha, author: c.author.name, date: c.date, message: c.message }));
  }

  /** How many commits wait in the outbox. */
  mentionCount(): number {
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM mention_outbox").one().n;
  }

  /** Takes written commits out of the outbox. */
  ackMentions(oids: readonly string[]): void {
    for (const oid of oids) this.sql.exec("DELETE FROM mention_outbox WHERE oid = ?", oid);
  }

  /** Bytes the repository takes. */
  size(): number {
    return this.fs.bytes() + this.objects.bytes();
  }

  /** Forgets everything (the repository was deleted). */
  wipe(): void {
    this.objects.wipe();
    for (const table of ["fs_entries", "fs_chunks", "commits", "commit_parents", "commit_scans", "mention_outbox"]) this.sql.exec(`DELETE FROM ${table}`);
  }
}
