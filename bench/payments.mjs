// `npm run bench:payments`: 200 concurrent identical buy requests with one Idempotency-Key
// against the built app on `wrangler dev`, its payment provider Stripe pointed at a fake Stripe
// on loopback that counts the Checkout Sessions it is asked for. Prints provider calls, replays
// and statuses; the promise is exactly one provider call and one payment.
import { createServer } from "node:http";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { LOCAL_VARS, root, run, spawnGroup } from "../scripts/lib.mjs";
import { prepareLocalDb } from "../scripts/local-db.mjs";
import { DEMO } from "../scripts/seed.mjs";

const CONCURRENCY = Number(process.env.BENCH_BUYS ?? 200);
const TEAM_MONTH = "7a1f0000-0000-4000-8000-000000000201";
const port = process.env.BENCH_PORT || "8797";
const base = `http://localhost:${port}`;
const persistTo = ".wrangler/bench-payments-state";

// The fake Stripe: answers `POST /v1/checkout/sessions` as Stripe does, counting every call.
let providerCalls = 0;
const stripe = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") return void res.writeHead(404).end("{}");
    providerCalls += 1;
    const form = new URLSearchParams(body);
    const id = `cs_bench_${providerCalls}`;
    res.writeHead(200, { "Content-Type": "application/json" }).end(
      JSON.stringify({ id, object: "checkout.session", client_reference_id: form.get("client_reference_id"), payment_status: "unpaid", url: `https://checkout.stripe.test/${id}` }),
    );
  });
});
await new Promise((r) => stripe.listen(0, "127.0.0.1", r));
const stripeUrl = `http://127.0.0.1:${stripe.address().port}`;

if (!existsSync(join(root, "build/server/index.js"))) run("react-router", ["build"]);
rmSync(join(root, persistTo), { recursive: true, force: true });
prepareLocalDb(persistTo);
const vars = ["PAYMENT_PROVIDER:stripe", "STRIPE_SECRET_KEY:sk_test_bench", "STRIPE_WEBHOOK_SECRET:whsec_bench", `STRIPE_API_URL:${stripeUrl}`, `APP_ORIGIN:${base}`].flatMap((v) => ["--var", v]);
const server = spawnGroup("wrangler", ["dev", ...LOCAL_VARS, ...vars, "--port", port, "--ip", "127.0.0.1", "--persist-to", persistTo, "--show-interactive-dev-session=false"], { stdio: "ignore" });
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
  stripe.close();
};
process.on("exit", stop);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(base + "/favicon.svg")).ok) break;
  } catch {}
  if (i > 240) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 500));
}

const auth = await fetch(base + "/api/v1/auth", { method: "POST", headers: { "Content-Type": "application/json", Origin: base }, body: JSON.stringify({ email: DEMO.email, password: DEMO.password }) });
const { access_token } = await auth.json();
const key = `bench-${Date.now()}`;
const started = performance.now();
const answers = await Promise.all(
  Array.from({ length: CONCURRENCY }, () =>
    fetch(`${base}/api/v1/buy/${TEAM_MONTH}`, { method: "POST", headers: { Authorization: `Bearer ${access_token}`, "Idempotency-Key": key } }).then(async (r) => ({
      status: r.status,
      replay: r.headers.get("Idempotent-Replayed") === "true",
      guid: r.ok ? (await r.json()).guid : (await r.text(), null),
    })),
  ),
);
const ms = performance.now() - started;
const statuses = {};
for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
const replays = answers.filter((a) => a.replay).length;
const guids = new Set(answers.filter((a) => a.guid).map((a) => a.guid));
const listed = (await (await fetch(`${base}/api/v1/pay?limit=200`, { headers: { Authorization: `Bearer ${access_token}` } })).json()).results;
console.log(`${CONCURRENCY} concurrent identical buys with one key in ${ms.toFixed(0)} ms`);
console.log(`provider calls: ${providerCalls} (must be 1)`);
console.log(`payments created: ${listed.length}; distinct payment guids answered: ${guids.size}`);
console.log(`replays (Idempotent-Replayed: true): ${replays}`);
console.log(`statuses: ${Object.entries(statuses).map(([s, n]) => `${s}×${n}`).join(", ")}`);
stop();
process.exit(providerCalls === 1 && listed.length === 1 ? 0 : 1);
