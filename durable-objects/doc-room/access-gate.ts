/**
 * When a document's edits wait for the D1 access check (`ACCESS_RECHECK_MS`): an edit arriving
 * after a whole period without a check waits for one, and every frame after it waits in arrival
 * order (the hold queue), so no edit is applied under a right that may be gone. A stream of
 * edits refreshes the check `RECHECK_AHEAD_MS` early, without holding anything, so a busy
 * document never stops for it (issue 17). Plain TypeScript with the check and the clock passed
 * in: `tests/unit/doc-access-gate.test.ts` drives it with a fake clock.
 */
import { ACCESS_RECHECK_MS } from "./access";

/**
 * A stream of edits refreshes the access check this long before it goes stale, without holding
 * any frame: only an edit after a whole `ACCESS_RECHECK_MS` without a check waits for one.
 */
export const RECHECK_AHEAD_MS = 5_000;

export class AccessGate {
  #checkedAt = 0;
  /** The check running now, if any (raw: it may fail). */
  #checking: Promise<void> | null = null;
  /** Frames waiting for a check, in arrival order (null when none is waiting). */
  #held: Promise<void> | null = null;

  /**
   * `audit`: compares every open socket with D1 and closes those whose access changed (it throws
   * when D1 does not answer). `unanswered`: what to do when a check that frames wait for failed
   * (they are then received, so the hook must close the sockets that may no longer write).
   */
  constructor(
    private readonly audit: () => Promise<void>,
    private readonly unanswered: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs the check now, or joins the one already running. */
  recheck(): Promise<void> {
    this.#checking ??= this.#run().finally(() => (this.#checking = null));
    return this.#checking;
  }

  async #run(): Promise<void> {
    const startedAt = this.now();
    await this.audit();
    this.#checkedAt = startedAt;
  }

  /**
   * Lets one frame through: `receive` runs at once, or (answered as a promise) after the check
   * it has to wait for and after every frame held before it.
   */
  pass(edit: boolean, receive: () => void): void | Promise<void> {
    const age = this.now() - this.#checkedAt;
    if (!this.#held && edit && age >= ACCESS_RECHECK_MS - RECHECK_AHEAD_MS && age < ACCESS_RECHECK_MS) {
      // A failure here only means the next stale edit waits.
      this.recheck().catch((err) => console.error("doc access refresh failed", err));
    }
    if (!this.#held && !(edit && age >= ACCESS_RECHECK_MS)) return receive();
    this.#held ??= this.recheck().catch(this.unanswered);
    const mine = this.#held.then(receive);
    this.#held = mine;
    void mine.finally(() => {
      if (this.#held === mine) this.#held = null;
    });
    return mine;
  }
}
