/**
 * A room's storage: its meta and snapshot (`room_meta`) and the log of accepted inputs since
 * (`room_log`), in the object's SQLite. Every change is the reducer's answer to one logged
 * input; every `COMPACT_EVERY` entries the state is folded into the snapshot and the log
 * emptied, and after an eviction the object replays the log onto the snapshot.
 *
 * A socket's plain change is written with the rest of its coalescing window, in one transaction,
 * by the flush that sends it (`write`): entries wait in `unwritten` until then.
 */
import type { RoomMeta } from "../../domain/wire/rpc";
import type { RoomState } from "../../domain/rooms/views";

/** Log entries kept before they are folded into the stored state. */
export const COMPACT_EVERY = 200;

/** One accepted input, as logged. */
export interface LogEntry {
  seq: number;
  actor: string;
  /** The input as JSON. */
  input: string;
  at: number;
}

/** What the stored room was: its meta, the snapshot, and the log entries after it. */
export interface StoredRoom {
  meta: RoomMeta;
  snapshot: RoomState;
  snapshotSeq: number;
  entries: Iterable<LogEntry>;
}

export class RoomLog {
  /** Entries applied but not yet written (see the module's comment). */
  private unwritten: LogEntry[] = [];
  /** The seq of the stored snapshot. */
  private snapshotSeq = 0;

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Creates the tables (the outbox's too: one schema per room) and reads the room back, if any. */
  open(): StoredRoom | null {
    const sql = this.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS room_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS room_log (seq INTEGER PRIMARY KEY, actor TEXT NOT NULL, input TEXT NOT NULL, at INTEGER NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS room_outbox (note TEXT PRIMARY KEY, task TEXT NOT NULL, text TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, due INTEGER NOT NULL)");
    const rows = new Map(sql.exec<{ key: string; value: string }>("SELECT key, value FROM room_meta").toArray().map((r) => [r.key, r.value]));
    if (!rows.has("meta")) return null;
    this.snapshotSeq = Number(rows.get("seq") ?? 0);
    return {
      meta: JSON.parse(rows.get("meta")!) as RoomMeta,
      snapshot: JSON.parse(rows.get("state")!) as RoomState,
      snapshotSeq: this.snapshotSeq,
      entries: sql.exec<{ seq: number; actor: string; input: string; at: number }>("SELECT seq, actor, input, at FROM room_log WHERE seq > ? ORDER BY seq", this.snapshotSeq),
    };
  }

  /** Stores a new room's meta and first state. */
  create(meta: RoomMeta, state: RoomState) {
    this.storage.sql.exec("INSERT OR REPLACE INTO room_meta (key, value) VALUES ('meta', ?), ('state', ?), ('seq', '0')", JSON.stringify(meta), JSON.stringify(state));
    this.snapshotSeq = 0;
  }

  saveMeta(meta: RoomMeta) {
    this.storage.sql.exec("INSERT OR REPLACE INTO room_meta (key, value) VALUES ('meta', ?)", JSON.stringify(meta));
  }

  /** Keeps an entry to be written by the next `write`. */
  append(entry: LogEntry) {
    this.unwritten.push(entry);
  }

  /** Forgets an entry whose write failed (its change was not applied). */
  drop(seq: number) {
    this.unwritten = this.unwritten.filter((entry) => entry.seq !== seq);
  }

  /** Appends the unwritten entries, and what `also` stores, in one transaction. */
  write(also?: () => void) {
    const entries = this.unwritten;
    if (entries.length === 0 && !also) return;
    const sql = this.storage.sql;
    this.storage.transactionSync(() => {
      for (const e of entries) sql.exec("INSERT INTO room_log (seq, actor, input, at) VALUES (?, ?, ?, ?)", e.seq, e.actor, e.input, e.at);
      also?.();
    });
    this.unwritten = [];
  }

  /** Folds the log into the snapshot once it holds `COMPACT_EVERY` entries. */
  compactIfDue(state: RoomState, seq: number) {
    if (seq - this.snapshotSeq < COMPACT_EVERY) return;
    this.write();
    const sql = this.storage.sql;
    sql.exec("INSERT OR REPLACE INTO room_meta (key, value) VALUES ('state', ?), ('seq', ?)", JSON.stringify(state), String(seq));
    sql.exec("DELETE FROM room_log WHERE seq <= ?", seq);
    this.snapshotSeq = seq;
  }
}
