// `npm test`: install what is missing (Debian chromium included), then run every test:
// unit and workerd integration (vitest), then the Playwright journeys against `wrangler dev`.
import { ensureChromium, ensureInstalled, log, run, runStatus } from "./lib.mjs";

ensureInstalled();
ensureChromium();

log("Unit and integration tests (vitest)…");
const vitest = runStatus("vitest", ["run"]);

log("Building for the end-to-end tests…");
run("react-router", ["build"]);

log("End-to-end journeys (Playwright + Debian chromium)…");
const e2e = runStatus("playwright", ["test"]);

const failed = [vitest && "vitest", e2e && "playwright"].filter(Boolean);
if (failed.length) {
  console.error(`✗ failed: ${failed.join(", ")}`);
  process.exit(1);
}
log("All tests passed.");
