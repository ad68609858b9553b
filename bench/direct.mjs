// The same Worker without `wrangler dev`'s local proxy: `wrangler dev` puts a proxy Worker (its
// own workerd) in front of the app's workerd, and every request and socket frame crosses it. The
// app's workerd also listens on a loopback port of its own; a request sent there with
// `MF-Original-URL` (Miniflare's header for the URL the client used) reaches the same app, D1 and
// objects with the proxy bypassed. Issue 17 asks for the rooms' figures both ways.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** The pids of a process group (the dev server's, started detached). */
function groupPids(pgid) {
  const ps = spawnSync("ps", ["-o", "pid=", "-g", String(pgid)], { encoding: "utf8" });
  return new Set(ps.stdout.split(/\s+/).filter(Boolean).map(Number));
}

/**
 * A target answering `url(path)` and `headers(path)`: through the proxy (`base`) or, with
 * `direct`, to the app's own workerd port.
 */
export function target(base, direct = null) {
  if (!direct) return { label: "wrangler dev", base, url: (path) => base + path, headers: () => ({}) };
  return { label: "workerd direct", base, url: (path) => direct + path, headers: (path) => ({ "MF-Original-URL": base + path }) };
}

/**
 * Finds the app's workerd port among the loopback ports the dev server's processes listen on:
 * the one that answers a static asset when asked with `MF-Original-URL` and is not the proxy's.
 * Null when none does (then only the proxied figures are printed).
 */
export async function findDirect(serverPid, base) {
  const pids = groupPids(serverPid);
  const ports = loopbackListeners()
    .filter((l) => pids.has(l.pid) && l.port !== new URL(base).port)
    .map((l) => l.port);
  for (const port of ports) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/favicon.svg`, { headers: { "MF-Original-URL": `${base}/favicon.svg` }, signal: AbortSignal.timeout(2000) });
      if (res.ok && (res.headers.get("content-type") ?? "").includes("svg")) return `http://127.0.0.1:${port}`;
    } catch {}
  }
  return null;
}

/** The loopback ports listening now, each with its process's pid (`ss`). */
function loopbackListeners() {
  const ss = spawnSync("ss", ["-ltnpH"], { encoding: "utf8" });
  return ss.stdout.split("\n").flatMap((line) => {
    const m = /127\.0\.0\.1:(\d+).*pid=(\d+)/.exec(line);
    return m ? [{ port: m[1], pid: Number(m[2]) }] : [];
  });
}

/** The pid of the process listening on `direct`'s port (the app's workerd), or null. */
export function directPid(direct) {
  if (!direct) return null;
  const port = new URL(direct).port;
  return loopbackListeners().find((l) => l.port === port)?.pid ?? null;
}

/**
 * What the app's runtime is doing as a part of the bench starts: its resident memory and its
 * CPU share (one core = 100 %) over `ms`, from `/proc`. All objects of the app share that
 * runtime, so what an earlier part left behind (objects still closing sockets, a large heap)
 * shows here before it shows in the next part's figures.
 */
export async function runtimeState(pid, ms = 1000) {
  const cpu = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (USER_HZ: 100 on Linux)
  };
  try {
    const before = cpu();
    await new Promise((r) => setTimeout(r, ms));
    const ticks = cpu() - before;
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
    return `the app's runtime: ${rss.toFixed(0)} MB resident, ${((ticks / 100 / (ms / 1000)) * 100).toFixed(0)} % of a core over ${ms / 1000} s`;
  } catch {
    return "the app's runtime: not found";
  }
}
