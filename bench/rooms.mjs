// The poker room's figures (issue 5), each next to its goal and a peer measured in the same run:
//  1. A vote reaching every socket of a 50-participant room (vote/unvote by one participant, the
//     time until all 50 sockets have the patch), against the same fan-out through a plain `ws`
//     server in this process (one client sends, the server relays to all). Goal: p99 ≤ 8 ms and
//     ≤ 4× the plain server.
//  2. The room size at which p99 passes 50 ms when every participant sends 5 messages a second
//     (latency: send → a listening socket has the patch). Goal: ≥ 300.
// Participants are guests who joined by link (`POST /api/v1/rooms/{id}/join {name}`), each with
// their own ticket cookie, like people in a real room.
import { WebSocket, WebSocketServer } from "ws";
import { DEMO } from "../scripts/seed.mjs";
import { versioned } from "./socket-version.mjs";

const PARTICIPANTS = 50;
const VOTES = 60;
const P99_GOAL_MS = 8;
const PEER_RATIO_GOAL = 4;
const LOAD_RATE = 5; // messages per participant per second
const LOAD_SECONDS = 4;
const LOAD_LIMIT_MS = 50;
const LOAD_SIZES = [50, 100, 150, 200, 300, 400];

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const summary = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p99: pct(sorted, 99), n: sorted.length };
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function json(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A poker room in the demo project with one task picked, owned by the demo user. */
async function pokerRoom(base, cookie) {
  const headers = { Cookie: cookie, Origin: base, "Content-Type": "application/json" };
  const projects = await json(await fetch(`${base}/api/v1/project`, { headers }));
  const project = (projects.results ?? projects)[0].guid;
  const task = await json(await fetch(`${base}/api/v1/project/${project}/issue`, { method: "POST", headers, body: JSON.stringify({ custom_fields: [{ slug: "title", value: "Bench task" }] }) }));
  const room = await json(await fetch(`${base}/api/v1/project/${project}/rooms`, { method: "POST", headers, body: JSON.stringify({ kind: "poker", title: `Bench ${Date.now()}`, method: "fibonacci" }) }));
  await json(await fetch(`${base}/api/v1/rooms/${room.guid}/issues`, { method: "POST", headers, body: JSON.stringify({ tasks: [task.guid] }) }));
  await json(await fetch(`${base}/api/v1/rooms/${room.guid}/current_issue`, { method: "PUT", headers, body: JSON.stringify({ issue: task.guid }) }));
  return { room: room.guid, task: task.guid };
}

/** `n` guests join the room by link and open their sockets; `onFrame(i, frame)` for each frame. */
async function guests(base, room, n, onFrame) {
  const sockets = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${base}/api/v1/rooms/${room}/join`, { method: "POST", headers: { Origin: base, "Content-Type": "application/json", "CF-Connecting-IP": `10.9.${i >> 8}.${i & 255}` }, body: JSON.stringify({ name: `Guest ${i}` }) });
    if (!res.ok) throw new Error(`join ${i}: ${res.status} ${await res.text()}`);
    const cookie = res.headers.get("set-cookie").split(";")[0];
    const ws = new WebSocket(versioned(`${base.replace("http", "ws")}/ws/room/${room}`), { headers: { Cookie: cookie, Origin: base } });
    ws.on("message", (data) => onFrame(i, JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    sockets.push(ws);
  }
  return sockets;
}

/** 1. One participant votes and takes the vote back in turn; each change must reach all sockets. */
async function roomFanOut(base, cookie) {
  const { room, task } = await pokerRoom(base, cookie);
  let pending = null;
  const sockets = await guests(base, room, PARTICIPANTS, (i, frame) => {
    if (pending && frame.type === "patch" && frame.ops.some((op) => op.p[0] === "rounds" && op.p[2] === "voted")) {
      if (!pending.got.has(i)) pending.got.set(i, performance.now() - pending.start);
      if (pending.got.size === PARTICIPANTS) pending.resolve();
    }
  });
  await sleep(500); // joins settle
  const last = [];
  for (let v = -5; v < VOTES; v++) {
    const done = new Promise((resolve) => (pending = { start: performance.now(), got: new Map(), resolve }));
    sockets[0].send(JSON.stringify((v + 5) % 2 ? { type: "unvote", issue: task } : { type: "vote", issue: task, card: "5" }));
    const timer = setTimeout(() => pending.resolve(), 5000);
    await done;
    clearTimeout(timer);
    if (pending.got.size < PARTICIPANTS) throw new Error(`vote ${v}: only ${pending.got.size}/${PARTICIPANTS} sockets heard it`);
    if (v >= 0) last.push(Math.max(...pending.got.values()));
  }
  sockets.forEach((s) => s.close());
  return summary(last);
}

/** The peer: a plain `ws` server relaying each message to every client, same clients and count. */
async function plainFanOut() {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  server.on("connection", (socket) => socket.on("message", (data) => server.clients.forEach((c) => c.send(String(data)))));
  const url = `ws://127.0.0.1:${server.address().port}`;
  let pending = null;
  const sockets = [];
  for (let i = 0; i < PARTICIPANTS; i++) {
    const ws = new WebSocket(url);
    ws.on("message", () => {
      if (!pending || pending.got.has(i)) return;
      pending.got.set(i, performance.now() - pending.start);
      if (pending.got.size === PARTICIPANTS) pending.resolve();
    });
    await new Promise((r) => ws.once("open", r));
    sockets.push(ws);
  }
  const last = [];
  for (let v = -5; v < VOTES; v++) {
    const done = new Promise((resolve) => (pending = { start: performance.now(), got: new Map(), resolve }));
    sockets[0].send(JSON.stringify({ type: "patch", seq: v, ops: [{ p: ["rounds", "t", "voted", 0], v: "member" }] }));
    await done;
    if (v >= 0) last.push(Math.max(...pending.got.values()));
  }
  sockets.forEach((s) => s.close());
  server.close();
  return summary(last);
}

/**
 * 2. Everyone votes and un-votes at `LOAD_RATE` per second for `LOAD_SECONDS`; latency per
 * message is send → the first socket (a listener that never sends) has the patch of that seq.
 */
async function underLoad(base, cookie, size) {
  const { room, task } = await pokerRoom(base, cookie);
  const sentAt = new Map(); // ref → time
  const seqOfRef = new Map();
  const heardAt = new Map(); // seq → time at the listener
  const sockets = await guests(base, room, size + 1, (i, frame) => {
    if (i === 0 && frame.type === "patch") heardAt.set(frame.seq, performance.now());
    if (frame.type === "ack") seqOfRef.set(frame.ref, frame.seq);
  });
  await sleep(500);
  const senders = sockets.slice(1);
  const interval = 1000 / LOAD_RATE;
  const stopAt = performance.now() + LOAD_SECONDS * 1000;
  let ref = 0;
  await Promise.all(
    senders.map(async (ws, i) => {
      await sleep((i / senders.length) * interval); // spread the senders over the interval
      let voted = false;
      while (performance.now() < stopAt) {
        const id = `b${++ref}`;
        sentAt.set(id, performance.now());
        ws.send(JSON.stringify(voted ? { type: "unvote", issue: task, ref: id } : { type: "vote", issue: task, card: "3", ref: id }));
        voted = !voted;
        await sleep(interval);
      }
    }),
  );
  await sleep(2000); // let the tail arrive
  sockets.forEach((s) => s.close());
  const latencies = [];
  let lost = 0;
  for (const [id, at] of sentAt) {
    const seq = seqOfRef.get(id);
    const heard = seq === undefined ? undefined : heardAt.get(seq);
    if (heard === undefined) lost += 1;
    else latencies.push(heard - at);
  }
  return { ...summary(latencies), sent: sentAt.size, unheard: lost };
}

export async function roomsBench(base) {
  const auth = await fetch(`${base}/api/v1/auth`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base }, body: JSON.stringify({ email: DEMO.email, password: DEMO.password }) });
  const cookie = auth.headers.get("set-cookie").split(";")[0];
  const room = await roomFanOut(base, cookie);
  const plain = await plainFanOut();
  console.log(
    `poker vote → ${PARTICIPANTS} sockets (${VOTES} votes): all heard p50 ${fmt(room.p50)}  p99 ${fmt(room.p99)}  goal p99 ${P99_GOAL_MS} ms: ratio ${(room.p99 / P99_GOAL_MS).toFixed(2)}`,
  );
  console.log(
    `plain ws relay → ${PARTICIPANTS} sockets (peer, same run): p50 ${fmt(plain.p50)}  p99 ${fmt(plain.p99)}; room/plain p50 ${(room.p50 / plain.p50).toFixed(1)}×  p99 ${(room.p99 / plain.p99).toFixed(1)}× (goal ≤ ${PEER_RATIO_GOAL}×)`,
  );
  let passedAt = null;
  for (const size of LOAD_SIZES) {
    const load = await underLoad(base, cookie, size);
    console.log(
      `room of ${size} at ${LOAD_RATE} msg/s each (${load.sent} messages): p50 ${fmt(load.p50)}  p99 ${fmt(load.p99)}${load.unheard ? `  (${load.unheard} not heard within the run)` : ""}`,
    );
    if (load.p99 > LOAD_LIMIT_MS || load.unheard > 0) {
      passedAt = size;
      break;
    }
  }
  console.log(
    passedAt === null
      ? `p99 stayed under ${LOAD_LIMIT_MS} ms up to ${LOAD_SIZES.at(-1)} participants (goal ≥ 300)`
      : `p99 passes ${LOAD_LIMIT_MS} ms at ${passedAt} participants (goal ≥ 300: ratio ${(passedAt / 300).toFixed(2)})`,
  );
}
