/**
 * A tiny seeded pseudo-random generator (mulberry32) for property tests: the same seed gives
 * the same sequence on every machine, so a failing run is replayed from its printed seed.
 */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

/**
 * Seeds for a property run: `ROOMS_SEED` replays one; otherwise a fixed list plus one from the
 * clock on developers' machines (new cases each run), and only fixed seeds in CI (repeatable).
 */
export function propertySeeds(count: number): number[] {
  const fixed = process.env.ROOMS_SEED;
  if (fixed) return [Number(fixed)];
  const last = process.env.CI ? 1000 + (count - 1) * 7919 : Date.now() % 2 ** 31;
  return [...Array.from({ length: count - 1 }, (_, i) => 1000 + i * 7919), last];
}
