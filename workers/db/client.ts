import type { BatchItem } from "drizzle-orm/batch";
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

/** D1 allows at most 100 bound parameters per statement; id lists are queried in slices. */
export const MAX_IDS_PER_QUERY = 90;

/** Runs `query` for slices of `ids` and concatenates the rows. */
export async function inSlices<T>(ids: readonly string[], query: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const slices: string[][] = [];
  for (let i = 0; i < ids.length; i += MAX_IDS_PER_QUERY) slices.push(ids.slice(i, i + MAX_IDS_PER_QUERY));
  return (await Promise.all(slices.map(query))).flat();
}
