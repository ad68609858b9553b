// Helpers shared by `npm start` and `npm test`. This file must run on the system Node (20):
// it installs the project's own Node 22 before anything else needs it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "node_modules", ".bin");

/**
 * Environment whose PATH puts the project's Node 22 and tools first. Wrangler's local
 * observability is off unless asked for (`X_LOCAL_OBSERVABILITY=true npm start`): wrangler 4
 * turns it on by default, and then every event of every object (each socket frame a room or a
 * document receives) is streamed to a trace collector in the same runtime, which writes it to
 * disk (some 50 MB a benchmark run). It doubled the typing relay's median (docs/performance.md,
 * stop 51); the traces are only for the Local Explorer, which the app does not need.
 */
export const toolEnv = {
  ...process.env,
  PATH: `${bin}:${process.env.PATH}`,
  WRANGLER_SEND_METRICS: "false",
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
};

export function log(message) {
  console.log(`\x1b[36m▸ ${message}\x1b[0m`);
}

/** Runs a command to completion; exits the script with its code when it fails. */
export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: toolEnv, ...options });
  if (result.status !== 0) {
    console.error(`✗ ${cmd} ${args.join(" ")} failed (${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** Runs a command and reports its exit code instead of exiting. */
export function runStatus(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: toolEnv, ...options });
  return result.status ?? 1;
}

/** `npm ci` when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = join(root, "node_modules", ".package-lock.json");
  const lock = join(root, "package-lock.json");
  const nodeBin = join(bin, "node");
  if (existsSync(marker) && existsSync(nodeBin) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log("Installing dependencies (npm ci)…");
  run("npm", ["ci", "--no-audit", "--no-fund"], { env: process.env });
}

/** Debian's Chromium for Playwright (Playwright's own browser download cannot work here). */
export function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return;
  log("Installing Debian's chromium…");
  const sudo = process.getuid && process.getuid() !== 0 ? ["sudo"] : [];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const apt = (args) => run(sudo[0] ?? "apt-get", sudo.length ? ["apt-get", ...args] : args, { env });
  apt(["update", "-qq"]);
  apt(["install", "-y", "-qq", "chromium"]);
}

/**
 * Variables every local `wrangler dev` run sets on top of wrangler.toml, whose own vars are
 * the production ones (a plain `wrangler deploy` must never expose /dev/mail or the demo).
 * vite.config.ts and vitest.config.ts set the same two for `react-router dev` and the tests.
 */
// Meetings on loopback need no STUN server (and local runs reach no network).
export const LOCAL_VARS = ["--var", "APP_ENV:development", "--var", "MAIL_PROVIDER:local", "--var", "MEETING_STUN_URLS:none"];

/** Starts a long-running command in its own process group so it can be stopped whole. */
export function spawnGroup(cmd, args, options = {}) {
  return spawn(cmd, args, { cwd: root, env: toolEnv, detached: true, stdio: "inherit", ...options });
}

/**
 * `wrangler dev` on loopback with the local vars, the state kept in `persistTo` and
 * `APP_ORIGIN` pointing at the port; `extra` adds arguments (a config, more `--var`s). The
 * server runs in its own process group, stopped with this script; its exit ends the script.
 */
export function serveLocal({ port, persistTo, extra = [], options = {} }) {
  const args = ["dev", ...LOCAL_VARS, ...extra, "--port", port, "--ip", "127.0.0.1", "--persist-to", persistTo, "--show-interactive-dev-session=false", "--var", `APP_ORIGIN:http://localhost:${port}`];
  const server = spawnGroup("wrangler", args, options);
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {}
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  server.on("exit", (code) => process.exit(code ?? 0));
  return server;
}
