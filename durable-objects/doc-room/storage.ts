/**
 * The document room's own SQLite storage: the Yjs updates as they arrive (append-only, merged
 * into one state update past a threshold), a few facts (`meta`), the version history and the
 * mentions already notified. Synchronous, like the storage API under it, so an update is
 * written in the same turn it is applied — before the output gate lets any frame out.
 */
import { AUTO_VERSIONS_KEPT, NAMED_VERSIONS_KEPT } from "../../domain/retention";

/** SQLite in a Durable Object caps a value at 2 MB: blobs are split into parts of this size. */
export const PART_BYTES = 1_000_000;
/** Compaction merges everything into one update once this many updates were appended… */
export const COMPACT_AFTER_UPDATES = 300;
/** …or once the appended updates hold this many bytes. */
export const COMPACT_AFTER_BYTES = 4_000_000;
/** Versions beyond these many of their kind are dropped, oldest first (domain/retention.ts). */
export { AUTO_VERSIONS_KEPT, NAMED_VERSIONS_KEPT };

export interface VersionRow {
  id: string;
  name: string;
  auto: boolean;
  created_at: number;
  created_by: string | null;
  size: number;
}

function parts(bytes: Uint8Array): Uint8Array[] {
  if (bytes.byteLength <= PART_BYTES) return [bytes];
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.byteLength; at += PART_BYTES) out.push(bytes.subarray(at, at + PART_BYTES));
  return out;
}

function join(chunks: ArrayBuffer[]): Uint8Array {
  if (chunks.length === 1) return new Uint8Array(chunks[0]!);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(new Uint8Array(c), at);
    at += c.byteLength;
  }
  return out;
}

export class DocStore {
  /** Updates appended since the last compaction, and their bytes (what the threshold counts). */
  appended = 0;
  appendedBytes = 0;
  #nextSeq = 1;

  constructor(private readonly storage: DurableObjectStorage) {
    const sql = storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS updates (seq INTEGER NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (seq, part))`);
    sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    sql.exec(
      `CREATE TABLE IF NOT EXISTS versions (id TEXT PRIMARY KEY, name TEXT NOT NULL, auto INTEGER NOT NULL, created_at INTEGER NOT NULL, created_by TEXT, size INTEGER NOT NULL)`,
    );
    sql.exec(`CREATE TABLE IF NOT EXISTS version_parts (id TEXT NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (id, part))`);
    sql.exec(`CREATE TABLE IF NOT EXISTS notified_mentions (user TEXT PRIMARY KEY)`);
  }

  /** Every stored update in order (the first is the compacted state, when there is one). */
  load(): Uint8Array[] {
    const bySeq = new Map<number, ArrayBuffer[]>();
    for (const row of this.storage.sql.exec<{ seq: number; data: ArrayBuffer }>(`SELECT seq, data FROM updates ORDER BY seq, part`)) {
      const list = bySeq.get(row.seq) ?? [];
      list.push(row.data);
      bySeq.set(row.seq, list);
    }
    const updates = [...bySeq.values()].map(join);
    this.appended = Math.max(0, updates.length - 1);
    this.appendedBytes = updates.slice(1).reduce((n, u) => n + u.byteLength, 0);
    this.#nextSeq = (bySeq.size ? Math.max(...bySeq.keys()) : 0) + 1;
    return updates;
  }

  append(update: Uint8Array): void {
    const seq = this.#nextSeq++;
    parts(update).forEach((chunk, part) => this.storage.sql.exec(`INSERT INTO updates (seq, part, data) VALUES (?, ?, ?)`, seq, part, chunk));
    this.appended += 1;
    this.appendedBytes += update.byteLength;
  }

  get shouldCompact(): boolean {
    return this.appended >= COMPACT_AFTER_UPDATES || this.appendedBytes >= COMPACT_AFTER_BYTES;
  }

  /** Replaces every stored update with one state update, atomically. */
  compact(state: Uint8Array): void {
    this.storage.transactionSync(() => {
      this.storage.sql.exec(`DELETE FROM updates`);
      parts(state).forEach((chunk, part) => this.storage.sql.exec(`INSERT INTO updates (seq, part, data) VALUES (1, ?, ?)`, part, chunk));
    });
    this.#nextSeq = 2;
    this.appended = 0;
    this.appendedBytes = 0;
  }

  /** How the updates are stored right now (rows and bytes), for tests and diagnostics. */
  stats(): { updates: number; bytes: number } {
    const row = this.storage.sql.exec<{ n: number; bytes: number }>(`SELECT COUNT(DISTINCT seq) AS n, COALESCE(SUM(LENGTH(data)), 0) AS bytes FROM updates`).one();
    return { updates: row.n, bytes: row.bytes };
  }

  meta(key: string): string | undefined {
    return this.storage.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, key).toArray()[0]?.value;
  }

  setMeta(key: string, value: string | null): void {
    if (value === null) this.storage.sql.exec(`DELETE FROM meta WHERE key = ?`, key);
    else this.storage.sql.exec(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value);
  }

  addVersion(row: VersionRow, state: Uint8Array): void {
    this.storage.transactionSync(() => {
      this.storage.sql.exec(
        `INSERT INTO versions (id, name, auto, created_at, created_by, size) VALUES (?, ?, ?, ?, ?, ?)`,
        row.id,
        row.name,
        row.auto ? 1 : 0,
        row.created_at,
        row.created_by,
        row.size,
      );
      parts(state).forEach((chunk, part) => this.storage.sql.exec(`INSERT INTO version_parts (id, part, data) VALUES (?, ?, ?)`, row.id, part, chunk));
      // Each kind is trimmed on its own: periodic versions never push out named ones.
      const old = this.storage.sql
        .exec<{ id: string }>(`SELECT id FROM versions WHERE auto = ? ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?`, row.auto ? 1 : 0, row.auto ? AUTO_VERSIONS_KEPT : NAMED_VERSIONS_KEPT)
        .toArray();
      for (const { id } of old) {
        this.storage.sql.exec(`DELETE FROM versions WHERE id = ?`, id);
        this.storage.sql.exec(`DELETE FROM version_parts WHERE id = ?`, id);
      }
    });
  }

  /** Newest first. */
  versions(): VersionRow[] {
    return this.storage.sql
      .exec<{ id: string; name: string; auto: number; created_at: number; created_by: string | null; size: number }>(
        `SELECT id, name, auto, created_at, created_by, size FROM versions ORDER BY created_at DESC, id DESC`,
      )
      .toArray()
      .map((r) => ({ ...r, auto: r.auto === 1 }));
  }

  lastVersionAt(): number {
    return this.storage.sql.exec<{ at: number | null }>(`SELECT MAX(created_at) AS at FROM versions`).one().at ?? 0;
  }

  versionState(id: string): Uint8Array | null {
    const chunks = this.storage.sql
      .exec<{ data: ArrayBuffer }>(`SELECT data FROM version_parts WHERE id = ? ORDER BY part`, id)
      .toArray()
      .map((r) => r.data);
    return chunks.length ? join(chunks) : null;
  }

  /** Marks users as told about their mention here; returns those not told before. */
  newlyMentioned(users: string[]): string[] {
    const fresh: string[] = [];
    for (const user of users) {
      const cursor = this.storage.sql.exec(`INSERT INTO notified_mentions (user) VALUES (?) ON CONFLICT (user) DO NOTHING`, user);
      if (cursor.rowsWritten > 0) fresh.push(user);
    }
    return fresh;
  }
}
