// Git hosting's figures (issue 12), each beside its peer measured in the same run:
//  1. `git push` of a 500-commit / 1,000-file history to our server (a GitRepo object).
//  2. `git clone` of it from our server against `git clone` of the same repository from
//     `git http-backend` (served on loopback by a small CGI bridge in this process): time and
//     transferred pack size, and the ratio (medians of alternating runs). Goal: ≤ 1.5× and
//     under 3 s. Our packs carry no deltas, hence the size ratio.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { DEMO } from "../scripts/seed.mjs";

const COMMITS = 500;
const FILES = 1000;
const GOAL_RATIO = 1.5;
const GOAL_MS = 3000;
const RUNS = 5;
const exec = promisify(execFile);
const GIT_ENV = { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_AUTHOR_NAME: "Bench", GIT_AUTHOR_EMAIL: "bench@example.com", GIT_COMMITTER_NAME: "Bench", GIT_COMMITTER_EMAIL: "bench@example.com" };
const git = (cwd, ...args) => exec("git", ["-c", "init.defaultBranch=main", ...args], { cwd, env: GIT_ENV, maxBuffer: 1 << 26 });

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

/** `git http-backend` behind a minimal CGI bridge, serving `root` on a loopback port. */
async function httpBackend(root) {
  const { stdout } = await exec("git", ["--exec-path"]);
  const backend = join(stdout.trim(), "git-http-backend");
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    const cgi = spawn(backend, [], {
      env: { ...GIT_ENV, GIT_PROJECT_ROOT: root, GIT_HTTP_EXPORT_ALL: "1", REQUEST_METHOD: req.method, PATH_INFO: url.pathname, QUERY_STRING: url.search.slice(1), CONTENT_TYPE: req.headers["content-type"] ?? "", HTTP_CONTENT_ENCODING: req.headers["content-encoding"] ?? "", REMOTE_ADDR: "127.0.0.1" },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let started = false;
    cgi.stdout.on("data", (chunk) => {
      if (started) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      started = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString().split("\r\n")) {
        const [name, ...rest] = line.split(":");
        if (name.toLowerCase() === "status") status = Number.parseInt(rest.join(":"), 10);
        else res.setHeader(name, rest.join(":").trim());
      }
      res.writeHead(status);
      res.write(head.subarray(end + 4));
    });
    cgi.on("exit", () => res.end());
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
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
    const peer = await httpBackend(dir);
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
