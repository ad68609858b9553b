// The planning board's first render at 20, 2,000 and 10,000 cards, and a status change's repaint
// (issue 17: 20 cards ≤ 300 ms, 2,000 ≤ 500 ms, 10,000 ≤ 800 ms; a status change repaints in
// ≤ 16 ms). Debian's Chromium, no throttling, signed in; per size, `RENDER_LOADS` fresh loads
// after three warm-ups, the sizes alternating so each sees the same machine load, in two states
// of the browser:
//  - a returning visitor: a profile on disk, with the HTTP cache and V8's code cache a person's
//    own browser keeps (the scripts are not compiled again);
//  - a private window (what Playwright's contexts are): the HTTP cache, but every script
//    compiled on every load, since Chromium keeps no code cache there.
// From navigation start:
//  - first card: the first animation frame whose DOM holds a card (the server's HTML streams
//    the rows; that frame paints them);
//  - hydrated: `data-hydrated` set on <html> (the app's own mark, set once React owns the page).
// The floor (bench/react-floor.mjs): React alone hydrating a page with the same number of cards,
// in the same browser, its loads alternating with ours; its status change is a click on a card's
// own button.
// The status change: a card's status picked in its line's status menu (the board shows it before
// the write is answered). Two spans: the click → the card's DOM changed (React's render) and the
// DOM change → the end of the next frame (style, layout, paint); the goal is on their sum.
// `BENCH_BASE=http://localhost:8844 node bench/board-render.mjs`, or `BENCH_ONLY=render npm run bench`.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { DEMO } from "../scripts/seed.mjs";
import { seed } from "./board.mjs";
import { record } from "./report.mjs";
import { startReactFloor } from "./react-floor.mjs";

const SIZES = [
  { cards: 20, goal: 300 },
  { cards: 2000, goal: 500 },
  { cards: 10000, goal: 800 },
];
const REPAINT_GOAL_MS = 16;
// `RENDER_SIZES=20,2000`: only these sizes (a quick look).
const only = process.env.RENDER_SIZES?.split(",").map(Number);
/**
 * Loads counted per row: 10. With 5, the 20-card board's p50 ranged over 302–363 ms in this
 * bench's runs of stop 50 on nearly the same code, wider than the changes it was meant to judge.
 */
const LOADS = Number(process.env.RENDER_LOADS) || 10;
/**
 * Loads not counted first: the asset cache and the Worker's isolate, and for the returning
 * visitor V8's code cache, which Chromium writes for a script on its second run, not its first.
 */
const WARM_UPS = 3;
/**
 * Status changes timed per board: 15. Click → painted waits for the next frame, which comes at
 * any point of a 16.7 ms interval, so one change can take 5 ms or 20 ms; the p50 of 5 was the
 * third change alone (13.6–16.4 ms at 10,000 cards over stops 49–51, on the same code).
 */
const CHANGES = Number(process.env.RENDER_CHANGES) || 15;

const pct = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fmt = (ms) => `${Math.round(ms)} ms`;

/**
 * What the page logs once both marks are set. The bench waits for this console message rather
 * than with `page.waitForFunction`: that evaluates Playwright's injected script (330 KB) in the
 * page as soon as it commits, some 25–30 ms of the page's main thread in the middle of its load
 * (a trace showed it between the first paint and the chunks' arrival; docs/performance.md, stop
 * 50). A console message costs the page nothing.
 */
const READY = "board-render: marks set";

/** Marks set in the page: the first frame holding a card, hydration, and the live change's steps. */
function pageMarks(readyMessage) {
  const marks = (window.__render = { firstCard: null, hydrated: null });
  const frame = () => {
    if (marks.firstCard === null && document.querySelector("[data-testid=board-task]")) marks.firstCard = performance.now();
    if (marks.hydrated === null && document.documentElement?.hasAttribute("data-hydrated")) marks.hydrated = performance.now();
    if (marks.firstCard === null || marks.hydrated === null) requestAnimationFrame(frame);
    else console.debug(readyMessage);
  };
  requestAnimationFrame(frame);
  /**
   * Watches one card: the click that picks its new status (capture phase, before React sees it),
   * the moment its DOM shows the change and the end of the next frame.
   */
  window.__watchCard = (guid) =>
    new Promise((resolve) => {
      const row = () => document.querySelector(`[data-testid=board-task][data-guid="${guid}"]`);
      const before = row()?.textContent;
      let clicked = null;
      const onClick = (e) => {
        if (e.target instanceof Element && e.target.closest("[role=option]")) clicked = performance.now();
      };
      document.addEventListener("click", onClick, true);
      const observer = new MutationObserver(() => {
        const node = row();
        if (clicked === null || !node || node.textContent === before) return;
        observer.disconnect();
        document.removeEventListener("click", onClick, true);
        const dom = performance.now();
        // requestAnimationFrame runs just before the frame that shows the change; the timeout after it.
        requestAnimationFrame(() => setTimeout(() => resolve({ clicked, dom, painted: performance.now() }), 0));
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
}

async function signIn(base) {
  const res = await fetch(`${base}/api/v1/auth`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, "CF-Connecting-IP": "10.9.0.17" },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  const { access_token: token } = await res.json();
  return { token, headers: { Cookie: `sid=${token}`, Origin: base, "Content-Type": "application/json", "Accept-Language": "en" } };
}

/** The floor page's status changes: a click on the first card's button → painted, `CHANGES` times. */
async function floorRepaints(page) {
  const task = await page.evaluate(() => document.querySelector("[data-testid=board-task]").getAttribute("data-guid"));
  const totals = [];
  for (let i = 0; i < CHANGES; i++) {
    const watching = page.evaluate((guid) => window.__watchCard(guid), task);
    await page.click(`[data-testid=board-task][data-guid="${task}"] [role=option]`);
    const m = await watching;
    totals.push(m.painted - m.clicked);
  }
  await page.close();
  return totals;
}

export async function renderBench(base) {
  console.log(`Planning board first render and repaint (issue 17), load average ${loadavg()[0].toFixed(1)}:`);
  const auth = await signIn(base);
  const projects = [];
  for (const size of SIZES.filter((s) => !only || only.includes(s.cards))) projects.push({ ...size, project: await seed(base, size.cards, `Render ${size.cards}`) });
  const floor = await startReactFloor();
  const launch = { executablePath: "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"] };
  const browser = await chromium.launch(launch);
  // The returning visitor's browser: a profile on disk, as a person's own browser has. Chromium
  // keeps V8's code cache only there (never for a private window, which Playwright's contexts
  // are), so the same loads skip compiling what they compiled before.
  const profile = mkdtempSync(join(tmpdir(), "board-render-profile-"));
  const returning = await chromium.launchPersistentContext(profile, { ...launch, locale: "en-US", viewport: { width: 1400, height: 900 } });
  try {
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 1400, height: 900 } });
    const floorContext = await browser.newContext({ locale: "en-US", viewport: { width: 1400, height: 900 } });
    for (const ctx of [context, returning]) await ctx.addCookies([{ name: "sid", value: auth.token, url: base, httpOnly: true, sameSite: "Lax" }]);
    for (const ctx of [context, floorContext, returning]) await ctx.addInitScript(pageMarks, READY);
    const visit = async (ctx, url) => {
      const page = await ctx.newPage();
      const ready = page.waitForEvent("console", { predicate: (message) => message.text() === READY, timeout: 120_000 });
      await page.goto(url, { waitUntil: "commit" });
      await ready;
      return page;
    };
    const boardUrl = (project) => `${base}/project/${project}/taskboard?view=planning`;
    const open = (project) => visit(context, boardUrl(project));
    const states = [
      { name: "returning visitor", ours: returning, floor: returning },
      { name: "private window", ours: context, floor: floorContext },
    ];
    const marks = () => ({ firstCard: [], hydrated: [], html: [] });
    const figures = new Map(states.flatMap((state) => projects.map((p) => [`${state.name} ${p.cards}`, { ours: marks(), floor: marks() }])));
    for (let i = 0; i < WARM_UPS + LOADS; i++) {
      for (const state of states) {
        for (const p of projects) {
          for (const side of ["ours", "floor"]) {
            const page = await visit(state[side], side === "ours" ? boardUrl(p.project) : floor.url(p.cards));
            const m = await page.evaluate(() => ({ ...window.__render, html: performance.getEntriesByType("navigation")[0].responseEnd }));
            await page.close();
            if (i < WARM_UPS) continue;
            const f = figures.get(`${state.name} ${p.cards}`)[side];
            f.firstCard.push(m.firstCard);
            f.hydrated.push(m.hydrated);
            f.html.push(m.html);
          }
        }
      }
    }
    for (const state of states) {
      console.log(`  ${state.name}:`);
      for (const p of projects) {
        const { ours: f, floor: r } = figures.get(`${state.name} ${p.cards}`);
        const first = pct(f.firstCard, 50);
        const hydrated = pct(f.hydrated, 50);
        console.log(
          `  ${String(p.cards).padStart(6)} cards (${LOADS} loads): first card p50 ${fmt(first)} (max ${fmt(Math.max(...f.firstCard))}), hydrated p50 ${fmt(hydrated)} (max ${fmt(Math.max(...f.hydrated))}); HTML received p50 ${fmt(pct(f.html, 50))}; goal ${p.goal} ms`,
        );
        console.log(
          `  ${" ".repeat(6)} floor, React alone: first card p50 ${fmt(pct(r.firstCard, 50))}, hydrated p50 ${fmt(pct(r.hydrated, 50))}; HTML received p50 ${fmt(pct(r.html, 50))}; ratio hydrated ${(hydrated / pct(r.hydrated, 50)).toFixed(2)}×`,
        );
        record({ what: `Board first card painted, ${p.cards.toLocaleString("en")} cards (p50, ${state.name})`, ours: first, peer: pct(r.firstCard, 50), goal: `≤ ${p.goal} ms`, pass: first <= p.goal });
        record({ what: `Board hydrated, ${p.cards.toLocaleString("en")} cards (p50, ${state.name})`, ours: hydrated, peer: pct(r.hydrated, 50), goal: `≤ ${p.goal} ms`, pass: hydrated <= p.goal });
      }
    }

    // A status change through the card's own status menu, on each board: the board shows it at
    // once (the write goes out after), so click → painted is the page's own work.
    for (const p of projects) {
      const page = await open(p.project);
      // The first card on screen whose line shows its status as a menu.
      const task = await page.evaluate(() => document.querySelector("[data-testid=line-status]")?.closest("[data-testid=board-task]")?.getAttribute("data-guid"));
      const menu = page.locator(`[data-testid=board-task][data-guid="${task}"] [data-testid=line-status]`);
      if (!task) {
        console.log(`  ${p.cards} cards: no editable status on the board's line; repaint not measured`);
        await page.close();
        continue;
      }
      const spans = { render: [], paint: [], total: [] };
      for (let i = 0; i < CHANGES; i++) {
        await menu.click();
        const choice = page.locator('[data-testid=picker] [role=option][aria-selected="false"]').first();
        await choice.waitFor();
        const watching = page.evaluate((guid) => window.__watchCard(guid), task);
        await choice.click();
        const m = await Promise.race([watching, new Promise((r) => setTimeout(() => r(null), 30_000))]);
        if (!m) throw new Error(`${p.cards} cards: the status change never reached the card`);
        spans.render.push(m.dom - m.clicked);
        spans.paint.push(m.painted - m.dom);
        spans.total.push(m.painted - m.clicked);
        // The write's answer lands before the next change.
        await page.waitForLoadState("networkidle").catch(() => {});
      }
      await page.close();
      const own = pct(spans.total, 50);
      const floorSpans = await floorRepaints(await visit(floorContext, floor.url(p.cards)));
      console.log(
        `  ${String(p.cards).padStart(6)} cards, status change (${CHANGES}): click → DOM p50 ${fmt(pct(spans.render, 50))}, DOM → painted p50 ${fmt(pct(spans.paint, 50))}; click → painted p50 ${fmt(own)} (max ${fmt(Math.max(...spans.total))}); floor, React alone ${fmt(pct(floorSpans, 50))}; goal ${REPAINT_GOAL_MS} ms`,
      );
      record({ what: `Board status change repainted, ${p.cards.toLocaleString("en")} cards (p50)`, ours: own, peer: pct(floorSpans, 50), goal: `≤ ${REPAINT_GOAL_MS} ms`, pass: own <= REPAINT_GOAL_MS });
    }

    // Another person's change to one task, heard by a watching board: from the notice's publish
    // (`/api/dev/publish`, naming someone else, after the write itself) to the card's new title
    // in the DOM. Alternating with the same notice padded past `PATCH_TASKS_MAX` guids, which the
    // board answers as it answered every notice before stop 43: a read of the whole page.
    for (const p of projects) {
      const page = await open(p.project);
      await page.waitForLoadState("networkidle").catch(() => {});
      const spans = { patch: [], whole: [], bytes: [], wholeBytes: [] };
      for (let i = 0; i < 2 * CHANGES; i++) {
        const pad = i % 2 === 0 ? 0 : 95;
        const task = await page.evaluate(() => document.querySelector("[data-testid=board-task]")?.getAttribute("data-guid"));
        const title = `Renamed ${i} ${Date.now()}`;
        const put = await fetch(`${base}/api/v1/project/${p.project}/issue/${task}`, { method: "PUT", headers: auth.headers, body: JSON.stringify({ custom_fields: [{ slug: "title", value: title }] }) });
        if (!put.ok) throw new Error(`rename ${put.status}`);
        const m = await page.evaluate(
          async ({ project, task, title, pad }) => {
            const row = () => document.querySelector(`[data-testid=board-task][data-guid="${task}"]`);
            const shown = new Promise((resolve) => {
              const observer = new MutationObserver(() => {
                if (row()?.getAttribute("data-title") !== title) return;
                observer.disconnect();
                resolve(performance.now());
              });
              observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-title"] });
            });
            const start = performance.now();
            await fetch(`/api/dev/publish/${project}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ task, pad, by: "00000000-0000-4000-8000-00000000b0b0" }) });
            const end = await Promise.race([shown, new Promise((r) => setTimeout(() => r(null), 30_000))]);
            const read = performance.getEntriesByType("resource").filter((e) => (pad ? e.name.includes("taskboard.data") : e.name.includes(`/api/v1/project/${project}/issues`)) && e.startTime >= start).pop();
            return { shown: end === null ? null : end - start, bytes: read?.encodedBodySize ?? null };
          },
          { project: p.project, task, title, pad },
        );
        if (m.shown === null) throw new Error(`${p.cards} cards: another person's change never reached the card`);
        (pad ? spans.whole : spans.patch).push(m.shown);
        (pad ? spans.wholeBytes : spans.bytes).push(m.bytes);
        await page.waitForLoadState("networkidle").catch(() => {});
      }
      await page.close();
      const patch = pct(spans.patch, 50);
      const whole = pct(spans.whole, 50);
      console.log(
        `  ${String(p.cards).padStart(6)} cards, another person's change (${CHANGES} each): the task read alone p50 ${fmt(patch)} (max ${fmt(Math.max(...spans.patch))}, ${spans.bytes[0]} bytes); the whole page read p50 ${fmt(whole)} (max ${fmt(Math.max(...spans.whole))}, ${spans.wholeBytes[0]} bytes)`,
      );
      record({ what: `Another's change shown on a watching board, ${p.cards.toLocaleString("en")} cards (p50)`, ours: patch, peer: whole, goal: "≤ 100 ms (ours)", pass: patch <= 100 });
    }
  } finally {
    await browser.close();
    await returning.close();
    rmSync(profile, { recursive: true, force: true });
    await floor.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.env.BENCH_BASE) {
  const { printReport } = await import("./report.mjs");
  await renderBench(process.env.BENCH_BASE);
  printReport();
  process.exit(0);
}
