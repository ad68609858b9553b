import { describe, expect, it } from "vitest";
import { BUSY_BACKOFF_MS, isDatabaseBusy, patientD1 } from "../../workers/db/client";

const busy = () => new Error("D1_ERROR: database is locked: SQLITE_BUSY");

/** A D1 stand-in whose statements and batches fail busy `failures` times, then answer. */
function lockedFor(failures: number, error: () => Error = busy) {
  let left = failures;
  const calls: string[] = [];
  const answer = async (what: string) => {
    calls.push(what);
    if (left > 0) {
      left -= 1;
      throw error();
    }
    return { results: [{ ok: 1 }], success: true, meta: {} };
  };
  const statement = (sql: string): unknown => ({ sql, bind: () => statement(sql), all: () => answer(`all ${sql}`), run: () => answer(`run ${sql}`), first: () => answer(`first ${sql}`), raw: () => answer(`raw ${sql}`) });
  const d1 = { prepare: statement, batch: (items: { sql: string }[]) => answer(`batch ${items.map((s) => s.sql).join("; ")}`), exec: (q: string) => answer(`exec ${q}`) };
  return { d1: d1 as unknown as D1Database, calls };
}

const pauses: number[] = [];
const noSleep = async (ms: number) => {
  pauses.push(ms);
};

describe("a D1 binding that waits out a locked database", () => {
  it("tries a statement again after SQLITE_BUSY and answers what the database answered", async () => {
    pauses.length = 0;
    const { d1, calls } = lockedFor(2);
    const result = await patientD1(d1, noSleep).prepare("UPDATE users SET name = ?").bind("x").run();
    expect(result.success).toBe(true);
    expect(calls).toHaveLength(3);
    expect(pauses).toEqual([BUSY_BACKOFF_MS[0], BUSY_BACKOFF_MS[1]]);
  });

  it("tries a batch again as a whole, passing the database its own statements", async () => {
    const { d1, calls } = lockedFor(1);
    const patient = patientD1(d1, noSleep);
    await patient.batch([patient.prepare("INSERT a"), patient.prepare("INSERT b")]);
    expect(calls).toEqual(["batch INSERT a; INSERT b", "batch INSERT a; INSERT b"]);
  });

  it("gives up with the database's error after its last pause", async () => {
    const { d1, calls } = lockedFor(100);
    await expect(patientD1(d1, noSleep).prepare("SELECT 1").all()).rejects.toThrow(/SQLITE_BUSY/);
    expect(calls).toHaveLength(BUSY_BACKOFF_MS.length + 1);
  });

  it("never repeats a statement that failed for another reason", async () => {
    const { d1, calls } = lockedFor(1, () => new Error("D1_ERROR: UNIQUE constraint failed: users.email"));
    await expect(patientD1(d1, noSleep).prepare("INSERT INTO users").run()).rejects.toThrow(/UNIQUE/);
    expect(calls).toHaveLength(1);
  });

  it("recognises a busy database in an error's causes (drizzle wraps D1's error)", () => {
    expect(isDatabaseBusy(new Error("Failed query", { cause: busy() }))).toBe(true);
    expect(isDatabaseBusy(new Error("no such table: x"))).toBe(false);
  });

  it("tries again when the local D1 could not read its commit token for a locked file (its transaction was rolled back)", async () => {
    // As a full e2e run logged it: the dev inbox's read, while `npm run admin` held the lock.
    const tokenBusy = () => new Error("D1_ERROR: Failed to get session commit token: internal error; reference = nngcsa45j2i4s2ot1fllc7if");
    pauses.length = 0;
    const { d1, calls } = lockedFor(1, tokenBusy);
    const answer = await patientD1(d1, noSleep).prepare("SELECT * FROM mails").all();
    expect(answer.results).toEqual([{ ok: 1 }]);
    expect(calls).toEqual(["all SELECT * FROM mails", "all SELECT * FROM mails"]);
    expect(pauses).toEqual([BUSY_BACKOFF_MS[0]]);
    expect(isDatabaseBusy(new Error("Failed query", { cause: tokenBusy() }))).toBe(true);
  });
});

describe("one patient binding per request", () => {
  it("does not wrap a patient binding again (pauses would multiply)", () => {
    const patient = patientD1(lockedFor(0).d1, noSleep);
    expect(patientD1(patient)).toBe(patient);
  });
});
