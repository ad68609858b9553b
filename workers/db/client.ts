import type { BatchItem } from "drizzle-orm/batch";
import { type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";

export type Db = ReturnType<typeof getDb>;

/** One drizzle per D1 binding (the Worker makes one binding per request). */
const made = new WeakMap<D1Database, ReturnType<typeof makeDb>>();

// Without the schema: the app writes its queries with the query builder, never drizzle's
// relational `db.query`, and handing drizzle the schema made it read every table's relations
// each time one was made: once per request, 140 µs of CPU in Node (issue 17).
const makeDb = (d1: D1Database) => drizzle(patientD1(d1));

export function getDb(d1: D1Database) {
  let db = made.get(d1);
  if (!db) made.set(d1, (db = makeDb(d1)));
  return db;
}

/** Pauses before each new try of a statement that found the database locked (ms). */
export const BUSY_BACKOFF_MS = [25, 50, 100, 200, 400, 800] as const;

/**
 * The local D1 (Miniflare) reading its commit token inside the statements' transaction when
 * another process holds the file's lock: its log says SQLITE_BUSY, the Worker gets only this, as
 * "internal error". It is thrown inside the transaction, so the statements were rolled back and
 * trying again cannot apply them twice. A full e2e run met it on a plain read of the dev inbox
 * while a journey ran `npm run admin` beside the server.
 */
const LOCAL_TOKEN_BUSY = /Failed to get session commit token/;

/** Whether an error, or one it was caused by (drizzle wraps D1's), says `pattern`. */
function saysD1(err: unknown, pattern: RegExp): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (pattern.test(e.message)) return true;
  return false;
}

/** Whether D1 refused a statement because another writer held the database's lock. */
export function isDatabaseBusy(err: unknown): boolean {
  return saysD1(err, /SQLITE_BUSY|database is locked/i) || saysD1(err, LOCAL_TOKEN_BUSY);
}

/** Whether D1 refused a string above its limit (2,000,000 bytes on Cloudflare; SQLITE_TOOBIG). */
export function isTooBig(err: unknown): boolean {
  return saysD1(err, /SQLITE_TOOBIG|string or blob too big/i);
}

/** Runs `call`, trying again after a pause while the database is locked by another writer. */
async function whenFree<T>(call: () => Promise<T>, sleep: (ms: number) => Promise<void>): Promise<T> {
  for (const pause of BUSY_BACKOFF_MS) {
    try {
      return await call();
    } catch (err) {
      if (!isDatabaseBusy(err)) throw err;
      await sleep(pause);
    }
  }
  return call();
}

/** A statement whose executions wait out a locked database (see `patientD1`). */
class PatientStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}
  bind(...values: unknown[]) {
    return new PatientStatement(this.inner.bind(...values), this.sleep);
  }
  first(column?: string) {
    return whenFree(() => (column === undefined ? this.inner.first() : this.inner.first(column)), this.sleep);
  }
  run() {
    return whenFree(() => this.inner.run(), this.sleep);
  }
  all() {
    return whenFree(() => this.inner.all(), this.sleep);
  }
  raw(options?: { columnNames?: boolean }) {
    return whenFree(() => this.inner.raw(options as { columnNames?: false }), this.sleep);
  }
}

/**
 * A D1 binding that tries a statement or batch again, a few times with growing pauses, when
 * SQLite answers SQLITE_BUSY. A busy answer means the statement did not run (a batch is one
 * transaction), so trying again cannot apply anything twice. Locally this happens when the
 * operator runs `npm run admin` or `wrangler d1 execute` beside a running `npm start`: the
 * second process holds the file's write lock for a moment and the app's write failed with a 500.
 */
export function patientD1(d1: D1Database, sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms))): D1Database {
  // The Worker makes its binding patient once per request; `getDb` over it adds nothing.
  if (patientBindings.has(d1)) return d1;
  const unwrap = (s: D1PreparedStatement) => (s instanceof PatientStatement ? s.inner : s);
  const patient = {
    prepare: (query: string) => new PatientStatement(d1.prepare(query), sleep),
    batch: (statements: D1PreparedStatement[]) => whenFree(() => d1.batch(statements.map(unwrap)), sleep),
    exec: (query: string) => whenFree(() => d1.exec(query), sleep),
    withSession: (constraint?: string) => d1.withSession(constraint),
    dump: () => d1.dump(),
  };
  patientBindings.add(patient);
  return patient as unknown as D1Database;
}

const patientBindings = new WeakSet<object>();

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

/**
 * A D1 binding whose `batch` calls made within one turn of the event loop go to D1 as one
 * batch (issue 17): the loaders of a page run side by side, each with its own batch of reads,
 * and would otherwise take a round trip each. Each caller gets its own statements' results. A
 * merged batch that fails is run again caller by caller, so an error reaches only the caller
 * whose statement failed. Meant for reads: every statement of the merged batch runs in one
 * transaction.
 */
export function coalescingD1(d1: D1Database): D1Database {
  type Waiting = { statements: D1PreparedStatement[]; resolve: (results: D1Result[]) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  const flush = () => {
    const batches = waiting;
    waiting = [];
    if (batches.length === 1) {
      d1.batch(batches[0]!.statements).then(batches[0]!.resolve, batches[0]!.reject);
      return;
    }
    d1.batch(batches.flatMap((b) => b.statements)).then(
      (results) => {
        let at = 0;
        for (const b of batches) {
          b.resolve(results.slice(at, at + b.statements.length));
          at += b.statements.length;
        }
      },
      () => {
        for (const b of batches) d1.batch(b.statements).then(b.resolve, b.reject);
      },
    );
  };
  const coalesced = {
    prepare: (query: string) => d1.prepare(query),
    batch: (statements: D1PreparedStatement[]) =>
      new Promise<D1Result[]>((resolve, reject) => {
        // A timer, not a microtask: the loaders reach their batch a different number of awaits
        // after the shared viewer lookup resolves.
        if (waiting.length === 0) setTimeout(flush, 0);
        waiting.push({ statements, resolve, reject });
      }),
    exec: (query: string) => d1.exec(query),
    withSession: (constraint?: string) => d1.withSession(constraint),
    dump: () => d1.dump(),
  };
  return coalesced as unknown as D1Database;
}
