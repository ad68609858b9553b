/**
 * Repositories written before the object table kept their objects where isomorphic-git puts
 * them, as files of `sqlFs`: loose objects at `/repo/objects/ab/cdef…` (the zlib stream of
 * `type size\0content`, in 1 MiB chunks), and, when a push or an import stopped between indexing
 * its pack and exploding it, that pack and its index in `/repo/objects/pack/`. This moves them
 * into the object table in batches. Each batch is one transaction that writes the rows and
 * deletes the files they came from, so a wake cut short (CPU limit, eviction) leaves every
 * object in exactly one place, and the next wake goes on where it stopped.
 */
import { concat } from "../../domain/git/pkt-line";
import { inflate, type ObjectStore, type ObjectType } from "./objects";
import { readPack } from "./pack";

/** One batch: at most this many loose objects, or this many compressed bytes (one more object may pass it). */
export const MOVE_BATCH = { objects: 256, bytes: 4 * 1024 * 1024 };

const LOOSE = "/repo/objects/[0-9a-f][0-9a-f]/*";
const PACKS = "/repo/objects/pack/*.pack";
const TYPES = new Set(["commit", "tree", "blob", "tag"]);

/** Runs `fn` as one storage transaction (the object's `transactionSync`). */
export type Transact = <T>(fn: () => T) => T;

export class LegacyObjects {
  constructor(
    private readonly sql: SqlStorage,
    private readonly objects: ObjectStore,
  ) {}

  /** Whether anything is still stored the old way (one indexed query: every wake asks). */
  pending(): boolean {
    return this.sql.exec("SELECT 1 FROM fs_entries WHERE kind = 'file' AND (path GLOB ? OR path GLOB ?) LIMIT 1", LOOSE, PACKS).toArray().length > 0;
  }

  private file(path: string): Uint8Array {
    return concat(this.sql.exec<{ data: ArrayBuffer }>("SELECT data FROM fs_chunks WHERE path = ? ORDER BY n", path).toArray().map((r) => new Uint8Array(r.data)));
  }

  private drop(path: string): void {
    this.sql.exec("DELETE FROM fs_chunks WHERE path = ?", path);
    this.sql.exec("DELETE FROM fs_entries WHERE path = ?", path);
  }

  /**
   * Moves the next batch of loose objects after `after` (paths in order) in one transaction;
   * answers how many it moved and the last path it looked at, or null when none is left. An
   * object that does not read as git's (corrupt, or an id its content does not hash to) stays
   * where it is, reported, and the batch goes on past it.
   */
  moveLooseBatch(transact: Transact, after = "", limit = MOVE_BATCH): { moved: number; last: string | null } {
    const rows = this.sql
      .exec<{ path: string; size: number }>("SELECT path, size FROM fs_entries WHERE kind = 'file' AND path GLOB ? AND path > ? ORDER BY path LIMIT ?", LOOSE, after, limit.objects)
      .toArray();
    if (rows.length === 0) return { moved: 0, last: null };
    let bytes = 0;
    let moved = 0;
    let last = after;
    transact(() => {
      for (const { path, size } of rows) {
        if (bytes >= limit.bytes) break;
        bytes += size;
        last = path;
        const oid = path.slice(-41).replace("/", "");
        try {
          const framed = inflate(this.file(path));
          const space = framed.indexOf(0x20);
          const nul = framed.indexOf(0, space);
          const type = new TextDecoder().decode(framed.subarray(0, space));
          const content = framed.subarray(nul + 1);
          if (!TYPES.has(type) || Number(new TextDecoder().decode(framed.subarray(space + 1, nul))) !== content.length) throw new Error("bad header");
          if (this.objects.write(type as ObjectType, content) !== oid) throw new Error("content does not hash to its id");
        } catch (err) {
          console.error(`git upgrade: loose object ${oid} left in place: ${err instanceof Error ? err.message : err}`);
          continue;
        }
        this.drop(path);
        moved++;
      }
    });
    return { moved, last };
  }

  /**
   * Moves the objects of one leftover pack (deltas resolved against the pack and the table) and
   * drops the pack and its index in one transaction; answers how many objects it held, or null
   * when no pack is left. A pack that does not read is renamed `….unreadable`, kept for a human.
   */
  async movePack(transact: Transact): Promise<number | null> {
    const row = this.sql.exec<{ path: string }>("SELECT path FROM fs_entries WHERE kind = 'file' AND path GLOB ? ORDER BY path LIMIT 1", PACKS).toArray()[0];
    if (!row) return null;
    const index = row.path.replace(/\.pack$/, ".idx");
    let packed: Awaited<ReturnType<typeof readPack>>;
    try {
      packed = await readPack(this.file(row.path), (oid) => this.objects.read(oid));
    } catch (err) {
      console.error(`git upgrade: pack ${row.path} kept as unreadable: ${err instanceof Error ? err.message : err}`);
      transact(() => {
        for (const table of ["fs_entries", "fs_chunks"]) this.sql.exec(`UPDATE ${table} SET path = path || '.unreadable' WHERE path = ?`, row.path);
      });
      return 0;
    }
    transact(() => {
      for (const { type, content, z } of packed) this.objects.write(type, content, z);
      this.drop(row.path);
      this.drop(index);
    });
    return packed.length;
  }

  /**
   * Moves everything, batch after batch, yielding between batches so each commits on its own;
   * answers how many batches it took. Loose objects go first: a leftover pack's ref-deltas may
   * name them.
   */
  async moveAll(transact: Transact, limit = MOVE_BATCH): Promise<number> {
    let batches = 0;
    for (let step = this.moveLooseBatch(transact, "", limit); step.last !== null; step = this.moveLooseBatch(transact, step.last, limit)) {
      batches++;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    while ((await this.movePack(transact)) !== null) batches++;
    // The fan-out directories the loose objects left, now empty.
    this.sql.exec("DELETE FROM fs_entries WHERE kind = 'dir' AND path GLOB '/repo/objects/[0-9a-f][0-9a-f]' AND NOT EXISTS (SELECT 1 FROM fs_entries c WHERE c.parent = fs_entries.path)");
    return batches;
  }
}
