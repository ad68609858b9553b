import type { BatchItem } from "drizzle-orm/batch";
import { type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof getDb>;

export function getDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** Runs statements as one D1 batch (one round trip, all or nothing); nothing to run is fine. */
export async function runBatch(db: Db, statements: readonly BatchItem<"sqlite">[]): Promise<void> {
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** What a failed `batchGuard` makes SQLite say (its `json()` refusing a malformed text). */
const GUARD_FAILURE = "malformed JSON";

/**
 * A statement for a batch that fails, rolling the whole batch back, unless `condition` holds
 * when it runs: a compare-and-swap early in a batch guards the statements after it.
 */
export function batchGuard(db: Db, condition: SQL) {
  return db.select({ held: sql<number>`CASE WHEN ${condition} THEN 1 ELSE json('batch guard') END` }).from(sql`(SELECT 1)`);
}

/** Whether a batch failed on its `batchGuard` (drizzle wraps D1's error in its own). */
export function isBatchGuardFailure(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e.message.includes(GUARD_FAILURE)) return true;
  return false;
}

/** D1 allows at most 100 bound parameters per statement; id lists are queried in slices. */
export const MAX_IDS_PER_QUERY = 90;

/** Runs `query` for slices of `ids` and concatenates the rows. */
export async function inSlices<T>(ids: readonly string[], query: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const slices: string[][] = [];
  for (let i = 0; i < ids.length; i += MAX_IDS_PER_QUERY) slices.push(ids.slice(i, i + MAX_IDS_PER_QUERY));
  return (await Promise.all(slices.map(query))).flat();
}

/** A statement that counts its executions; `bind` keeps counting on the bound copy. */
class CountedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly count: () => void,
  ) {}
  bind(...values: unknown[]) {
    return new CountedStatement(this.inner.bind(...values), this.count);
  }
  first(column?: string) {
    this.count();
    return column === undefined ? this.inner.first() : this.inner.first(column);
  }
  run() {
    this.count();
    return this.inner.run();
  }
  all() {
    this.count();
    return this.inner.all();
  }
  raw(options?: { columnNames?: boolean }) {
    this.count();
    return this.inner.raw(options as { columnNames?: false });
  }
}

/**
 * A D1 binding that counts round trips: each statement execution (`first`, `run`, `all`,
 * `raw`) and each `batch` or `exec` is one call, however many rows or statements it carries.
 * The Worker wraps `env.DB` with it per request in development to report the count in a
 * `Server-Timing` header; `calls()` reads the count so far.
 */
export function countingD1(d1: D1Database): { d1: D1Database; calls: () => number } {
  let calls = 0;
  const count = () => {
    calls += 1;
  };
  const unwrap = (s: D1PreparedStatement) => (s instanceof CountedStatement ? s.inner : s);
  const counted = {
    prepare: (query: string) => new CountedStatement(d1.prepare(query), count),
    batch: (statements: D1PreparedStatement[]) => {
      count();
      return d1.batch(statements.map(unwrap));
    },
    exec: (query: string) => {
      count();
      return d1.exec(query);
    },
    // Sessions are not used by the app; they pass through uncounted rather than half-counted.
    withSession: (constraint?: string) => d1.withSession(constraint),
    dump: () => d1.dump(),
  };
  return { d1: counted as unknown as D1Database, calls: () => calls };
}
