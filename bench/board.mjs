// The planning board's figures (issue 4), each next to its goal and a floor measured in the same run:
//  1. POST /api/v3/project/{id}/filters (the board answer) and GET /project/{id}/taskboard (SSR page)
//     on a project with 5,000 tasks, with the D1 round trips per request; floor GET /api/v2/whoami.
//  2. (The first render lives in bench/board-render.mjs, beside React alone.)
//  3. A card move (PATCH /issue) reaching 20 WebSocket observers of the project room, through
//     wrangler dev's proxy and straight to the app's workerd (labelled); floor: the same fan-out
//     through a minimal Node http + RFC 6455 server in this process; and the move's publish on
//     its own (the development-only `POST /api/dev/publish/{id}`), to the same sockets.
// The large projects come from the development-only `POST /api/dev/seed {tasks, project}`.
// D1 calls are read from the `Server-Timing: d1;desc="calls";dur=<n>` header the Worker adds in
// development (see workers/app.ts).
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createServer } from "node:http";
import { DEMO } from "../scripts/seed.mjs";
import { versioned } from "./socket-version.mjs";
import { record } from "./report.mjs";
import { target } from "./direct.mjs";

const BOARD_GOAL_MS = 150;
const OBSERVERS = 20;

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const summary = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted[sorted.length - 1] };
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const d1Calls = (res) => Number(res.headers.get("server-timing")?.match(/d1;desc="calls";dur=(\d+)/)?.[1] ?? NaN);

/** Runs `fn` (which answers a Response) n times after a warm-up; times, D1 calls and bytes. */
async function measure(n, fn) {
  for (let i = 0; i < 5; i++) await (await fn()).arrayBuffer();
  const times = [];
  const calls = new Set();
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await fn();
    const body = await res.arrayBuffer();
    times.push(performance.now() - start);
    if (!res.ok) throw new Error(`${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
    calls.add(d1Calls(res));
    bytes = body.byteLength;
  }
  return { ...summary(times), calls: [...calls].join("/"), bytes };
}

export async function seed(base, tasks, project) {
  const start = performance.now();
  const res = await fetch(`${base}/api/dev/seed`, { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": "en" }, body: JSON.stringify({ tasks, project }) });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`seed ${tasks}: ${res.status} ${JSON.stringify(body)}`);
  console.log(`  seeded ${body.created} tasks into "${project}" in ${((performance.now() - start) / 1000).toFixed(1)} s (POST /api/dev/seed)`);
  return body.project;
}

/** 1. The board answer and the page on 5,000 tasks. */
export async function serverFigures(base, auth, projectId, direct = null) {
  const headers = { Cookie: auth.cookie, Origin: base, "Content-Type": "application/json", "Accept-Language": "en" };
  const whoami = await measure(30, () => fetch(`${base}/api/v2/whoami`, { headers }));
  const board = await measure(30, () => fetch(`${base}/api/v3/project/${projectId}/filters`, { method: "POST", headers, body: "{}" }));
  const pagePath = `/project/${projectId}/taskboard`;
  const page = await measure(30, () => fetch(`${base}${pagePath}`, { headers: { Cookie: auth.cookie, "Accept-Language": "en" } }));
  // The same page with wrangler dev's proxy bypassed (labelled, as the rooms' figures are): the
  // proxy carries the page's bytes once more, and a deployed Worker has no such proxy.
  const to = target(base, direct);
  const pageDirect = direct ? await measure(30, () => fetch(to.url(pagePath), { headers: { Cookie: auth.cookie, "Accept-Language": "en", ...to.headers(pagePath) } })) : null;
  const line = (name, m) =>
    `${name}: p50 ${fmt(m.p50)}  p99 ${fmt(m.p99)}  D1 calls ${m.calls}  ${(m.bytes / 1024).toFixed(0)} KB`;
  console.log(line("GET /api/v2/whoami (floor)          ", whoami));
  console.log(
    `${line("POST /v3/project/{id}/filters (5k)   ", board)}  goal ${BOARD_GOAL_MS} ms: ratio ${(board.p50 / BOARD_GOAL_MS).toFixed(2)} (p99 ${(board.p99 / BOARD_GOAL_MS).toFixed(2)})  ratio to floor ${(board.p50 / whoami.p50).toFixed(1)}`,
  );
  const pageCalls = Math.max(...String(page.calls).split("/").map(Number));
  record({ what: "Planning board SSR, 5,000 tasks: D1 calls", ours: pageCalls, unit: "", goal: "≤ 3", pass: pageCalls <= 3 });
  console.log(`${line("GET /project/{id}/taskboard (5k, SSR)", page)}  ratio to board goal ${(page.p50 / BOARD_GOAL_MS).toFixed(2)}  ratio to floor ${(page.p50 / whoami.p50).toFixed(1)}`);
  const floor = await sqliteFloor(base, auth, projectId);
  if (floor) {
    console.log(
      `node:sqlite floor, the page's ${floor.statements} statements on a copy of the same data: p50 ${fmt(floor.p50)}  p99 ${fmt(floor.p99)}; ` +
        `SSR page ${(page.p50 / floor.p50).toFixed(1)}× the floor, board answer ${(board.p50 / floor.p50).toFixed(1)}× (goal ≤ 3×)`,
    );
    record({ what: "Planning board SSR, 5,000 tasks (p50, wrangler dev)", ours: page.p50, peer: floor.p50, goal: "≤ 3× the node:sqlite floor", pass: page.p50 <= 3 * floor.p50 });
    if (pageDirect) {
      console.log(`${line("  the same page, workerd direct      ", pageDirect)}  ${(pageDirect.p50 / floor.p50).toFixed(1)}× the floor; wrangler dev's proxy p50 ${fmt(page.p50 - pageDirect.p50)}`);
      record({ what: "Planning board SSR, 5,000 tasks (p50, workerd direct)", ours: pageDirect.p50, peer: floor.p50, goal: "≤ 3× the node:sqlite floor", pass: pageDirect.p50 <= 3 * floor.p50 });
    }
  }
}

/** The local D1 database of the dev server: the newest SQLite file of a D1 under the state directories. */
function localD1File() {
  const found = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".sqlite") && entry.name !== "metadata.sqlite") found.push({ path, at: statSync(path).mtimeMs });
    }
  };
  for (const state of [process.env.BENCH_STATE, ".wrangler/bench-state", ".wrangler/state"].filter(Boolean)) walk(join(state, "v3", "d1"));
  return found.sort((a, b) => b.at - a.at)[0]?.path;
}

/**
 * The floor of the page's reads (issue 17): the same statements the page sends to D1 (from
 * `GET /api/dev/board-queries/{id}`, built by the same services), run by Node's own SQLite on a
 * copy of the dev server's database (`VACUUM INTO`: a consistent copy while the server runs),
 * with statements prepared once, as D1 caches them. No network, no Worker, no shaping: reads only.
 */
async function sqliteFloor(base, auth, projectId) {
  const file = localD1File();
  if (!file) {
    console.log("node:sqlite floor: no local D1 file found (set BENCH_STATE to the dev server's --persist-to)");
    return null;
  }
  const res = await fetch(`${base}/api/dev/board-queries/${projectId}`, { headers: { Cookie: auth.cookie } });
  if (!res.ok) throw new Error(`board queries ${res.status}`);
  const { statements } = await res.json();
  const dir = mkdtempSync(join(tmpdir(), "board-floor-"));
  const copy = join(dir, "copy.sqlite");
  try {
    const live = new DatabaseSync(file, { readOnly: true });
    live.exec(`VACUUM INTO '${copy.replaceAll("'", "''")}'`);
    live.close();
    const db = new DatabaseSync(copy);
    const prepared = statements.map(({ sql, params }) => ({ statement: db.prepare(sql), params: params.map((p) => (typeof p === "boolean" ? Number(p) : p)) }));
    const rows = () => prepared.reduce((n, { statement, params }) => n + statement.all(...params).length, 0);
    // The tasks come as one row, every task's JSON in one array (`tasksWithStoredValues`).
    const tasks = prepared
      .flatMap(({ statement, params }) => statement.all(...params))
      .reduce((n, row) => {
        const first = Object.values(row)[0];
        return n + (typeof first === "string" && first.startsWith("[[") ? JSON.parse(first).length : 0);
      }, 0);
    if (tasks < 5000) throw new Error(`floor read ${tasks} tasks: not the benchmark's project`);
    const times = [];
    for (let i = 0; i < 5; i++) rows();
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      rows();
      times.push(performance.now() - start);
    }
    db.close();
    return { ...summary(times), statements: statements.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Opens `n` WebSocket clients; `onFrame(i, data)` for every text frame. */
async function openSockets(url, n, headers, onFrame) {
  const sockets = [];
  for (let i = 0; i < n; i++) {
    const ws = new WebSocket(url, { headers });
    ws.addEventListener("message", (e) => onFrame(i, String(e.data)));
    await new Promise((resolve, reject) => {
      ws.addEventListener("open", resolve, { once: true });
      ws.addEventListener("error", () => reject(new Error(`socket ${i} did not open: ${url}`)), { once: true });
    });
    sockets.push(ws);
  }
  return sockets;
}

/** Times `moves` triggers until every one of the sockets has its frame. */
async function fanOut(moves, sockets, trigger, matches) {
  let pending = null;
  const onFrame = (i, data) => {
    if (pending && !pending.got.has(i) && matches(data, pending.move)) {
      pending.got.set(i, performance.now() - pending.start);
      if (pending.got.size === sockets.count) pending.resolve();
    }
  };
  const all = [];
  const last = [];
  const api = [];
  const calls = new Set();
  const run = async (move) => {
    let resolve;
    const done = new Promise((r) => (resolve = r));
    pending = { move, start: performance.now(), got: new Map(), resolve };
    const timer = setTimeout(() => pending.resolve(), 5_000);
    const called = await trigger(move);
    const apiMs = performance.now() - pending.start;
    await done;
    clearTimeout(timer);
    if (pending.got.size < sockets.count) throw new Error(`move ${move}: only ${pending.got.size}/${sockets.count} observers heard it`);
    return { apiMs, called, deliveries: [...pending.got.values()] };
  };
  return {
    onFrame,
    async go() {
      for (let i = 0; i < 3; i++) await run(-1 - i); // warm-up
      for (let i = 0; i < moves; i++) {
        const r = await run(i);
        if (typeof r.called === "number") calls.add(r.called);
        all.push(...r.deliveries);
        last.push(Math.max(...r.deliveries));
        api.push(r.apiMs);
      }
      return { all: summary(all), last: summary(last), api: summary(api), calls: [...calls].join("/") };
    },
  };
}

/** A minimal RFC 6455 server (handshake and unmasked server text frames): the fan-out floor. */
function floorServer() {
  const clients = new Set();
  const frame = (text) => {
    const payload = Buffer.from(text);
    const head = payload.length < 126 ? Buffer.from([0x81, payload.length]) : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 255]);
    return Buffer.concat([head, payload]);
  };
  const server = createServer((req, res) => {
    const text = JSON.stringify({ type: "tasks_changed", move: Number(new URL(req.url, "http://x").searchParams.get("move")) });
    for (const socket of clients) socket.write(frame(text));
    res.end("{}");
  });
  server.on("upgrade", (req, socket) => {
    const accept = createHash("sha1").update(`${req.headers["sec-websocket-key"]}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest("base64");
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    socket.setNoDelay(true);
    clients.add(socket);
    socket.on("data", () => {}); // client frames (a close at the end) need no answer here
    socket.on("error", () => clients.delete(socket));
    socket.on("close", () => clients.delete(socket));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: server.address().port, clients })));
}

/** The node floor: the same fan-out through a minimal Node http + WebSocket server. */
async function floorFigures(moves, sockets) {
  const floor = await floorServer();
  const floorBench = await fanOut(
    moves,
    sockets,
    async (move) => (await fetch(`http://127.0.0.1:${floor.port}/move?move=${move}`, { method: "POST" })).arrayBuffer(),
    (data, move) => JSON.parse(data).move === move,
  );
  const floorWs = await openSockets(`ws://127.0.0.1:${floor.port}/`, OBSERVERS, {}, floorBench.onFrame);
  const figures = await floorBench.go();
  floorWs.forEach((s) => s.close());
  for (const socket of floor.clients) socket.destroy();
  floor.server.close();
  return figures;
}

/**
 * 3. PATCH /issue by one client, heard by 20 sockets of the project room: through `wrangler
 * dev`'s proxy and, when `direct` is known, straight to the app's workerd (the proxy is a
 * development-only hop: every request and every frame to each socket crosses it). Each figure is
 * labelled; the goal is judged on each. Then the move's publish on its own to the same sockets
 * (`POST /api/dev/publish`): what the move costs beyond it is its session, access and write.
 */
export async function liveFigures(base, auth, projectId, taskGuid, direct = null) {
  // A p99 of fewer than 100 samples is their largest: at 30 moves it was one move's worst. 300
  // leave three above it; the largest is printed beside it.
  const moves = 300;
  const sockets = { count: OBSERVERS };
  const floor = await floorFigures(moves, sockets);
  for (const [round, to] of [target(base), ...(direct ? [target(base, direct)] : [])].entries()) {
    const issuePath = `/api/v1/project/${projectId}/issue`;
    const socketPath = versioned(`/ws/project/${projectId}`);
    const bench = await fanOut(
      moves,
      sockets,
      async (move) => {
        const res = await fetch(to.url(issuePath), {
          method: "PATCH",
          headers: { ...to.headers(issuePath), Cookie: auth.cookie, Origin: base, "Content-Type": "application/json" },
          // Every move changes the sort number, so each one is written and told (a round of its own range).
          body: JSON.stringify([{ guid: taskGuid, sort: 100_000 + 1_000 * round + move + 10 }]),
        });
        if (!res.ok) throw new Error(`PATCH /issue ${res.status}`);
        return d1Calls(res);
      },
      (data) => data.includes('"tasks_changed"') && data.includes(taskGuid),
    );
    // The publish on its own, to the same sockets: the notice a move sends, by the same call,
    // without the session, the access check and the write (`POST /api/dev/publish`).
    const publishPath = `/api/dev/publish/${projectId}`;
    const publishCalls = [];
    const publish = await fanOut(
      moves,
      sockets,
      async (move) => {
        const res = await fetch(to.url(publishPath), {
          method: "POST",
          headers: { ...to.headers(publishPath), Origin: base, "Content-Type": "application/json" },
          body: JSON.stringify({ task: `publish-${round}-${move}` }),
        });
        if (res.status !== 204) throw new Error(`POST /api/dev/publish ${res.status}`);
        publishCalls.push(Number(res.headers.get("server-timing")?.match(/publish;dur=([\d.]+)/)?.[1] ?? NaN));
      },
      (data, move) => data.includes(`"publish-${round}-${move}"`),
    );
    let hear = bench.onFrame;
    const ws = await openSockets(to.url(socketPath).replace("http", "ws"), OBSERVERS, { ...to.headers(socketPath), Cookie: auth.cookie, Origin: base }, (i, data) => hear(i, data));
    const live = await bench.go();
    hear = publish.onFrame;
    const alone = await publish.go();
    ws.forEach((s) => s.close());
    console.log(
      `card move → ${OBSERVERS} observers (${moves} moves, ${to.label}): all heard p50 ${fmt(live.last.p50)}  p99 ${fmt(live.last.p99)}  max ${fmt(live.last.max)}; each delivery p50 ${fmt(live.all.p50)}  p99 ${fmt(live.all.p99)}; PATCH answered p50 ${fmt(live.api.p50)} (D1 calls ${live.calls}); ratio p50 to the floor ${(live.last.p50 / floor.last.p50).toFixed(1)}`,
    );
    console.log(
      `  its publish alone (${to.label}): all heard p50 ${fmt(alone.last.p50)}  p99 ${fmt(alone.last.p99)}; the Worker's call to the room p50 ${fmt(summary(publishCalls.slice(3)).p50)}  p99 ${fmt(summary(publishCalls.slice(3)).p99)}; the rest of the move (session, access, write) p50 ${fmt(live.last.p50 - alone.last.p50)}`,
    );
    record({ what: `Card move → ${OBSERVERS} observers, p99 (${to.label})`, ours: live.last.p99, peer: floor.last.p99, goal: "≤ 10 ms, ≤ 4× floor", pass: live.last.p99 <= 10 && live.last.p99 <= 4 * floor.last.p99 });
  }
  console.log(`fan-out floor (Node http + WebSocket, same clients): all heard p50 ${fmt(floor.last.p50)}  p99 ${fmt(floor.last.p99)}  max ${fmt(floor.last.max)}`);
}

/** Every board figure against a running development server at `base`. */
export async function boardBench(base, direct = null) {
  console.log("Planning board (issue 4):");
  const res = await fetch(`${base}/api/v1/auth`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, "CF-Connecting-IP": "10.9.0.1" },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  const { access_token: token } = await res.json();
  const auth = { token, cookie: `sid=${token}` };
  const big = await seed(base, 5000, "Bench 5000");
  await serverFigures(base, auth, big, direct);
  const board = await (
    await fetch(`${base}/api/v3/project/${big}/filters`, { method: "POST", headers: { Cookie: auth.cookie, Origin: base, "Content-Type": "application/json" }, body: "{}" })
  ).json();
  await liveFigures(base, auth, big, board.sprints[0].issues[0].guid, direct);
}

// `BENCH_BASE=http://127.0.0.1:8787 node bench/board.mjs`: only these figures, against a development server already running.
if (import.meta.url === `file://${process.argv[1]}` && process.env.BENCH_BASE) {
  await boardBench(process.env.BENCH_BASE);
  process.exit(0);
}
