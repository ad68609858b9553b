// Serves the built app for Playwright on a fresh local database (its own state directory).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { root, spawnGroup } from "./lib.mjs";
import { prepareLocalDb } from "./local-db.mjs";

const port = process.env.E2E_PORT || "8799";
const persistTo = ".wrangler/e2e-state";
rmSync(join(root, persistTo), { recursive: true, force: true });
prepareLocalDb(persistTo);
const server = spawnGroup("wrangler", ["dev", "--port", port, "--ip", "127.0.0.1", "--persist-to", persistTo, "--show-interactive-dev-session=false"]);
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));
