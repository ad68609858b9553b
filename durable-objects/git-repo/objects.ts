/**
 * git objects in the Durable Object's SQLite, one row each: type, size and the zlib stream of
 * the raw content without git's `type size\0` header. That stream is exactly a non-delta pack
 * entry's body, so a clone streams rows into the pack without inflating or deflating a blob,
 * and a received pack's whole objects are stored as the bytes the client compressed.
 */
import { createHash } from "node:crypto";
import { deflateSync, inflateSync } from "node:zlib";

/** Bytes per value: half the production per-value cap (2 MB). */
const CHUNK = 1024 * 1024;

export const OBJECT_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS objects (oid TEXT PRIMARY KEY, type TEXT NOT NULL, size INTEGER NOT NULL, zlen INTEGER NOT NULL, z BLOB NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS object_chunks (oid TEXT NOT NULL, n INTEGER NOT NULL, z BLOB NOT NULL, PRIMARY KEY (oid, n))`,
];

export type ObjectType = "commit" | "tree" | "blob" | "tag";

/** A stored object: its type, inflated size and compressed bytes. */
export interface StoredObject {
  type: ObjectType;
  size: number;
  z: Uint8Array;
}

const encoder = new TextEncoder();

/** The object id git gives `content` of `type`: SHA-1 of `type size\0content`. */
export function objectId(type: string, content: Uint8Array): string {
  return createHash("sha1").update(encoder.encode(`${type} ${content.length}\0`)).update(content).digest("hex");
}

export const inflate = (z: Uint8Array): Uint8Array => new Uint8Array(inflateSync(z));
export const deflate = (bytes: Uint8Array): Uint8Array => new Uint8Array(deflateSync(bytes));

export class ObjectStore {
  constructor(private readonly sql: SqlStorage) {
    for (const stmt of OBJECT_SCHEMA) sql.exec(stmt);
  }

  has(oid: string): boolean {
    return this.sql.exec("SELECT 1 FROM objects WHERE oid = ?", oid).toArray().length > 0;
  }

  /** The stored (compressed) form, or null. */
  stored(oid: string): StoredObject | null {
    const row = this.sql.exec<{ type: ObjectType; size: number; zlen: number; z: ArrayBuffer }>("SELECT type, size, zlen, z FROM objects WHERE oid = ?", oid).toArray()[0];
    if (!row) return null;
    if (row.z.byteLength === row.zlen) return { type: row.type, size: row.size, z: new Uint8Array(row.z) };
    const z = new Uint8Array(row.zlen);
    z.set(new Uint8Array(row.z));
    let at = row.z.byteLength;
    for (const c of this.sql.exec<{ z: ArrayBuffer }>("SELECT z FROM object_chunks WHERE oid = ? ORDER BY n", oid)) {
      z.set(new Uint8Array(c.z), at);
      at += c.z.byteLength;
    }
    return { type: row.type, size: row.size, z };
  }

  /**
   * The stored forms of many objects, a hundred a statement (the bound-parameter cap); missing
   * ones are absent from the answer.
   */
  storedMany(oids: readonly string[]): Map<string, StoredObject> {
    const out = new Map<string, StoredObject>();
    for (let at = 0; at < oids.length; at += 100) {
      const batch = oids.slice(at, at + 100);
      const rows = this.sql.exec<{ oid: string; type: ObjectType; size: number; zlen: number; z: ArrayBuffer }>(
        `SELECT oid, type, size, zlen, z FROM objects WHERE oid IN (${batch.map(() => "?").join(",")})`,
        ...batch,
      );
      for (const row of rows) {
        if (row.z.byteLength === row.zlen) out.set(row.oid, { type: row.type, size: row.size, z: new Uint8Array(row.z) });
        else out.set(row.oid, this.stored(row.oid)!);
      }
    }
    return out;
  }

  /** Type and raw content, or null. */
  read(oid: string): { type: ObjectType; object: Uint8Array } | null {
    const found = this.stored(oid);
    return found ? { type: found.type, object: inflate(found.z) } : null;
  }

  /**
   * Stores `content` (idempotent) and answers its id. `z`, when given, is its zlib stream as a
   * pack carried it, kept as is.
   */
  write(type: ObjectType, content: Uint8Array, z?: Uint8Array): string {
    const oid = objectId(type, content);
    if (this.has(oid)) return oid;
    const bytes = z ?? deflate(content);
    this.sql.exec("INSERT INTO objects (oid, type, size, zlen, z) VALUES (?, ?, ?, ?, ?)", oid, type, content.length, bytes.length, bytes.subarray(0, CHUNK));
    for (let n = 1, at = CHUNK; at < bytes.length; n++, at += CHUNK) this.sql.exec("INSERT INTO object_chunks (oid, n, z) VALUES (?, ?, ?)", oid, n, bytes.subarray(at, at + CHUNK));
    return oid;
  }

  /** Compressed bytes stored. */
  bytes(): number {
    return this.sql.exec<{ n: number | null }>("SELECT SUM(zlen) AS n FROM objects").one().n ?? 0;
  }

  wipe(): void {
    this.sql.exec("DELETE FROM objects");
    this.sql.exec("DELETE FROM object_chunks");
  }
}
