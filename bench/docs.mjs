// Real-time documents (issue 6), each figure next to its goal and a peer measured in the same run:
//  1. A keystroke reaching the other 9 of 10 co-editors through our DocRoom (wrangler dev:
//     Worker checks, Durable Object, SQLite append) against y-websocket 1.5.4's classic server
//     (bin/utils setupWSConnection over `ws`, in this process), with the same Yjs clients.
//     Serial keystrokes (one at a time, typist rotating, 20 ms apart), then all 10 typing at once.
//     Floor: the round trip of a frame through the same Worker to a Durable Object that answers at
//     once without storage (the project room's reply to anything a client sends).
//  2. Joining a 1 MB document: cold (the object restarted, state read from SQLite), warm, and
//     the same join on y-websocket.
// The documents are rows written before the server starts (seedBenchDocs) and filled through
// the import call; the cold start uses the development-only POST /api/dev/doc-room/{guid}/restart.
import { createRequire } from "node:module";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";
import { run } from "../scripts/lib.mjs";
import { DEMO } from "../scripts/seed.mjs";
import { versioned } from "./socket-version.mjs";
import { record } from "./report.mjs";

const require = createRequire(import.meta.url);
/**
 * Every client of the benchmark is a `ws` socket that does not offer permessage-deflate, so
 * both servers are measured without compression (workerd negotiates it when offered, the
 * y-websocket server does not): the same client, the same bytes on the wire.
 */
const WS = require("ws");
const openSocket = (url, headers) => new WS(url, { headers, perMessageDeflate: false });
const EDITORS = 10;
const KEYSTROKES = 300;
/** Serial keystrokes are this far apart: 50 a second in the room, more than ten people type. */
const KEY_GAP_MS = 20;
const KEYSTROKE_GOAL_MS = 15;
const PEER_RATIO_GOAL = 1.5;
const JOIN_GOAL_MS = 150;
const DOC_BYTES = 1024 * 1024;

/** Fixed guids of the benchmark's documents, written into the demo project before the server starts. */
export const BENCH_DOCS = {
  typing: "00000000-0000-4000-8000-00000000d0c1",
  big: "00000000-0000-4000-8000-00000000d0c2",
};

/** Writes the benchmark's document rows into a local D1 state directory (server not running). */
export function seedBenchDocs(persistTo) {
  const sql = Object.entries(BENCH_DOCS)
    .map(([name, id]) => `INSERT OR IGNORE INTO documents (id, project_id, kind, title, created_by) VALUES ('${id}', '${DEMO.projectId}', 'text', 'Bench ${name}', '${DEMO.userId}');`)
    .join("\n");
  const file = join(mkdtempSync(join(tmpdir(), "docs-")), "docs.sql");
  writeFileSync(file, sql);
  run("wrangler", ["d1", "execute", "DB", "--local", "--config", "wrangler.toml", "--persist-to", persistTo, "--file", file], { stdio: ["ignore", "ignore", "inherit"] });
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const summary = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted[sorted.length - 1], n: sorted.length };
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;
/** A delivery later than this while all ten type is counted as late (the typing lines print how many). */
const LATE_MS = 20;
const frame = (write) => {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 0);
  write(e);
  return encoding.toUint8Array(e);
};

/**
 * A Yjs client speaking the sync protocol the way y-partyserver's provider and y-websocket's do
 * (both servers speak the same y-protocols frames). `onKey(latency)` for every remote keystroke.
 */
class Editor {
  constructor(url, headers, onKey) {
    this.doc = new Y.Doc();
    this.synced = false;
    this.keys = this.doc.getMap("keys");
    this.keys.observe((event) => {
      if (event.transaction.local) return;
      const now = performance.now();
      for (const key of event.keysChanged) {
        const sent = this.keys.get(key);
        if (typeof sent === "number") onKey?.(key, now - sent);
      }
    });
    this.doc.on("update", (update, origin) => {
      if (origin !== this && this.ws.readyState === 1) this.ws.send(frame((e) => syncProtocol.writeUpdate(e, update)));
    });
    this.ws = openSocket(url, headers);
    this.ws.binaryType = "arraybuffer";
    this.opened = new Promise((resolve, reject) => {
      this.ws.addEventListener("open", resolve, { once: true });
      this.ws.addEventListener("error", () => reject(new Error(`socket did not open: ${url}`)), { once: true });
    });
    this.syncedAt = new Promise((resolve) => (this.resolveSynced = resolve));
    this.ws.addEventListener("open", () => this.ws.send(frame((e) => syncProtocol.writeSyncStep1(e, this.doc))));
    this.ws.addEventListener("message", (event) => {
      if (typeof event.data === "string") return; // y-partyserver's custom frames
      const decoder = decoding.createDecoder(new Uint8Array(event.data));
      if (decoding.readVarUint(decoder) !== 0) return; // awareness
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0);
      const step = syncProtocol.readSyncMessage(decoder, encoder, this.doc, this);
      if (encoding.length(encoder) > 1) this.ws.send(encoding.toUint8Array(encoder));
      if (step === syncProtocol.messageYjsSyncStep2 && !this.synced) {
        this.synced = true;
        this.resolveSynced(performance.now());
      }
    });
  }
  /** One keystroke: a character into the text and its send time, in one transaction. */
  type(key) {
    this.doc.transact(() => {
      const text = this.doc.getText("t");
      text.insert(Math.floor(Math.random() * (text.length + 1)), "x");
      this.keys.set(key, performance.now());
    });
  }
  close() {
    this.ws.close();
  }
}

async function openEditors(url, headers, onKey) {
  const editors = [];
  for (let i = 0; i < EDITORS; i++) {
    const editor = new Editor(url, headers, (key, ms) => onKey(i, key, ms));
    await editor.opened;
    await editor.syncedAt;
    editors.push(editor);
  }
  return editors;
}

/** Serial keystrokes: each waits until all 9 others have it. Then 10 typing at once. */
async function typing(url, headers) {
  let pending = null;
  const loadLatencies = [];
  let loadPhase = false;
  const editors = await openEditors(url, headers, (i, key, ms) => {
    if (loadPhase) return loadLatencies.push(ms);
    if (pending && key === pending.key && !pending.got.has(i)) {
      pending.got.set(i, ms);
      if (pending.got.size === EDITORS - 1) pending.resolve();
    }
  });
  const all = [];
  const last = [];
  for (let k = -20; k < KEYSTROKES; k++) {
    const typist = ((k % EDITORS) + EDITORS) % EDITORS;
    const key = `s${k}`;
    const done = new Promise((resolve) => (pending = { key, got: new Map(), resolve }));
    const timer = setTimeout(() => pending.resolve(), 5000);
    editors[typist].type(key);
    await done;
    clearTimeout(timer);
    if (pending.got.size < EDITORS - 1) throw new Error(`keystroke ${k}: only ${pending.got.size}/${EDITORS - 1} editors got it`);
    if (k >= 0) {
      all.push(...pending.got.values());
      last.push(Math.max(...pending.got.values()));
    }
    await new Promise((r) => setTimeout(r, KEY_GAP_MS));
  }
  // Everyone typing at once: 10 keys/s each for 5 s.
  loadPhase = true;
  const rate = 10;
  const seconds = 5;
  await Promise.all(
    editors.map(async (editor, i) => {
      for (let n = 0; n < rate * seconds; n++) {
        editor.type(`l${i}:${n}`);
        await new Promise((r) => setTimeout(r, 1000 / rate));
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 500));
  const texts = new Set(editors.map((e) => e.doc.getText("t").toString()));
  editors.forEach((e) => e.close());
  // Deliveries later than `LATE_MS`: one stall of the server shows as dozens of them and a max of
  // its length, where the p99 alone only says that some were late (4,500 deliveries: 45 make it).
  const late = loadLatencies.filter((ms) => ms > LATE_MS).length;
  return { all: summary(all), last: summary(last), load: { ...summary(loadLatencies), late }, loadExpected: EDITORS * (EDITORS - 1) * rate * seconds, converged: texts.size === 1 };
}

/** A 1 MB text document as one Yjs update (paragraphs of 500 characters). */
function bigUpdate() {
  const doc = new Y.Doc();
  const fragment = doc.getXmlFragment("content");
  const line = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ".repeat(5).slice(0, 500);
  const paragraphs = [];
  for (let i = 0; i < DOC_BYTES / 500; i++) {
    const p = new Y.XmlElement("paragraph");
    p.insert(0, [new Y.XmlText(`${i} ${line}`)]);
    paragraphs.push(p);
  }
  fragment.insert(0, paragraphs);
  return Y.encodeStateAsUpdate(doc);
}

async function joinOnce(url, headers) {
  const start = performance.now();
  const editor = new Editor(url, headers);
  await editor.opened;
  const at = await editor.syncedAt;
  const bytes = Y.encodeStateAsUpdate(editor.doc).byteLength;
  editor.close();
  return { ms: at - start, bytes };
}

/** y-websocket 1.5.4's classic server in this process, on a free port. */
async function peerServer() {
  const { WebSocketServer } = require("ws");
  const { setupWSConnection, docs } = require("y-websocket/bin/utils");
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  wss.on("connection", (conn, req) => setupWSConnection(conn, req, { gc: true }));
  await new Promise((resolve) => wss.on("listening", resolve));
  return { wss, docs, url: (name) => `ws://127.0.0.1:${wss.address().port}/${name}` };
}

/**
 * Round trips of a text frame to a document room that answers it without storage (a custom
 * frame it does not support). A document socket, not a board: boards accept no client frames
 * and close a socket that keeps sending (SOCKET_RULES.project); a document's allowance fits.
 */
async function platformFloor(base, headers) {
  const socket = openSocket(versioned(`${base.replace("http", "ws")}/ws/doc/${BENCH_DOCS.big}`), headers);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error("document socket did not open")), { once: true });
  });
  let answered = () => {};
  socket.addEventListener("message", (event) => {
    if (typeof event.data === "string" && event.data.includes('"unsupported"')) answered();
  });
  const times = [];
  for (let i = -20; i < KEYSTROKES; i++) {
    const start = performance.now();
    await new Promise((resolve) => {
      answered = resolve;
      socket.send("__YPS:ping");
    });
    if (i >= 0) times.push(performance.now() - start);
  }
  socket.close();
  return summary(times);
}

/** `direct`: the app's own workerd port (bench/direct.mjs); the typing is then measured without `wrangler dev`'s proxy too. */
export async function docsBench(base, direct = null) {
  console.log("Documents (issue 6):");
  const res = await fetch(`${base}/api/v1/auth`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, "CF-Connecting-IP": "10.9.0.2" },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  const { access_token: token } = await res.json();
  const headers = { Cookie: `sid=${token}`, Origin: base };
  const ws = (guid) => versioned(`${base.replace("http", "ws")}/ws/doc/${guid}`);

  const peer = await peerServer();
  const floor = await platformFloor(base, headers);
  const ours = await typing(ws(BENCH_DOCS.typing), headers);
  const theirs = await typing(peer.url("typing"), {});
  const line = (name, m) => `${name}: all heard p50 ${fmt(m.last.p50)}  p99 ${fmt(m.last.p99)}; each delivery p50 ${fmt(m.all.p50)}  p99 ${fmt(m.all.p99)}`;
  console.log(`${line(`keystroke → ${EDITORS - 1} co-editors, DocRoom (${KEYSTROKES} keys)   `, ours)}  goal p99 ${KEYSTROKE_GOAL_MS} ms: ratio ${(ours.last.p99 / KEYSTROKE_GOAL_MS).toFixed(2)}`);
  console.log(`${line(`same, y-websocket 1.5.4 (peer, in process)     `, theirs)}`);
  console.log(
    `  ratio DocRoom / y-websocket: p50 ${(ours.last.p50 / theirs.last.p50).toFixed(2)}  p99 ${(ours.last.p99 / theirs.last.p99).toFixed(2)} (goal ≤ ${PEER_RATIO_GOAL})`,
  );
  console.log(
    `  floor: a frame's round trip through the Worker to a Durable Object answering without storage p50 ${fmt(floor.p50)}  p99 ${fmt(floor.p99)}; DocRoom p50 minus floor ${fmt(ours.last.p50 - floor.p50)} (the room's own work: Yjs decode and apply, fan-out to ${EDITORS} sockets, frames waiting while a write-behind is confirmed)`,
  );
  console.log(
    `${EDITORS} editors typing at once (10 keys/s each, 5 s): DocRoom each delivery p50 ${fmt(ours.load.p50)}  p99 ${fmt(ours.load.p99)}, max ${fmt(ours.load.max)}, ${ours.load.late} over ${LATE_MS} ms (${ours.load.n}/${ours.loadExpected} deliveries, converged ${ours.converged}); ` +
      `y-websocket p50 ${fmt(theirs.load.p50)}  p99 ${fmt(theirs.load.p99)}, max ${fmt(theirs.load.max)}, ${theirs.load.late} over ${LATE_MS} ms (converged ${theirs.converged})`,
  );

  record({ what: `${EDITORS} people typing in one document, p99 (wrangler dev)`, ours: ours.load.p99, peer: theirs.load.p99, goal: `≤ ${PEER_RATIO_GOAL}× y-websocket`, pass: ours.load.p99 <= PEER_RATIO_GOAL * theirs.load.p99 });
  if (direct) {
    // The same room with `wrangler dev`'s proxy bypassed (its y-websocket peer has no proxy either).
    const path = versioned(`/ws/doc/${BENCH_DOCS.typing}`);
    const straight = await typing(`${direct.replace("http", "ws")}${path}`, { ...headers, "MF-Original-URL": `${base}${path}` });
    console.log(
      `${EDITORS} editors typing at once, workerd direct: DocRoom each delivery p50 ${fmt(straight.load.p50)}  p99 ${fmt(straight.load.p99)}, max ${fmt(straight.load.max)}, ${straight.load.late} over ${LATE_MS} ms (${straight.load.n}/${straight.loadExpected} deliveries, converged ${straight.converged}); serial keystroke all heard p50 ${fmt(straight.last.p50)}  p99 ${fmt(straight.last.p99)}`,
    );
    record({ what: `${EDITORS} people typing in one document, p99 (workerd direct)`, ours: straight.load.p99, peer: theirs.load.p99, goal: `≤ ${PEER_RATIO_GOAL}× y-websocket`, pass: straight.load.p99 <= PEER_RATIO_GOAL * theirs.load.p99 });
  }

  const update = bigUpdate();
  // Filled once: a second run against the same server finds it filled already.
  const before = await joinOnce(ws(BENCH_DOCS.big), headers);
  const imported = before.bytes > DOC_BYTES / 2 ? { status: 204 } : await fetch(`${base}/api/v1/project/${DEMO.projectId}/docs/${BENCH_DOCS.big}/import`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/octet-stream" },
    body: update,
  });
  if (imported.status !== 204) throw new Error(`import ${imported.status} ${await imported.text()}`);
  const cold = [];
  const warm = [];
  let bytes = 0;
  for (let i = 0; i < 11; i++) {
    const restarted = await fetch(`${base}/api/dev/doc-room/${BENCH_DOCS.big}/restart`, { method: "POST", headers });
    if (restarted.status !== 204) throw new Error(`restart ${restarted.status}`);
    const c = await joinOnce(ws(BENCH_DOCS.big), headers);
    const w = await joinOnce(ws(BENCH_DOCS.big), headers);
    bytes = c.bytes;
    if (i > 0) {
      cold.push(c.ms);
      warm.push(w.ms);
    }
  }
  const seedPeer = new Editor(peer.url("big"), {});
  await seedPeer.opened;
  await seedPeer.syncedAt;
  Y.applyUpdate(seedPeer.doc, update);
  await new Promise((r) => setTimeout(r, 500));
  const peerJoins = [];
  for (let i = 0; i < 11; i++) {
    const j = await joinOnce(peer.url("big"), {});
    if (i > 0) peerJoins.push(j.ms);
  }
  seedPeer.close();
  const c = summary(cold);
  const w = summary(warm);
  const p = summary(peerJoins);
  console.log(
    `join of a ${(bytes / 1024 / 1024).toFixed(2)} MB document (socket opened → synced, ${c.n} joins): cold object p50 ${fmt(c.p50)}  p99 ${fmt(c.p99)}  goal ${JOIN_GOAL_MS} ms: ratio ${(c.p50 / JOIN_GOAL_MS).toFixed(2)} (p99 ${(c.p99 / JOIN_GOAL_MS).toFixed(2)}); ` +
      `warm p50 ${fmt(w.p50)}  p99 ${fmt(w.p99)}; y-websocket (in memory) p50 ${fmt(p.p50)}  p99 ${fmt(p.p99)}`,
  );
  for (const client of peer.wss.clients) client.terminate();
  peer.wss.close();
}

// `BENCH_BASE=http://localhost:8787 node bench/docs.mjs`: only these figures, against a development
// server already running whose D1 holds the benchmark's documents (seedBenchDocs).
if (import.meta.url === `file://${process.argv[1]}` && process.env.BENCH_BASE) {
  await docsBench(process.env.BENCH_BASE);
  process.exit(0);
}
