// Where the main thread's time goes while a signed-in page loads and hydrates (issue 17):
// a Chrome performance trace (CDP Tracing, with the V8 sampling profiler) of one fresh load,
// summarised as the long tasks (what each one ran), the blocking time they add up to, the style
// recalculations (the large ones, with what invalidated them when asked) and the self time per
// script chunk and per function. CPU throttled 4× like Lighthouse's mobile run.
//
// `BENCH_BASE=http://localhost:8856 node bench/board-trace.mjs [path] [--runs=n] [--throttle=4] [--causes]`
// (`--causes`: Chrome's invalidation tracking, which names why each large restyle happened: a
// style sheet added, an attribute set on <html>… It slows the page a little; stop 39 found four
// whole-page restyles this way.)
// (default path: the demo project's planning board). For readable function names, profile a
// build made with `PROFILE_BUILD=1 npx react-router build` (not minified).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { DEMO } from "../scripts/seed.mjs";

const base = process.env.BENCH_BASE;
const args = process.argv.slice(2);
const path = args.find((a) => !a.startsWith("--")) ?? `/project/${DEMO.projectId}/taskboard?view=planning`;
const option = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const runs = option("runs", 1);
const throttle = option("throttle", 4);
const top = option("top", 25);
const causes = args.includes("--causes");
/**
 * `--returning`: a returning visitor's browser (a profile on disk, three warm loads), where V8's
 * code cache spares the scripts' compiling; without it, a private window that compiles them on
 * every load (bench/board-render.mjs measures both).
 */
const returning = args.includes("--returning");
/** A restyle of at least this many elements is listed (a whole page of the demo board is about 1,000). */
const LARGE_RESTYLE = 300;

async function signIn() {
  const res = await fetch(`${base}/api/v1/auth`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, "CF-Connecting-IP": "10.9.0.7" },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  return (await res.json()).access_token;
}

const short = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, "").replace(/-[\w-]{8}\.js$/, ".js").slice(0, 70) : "(native)");

/** The main thread's long tasks and the sampled self time, from the trace's events. */
function summarise(events, marks) {
  const start = events.find((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith(base));
  const pid = start?.pid;
  const tid = start?.tid;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
  const nav = start?.ts ?? 0;
  const ms = (ts) => (ts - nav) / 1000;
  const fcp = events.find((e) => e.pid === pid && e.name === "firstContentfulPaint")?.ts;
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.ph === "X" && e.dur > 50_000);
  // The first thing each long task ran: a script's evaluation, a callback, a timer, a message.
  const what = (task) => {
    const inside = onMain.filter((e) => e.ph === "X" && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e !== task);
    const lead = inside.find((e) => ["EvaluateScript", "v8.evaluateModule", "FunctionCall", "TimerFire", "FireAnimationFrame", "EventDispatch", "ParseHTML", "RunMicrotasks", "v8.run"].includes(e.name));
    const data = lead?.args?.data ?? {};
    return `${lead?.name ?? inside[0]?.name ?? "?"} ${short(data.url ?? data.scriptName ?? "")}${data.functionName ? ` ${data.functionName}` : ""}${data.type ? ` ${data.type}` : ""}`;
  };
  const until = marks.done ?? Infinity;
  const blocking = tasks.filter((t) => !fcp || t.ts >= fcp).filter((t) => ms(t.ts) <= until + 1000).reduce((sum, t) => sum + (t.dur / 1000 - 50), 0);
  // The sampled profile: nodes and samples arrive in ProfileChunk events. The main thread's
  // profile is announced by a `Profile` event on that thread; its chunks come from the
  // profiler's own thread with the same id.
  const head = events.find((x) => x.pid === pid && x.tid === tid && x.name === "Profile");
  const nodes = new Map();
  const samples = [];
  let clock = head?.args?.data?.startTime ?? 0;
  for (const e of events.filter((x) => x.pid === pid && x.id === head?.id && x.name === "ProfileChunk")) {
    const cpu = e.args?.data?.cpuProfile;
    for (const node of cpu?.nodes ?? []) nodes.set(node.id, node);
    const deltas = e.args?.data?.timeDeltas ?? [];
    (cpu?.samples ?? []).forEach((id, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ id, dt: (deltas[i + 1] ?? 0) / 1000, ts: clock });
    });
  }
  for (const node of nodes.values()) if (node.parent) nodes.get(node.parent) && (nodes.get(node.parent).kids ??= []).push(node.id);
  const label = (frame) => `${frame.functionName || "(anonymous)"}  ${short(frame.url)}:${frame.lineNumber + 1}`;
  // Library code (React, React Router, i18next, zod): a sample is charged to the innermost frame of ours.
  const library = /entry\.client|components\.js|errorBoundaries|useTranslation|schemas\.js|jsx-runtime|rolldown-runtime|core\.esm|sortable\.esm|\(native\)/;
  const ours = (id) => {
    for (let node = nodes.get(id); node; node = nodes.get(node.parent)) {
      const frame = node.callFrame;
      if (frame.url && !library.test(short(frame.url))) return label(frame);
    }
    return "(library only)";
  };
  const byUrl = new Map();
  const byFunction = new Map();
  const byOwn = new Map();
  let total = 0;
  for (const { id, dt } of samples) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === "(idle)" || frame.functionName === "(program)") continue;
    total += dt;
    const url = short(frame.url) || frame.functionName;
    byUrl.set(url, (byUrl.get(url) ?? 0) + dt);
    byFunction.set(label(frame), (byFunction.get(label(frame)) ?? 0) + dt);
    const own = ours(id);
    byOwn.set(own, (byOwn.get(own) ?? 0) + dt);
  }
  /** The code of ours each long task spent its samples in. */
  const inside = (task) => {
    const map = new Map();
    for (const { id, dt, ts } of samples) {
      if (ts < task.ts || ts > task.ts + task.dur) continue;
      const frame = nodes.get(id)?.callFrame;
      if (!frame || frame.functionName === "(idle)" || frame.functionName === "(program)") continue;
      const own = ours(id);
      map.set(own, (map.get(own) ?? 0) + dt);
    }
    return [...map].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${Math.round(v)} ${k.trim()}`);
  };
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  // Style recalculations: each `UpdateLayoutTree` with the elements it styled, and the
  // invalidations recorded on the main thread since the one before (with --causes).
  const restyles = [];
  let pending = new Map();
  for (const e of [...onMain].sort((a, b) => a.ts - b.ts)) {
    // Style invalidations only: layout's own ("Added to layout") say nothing about a restyle.
    if (/^(StyleRecalc|StyleInvalidator|ScheduleStyle)InvalidationTracking$/.test(e.name)) {
      const d = e.args?.data ?? {};
      const why = `${d.reason ?? e.name.replace("InvalidationTracking", "")}${d.changedAttribute ? ` [${d.changedAttribute}]` : ""} ${d.nodeName ?? ""}`.trim();
      pending.set(why, (pending.get(why) ?? 0) + 1);
    }
    if (e.name === "UpdateLayoutTree" && e.ph === "X") {
      restyles.push({ at: ms(e.ts), ms: e.dur / 1000, elements: e.args?.elementCount ?? 0, causes: [...pending].sort((a, b) => b[1] - a[1]).slice(0, 4) });
      pending = new Map();
    }
  }
  return {
    restyles,
    fcp: fcp ? ms(fcp) : NaN,
    longTasks: tasks.map((t) => ({ at: Math.round(ms(t.ts)), ms: Math.round(t.dur / 1000), what: what(t), inside: inside(t) })),
    blocking: Math.round(blocking),
    sampled: Math.round(total),
    byUrl: sorted(byUrl),
    byFunction: sorted(byFunction),
    byOwn: sorted(byOwn),
  };
}

if (!base) throw new Error("BENCH_BASE=http://localhost:<port> node bench/board-trace.mjs [path]");
const token = await signIn();
const launch = { executablePath: "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox", "--disable-gpu"] };
const browser = await chromium.launch(launch);
try {
  for (let r = 0; r < runs; r++) {
    const device = { locale: "en-US", viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
    const profile = returning ? mkdtempSync(join(tmpdir(), "board-trace-profile-")) : null;
    const context = profile ? await chromium.launchPersistentContext(profile, { ...launch, ...device }) : await browser.newContext(device);
    await context.addCookies([{ name: "sid", value: token, url: base, httpOnly: true, sameSite: "Lax" }]);
    // Warm the asset cache (and a returning visitor's code cache): the trace is about the CPU, not the network.
    // `load` comes before the page's parked chunks are fetched (they start after the first paint), so each
    // warm load waits for hydration and for what the page fetches once idle; else the traced load fetches
    // its chunks over the network, and its wait for them is wrangler dev's, not the cache's.
    for (let i = 0; i < (returning ? 3 : 1); i++) {
      const warm = await context.newPage();
      await warm.goto(base + path, { waitUntil: "load" });
      await warm.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, { timeout: 60_000 });
      await warm.waitForTimeout(1000);
      await warm.close();
    }
    const page = await context.newPage();
    await page.addInitScript(() => {
      const marks = (window.__trace = { hydrated: null, done: null });
      const tick = () => {
        if (document.documentElement?.hasAttribute("data-hydrated")) marks.hydrated ??= performance.now();
        if (marks.hydrated !== null) {
          // Quiet for a second after hydration: nothing more is expected.
          setTimeout(() => {
            marks.done = performance.now();
            console.debug("board-trace: done");
          }, 1000);
          return;
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
    const events = [];
    cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
    const finished = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.start", {
      transferMode: "ReportEvents",
      traceConfig: {
        includedCategories: [
          "devtools.timeline",
          "v8.execute",
          "disabled-by-default-devtools.timeline",
          "disabled-by-default-v8.cpu_profiler",
          "blink.user_timing",
          "loading",
          "toplevel",
          "v8",
          ...(causes ? ["disabled-by-default-devtools.timeline.invalidationTracking"] : []),
        ],
      },
    });
    const load = loadavg()[0];
    // A console message, not `page.waitForFunction`: that would evaluate Playwright's injected
    // script in the page during its load (bench/board-render.mjs), and the trace would show it.
    const done = page.waitForEvent("console", { predicate: (message) => message.text() === "board-trace: done", timeout: 120_000 });
    await page.goto(base + path, { waitUntil: "load" });
    await done;
    const marks = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      return { ...window.__trace, dcl: nav.domContentLoadedEventEnd, html: nav.responseEnd };
    });
    await cdp.send("Tracing.end");
    await finished;
    if (process.env.TRACE_OUT) (await import("node:fs")).writeFileSync(process.env.TRACE_OUT, JSON.stringify({ traceEvents: events }));
    const s = summarise(events, marks);
    console.log(`\n${path} (CPU ×${throttle}, load average ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}): HTML ${Math.round(marks.html)} ms, FCP ${Math.round(s.fcp)} ms, DOMContentLoaded ${Math.round(marks.dcl)} ms, hydrated ${Math.round(marks.hydrated)} ms; blocking after FCP ${s.blocking} ms; sampled script ${s.sampled} ms`);
    console.log("long tasks (start ms, length ms, what):");
    for (const t of s.longTasks) {
      console.log(`  ${String(t.at).padStart(6)} ${String(t.ms).padStart(5)}  ${t.what}`);
      for (const line of t.inside) console.log(`               ${line}`);
    }
    const large = s.restyles.filter((r) => r.elements >= LARGE_RESTYLE);
    const total = (list) => list.reduce((sum, r) => sum + r.ms, 0).toFixed(0);
    console.log(`style recalculations: ${s.restyles.length}, ${total(s.restyles)} ms; of ${LARGE_RESTYLE}+ elements: ${large.length}, ${total(large)} ms`);
    for (const r of large) {
      console.log(`  ${String(Math.round(r.at)).padStart(6)} ${r.ms.toFixed(1).padStart(6)} ms  ${r.elements} elements`);
      for (const [why, n] of r.causes) console.log(`               ${n} × ${why}`);
    }
    console.log("self time by script:");
    for (const [k, v] of s.byUrl) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
    console.log("time by the innermost frame of our own code (library frames charged to their caller):");
    for (const [k, v] of s.byOwn) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
    console.log("self time by function:");
    for (const [k, v] of s.byFunction) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
    await context.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  }
} finally {
  await browser.close();
}
