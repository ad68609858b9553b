/**
 * The document object's access gate (`durable-objects/doc-room/access-gate.ts`) on a fake clock:
 * a stream of edits refreshes the D1 access check before it goes stale without holding a frame,
 * and only an edit after a whole period without a check waits for one.
 */
import { describe, expect, it } from "vitest";
import { ACCESS_RECHECK_MS } from "../../durable-objects/doc-room/access";
import { AccessGate, RECHECK_AHEAD_MS } from "../../durable-objects/doc-room/access-gate";

/** A gate whose check answers only when the test says so, on a clock the test moves. */
function gateOnFakeClock() {
  const clock = { now: 0 };
  const checks: { answer: () => void; fail: (err: Error) => void }[] = [];
  const unanswered: unknown[] = [];
  const gate = new AccessGate(
    () => new Promise<void>((answer, fail) => checks.push({ answer, fail })),
    (err) => unanswered.push(err),
    () => clock.now,
  );
  return { clock, checks, unanswered, gate };
}

/** Lets promise callbacks run (no timers involved). */
const settle = () => new Promise<void>((r) => queueMicrotask(() => queueMicrotask(r)));

describe("document access gate", () => {
  it("refreshes the access check ahead of time while edits stream in, without holding any of them", async () => {
    const { clock, checks, gate } = gateOnFakeClock();
    const first = gate.recheck();
    checks[0]!.answer();
    await first;

    const received: string[] = [];
    clock.now = ACCESS_RECHECK_MS - RECHECK_AHEAD_MS + 1_000;
    expect(gate.pass(true, () => void received.push("early"))).toBeUndefined();
    expect(received).toEqual(["early"]);
    expect(checks).toHaveLength(2);
    // While the refresh runs, edits still go straight through.
    clock.now += 500;
    expect(gate.pass(true, () => void received.push("during"))).toBeUndefined();
    expect(received).toEqual(["early", "during"]);
    expect(checks).toHaveLength(2);
    checks[1]!.answer();
    await settle();

    // Past the first check's period, the refreshed one still holds: nothing waits.
    clock.now = ACCESS_RECHECK_MS + 1_000;
    expect(gate.pass(true, () => void received.push("after"))).toBeUndefined();
    expect(received).toEqual(["early", "during", "after"]);
    expect(checks).toHaveLength(2);
  });

  it("holds an edit after a whole period without a check, and every frame after it, until the check answers", async () => {
    const { clock, checks, gate } = gateOnFakeClock();
    const first = gate.recheck();
    checks[0]!.answer();
    await first;

    const received: string[] = [];
    clock.now = ACCESS_RECHECK_MS + 1;
    const held = gate.pass(true, () => void received.push("stale edit"));
    const next = gate.pass(false, () => void received.push("presence"));
    expect(held).toBeInstanceOf(Promise);
    expect(next).toBeInstanceOf(Promise);
    expect(received).toEqual([]);
    checks[1]!.answer();
    await Promise.all([held, next]);
    expect(received).toEqual(["stale edit", "presence"]);
    // The queue is empty again: the next frame passes at once.
    expect(gate.pass(true, () => void received.push("fresh"))).toBeUndefined();
    expect(received).toEqual(["stale edit", "presence", "fresh"]);
  });

  it("tells the object when a check that frames waited for fails, then lets them through to be judged", async () => {
    const { clock, checks, gate, unanswered } = gateOnFakeClock();
    clock.now = ACCESS_RECHECK_MS;
    const received: string[] = [];
    const held = gate.pass(true, () => void received.push("edit"));
    checks[0]!.fail(new Error("D1 unreachable"));
    await held;
    expect(unanswered).toHaveLength(1);
    expect(received).toEqual(["edit"]);
  });
});
