// Video meetings' signalling (issue 21): the round trip of an offer/answer and of an ICE
// candidate between the peers of a 4-person meeting through the MeetingRoom Durable Object,
// beside the same relay ({to, data} → {from, data}) through a plain `ws` server in this process.
// Each of the 4 peers negotiates with each other in turn, as the newcomer does on joining: it
// sends an offer (an SDP-sized payload) and times the answer, then a candidate and times the
// reply. Rounds are paced to stay inside a socket's signalling allowance (SIGNAL_RULE), as real
// negotiations are: a flood is refused by design (tests/integration/meetings.test.ts).
import { WebSocket, WebSocketServer } from "ws";
import { DEMO } from "../scripts/seed.mjs";
import { versioned } from "./socket-version.mjs";

const PEERS = 4;
const ROUNDS = 10;
const PAUSE_MS = 700;
/** A welcome or a reply not heard in this long fails the bench (a dropped frame would otherwise hang it). */
const TRIP_TIMEOUT_MS = 5_000;
const SDP = "v=0 ".repeat(800); // ~3 KB, an offer with audio and video
const CANDIDATE = { candidate: "candidate:1 1 udp 2122260223 127.0.0.1 54321 typ host", sdpMid: "0", sdpMLineIndex: 0 };

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p99: pct(sorted, 99), n: sorted.length };
};
const fmt = (ms) => `${ms.toFixed(2)} ms`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the negotiation rounds over `peers` ({id, ws}); every peer answers what it hears at once
 * (offer → answer, candidate → candidate), as a browser's RTCPeerConnection would.
 */
async function negotiate(peers, frameOf) {
  const waiting = new Map();
  for (const peer of peers) {
    peer.ws.on("message", (raw) => {
      const frame = frameOf(JSON.parse(String(raw)));
      if (!frame) return;
      const { from, data } = frame;
      if (data.sdp?.type === "offer") peer.ws.send(JSON.stringify({ type: "signal", to: from, data: { sdp: { type: "answer", sdp: data.sdp.sdp } } }));
      else if (data.candidate && !data.reply) peer.ws.send(JSON.stringify({ type: "signal", to: from, data: { candidate: data.candidate, reply: true } }));
      else waiting.get(`${peer.id}<${from}`)?.();
    });
  }
  const trip = (a, b, data) =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      // A relay that drops a frame fails the bench instead of holding it for ever.
      const timer = setTimeout(() => reject(new Error(`no reply from ${b.id} to ${a.id} in ${TRIP_TIMEOUT_MS} ms`)), TRIP_TIMEOUT_MS);
      waiting.set(`${a.id}<${b.id}`, () => {
        clearTimeout(timer);
        waiting.delete(`${a.id}<${b.id}`);
        resolve(performance.now() - start);
      });
      a.ws.send(JSON.stringify({ type: "signal", to: b.id, data }));
    });
  const offers = [];
  const candidates = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const a of peers) {
      for (const b of peers) {
        if (a === b) continue;
        offers.push(await trip(a, b, { sdp: { type: "offer", sdp: SDP } }));
        candidates.push(await trip(a, b, { candidate: CANDIDATE }));
      }
    }
    await sleep(PAUSE_MS);
  }
  return { offers: summary(offers), candidates: summary(candidates) };
}

/**
 * A peer's socket and its id from the first frame (the welcome). The listener is in place before
 * the socket opens: the server may send the welcome with its handshake answer, and `ws` then
 * emits it in the same turn as `open`, before an `await` after `open` could listen.
 */
function joinAsPeer(url, headers) {
  const ws = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no welcome from ${url} in ${TRIP_TIMEOUT_MS} ms`)), TRIP_TIMEOUT_MS);
    ws.once("message", (raw) => {
      clearTimeout(timer);
      resolve({ id: JSON.parse(String(raw)).you, ws });
    });
    ws.once("error", reject);
  });
}

/** The meeting: the demo user in 4 tabs (each socket is a peer) of a fresh meeting of the demo project. */
async function throughMeeting(base) {
  const auth = await fetch(`${base}/api/v1/auth`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base }, body: JSON.stringify({ email: DEMO.email, password: DEMO.password }) });
  const cookie = auth.headers.get("set-cookie").split(";")[0];
  const headers = { Cookie: cookie, Origin: base, "Content-Type": "application/json" };
  const projects = await (await fetch(`${base}/api/v1/project`, { headers })).json();
  const projectId = (projects.results ?? projects)[0].guid;
  const room = await (await fetch(`${base}/api/meeting/rooms`, { method: "POST", headers, body: JSON.stringify({ projectId, name: `Bench ${Date.now()}`, description: "Signalling bench" }) })).json();
  await fetch(`${base}/api/rooms/${room.guid}/join`, { method: "POST", headers, body: JSON.stringify({ name: "Bench" }) });
  const peers = [];
  for (let i = 0; i < PEERS; i++) peers.push(await joinAsPeer(versioned(`${base.replace("http", "ws")}/ws/meeting/${room.guid}`), { Cookie: cookie, Origin: base }));
  const result = await negotiate(peers, (frame) => (frame.type === "signal" ? frame : null));
  for (const p of peers) p.ws.close();
  return result;
}

/** The same relay through a plain `ws` server: the floor. */
async function throughPlainRelay() {
  const server = new WebSocketServer({ port: 0 });
  const sockets = new Map();
  let next = 0;
  server.on("connection", (ws) => {
    const id = `p${next++}`;
    sockets.set(id, ws);
    ws.send(JSON.stringify({ type: "welcome", you: id }));
    ws.on("message", (raw) => {
      const msg = JSON.parse(String(raw));
      sockets.get(msg.to)?.send(JSON.stringify({ type: "signal", from: id, data: msg.data }));
    });
  });
  await new Promise((r) => server.once("listening", r));
  const url = `ws://127.0.0.1:${server.address().port}`;
  const peers = [];
  for (let i = 0; i < PEERS; i++) peers.push(await joinAsPeer(url, {}));
  const result = await negotiate(peers, (frame) => (frame.type === "signal" ? frame : null));
  for (const p of peers) p.ws.close();
  server.close();
  return result;
}

export async function meetingsBench(base) {
  const meeting = await throughMeeting(base);
  const plain = await throughPlainRelay();
  for (const [what, key] of [
    ["offer → answer", "offers"],
    ["candidate → reply", "candidates"],
  ]) {
    const m = meeting[key];
    const p = plain[key];
    console.log(
      `meeting signalling, ${PEERS} peers, ${what} (${m.n} round trips): p50 ${fmt(m.p50)}  p99 ${fmt(m.p99)}; plain ws relay p50 ${fmt(p.p50)}  p99 ${fmt(p.p99)}; ratio p50 ${(m.p50 / p.p50).toFixed(1)}×`,
    );
  }
}
