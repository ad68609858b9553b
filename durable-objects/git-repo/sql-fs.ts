/**
 * A file system for isomorphic-git kept in the Durable Object's SQLite: one row per file or
 * directory, file bytes in ≤ 1 MiB chunks (production caps a value at 2 MB). A bare repository
 * is mostly loose objects, so a file is an object and reading one is one indexed query.
 */

/** Bytes per chunk row: half the production per-value cap. */
const CHUNK = 1024 * 1024;

export const FS_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS fs_entries (path TEXT PRIMARY KEY, parent TEXT NOT NULL, kind TEXT NOT NULL, size INTEGER NOT NULL DEFAULT 0, mtime INTEGER NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS fs_entries_parent ON fs_entries (parent)`,
  `CREATE TABLE IF NOT EXISTS fs_chunks (path TEXT NOT NULL, n INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (path, n))`,
];

class FsError extends Error {
  constructor(
    readonly code: "ENOENT" | "EEXIST" | "ENOTDIR" | "ENOTEMPTY" | "EISDIR",
    path: string,
  ) {
    super(`${code}: ${path}`);
  }
}

function normal(path: string): string {
  const parts = path.split("/").filter((p) => p && p !== ".");
  return "/" + parts.join("/");
}

function parentOf(path: string): string {
  const at = path.lastIndexOf("/");
  return at <= 0 ? "/" : path.slice(0, at);
}

interface Entry {
  kind: "file" | "dir";
  size: number;
  mtime: number;
}

function statOf(entry: Entry) {
  const isDir = entry.kind === "dir";
  return {
    type: isDir ? "dir" : "file",
    mode: isDir ? 0o40755 : 0o100644,
    size: entry.size,
    ino: 0,
    mtimeMs: entry.mtime,
    ctimeMs: entry.mtime,
    uid: 1,
    gid: 1,
    dev: 1,
    isFile: () => !isDir,
    isDirectory: () => isDir,
    isSymbolicLink: () => false,
  };
}

/** The file system over `sql`; `promises` is what isomorphic-git calls. */
export function sqlFs(sql: SqlStorage) {
  const entry = (path: string): Entry | undefined =>
    sql.exec<{ kind: "file" | "dir"; size: number; mtime: number }>("SELECT kind, size, mtime FROM fs_entries WHERE path = ?", path).toArray()[0];

  const ensureDir = (path: string) => {
    if (path === "/") return;
    const found = entry(path);
    if (found) {
      if (found.kind !== "dir") throw new FsError("ENOTDIR", path);
      return;
    }
    ensureDir(parentOf(path));
    sql.exec("INSERT INTO fs_entries (path, parent, kind, mtime) VALUES (?, ?, 'dir', ?)", path, parentOf(path), Date.now());
  };

  const readBytes = (path: string): Uint8Array => {
    const found = entry(path);
    if (!found) throw new FsError("ENOENT", path);
    if (found.kind === "dir") throw new FsError("EISDIR", path);
    const chunks = sql.exec<{ data: ArrayBuffer }>("SELECT data FROM fs_chunks WHERE path = ? ORDER BY n", path).toArray();
    if (chunks.length === 1) return new Uint8Array(chunks[0]!.data);
    const out = new Uint8Array(found.size);
    let at = 0;
    for (const c of chunks) {
      out.set(new Uint8Array(c.data), at);
      at += c.data.byteLength;
    }
    return out;
  };

  const promises = {
    async readFile(path: string, options?: { encoding?: string } | string) {
      const bytes = readBytes(normal(path));
      const encoding = typeof options === "string" ? options : options?.encoding;
      return encoding ? new TextDecoder().decode(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async writeFile(path: string, data: Uint8Array | string) {
      const p = normal(path);
      const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
      const parent = parentOf(p);
      const parentEntry = entry(parent);
      if (parent !== "/" && !parentEntry) throw new FsError("ENOENT", parent);
      if (parentEntry && parentEntry.kind !== "dir") throw new FsError("ENOTDIR", parent);
      if (entry(p)?.kind === "dir") throw new FsError("EISDIR", p);
      sql.exec("DELETE FROM fs_chunks WHERE path = ?", p);
      sql.exec(
        "INSERT INTO fs_entries (path, parent, kind, size, mtime) VALUES (?, ?, 'file', ?, ?) ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime = excluded.mtime",
        p,
        parent,
        bytes.length,
        Date.now(),
      );
      for (let n = 0, at = 0; at < bytes.length || n === 0; n++, at += CHUNK) sql.exec("INSERT INTO fs_chunks (path, n, data) VALUES (?, ?, ?)", p, n, bytes.subarray(at, at + CHUNK));
    },
    async unlink(path: string) {
      const p = normal(path);
      const found = entry(p);
      if (!found) throw new FsError("ENOENT", p);
      if (found.kind === "dir") throw new FsError("EISDIR", p);
      sql.exec("DELETE FROM fs_chunks WHERE path = ?", p);
      sql.exec("DELETE FROM fs_entries WHERE path = ?", p);
    },
    async readdir(path: string) {
      const p = normal(path);
      const found = p === "/" ? ({ kind: "dir" } as Entry) : entry(p);
      if (!found) throw new FsError("ENOENT", p);
      if (found.kind !== "dir") throw new FsError("ENOTDIR", p);
      return sql.exec<{ path: string }>("SELECT path FROM fs_entries WHERE parent = ?", p).toArray().map((r) => r.path.slice(r.path.lastIndexOf("/") + 1));
    },
    async mkdir(path: string) {
      const p = normal(path);
      if (entry(p)) throw new FsError("EEXIST", p);
      const parent = parentOf(p);
      if (parent !== "/" && !entry(parent)) throw new FsError("ENOENT", parent);
      ensureDir(p);
    },
    async rmdir(path: string) {
      const p = normal(path);
      const found = entry(p);
      if (!found) throw new FsError("ENOENT", p);
      if (found.kind !== "dir") throw new FsError("ENOTDIR", p);
      if (sql.exec("SELECT 1 FROM fs_entries WHERE parent = ? LIMIT 1", p).toArray().length) throw new FsError("ENOTEMPTY", p);
      sql.exec("DELETE FROM fs_entries WHERE path = ?", p);
    },
    async stat(path: string) {
      const p = normal(path);
      if (p === "/") return statOf({ kind: "dir", size: 0, mtime: 0 });
      const found = entry(p);
      if (!found) throw new FsError("ENOENT", p);
      return statOf(found);
    },
    async lstat(path: string) {
      return promises.stat(path);
    },
    async readlink(path: string): Promise<never> {
      throw new FsError("ENOENT", normal(path));
    },
    async symlink(_target: string, path: string): Promise<never> {
      throw new FsError("ENOENT", normal(path));
    },
    async chmod() {},
  };

  return {
    promises,
    /** Creates a directory and its parents when missing. */
    mkdirp: (path: string) => ensureDir(normal(path)),
    /** Bytes stored under the tree. */
    bytes: (): number => sql.exec<{ n: number | null }>("SELECT SUM(size) AS n FROM fs_entries WHERE kind = 'file'").one().n ?? 0,
  };
}

export type SqlFs = ReturnType<typeof sqlFs>;
