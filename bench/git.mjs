// Git hosting's figures (issue 12), each beside its peer measured in the same run:
//  1. `git push` of a 500-commit / 1,000-file history to our server (a GitRepo object).
//  2. `git clone` of it from our server against `git clone` of the same repository from
//     `git http-backend` (served on loopback by a small CGI bridge in this process): time and
//     transferred pack size, and the ratio (medians of alternating runs). Goal: ≤ 1.5× and
//     under 3 s. Our packs carry no deltas, hence the size ratio.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO } from "../scripts/seed.mjs";
import { gitEnv, gitIn, serveGitHttpBackend } from "../tests/fixtures/git-http-backend.mjs";

const COMMITS = 500;
const FILES = 1000;
const GOAL_RATIO = 1.5;
const GOAL_MS = 3000;
const RUNS = 5;
const GIT_ENV = gitEnv("Bench", "bench@example.com");
const git = gitIn(GIT_ENV);

/** A history made with fast-import: the first commit adds every file, each next one changes one. */
async function makeHistory(dir) {
  await git(dir, "init", "-q", "--bare", "src.git");
  const lines = [];
  const blob = (text) => `data ${Buffer.byteLength(text)}\n${text}`;
  for (let c = 0; c < COMMITS; c++) {
    lines.push(`commit refs/heads/main`, `committer Bench <bench@example.com> ${1700000000 + c} +0000`, blob(`Commit ${c}`));
    const files = c === 0 ? Array.from({ length: FILES }, (_, i) => i) : [c % FILES];
    for (const i of files) lines.push(`M 644 inline src/dir${i % 20}/file${i}.txt`, blob(`file ${i}\n${"line of text ".repeat(20)}\nrevision ${c}\n`));
  }
  const child = spawn("git", ["fast-import", "--quiet"], { cwd: join(dir, "src.git"), env: GIT_ENV, stdio: ["pipe", "ignore", "inherit"] });
  child.stdin.end(lines.join("\n") + "\n");
  await new Promise((resolve, reject) => child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`fast-import ${code}`)))));
  return join(dir, "src.git");
}

const packBytes = (repo) => readdirSync(join(repo, ".git/objects/pack")).reduce((n, f) => n + statSync(join(repo, ".git/objects/pack", f)).size, 0);

async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export async function gitBench(base) {
  const dir = mkdtempSync(join(tmpdir(), "git-bench-"));
  try {
    const src = await makeHistory(dir);
    const headers = { Origin: base, "Content-Type": "application/json" };
    const signIn = await (await fetch(`${base}/api/v1/auth`, { method: "POST", headers, body: JSON.stringify({ email: DEMO.email, password: DEMO.password }) })).json();
    const auth = { ...headers, Authorization: `Bearer ${signIn.access_token}` };
    const project = await (await fetch(`${base}/api/v1/project`, { method: "POST", headers: auth, body: JSON.stringify({ name: "Git bench" }) })).json();
    const repo = await (await fetch(`${base}/api/v1/project/${project.guid}/git`, { method: "POST", headers: auth, body: JSON.stringify({ name: `bench-${Date.now()}` }) })).json();
    const { token } = await (await fetch(`${base}/api/v1/tokens`, { method: "POST", headers: auth, body: JSON.stringify({ name: "bench" }) })).json();
    const ours = repo.clone_url.replace("://", `://bench:${token}@`);

    const push = await timed(() => git(src, "push", "-q", ours, "main"));
    const peer = await serveGitHttpBackend(dir, GIT_ENV);
    try {
      // Warm-up of both servers (the GitRepo object is already loaded by the push).
      await git(dir, "clone", "-q", `${peer.url}/src.git`, "peer");
      // Alternating runs, median of each: the machine's load moves single figures by 2–3×.
      const peerRuns = [];
      const oursRuns = [];
      for (let run = 0; run < RUNS; run++) {
        for (const name of ["peer2", "ours"]) rmSync(join(dir, name), { recursive: true, force: true });
        peerRuns.push(await timed(() => git(dir, "clone", "-q", `${peer.url}/src.git`, "peer2")));
        oursRuns.push(await timed(() => git(dir, "clone", "-q", ours, "ours")));
      }
      const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const peerMs = median(peerRuns);
      const oursMs = median(oursRuns);
      const oursPack = packBytes(join(dir, "ours"));
      const peerPack = packBytes(join(dir, "peer2"));
      const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
      console.log(`git push ${COMMITS} commits / ${FILES} files: ${(push / 1000).toFixed(2)} s`);
      console.log(`git clone from us     : ${(oursMs / 1000).toFixed(2)} s (median of ${RUNS}), pack ${kib(oursPack)}`);
      console.log(`git clone http-backend: ${(peerMs / 1000).toFixed(2)} s (median of ${RUNS}), pack ${kib(peerPack)}`);
      console.log(`clone ratio ${(oursMs / peerMs).toFixed(2)}× (goal ≤ ${GOAL_RATIO}×, under ${GOAL_MS / 1000} s: ${oursMs <= GOAL_MS ? "met" : "not met"}); size ratio ${(oursPack / peerPack).toFixed(2)}×`);
    } finally {
      peer.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run alone against a server already up: `node bench/git.mjs http://localhost:8811`.
if (process.argv[1]?.endsWith("git.mjs") && process.argv[2]) await gitBench(process.argv[2]);
