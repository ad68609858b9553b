/**
 * Reads whose SQL is built once per isolate (issue 17). Drizzle builds a query's SQL text afresh
 * each time it runs one: the four reads every project call starts with (the session and the
 * caller's rows on the project; other signed-in requests read the first two) cost some 130 µs
 * of CPU and 100 KB of garbage a request in drizzle alone (V8's sampling heap profiler on a card
 * move: docs/performance.md, stop 53). A kept read is the same drizzle query written once with
 * placeholders for its values: its text is built on first use and kept, each call binds the
 * values, and its rows are decoded by the columns it selects, as drizzle decodes them
 * (`mapFromDriverValue`, null kept as null).
 */
import { type Column, fillPlaceholders, type Placeholder, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";

/** A drizzle instance that only builds SQL text (`toSQL()`); it never runs anything. */
const builder = drizzle({} as D1Database);

export type Builder = typeof builder;

type Query = { sql: string; params: unknown[] };

export interface KeptRead<Row> {
  /** The statement with `values` bound, for `D1Database.batch` (or to run alone). */
  statement(d1: D1Database, values: Record<string, unknown>): D1PreparedStatement;
  /** The first row of its result, decoded; none when it found none. */
  first(result: D1Result): Row | undefined;
}

/**
 * `build(builder, placeholder)` writes the query as anywhere else, with `placeholder(name)`
 * where a value goes; `columns` are what it selects, keyed as its rows should be (a table's
 * `getTableColumns`, or the fields of a partial select).
 */
export function keptRead<Row>(build: (db: Builder, placeholder: (name: string) => Placeholder) => { toSQL(): Query }, columns: Record<string, Column>): KeptRead<Row> {
  let query: Query | undefined;
  const fields = Object.entries(columns);
  return {
    statement(d1, values) {
      query ??= build(builder, (name) => sql.placeholder(name)).toSQL();
      return d1.prepare(query.sql).bind(...fillPlaceholders(query.params, values));
    },
    first(result) {
      const row = result.results[0] as Record<string, unknown> | undefined;
      if (!row) return undefined;
      const decoded: Record<string, unknown> = {};
      for (const [key, column] of fields) {
        // A column the query does not select is the kept read's own mistake, never a null.
        if (!(column.name in row)) throw new Error(`kept read: no column "${column.name}" in its row`);
        const value = row[column.name];
        decoded[key] = value === null ? null : column.mapFromDriverValue(value);
      }
      return decoded as Row;
    },
  };
}
