import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  JIRA_REFRESH_LEAD_MS,
  JIRA_RETRY_CAP,
  JIRA_STORAGE_KEYS,
  afterRefresh,
  cloudIdOf,
  createTokenScheduler,
  planRefresh,
  readTokenSet,
  tokenSetFrom,
  writeTokenSet,
  type RefreshOutcome,
  type TokenStore,
} from "./token-schedule";

const grant = (n: number) => ({ jira_token: `access-${n}`, jira_refresh_token: `refresh-${n}`, expires_in: 3600, jira_cloudID: `cloud-${n}` });

function memoryStore(): TokenStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe("the token set", () => {
  it("stores the expiry as now plus expires_in seconds", () => {
    expect(tokenSetFrom(grant(1), 1_000)).toEqual({ token: "access-1", refreshToken: "refresh-1", expiresAt: 1_000 + 3_600_000, cloudId: "cloud-1" });
  });

  it("takes the cloud id from the first item of the accessible resources", () => {
    expect(cloudIdOf([{ id: "a1", name: "one" }, { id: "b2" }])).toBe("a1");
    expect(cloudIdOf([])).toBeUndefined();
    expect(cloudIdOf({ id: "x" })).toBeUndefined();
    expect(cloudIdOf([{ name: "no id" }])).toBeUndefined();
  });

  it("reads a partial or damaged set as none", () => {
    const store = memoryStore();
    store.setItem(JIRA_STORAGE_KEYS.token, "t");
    expect(readTokenSet(store)).toBeNull();
    store.setItem(JIRA_STORAGE_KEYS.refreshToken, "r");
    store.setItem(JIRA_STORAGE_KEYS.expiresAt, "soon");
    expect(readTokenSet(store)).toBeNull();
  });
});

describe("planning a refresh", () => {
  it("does nothing without a stored set", () => {
    expect(planRefresh(null, 0)).toEqual({ kind: "idle" });
  });

  it("refreshes at once when the stored expiry has passed", () => {
    expect(planRefresh({ refreshToken: "r", expiresAt: 999 }, 1_000)).toEqual({ kind: "refresh-now" });
    expect(planRefresh({ refreshToken: "r", expiresAt: 1_000 }, 1_000)).toEqual({ kind: "refresh-now" });
  });

  it("refreshes 5000 ms before the expiry otherwise", () => {
    expect(JIRA_REFRESH_LEAD_MS).toBe(5000);
    expect(planRefresh({ refreshToken: "r", expiresAt: 61_000 }, 1_000)).toEqual({ kind: "refresh-later", delayMs: 55_000 });
  });

  it("refreshes without waiting when the expiry is nearer than the lead", () => {
    expect(planRefresh({ refreshToken: "r", expiresAt: 3_000 }, 1_000)).toEqual({ kind: "refresh-later", delayMs: 0 });
  });
});

describe("after a refresh", () => {
  it("replaces the tokens and the cloud id on success and plans the next refresh", () => {
    const step = afterRefresh({ ok: true, grant: grant(2) }, 1, 10_000);
    expect(step).toEqual({ kind: "store", set: tokenSetFrom(grant(2), 10_000), next: { kind: "refresh-later", delayMs: 3_600_000 - 5000 } });
  });

  it("tries again on 408 until the third try", () => {
    expect(JIRA_RETRY_CAP).toBe(3);
    expect(afterRefresh({ ok: false, status: 408 }, 1, 0)).toEqual({ kind: "retry", attempt: 2 });
    expect(afterRefresh({ ok: false, status: 408 }, 2, 0)).toEqual({ kind: "retry", attempt: 3 });
    expect(afterRefresh({ ok: false, status: 408 }, 3, 0)).toEqual({ kind: "erase" });
  });

  it("erases the tokens on any other failure", () => {
    for (const status of [0, 400, 401, 403, 500, 503]) expect(afterRefresh({ ok: false, status }, 1, 0)).toEqual({ kind: "erase" });
  });
});

describe("the scheduler with a fake clock", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  const clock = { now: () => Date.now(), setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as number) };

  function setup(outcomes: RefreshOutcome[]) {
    const store = memoryStore();
    const calls: string[] = [];
    const refresh = vi.fn(async (token: string): Promise<RefreshOutcome> => {
      calls.push(token);
      return outcomes.shift() ?? { ok: false, status: 500 };
    });
    return { store, calls, scheduler: createTokenScheduler({ store, clock, refresh }) };
  }

  it("refreshes at once when the stored expiry has passed, then 5000 ms before the new one", async () => {
    const { store, calls, scheduler } = setup([{ ok: true, grant: grant(2) }, { ok: true, grant: grant(3) }]);
    writeTokenSet(store, { token: "access-1", refreshToken: "refresh-1", expiresAt: Date.now() - 1 });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(["refresh-1"]);
    expect(store.map.get(JIRA_STORAGE_KEYS.token)).toBe("access-2");
    expect(store.map.get(JIRA_STORAGE_KEYS.cloudId)).toBe("cloud-2");
    expect(Number(store.map.get(JIRA_STORAGE_KEYS.expiresAt))).toBe(Date.now() + 3_600_000);
    await vi.advanceTimersByTimeAsync(3_600_000 - 5001);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["refresh-1", "refresh-2"]);
    scheduler.stop();
  });

  it("waits until 5000 ms before a future expiry", async () => {
    const { store, calls, scheduler } = setup([{ ok: true, grant: grant(2) }]);
    writeTokenSet(store, { token: "a", refreshToken: "r", expiresAt: Date.now() + 20_000 });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["r"]);
    scheduler.stop();
  });

  it("retries a 408 and keeps the tokens it finally gets", async () => {
    const { store, calls, scheduler } = setup([{ ok: false, status: 408 }, { ok: false, status: 408 }, { ok: true, grant: grant(4) }]);
    writeTokenSet(store, { token: "a", refreshToken: "r", expiresAt: Date.now() });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(["r", "r", "r"]);
    expect(store.map.get(JIRA_STORAGE_KEYS.refreshToken)).toBe("refresh-4");
    scheduler.stop();
  });

  it("erases the tokens after three 408s", async () => {
    const { store, calls, scheduler } = setup([{ ok: false, status: 408 }, { ok: false, status: 408 }, { ok: false, status: 408 }, { ok: true, grant: grant(9) }]);
    writeTokenSet(store, { token: "a", refreshToken: "r", expiresAt: Date.now(), cloudId: "c" });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(3);
    expect([...store.map.keys()]).toEqual([]);
  });

  it("erases the tokens on any other failure, and on a failed call", async () => {
    const { store, scheduler } = setup([{ ok: false, status: 401 }]);
    writeTokenSet(store, { token: "a", refreshToken: "r", expiresAt: Date.now() });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect([...store.map.keys()]).toEqual([]);

    const thrower = memoryStore();
    writeTokenSet(thrower, { token: "a", refreshToken: "r", expiresAt: Date.now() });
    const s2 = createTokenScheduler({ store: thrower, clock, refresh: () => Promise.reject(new Error("offline")) });
    s2.start();
    await vi.advanceTimersByTimeAsync(0);
    expect([...thrower.map.keys()]).toEqual([]);
  });

  it("does nothing after stop", async () => {
    const { store, calls, scheduler } = setup([{ ok: true, grant: grant(2) }]);
    writeTokenSet(store, { token: "a", refreshToken: "r", expiresAt: Date.now() + 10_000 });
    scheduler.start();
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toEqual([]);
  });
});
