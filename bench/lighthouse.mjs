// Lighthouse (mobile, simulated throttling) on the public pages the site issue names: the
// landing page, a blog post and the help centre. Goals: SEO 100, accessibility 100,
// performance ≥ 95. The CLI is fetched on first use (`npx lighthouse@13.5.0`, Node ≥ 22.19)
// rather than installed with the app: only this benchmark needs its 170 MB.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";

const LIGHTHOUSE = "lighthouse@13.5.0";
const GOALS = { performance: 95, accessibility: 100, seo: 100 };

/** The first published post the sitemap lists (the seed writes two). */
async function firstPost(base) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const loc = sitemap.match(/<loc>([^<]*\/category\/post\/[^<]*)<\/loc>/)?.[1];
  return loc ? new URL(loc.replaceAll("&amp;", "&")).pathname + new URL(loc.replaceAll("&amp;", "&")).search : null;
}

function audit(url, out) {
  const run = spawnSync(
    "npx",
    ["--yes", LIGHTHOUSE, url, "--chrome-path=/usr/bin/chromium", "--chrome-flags=--headless=new --no-sandbox --disable-gpu", "--only-categories=performance,accessibility,seo", "--output=json", `--output-path=${out}`, "--quiet"],
    { encoding: "utf8", timeout: 180_000 },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}: ${run.stderr.slice(-500)}`);
  const report = JSON.parse(readFileSync(out, "utf8"));
  const scores = Object.fromEntries(Object.values(report.categories).map((c) => [c.id, Math.round(c.score * 100)]));
  // What cost points: every weighted audit below a pass, to act on.
  const metrics = report.audits.metrics?.details?.items?.[0] ?? {};
  const timings = Object.entries({ FCP: "firstContentfulPaint", LCP: "largestContentfulPaint", TBT: "totalBlockingTime" })
    .map(([label, key]) => `${label} ${Math.round(metrics[key] ?? NaN)} ms`)
    .join(", ");
  const misses = Object.values(report.categories).flatMap((c) => c.auditRefs.filter((a) => a.weight > 0 && (report.audits[a.id].score ?? 1) < 0.9).map((a) => `${a.id}${report.audits[a.id].displayValue ? ` (${report.audits[a.id].displayValue})` : ""}`));
  return { scores, misses, timings };
}

export async function lighthouseBench(base) {
  const post = await firstPost(base);
  const pages = ["/", ...(post ? [post] : []), "/help"];
  const dir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  try {
    for (const [i, path] of pages.entries()) {
      const { scores, misses, timings } = audit(`${base}${path}`, join(dir, `${i}.json`));
      const line = Object.entries(GOALS)
        .map(([id, goal]) => `${id} ${scores[id]} (goal ${id === "performance" ? "≥ " : ""}${goal}${scores[id] >= goal ? ", met" : ", missed"})`)
        .join(", ");
      // Simulated throttling scales the CPU time it observes: on a busy machine blocking time grows.
      const load = `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`;
      console.log(`Lighthouse mobile ${path}: ${line}; ${timings}; ${load}${misses.length ? `; below par: ${misses.join(", ")}` : ""}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
