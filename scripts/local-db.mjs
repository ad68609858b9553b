// Applies migrations and seeds the demo workspace into a local D1 state directory.
import { log, run } from "./lib.mjs";
import { seedSql } from "./seed.mjs";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function prepareLocalDb(persistTo) {
  log(`Applying D1 migrations (${persistTo})…`);
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.toml", "--persist-to", persistTo]);
  log("Seeding the demo workspace…");
  const file = join(mkdtempSync(join(tmpdir(), "seed-")), "seed.sql");
  writeFileSync(file, seedSql());
  run("wrangler", ["d1", "execute", "DB", "--local", "--config", "wrangler.toml", "--persist-to", persistTo, "--file", file], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}
