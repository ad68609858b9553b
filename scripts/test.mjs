// `npm test`: install what is missing (Debian chromium included), then run every test:
// unit and workerd integration (vitest), then the Playwright journeys against `wrangler dev`.
// The end-to-end build runs beside vitest: vitest spends most of its time waiting on workerd,
// so on two cores the build costs the run almost nothing (it took a minute on its own).
import { spawn } from "node:child_process";
import { ensureChromium, ensureInstalled, log, root, runStatus, toolEnv } from "./lib.mjs";

ensureInstalled();
ensureChromium();

/** Runs a command without blocking this process; resolves to its exit code and, if captured, its output. */
function start(cmd, args, capture) {
  const child = spawn(cmd, args, { cwd: root, env: toolEnv, stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
  let output = "";
  if (capture) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output += chunk));
  return new Promise((done) => {
    child.on("error", (err) => done({ code: 1, output: `${output}${err.message}\n` }));
    child.on("close", (code) => done({ code: code ?? 1, output }));
  });
}

log("Unit and integration tests (vitest), and the build for the end-to-end tests beside them…");
const building = start("react-router", ["build"], true);
const vitest = (await start("vitest", ["run"], false)).code;
const build = await building;
log(`Build for the end-to-end tests ${build.code === 0 ? "done" : "FAILED"}:`);
process.stdout.write(build.output.split("\n").slice(-15).join("\n") + "\n");

let e2e = 1;
if (build.code === 0) {
  log("End-to-end journeys (Playwright + Debian chromium)…");
  e2e = runStatus("playwright", ["test"]);
}

const failed = [vitest && "vitest", build.code && "build", e2e && "playwright"].filter(Boolean);
if (failed.length) {
  console.error(`✗ failed: ${failed.join(", ")}`);
  process.exit(1);
}
log("All tests passed.");
