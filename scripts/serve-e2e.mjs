// Serves the built app for Playwright on a fresh local database (its own state directory).
import { cpSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { root, serveLocal } from "./lib.mjs";
import { prepareLocalDb } from "./local-db.mjs";

const port = process.env.E2E_PORT || "8799";
// The AI helper points at a fake OpenAI-compatible provider on loopback that the AI journey
// starts (tests/fixtures/fake-llm.ts); nothing listens there for the other specs.
const aiPort = process.env.E2E_AI_PORT || String(Number(port) + 1100);
// State and the served build are per port: two runs in one checkout (a full run and a single
// spec on another port) must not wipe each other's database.
const persistTo = `.wrangler/e2e-state-${port}`;
rmSync(join(root, persistTo), { recursive: true, force: true });
prepareLocalDb(persistTo);
// Serve a private copy of the build: a rebuild in the same tree (`npm start`, a second terminal)
// empties build/ and would pull the scripts and locale files from under a running test.
const built = join(root, "build");
const served = join(root, ".wrangler", `e2e-build-${port}`);
if (!existsSync(join(built, "server", "wrangler.json"))) {
  console.error("✗ No build found: run `npx react-router build` before the end-to-end tests.");
  process.exit(1);
}
rmSync(served, { recursive: true, force: true });
cpSync(built, served, { recursive: true });
// A fake Jira Cloud on loopback for the Jira import journey; the Worker's Jira vars point at it.
const { jiraVars, startFakeJira } = await import("../tests/fixtures/jira/server.ts");
const jira = await startFakeJira(Number(port) + 1000);
const jiraArgs = Object.entries(jiraVars(jira.url)).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
serveLocal({
  port,
  persistTo,
  extra: [...jiraArgs, "--config", join(served, "server", "wrangler.json"), "--var", `AI_BASE_URL:http://127.0.0.1:${aiPort}/v1`, "--var", "AI_MODEL:fake-model", "--var", "AI_API_KEY:test-ai-key"],
});
