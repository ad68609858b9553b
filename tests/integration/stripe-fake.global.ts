/**
 * A fake Stripe API on loopback speaking the part of Stripe's documented protocol we use:
 * `POST /v1/checkout/sessions` (form-encoded, `Authorization: Bearer sk_…`, `Idempotency-Key`
 * honoured as Stripe does: the same key answers the same session). Tests read the calls it
 * received from `GET /calls` and make it fail with `POST /fail-next`.
 */
import { createServer } from "node:http";
import type { TestProject } from "vitest/node";

export const FAKE_STRIPE_KEY = "sk_test_fake";

export default async function setup(project: TestProject) {
  const calls: { path: string; key: string | undefined; form: Record<string, string> }[] = [];
  const sessions = new Map<string, unknown>();
  let failNext = 0;
  let n = 0;
  const server = createServer((req, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${++n}` }).end(JSON.stringify(body));
    if (req.method === "GET" && req.url === "/calls") return json(200, calls);
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/fail-next") {
        failNext += 1;
        return json(200, {});
      }
      if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") return json(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      const key = req.headers["idempotency-key"] as string | undefined;
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push({ path: req.url, key, form });
      if (failNext > 0) {
        failNext -= 1;
        return json(500, { error: { type: "api_error", message: "Something went wrong" } });
      }
      if (key && sessions.has(key)) return json(200, sessions.get(key));
      const id = `cs_test_${calls.length}_${Math.random().toString(36).slice(2, 10)}`;
      const session = {
        id,
        object: "checkout.session",
        mode: form.mode,
        client_reference_id: form.client_reference_id ?? null,
        metadata: { payment: form["metadata[payment]"] },
        amount_total: Number(form["line_items[0][price_data][unit_amount]"]),
        currency: form["line_items[0][price_data][currency]"],
        payment_status: "unpaid",
        status: "open",
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      if (key) sessions.set(key, session);
      json(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  project.provide("fakeStripeUrl", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeStripeUrl: string;
  }
}
