// The poker room's figures (issue 5), each next to its goal and a peer measured in the same run:
//  1. A vote reaching every socket of a 50-participant room (vote/unvote by one participant, the
//     time until all 50 sockets have the patch), against the same fan-out through a plain `ws`
//     server in this process (one client sends, the server relays to all). Goal: p99 ≤ 8 ms and
//     ≤ 1.5× the plain server. The votes come `VOTE_GAP_MS` apart, as votes do; the same votes
//     sent back to back are printed beside them (see `VOTE_GAP_MS`).
//  2. The room size at which p99 passes 50 ms when every participant sends 5 messages a second
//     (latency: send → a listening socket has the patch), beside the plain relay's. Goal: ≥ 300.
//     The load client runs in `LOAD_PROCESSES` forked processes (bench/room-load-client.mjs).
// Participants are guests who joined by link (`POST /api/v1/rooms/{id}/join {name}`), each with
// their own ticket cookie, like people in a real room.
import { fork } from "node:child_process";
import { WebSocket, WebSocketServer } from "ws";
import { DEMO } from "../scripts/seed.mjs";
import { versioned } from "./socket-version.mjs";
import { record } from "./report.mjs";
import { target } from "./direct.mjs";

const PARTICIPANTS = 50;
/**
 * Votes timed per path. A p99 of fewer than 100 samples is their largest (`pct` below): at 60 it
 * was one vote's worst. 300 leave three above it; the largest is printed beside it.
 */
const VOTES = 300;
/**
 * The pause after a vote is heard before the next one is sent. Row 1 times one vote reaching
 * the room, so each vote must find the room idle, as a real vote does: sent back to back (about
 * 200 a second), each vote also waits out the room's coalescing window, which issue 17 asks for
 * and which is then the figure (docs/decisions.md, "The vote row times votes that come 40 ms
 * apart"). 40 ms is 8× the window of a room of 50 and keeps one voter at 25 frames a second,
 * under the room socket's allowance of 30 (`domain/wire/socket-limits.ts`). The back-to-back
 * figures are still measured and printed, as the room's fan-out under a stream of changes.
 */
const VOTE_GAP_MS = 40;
const P99_GOAL_MS = 8;
const PEER_RATIO_GOAL = 1.5;
const LOAD_RATE = 5; // messages per participant per second
const LOAD_SECONDS = 4;
const LOAD_LIMIT_MS = 50;
const LOAD_SIZES = [25, 50, 100, 200, 300, 500];
/**
 * A size whose p99 alone passes the limit (nothing lost, no timeout) is measured once more, and
 * is the knee only if that round passes it too. One round is 4 s: at N = 25, 500 latencies, so a
 * single 50 ms stall of the disk under the room's commits made the p99 of a room that holds 100
 * (stops 47 and 48, each "knee at 25" followed by 100 in the next run). The plain relay gets the
 * same second round; a change lost or a step timed out is the knee at once.
 */
const KNEE_ROUNDS = 2;
/**
 * The load client's processes per size (issue 17: the generator must not be the bottleneck). At
 * N = 100 one process spent 57 % of a core on the plain relay's frames, so the plain relay's knee
 * was the client's; the sockets of one size are dealt out to these processes round-robin.
 */
const LOAD_PROCESSES = 2;
/** One size of the load table may take this long (joining, opening, sending, the tail); past it the size counts as past the knee. */
const STEP_CAP_MS = Number(process.env.BENCH_ROOM_STEP_S ?? 120) * 1000;

/** A size that could not be set up within `STEP_CAP_MS`. */
class StepTimeout extends Error {}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const summary = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted[sorted.length - 1], n: sorted.length };
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function json(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A poker room in the demo project with one task picked, owned by the demo user. */
export async function pokerRoom(base, cookie) {
  const headers = { Cookie: cookie, Origin: base, "Content-Type": "application/json" };
  const projects = await json(await fetch(`${base}/api/v1/project`, { headers }));
  const project = (projects.results ?? projects)[0].guid;
  const task = await json(await fetch(`${base}/api/v1/project/${project}/issue`, { method: "POST", headers, body: JSON.stringify({ custom_fields: [{ slug: "title", value: "Bench task" }] }) }));
  const room = await json(await fetch(`${base}/api/v1/project/${project}/rooms`, { method: "POST", headers, body: JSON.stringify({ kind: "poker", title: `Bench ${Date.now()}`, method: "fibonacci" }) }));
  // Rooms are closed to people outside the project until the owner opens them (issue 20).
  await json(await fetch(`${base}/api/v1/rooms/${room.guid}`, { method: "PUT", headers, body: JSON.stringify({ guests: true }) }));
  await json(await fetch(`${base}/api/v1/rooms/${room.guid}/issues`, { method: "POST", headers, body: JSON.stringify({ tasks: [task.guid] }) }));
  await json(await fetch(`${base}/api/v1/rooms/${room.guid}/current_issue`, { method: "PUT", headers, body: JSON.stringify({ issue: task.guid }) }));
  return { room: room.guid, task: task.guid };
}

/** `n` guests join the room by link and open their sockets; `onFrame(i, frame)` for each frame. */
async function guests(to, room, n, onFrame) {
  const { base } = to;
  const sockets = [];
  const socketPath = versioned(`/ws/room/${room}`);
  for (let i = 0; i < n; i++) {
    const joinPath = `/api/v1/rooms/${room}/join`;
    const res = await fetch(to.url(joinPath), { method: "POST", headers: { ...to.headers(joinPath), Origin: base, "Content-Type": "application/json", "CF-Connecting-IP": `10.9.${i >> 8}.${i & 255}` }, body: JSON.stringify({ name: `Guest ${i}` }) });
    if (!res.ok) throw new Error(`join ${i}: ${res.status} ${await res.text()}`);
    const cookie = res.headers.get("set-cookie").split(";")[0];
    const ws = new WebSocket(to.url(socketPath).replace("http", "ws"), { headers: { ...to.headers(socketPath), Cookie: cookie, Origin: base } });
    ws.on("message", (data) => onFrame(i, JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    sockets.push(ws);
  }
  return sockets;
}

/**
 * Times `VOTES` votes (after five unmeasured), each sent once the last was heard by all and then
 * `gap` ms more; `send(v)` sends vote `v`, `heard()` resolves once every socket has it (or times
 * out). The slowest socket's time per vote.
 */
async function timeVotes(gap, send, heard) {
  const last = [];
  for (let v = -5; v < VOTES; v++) {
    const got = await heard(() => send(v));
    if (got.size < PARTICIPANTS) throw new Error(`vote ${v}: only ${got.size}/${PARTICIPANTS} sockets heard it`);
    if (v >= 0) last.push(Math.max(...got.values()));
    if (gap > 0) await sleep(gap);
  }
  return summary(last);
}

/** Answers a `heard(send)` for `timeVotes`, and the frame hook that fills it. */
function hearing() {
  let pending = null;
  return {
    heard(send) {
      const done = new Promise((resolve) => (pending = { start: performance.now(), got: new Map(), resolve }));
      const timer = setTimeout(() => pending.resolve(), 5000);
      send();
      return done.then(() => (clearTimeout(timer), pending.got));
    },
    frame(i) {
      if (!pending || pending.got.has(i)) return;
      pending.got.set(i, performance.now() - pending.start);
      if (pending.got.size === PARTICIPANTS) pending.resolve();
    },
  };
}

/**
 * 1. One participant votes and takes the vote back in turn; each change must reach all sockets.
 * The paced votes and the back-to-back ones come from two different participants, so neither
 * spends the other's socket allowance.
 */
async function roomFanOut(to, cookie) {
  const { room, task } = await pokerRoom(to.base, cookie);
  const listen = hearing();
  const sockets = await guests(to, room, PARTICIPANTS, (i, frame) => {
    if (frame.type === "patch" && frame.ops.some((op) => op.p[0] === "rounds" && op.p[2] === "voted")) listen.frame(i);
  });
  await sleep(500); // joins settle
  const vote = (socket) => (v) => socket.send(JSON.stringify((v + 5) % 2 ? { type: "unvote", issue: task } : { type: "vote", issue: task, card: "5" }));
  const paced = await timeVotes(VOTE_GAP_MS, vote(sockets[0]), listen.heard);
  const burst = await timeVotes(0, vote(sockets[1]), listen.heard);
  sockets.forEach((s) => s.close());
  return { ...paced, burst };
}

/** The peer: a plain `ws` server relaying each message to every client, same clients, count and votes. */
async function plainFanOut() {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  server.on("connection", (socket) => socket.on("message", (data) => server.clients.forEach((c) => c.send(String(data)))));
  const url = `ws://127.0.0.1:${server.address().port}`;
  const listen = hearing();
  const sockets = [];
  for (let i = 0; i < PARTICIPANTS; i++) {
    const ws = new WebSocket(url);
    ws.on("message", () => listen.frame(i));
    await new Promise((r) => ws.once("open", r));
    sockets.push(ws);
  }
  const vote = (socket) => (v) => socket.send(JSON.stringify({ type: "patch", seq: v, ops: [{ p: ["rounds", "t", "voted", 0], v: "member" }] }));
  const paced = await timeVotes(VOTE_GAP_MS, vote(sockets[0]), listen.heard);
  const burst = await timeVotes(0, vote(sockets[1]), listen.heard);
  sockets.forEach((s) => s.close());
  server.close();
  return { ...paced, burst };
}

/**
 * Runs one size's load in `LOAD_PROCESSES` forked clients (bench/room-load-client.mjs): each opens
 * its share of `specs` ({url, headers, listener, sender}), then every sender sends at `LOAD_RATE`
 * per second for `LOAD_SECONDS` from its slot in one shared schedule, and the tail gets two
 * seconds. Answers the clients' reports merged: send time per ref, seq per acked ref, what the
 * listener heard (by seq for a room, by ref for the plain relay), and each process's CPU share.
 */
async function loadClients(specs, mode, task, deadline) {
  const children = Array.from({ length: LOAD_PROCESSES }, () => fork(new URL("./room-load-client.mjs", import.meta.url)));
  const ask = (child, message) =>
    new Promise((resolve, reject) => {
      const onExit = (code) => reject(new Error(`load client exited (${code})`));
      child.once("exit", onExit);
      child.once("message", (answer) => {
        child.off("exit", onExit);
        if (answer.type === "error") reject(new Error(answer.message));
        else resolve(answer);
      });
      child.send(message);
    });
  try {
    const wallDeadline = deadline === Infinity ? Number.MAX_SAFE_INTEGER : performance.timeOrigin + deadline;
    const opened = await Promise.all(children.map((child, k) => ask(child, { type: "open", mode, deadline: wallDeadline, sockets: specs.filter((_, i) => i % LOAD_PROCESSES === k) })));
    const late = opened.find((answer) => answer.type === "timeout");
    if (late) throw new StepTimeout(late.message);
    const senders = specs.filter((spec) => spec.sender !== null).length;
    const start = performance.timeOrigin + performance.now() + 200;
    const go = { type: "go", mode, start, interval: 1000 / LOAD_RATE, seconds: LOAD_SECONDS, senders, task, prefix: mode[0] };
    const reports = await Promise.all(children.map((child) => ask(child, go)));
    return {
      sentAt: new Map(reports.flatMap((r) => r.sent)),
      seqOfRef: new Map(reports.flatMap((r) => r.acks)),
      heardAt: new Map(reports.flatMap((r) => r.heard)),
      clientCpu: reports.map((r) => r.cpu),
    };
  } finally {
    children.forEach((child) => child.kill());
  }
}

/**
 * Latency per sent ref (`heardAt(ref)` is when the listener had it, or undefined: lost), and the
 * longest silence: the longest the listener went without a frame while changes were being sent
 * (a room sends a frame per window when busy; one pause of the runtime shows here as a gap many
 * windows long, and a p99 over its limit with one such gap is that pause: docs/performance.md,
 * stop 53).
 */
function tally(sentAt, heardAt) {
  const latencies = [];
  const heardTimes = [];
  let lost = 0;
  for (const [id, at] of sentAt) {
    const heard = heardAt(id);
    if (heard === undefined) lost += 1;
    else {
      latencies.push(heard - at);
      heardTimes.push(heard);
    }
  }
  const sent = [...sentAt.values()];
  const [from, to] = [Math.min(...sent), Math.max(...sent)];
  let silence = 0;
  let last = from;
  for (const at of heardTimes.sort((a, b) => a - b)) {
    if (at < from || at > to) continue;
    silence = Math.max(silence, at - last);
    last = at;
  }
  return { ...summary(latencies), sent: sentAt.size, unheard: lost, silence };
}

/**
 * 2. Everyone votes and un-votes at `LOAD_RATE` per second for `LOAD_SECONDS`; latency per
 * message is send → the first socket (a listener that never sends) has the patch of that seq.
 * The guests join here, one by one; their sockets open in the load client's processes.
 */
export async function underLoad(to, cookie, size, deadline = Infinity) {
  const { base } = to;
  const { room, task } = await pokerRoom(base, cookie);
  const socketPath = versioned(`/ws/room/${room}`);
  const joinPath = `/api/v1/rooms/${room}/join`;
  const specs = [];
  for (let i = 0; i <= size; i++) {
    if (performance.now() > deadline) throw new StepTimeout(`${i} of ${size + 1} guests joined within the step's cap`);
    const res = await fetch(to.url(joinPath), { method: "POST", headers: { ...to.headers(joinPath), Origin: base, "Content-Type": "application/json", "CF-Connecting-IP": `10.9.${i >> 8}.${i & 255}` }, body: JSON.stringify({ name: `Guest ${i}` }) });
    if (!res.ok) throw new Error(`join ${i}: ${res.status} ${await res.text()}`);
    const guestCookie = res.headers.get("set-cookie").split(";")[0];
    specs.push({ url: to.url(socketPath).replace("http", "ws"), headers: { ...to.headers(socketPath), Cookie: guestCookie, Origin: base }, listener: i === 0, sender: i === 0 ? null : i - 1 });
  }
  const { sentAt, seqOfRef, heardAt, clientCpu } = await loadClients(specs, "room", task, deadline);
  return {
    ...tally(sentAt, (ref) => {
      const seq = seqOfRef.get(ref);
      return seq === undefined ? undefined : heardAt.get(seq);
    }),
    clientCpu,
  };
}

/**
 * The peer of 2: the same clients, senders and rate against a plain `ws` server in this process
 * that relays each message to every client (no storage, no rules, no coalescing): the floor of a
 * room's work.
 */
async function plainUnderLoad(size, deadline = Infinity) {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  server.on("connection", (socket) => socket.on("message", (data) => server.clients.forEach((c) => c.send(data))));
  const url = `ws://127.0.0.1:${server.address().port}`;
  try {
    const specs = Array.from({ length: size + 1 }, (_, i) => ({ url, headers: {}, listener: i === 0, sender: i === 0 ? null : i - 1 }));
    const { sentAt, heardAt, clientCpu } = await loadClients(specs, "plain", "t", deadline);
    return { ...tally(sentAt, (ref) => heardAt.get(ref)), clientCpu };
  } finally {
    server.clients.forEach((c) => c.terminate());
    server.close();
  }
}

/**
 * Runs `fn(deadline)` and answers its result with the share of one core this process used
 * meanwhile (`cpu`: the plain relay's server, or little but the joins for a room); a step that
 * passes `STEP_CAP_MS` answers `{ timedOut }` instead.
 */
async function withCpu(fn) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let result;
  try {
    result = await fn(started + STEP_CAP_MS);
  } catch (err) {
    if (!(err instanceof StepTimeout)) throw err;
    result = { timedOut: err.message, p50: NaN, p99: NaN, unheard: NaN };
  }
  const used = process.cpuUsage(cpu);
  return { ...result, cpu: (used.user + used.system) / 1000 / (performance.now() - started) };
}

/**
 * `direct`: the app's own workerd port (bench/direct.mjs), so every room figure is measured both
 * through `wrangler dev`'s proxy and without it, each labelled.
 */
export async function roomsBench(base, direct = null) {
  const auth = await fetch(`${base}/api/v1/auth`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base }, body: JSON.stringify({ email: DEMO.email, password: DEMO.password }) });
  const cookie = auth.headers.get("set-cookie").split(";")[0];
  const targets = [target(base), ...(direct ? [target(base, direct)] : [])];
  const fanOuts = [];
  for (const to of targets) fanOuts.push({ to, ...(await roomFanOut(to, cookie)) });
  const plain = await plainFanOut();
  for (const { to, ...room } of fanOuts) {
    console.log(`poker vote → ${PARTICIPANTS} sockets (${VOTES} votes, ${VOTE_GAP_MS} ms apart), ${to.label}: all heard p50 ${fmt(room.p50)}  p99 ${fmt(room.p99)}  max ${fmt(room.max)}  goal p99 ${P99_GOAL_MS} ms: ratio ${(room.p99 / P99_GOAL_MS).toFixed(2)}; room/plain p99 ${(room.p99 / plain.p99).toFixed(1)}×`);
    console.log(`  the same votes back to back (coalesced by the room's window): p50 ${fmt(room.burst.p50)}  p99 ${fmt(room.burst.p99)}  max ${fmt(room.burst.max)}; room/plain p99 ${(room.burst.p99 / plain.burst.p99).toFixed(1)}×`);
  }
  console.log(`plain ws relay → ${PARTICIPANTS} sockets (peer, same run, same votes): p50 ${fmt(plain.p50)}  p99 ${fmt(plain.p99)}  max ${fmt(plain.max)} (goal: room ≤ ${PEER_RATIO_GOAL}× this); back to back p50 ${fmt(plain.burst.p50)}  p99 ${fmt(plain.burst.p99)}`);
  // Each path and the plain relay under the same load, size by size; a path's knee is the first
  // size whose p99 passes the limit or that loses a change. The CPU share (one core = 100 %) of
  // each load client process says whether the load generator kept up; the plain relay's own
  // share (it runs in this process) follows it. The silence is the longest the listener heard
  // nothing while changes were being sent (see `tally`).
  console.log(`room vs plain ws relay, everyone sending ${LOAD_RATE} changes/s for ${LOAD_SECONDS} s (latency: send → a listener has it):`);
  console.log(`   N | path                   |      p50 |      p99 |  lost | silence | p99 / plain | client CPU (${LOAD_PROCESSES} processes)`);
  const knees = new Map(targets.map((to) => [to.label, null]));
  let plainKnee = null;
  let plainTried = 0; // the largest N the plain relay was measured at
  const broken = (r) => Boolean(r.timedOut) || r.unheard > 0;
  const pastKnee = (r) => broken(r) || r.p99 > LOAD_LIMIT_MS;
  /** Runs one size's load until it holds, breaks, or passes the limit `KNEE_ROUNDS` times; each round is printed. */
  const measure = async (size, label, run, plainP99 = () => null) => {
    let result;
    for (let round = 1; round <= KNEE_ROUNDS; round++) {
      result = await withCpu(run);
      row(size, round === 1 ? label : `${label} (again)`, result, plainP99());
      if (!pastKnee(result) || broken(result)) break;
    }
    return result;
  };
  const row = (size, label, r, plainP99) =>
    console.log(
      r.timedOut
        ? `${String(size).padStart(4)} | ${label.padEnd(22)} | not measured: ${r.timedOut} (cap ${STEP_CAP_MS / 1000} s)`
        : `${String(size).padStart(4)} | ${label.padEnd(22)} | ${fmt(r.p50 ?? NaN).padStart(8)} | ${fmt(r.p99 ?? NaN).padStart(8)} | ${String(r.unheard).padStart(5)} | ${fmt(r.silence ?? NaN).padStart(7)} | ${plainP99 ? `${(r.p99 / plainP99).toFixed(1)}×`.padStart(11) : "          —"} | ${r.clientCpu.map((c) => `${(c * 100).toFixed(0)} %`).join(" + ").padStart(11)}${label === "plain ws" ? `, relay ${(r.cpu * 100).toFixed(0)} %` : ""}`,
    );
  // Sizes grow until the room on every path and the plain relay are all past their knees: the
  // plain relay keeps going after the room's knee, so the ratio of the two knees is known.
  for (const size of LOAD_SIZES) {
    const open = targets.filter((to) => knees.get(to.label) === null);
    if (open.length === 0 && plainKnee !== null) break;
    const plain = plainKnee === null ? await measure(size, "plain ws", (deadline) => plainUnderLoad(size, deadline)) : null;
    if (plain) {
      plainTried = size;
      if (pastKnee(plain)) plainKnee = size;
    }
    for (const to of open) {
      const load = await measure(size, to.label, (deadline) => underLoad(to, cookie, size, deadline), () => (plain && !plain.timedOut ? plain.p99 : null));
      if (pastKnee(load)) knees.set(to.label, size);
    }
  }
  const kneeText = (k, tried) => (k === null ? `not reached up to ${tried}` : `at ${k}`);
  for (const [label, knee] of knees) console.log(`knee (p99 > ${LOAD_LIMIT_MS} ms in ${KNEE_ROUNDS} rounds running, or a change lost), room ${label}: ${kneeText(knee, LOAD_SIZES.at(-1))}`);
  console.log(`knee, plain ws: ${kneeText(plainKnee, plainTried)} (goal: room ≥ 300 and ≥ ½ of plain's)`);
  for (const { to, ...room } of fanOuts)
    record({ what: `Poker vote → ${PARTICIPANTS} sockets, p99, ${VOTE_GAP_MS} ms apart (${to.label})`, ours: room.p99, peer: plain.p99, goal: `≤ ${P99_GOAL_MS} ms, ≤ ${PEER_RATIO_GOAL}× plain ws`, pass: room.p99 <= P99_GOAL_MS && room.p99 <= PEER_RATIO_GOAL * plain.p99 });
  for (const [label, knee] of knees)
    record({
      what: `Room knee at ${LOAD_RATE} changes/s each, N (${label})`,
      ours: knee ?? `> ${LOAD_SIZES.at(-1)}`,
      peer: plainKnee ?? `> ${plainTried}`,
      unit: "",
      goal: "≥ 300, ≥ ½ of plain ws",
      pass: (knee === null || knee >= 300) && (plainKnee === null ? knee === null : (knee ?? Infinity) >= plainKnee / 2),
    });
  return { knees, plainKnee, votes: fanOuts, plainVote: plain };
}
