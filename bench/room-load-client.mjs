// One process of the rooms bench's load client (bench/rooms.mjs forks `LOAD_PROCESSES` of them
// per size): it opens its share of the sockets, sends its senders' changes at the rate the
// parent gives, and reports back when each was sent, the acks, what its listener heard, and the
// CPU it used. Times are wall-clock (`performance.timeOrigin + performance.now()`), so the
// processes' figures can be put side by side.
//
// Parent → child: {type: "open", sockets: [{url, headers, listener, sender}], mode: "room"|"plain",
//   deadline}; later {type: "go", start, interval, seconds, senders, task, prefix}.
// Child → parent: {type: "ready"} | {type: "timeout", message} | {type: "done", sent, acks, heard, cpu}.
import { WebSocket } from "ws";

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let sockets = [];
const acks = []; // [ref, seq]
const heard = new Map(); // room: seq → time; plain: ref → time

async function open({ sockets: specs, mode, deadline }) {
  for (const spec of specs) {
    if (now() > deadline) {
      sockets.forEach((s) => s.ws.close());
      return process.send({ type: "timeout", message: `${sockets.length} of ${specs.length} sockets of one client opened within the step's cap` });
    }
    const ws = new WebSocket(spec.url, { headers: spec.headers });
    ws.on("message", (data) => {
      const text = String(data);
      if (mode === "plain") {
        // The relay sends every frame to everyone: only the listener reads them.
        if (spec.listener) heard.set(JSON.parse(text).ref, now());
        return;
      }
      if (spec.listener && text.startsWith('{"type":"patch"')) {
        // A patch may carry several changes (`from`..`seq`, coalesced by the room): all are heard now.
        const frame = JSON.parse(text);
        const at = now();
        for (let s = frame.from ?? frame.seq; s <= frame.seq; s++) if (!heard.has(s)) heard.set(s, at);
      } else if (spec.sender !== null && text.startsWith('{"type":"ack"')) {
        const frame = JSON.parse(text);
        acks.push([frame.ref, frame.seq]);
      }
    });
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    sockets.push({ ws, sender: spec.sender });
  }
  process.send({ type: "ready" });
}

/** Each sender sends at `interval` from its slot in the shared schedule until `seconds` passed. */
async function go({ start, interval, seconds, senders, task, prefix, mode }) {
  const cpu = process.cpuUsage();
  const began = now();
  const stopAt = start + seconds * 1000;
  const sent = [];
  await sleep(Math.max(0, start - now()));
  await Promise.all(
    sockets
      .filter((s) => s.sender !== null)
      .map(async ({ ws, sender }) => {
        await sleep((sender / senders) * interval);
        for (let nth = 0; now() < stopAt; nth++) {
          const ref = `${prefix}${sender}-${nth}`;
          const frame = mode === "plain" ? { type: "vote", issue: task, card: "3", ref } : nth % 2 ? { type: "unvote", issue: task, ref } : { type: "vote", issue: task, card: "3", ref };
          sent.push([ref, now()]);
          ws.send(JSON.stringify(frame));
          await sleep(interval);
        }
      }),
  );
  await sleep(2000); // let the tail arrive
  const used = process.cpuUsage(cpu);
  sockets.forEach((s) => s.ws.close());
  process.send({ type: "done", sent, acks, heard: [...heard], cpu: (used.user + used.system) / 1000 / (now() - began) });
}

process.on("message", (msg) => {
  const run = msg.type === "open" ? open(msg) : go(msg);
  run.catch((err) => {
    process.send({ type: "error", message: String(err?.stack ?? err) });
  });
});
