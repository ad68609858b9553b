/**
 * Driving a room reducer in the unit tests (poker, retro): scripted steps that must all be
 * accepted, and seeded random plays that count what was applied and what was refused.
 */
import { seeded } from "./seeded";

/** A room reducer: `(state, message, actor, now)` gives the next state or the refusal. */
export type Reducer<S, I, E extends string> = (state: S, message: I, actor: string, now: number) => { state: S } | { error: E };

/** `ok` fails the test on a refusal; `run` applies `[actor, message]` steps in turn at `now`, failing on any refusal. */
export function reducerSteps<S, I, E extends string>(reduce: Reducer<S, I, E>, now: number) {
  const ok = <R extends { state: S } | { error: E }>(r: R): Exclude<R, { error: E }> => {
    if ("error" in r) throw new Error(`unexpected error ${r.error}`);
    return r as Exclude<R, { error: E }>;
  };
  const run = (state: S, steps: [string, I][]): S => steps.reduce((s, [actor, m]) => ok(reduce(s, m, actor, now)).state, state);
  return { ok, run };
}

/**
 * Plays `steps` random messages (one a second from `t0`) from a seed on a fresh room and calls
 * `check` after each; counts in `applied` every message type accepted and every refusal, so a
 * test can show the rules it claims to check were reached.
 */
export function playSeeded<S, I extends { type: string }, E extends string>(
  options: { reduce: Reducer<S, I, E>; start: () => S; randomInput: (r: ReturnType<typeof seeded>, state: S) => [string, I]; applied: Map<string, number>; t0: number },
  seed: number,
  steps: number,
  check: (state: S) => void,
): S {
  const { reduce, start, randomInput, applied, t0 } = options;
  const r = seeded(seed);
  let s = start();
  for (let i = 0; i < steps; i++) {
    const [actor, m] = randomInput(r, s);
    const result = reduce(s, m, actor, t0 + i * 1000);
    const key = "error" in result ? result.error : m.type;
    if (!("error" in result)) s = result.state;
    applied.set(key, (applied.get(key) ?? 0) + 1);
    check(s);
  }
  return s;
}
