/**
 * The Jira token schedule (spec §4 "Jira tokens", §9 "Jira refresh lead 5000 ms; retry cap 3").
 * Pure: the browser's driver (`createTokenScheduler`) and the tests feed it the time and the
 * outcome of each refresh; nothing here reads a clock, storage or the network.
 *
 * The set lives under the spec's browser storage keys; what those keys hold is decided in
 * docs/decisions.md ("Jira import"): the two tokens are sealed by the server, so the browser
 * holds nothing Atlassian would accept.
 */

/** Browser storage keys of the tracker token set (spec §3). */
export const JIRA_STORAGE_KEYS = {
  token: "jira_token",
  refreshToken: "jira_refresh_token",
  expiresAt: "jira_token_expires_in",
  cloudId: "jira_cloudID",
} as const;

/** Refresh this long before the stored expiry (spec §9). */
export const JIRA_REFRESH_LEAD_MS = 5000;
/** At most this many refresh tries in a row when Atlassian answers 408 (spec §9). */
export const JIRA_RETRY_CAP = 3;

/** What the browser keeps. `expiresAt` is epoch ms: now plus `expires_in` seconds at storing time. */
export interface JiraTokenSet {
  token: string;
  refreshToken: string;
  expiresAt: number;
  cloudId?: string;
}

/** The answer of `POST /api/v1/jira` and `POST /api/v1/jira/refresh_token`. */
export interface JiraTokenGrant {
  jira_token: string;
  jira_refresh_token: string;
  /** Seconds, as Atlassian gives it. */
  expires_in: number;
  /** The first accessible resource's id, looked up right after the exchange. */
  jira_cloudID?: string;
}

/** Expiry is stored as now plus `expires_in` seconds (spec §4). */
export function tokenSetFrom(grant: JiraTokenGrant, now: number): JiraTokenSet {
  return { token: grant.jira_token, refreshToken: grant.jira_refresh_token, expiresAt: now + grant.expires_in * 1000, cloudId: grant.jira_cloudID };
}

/** The cloud id is the first item's `id` of the accessible-resources array; anything else has none. */
export function cloudIdOf(resources: unknown): string | undefined {
  if (!Array.isArray(resources) || resources.length === 0) return undefined;
  const first: unknown = resources[0];
  if (typeof first !== "object" || first === null) return undefined;
  const id = (first as { id?: unknown }).id;
  return typeof id === "string" && id ? id : undefined;
}

/** When to refresh a stored set. */
export type RefreshPlan = { kind: "idle" } | { kind: "refresh-now" } | { kind: "refresh-later"; delayMs: number };

/**
 * No set (or no expiry): nothing to do. An expiry already passed: refresh at once. Otherwise
 * refresh `JIRA_REFRESH_LEAD_MS` before it — at once when that moment is already behind us.
 */
export function planRefresh(set: Pick<JiraTokenSet, "refreshToken" | "expiresAt"> | null, now: number): RefreshPlan {
  if (!set || !set.refreshToken || !Number.isFinite(set.expiresAt)) return { kind: "idle" };
  if (set.expiresAt <= now) return { kind: "refresh-now" };
  return { kind: "refresh-later", delayMs: Math.max(0, set.expiresAt - JIRA_REFRESH_LEAD_MS - now) };
}

/** The outcome of one refresh call: the new grant, or the HTTP status that refused it (0: no answer). */
export type RefreshOutcome = { ok: true; grant: JiraTokenGrant } | { ok: false; status: number };

/** What to do after a refresh try number `attempt` (1-based). */
export type RefreshStep =
  | { kind: "store"; set: JiraTokenSet; next: RefreshPlan }
  | { kind: "retry"; attempt: number }
  | { kind: "erase" };

/**
 * Success replaces the tokens (and the cloud id) and plans the next refresh; 408 tries again
 * while fewer than `JIRA_RETRY_CAP` tries were made; every other failure — including a 408 on
 * the last try — erases the tokens.
 */
export function afterRefresh(outcome: RefreshOutcome, attempt: number, now: number): RefreshStep {
  if (outcome.ok) {
    const set = tokenSetFrom(outcome.grant, now);
    return { kind: "store", set, next: planRefresh(set, now) };
  }
  if (outcome.status === 408 && attempt < JIRA_RETRY_CAP) return { kind: "retry", attempt: attempt + 1 };
  return { kind: "erase" };
}

/** Where the driver keeps the set: the browser's local storage, or a map in tests. */
export interface TokenStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Read the set under the spec's keys; a partial or damaged set reads as none. */
export function readTokenSet(store: TokenStore): JiraTokenSet | null {
  const token = store.getItem(JIRA_STORAGE_KEYS.token);
  const refreshToken = store.getItem(JIRA_STORAGE_KEYS.refreshToken);
  const expiresAt = Number(store.getItem(JIRA_STORAGE_KEYS.expiresAt));
  if (!token || !refreshToken || !Number.isFinite(expiresAt) || expiresAt <= 0) return null;
  return { token, refreshToken, expiresAt, cloudId: store.getItem(JIRA_STORAGE_KEYS.cloudId) ?? undefined };
}

export function writeTokenSet(store: TokenStore, set: JiraTokenSet): void {
  store.setItem(JIRA_STORAGE_KEYS.token, set.token);
  store.setItem(JIRA_STORAGE_KEYS.refreshToken, set.refreshToken);
  store.setItem(JIRA_STORAGE_KEYS.expiresAt, String(set.expiresAt));
  if (set.cloudId) store.setItem(JIRA_STORAGE_KEYS.cloudId, set.cloudId);
  else store.removeItem(JIRA_STORAGE_KEYS.cloudId);
}

export function eraseTokenSet(store: TokenStore): void {
  for (const key of Object.values(JIRA_STORAGE_KEYS)) store.removeItem(key);
}

/** The clock and timers the driver uses; tests pass fake ones. */
export interface SchedulerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Keeps the stored set fresh: plans from what is stored, refreshes through `refresh` (the call to
 * `POST /api/v1/jira/refresh_token`), stores or erases per `afterRefresh`. `start()` again after
 * a new set was stored by the connect flow; `stop()` on sign-out or unmount.
 */
export function createTokenScheduler(deps: { store: TokenStore; clock: SchedulerClock; refresh: (refreshToken: string) => Promise<RefreshOutcome>; onChange?: (set: JiraTokenSet | null) => void }) {
  let timer: unknown;
  let generation = 0;
  const schedule = (plan: RefreshPlan) => {
    if (plan.kind === "idle") return;
    const gen = generation;
    timer = deps.clock.setTimeout(() => void run(1, gen), plan.kind === "refresh-now" ? 0 : plan.delayMs);
  };
  const run = async (attempt: number, gen: number): Promise<void> => {
    const set = readTokenSet(deps.store);
    if (!set || gen !== generation) return;
    let outcome: RefreshOutcome;
    try {
      outcome = await deps.refresh(set.refreshToken);
    } catch {
      outcome = { ok: false, status: 0 };
    }
    if (gen !== generation) return;
    const step = afterRefresh(outcome, attempt, deps.clock.now());
    if (step.kind === "retry") return run(step.attempt, gen);
    if (step.kind === "erase") {
      eraseTokenSet(deps.store);
      deps.onChange?.(null);
      return;
    }
    writeTokenSet(deps.store, step.set);
    deps.onChange?.(step.set);
    schedule(step.next);
  };
  return {
    start() {
      this.stop();
      schedule(planRefresh(readTokenSet(deps.store), deps.clock.now()));
    },
    stop() {
      generation++;
      if (timer !== undefined) deps.clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}
