// `npm run bench`: figures for the foundation, each next to a floor measured in the same run.
//  1. JavaScript a visitor of `/` downloads, gzipped, against the 200 KB budget.
//  2. GET /api/v2/whoami (session lookup in D1) against GET of a static asset (the floor).
//  3. POST /api/v1/auth (PBKDF2, 100 000 iterations) against whoami.
//  4. The planning board (bench/board.mjs) on the same server.
//  5. The poker room's fan-out and load (bench/rooms.mjs).
//  6. Real-time documents (bench/docs.mjs): keystrokes against y-websocket, joining a 1 MB document.
//  7. The AI helper's chunks (bench/ai-chunks.mjs): mermaid and the panels out of entry chunks.
//  8. Lighthouse on the public pages (bench/lighthouse.mjs): SEO, accessibility, performance.
//  9. Git hosting (bench/git.mjs): push and clone of a 500-commit history against git http-backend.
// 10. Video meetings' signalling relay (bench/meetings.mjs) beside a plain `ws` relay.
// 11. Jira import throughput (bench/jira.mjs) against the fake Jira Cloud on loopback.
// Also the Worker's upload size from `wrangler deploy --dry-run`, against the 3 MB budget.
// 12. The planning board's first render at 20, 2,000 and 10,000 cards and a status change's
//     repaint (bench/board-render.mjs), in Debian's Chromium, beside React alone hydrating the
//     same cards (bench/react-floor.mjs), in a returning visitor's browser and a private window.
// `BENCH_ONLY=board|rooms|docs|lighthouse|git|meetings|jira|render` (or several, comma-separated) runs 1–3 and those parts;
// `BENCH_STATE=<dir>` keeps the dev server's local state there (a RAM disk tells the disk's share).
import { gzipSync } from "node:zlib";
import { existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { LOCAL_VARS, root, run, spawnGroup, toolEnv } from "../scripts/lib.mjs";
import { prepareLocalDb } from "../scripts/local-db.mjs";
import { DEMO } from "../scripts/seed.mjs";
import { boardBench } from "./board.mjs";
import { renderBench } from "./board-render.mjs";
import { aiChunkReport } from "./ai-chunks.mjs";
import { docsBench, seedBenchDocs } from "./docs.mjs";
import { lighthouseBench } from "./lighthouse.mjs";
import { gitBench } from "./git.mjs";
import { meetingsBench } from "./meetings.mjs";
import { roomsBench } from "./rooms.mjs";
import { directPid, findDirect, runtimeState } from "./direct.mjs";
import { jiraBench } from "./jira.mjs";
import { printReport, record } from "./report.mjs";

const port = process.env.BENCH_PORT || "8798";
const base = `http://localhost:${port}`;
const persistTo = process.env.BENCH_STATE || ".wrangler/bench-state";

if (!existsSync(join(root, "build/server/index.js"))) run("react-router", ["build"]);
// The Worker as Cloudflare would receive it (issue 17: under 3 MB gzipped). Measured before the
// dev server starts: the dry run's bundling made the running server drop its connections.
const workerSize = (() => {
  const dry = spawnSync("wrangler", ["deploy", "--dry-run", "--outdir", join(root, ".wrangler", "bench-dry-run"), "--config", join(root, "build/server/wrangler.json")], { cwd: root, env: toolEnv, encoding: "utf8" });
  const upload = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(`${dry.stdout}${dry.stderr}`);
  if (upload) record({ what: "Worker upload (gzip)", ours: Number(upload[2]) / 1024, unit: "MB", goal: "< 3 MB", pass: Number(upload[2]) / 1024 < 3 });
  return upload ? `Worker upload: ${(Number(upload[1]) / 1024).toFixed(2)} MB, gzip ${(Number(upload[2]) / 1024).toFixed(2)} MB; budget 3 MB; ratio ${(Number(upload[2]) / 1024 / 3).toFixed(2)}` : "Worker upload: wrangler --dry-run printed no size";
})();
rmSync(resolve(root, persistTo), { recursive: true, force: true });
prepareLocalDb(persistTo);
seedBenchDocs(persistTo);
const { jiraVars, startFakeJira } = await import("../tests/fixtures/jira/server.ts");
const jira = await startFakeJira();
const jiraArgs = Object.entries(jiraVars(jira.url)).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
const server = spawnGroup("wrangler", ["dev", ...LOCAL_VARS, ...jiraArgs, "--port", port, "--ip", "127.0.0.1", "--persist-to", persistTo, "--show-interactive-dev-session=false"], {
  stdio: "ignore",
});
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
};
process.on("exit", stop);

async function waitUp() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(base + "/favicon.svg")).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function time(n, fn) {
  for (let i = 0; i < Math.min(10, n); i++) await fn(); // warm-up
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  out.sort((a, b) => a - b);
  return { p50: pct(out, 50), p99: pct(out, 99) };
}

const fmt = (ms) => `${ms.toFixed(2)} ms`;

await waitUp();
// The app's own workerd, behind `wrangler dev`'s proxy: rooms are measured both ways.
const direct = await findDirect(server.pid, base);
console.log(direct ? `workerd direct (wrangler dev's proxy bypassed): ${direct}` : "workerd direct: not found; figures are through wrangler dev only");

// 1. Bundle of `/`: the scripts the page loads before anyone touches it, and what its first
// interaction adds (a guest's landing page is served without React, its own inline script
// only: workers/site/static-page.ts; inline scripts count too).
const html = await (await fetch(base + "/", { headers: { "Accept-Language": "en" } })).text();
const scriptsOf = (pattern) => new Set([...html.matchAll(pattern)].map((m) => m[1]));
const atLoad = scriptsOf(/(?:rel="(?:modulepreload|x-modulepreload-after-paint)" href|<script[^>]* src)="([^"]+\.js)"/g);
const onInteraction = scriptsOf(/rel="x-modulepreload-on-interaction" href="([^"]+\.js)"/g);
const gzOf = async (set) => {
  let gz = 0;
  for (const src of set) gz += gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer())).length;
  return gz / 1024;
};
const inlineKb = [...html.matchAll(/<script(?![^>]*application\/ld\+json)(?![^>]* src=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + gzipSync(m[1]).length, 0) / 1024;
const loadKb = (await gzOf(atLoad)) + inlineKb;
const interactionKb = await gzOf(new Set([...onInteraction].filter((src) => !atLoad.has(src))));
console.log(`JS for / : ${loadKb.toFixed(1)} KB gzipped in ${atLoad.size} files and the inline scripts (${inlineKb.toFixed(1)} KB) before any interaction, +${interactionKb.toFixed(1)} KB in ${onInteraction.size} files on the first interaction; budget 100 KB`);
record({ what: "JavaScript for / before interaction (gzip)", ours: loadKb, unit: "KB", goal: "≤ 100 KB", pass: loadKb <= 100 });
record({ what: "JavaScript for / with its first interaction (gzip)", ours: loadKb + interactionKb, unit: "KB", goal: "≤ 100 KB", pass: loadKb + interactionKb <= 100 });
aiChunkReport(root);
console.log(workerSize);

// 2 and 3. Latency.
const auth = await fetch(base + "/api/v1/auth", {
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: base },
  body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
});
const { access_token } = await auth.json();
const floor = await time(200, () => fetch(base + "/favicon.svg").then((r) => r.arrayBuffer()));
const whoami = await time(200, () => fetch(base + "/api/v2/whoami", { headers: { Authorization: `Bearer ${access_token}` } }).then((r) => r.arrayBuffer()));
console.log(`static asset (floor): p50 ${fmt(floor.p50)}  p99 ${fmt(floor.p99)}`);
console.log(`GET /api/v2/whoami  : p50 ${fmt(whoami.p50)}  p99 ${fmt(whoami.p99)}  ratio to floor p50 ${(whoami.p50 / floor.p50).toFixed(2)}`);
const signIn = await time(15, () =>
  fetch(base + "/api/v1/auth", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, "CF-Connecting-IP": `10.1.${Math.floor(Math.random() * 250)}.1` },
    body: JSON.stringify({ email: `nobody-${Math.random()}@example.com`, password: "wrong-password" }),
  }).then((r) => r.arrayBuffer()),
);
console.log(`POST /api/v1/auth   : p50 ${fmt(signIn.p50)}  p99 ${fmt(signIn.p99)}  ratio to whoami p50 ${(signIn.p50 / whoami.p50).toFixed(1)} (PBKDF2 100k)`);
// `BENCH_ONLY=rooms,docs`: these parts, in the usual order. Before each part, the state of the
// app's runtime, which every part shares (see `runtimeState`).
const only = process.env.BENCH_ONLY?.split(",");
const appPid = directPid(direct);
const parts = [
  ["board", () => boardBench(base, direct)],
  ["rooms", () => roomsBench(base, direct)],
  ["docs", () => docsBench(base, direct)],
  ["lighthouse", () => lighthouseBench(base)],
  ["git", () => gitBench(base)],
  ["meetings", () => meetingsBench(base)],
  ["jira", () => jiraBench(base)],
  ["render", () => renderBench(base)],
];
for (const [name, part] of parts) {
  if (only && !only.includes(name)) continue;
  if (appPid) console.log(`(${name}) ${await runtimeState(appPid)}`);
  await part();
}
printReport();
stop();
process.exit(0);
