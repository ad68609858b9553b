/**
 * A fake Stripe API on loopback speaking the part of Stripe's documented protocol we use, all
 * form-encoded with `Authorization: Bearer sk_…`:
 * - `POST /v1/checkout/sessions` (payment mode; `customer_creation=always` or `customer`, and
 *   `payment_intent_data[setup_future_usage]=off_session` to save the card);
 * - `GET /v1/customers/{id}/payment_methods` (the customer's saved cards, newest first);
 * - `POST /v1/payment_intents` with `off_session` and `confirm` (a declined card is a 402
 *   `card_error` carrying the PaymentIntent, as Stripe answers; a card whose bank wants 3-D Secure
 *   is a 402 `authentication_required`, the PaymentIntent left `requires_payment_method`);
 * - `GET /v1/payment_intents/{id}` and `POST /v1/payment_intents/{id}/confirm` with
 *   `payment_method` and `return_url` (on-session: `requires_action` with
 *   `next_action.redirect_to_url`, the bank's page).
 * `Idempotency-Key` is honoured as Stripe does: the same key replays the first answer, the same
 * key with other parameters is a 400 `idempotency_error`.
 *
 * Test controls (not Stripe's): `GET /calls` (requests received), `GET /charges` (PaymentIntents
 * that took money), `POST /fail-next` (the next API call answers 500), `POST /lose-next` (the next
 * call is carried out but its answer is lost: a 500 that the client must not retry blindly),
 * `POST /test/complete/{cs}`
 * (the payer finishes a Checkout Session: answers the completed session object a
 * `checkout.session.completed` event carries) and `POST /test/decline/{cus}` (that customer's
 * saved cards decline from now on), `POST /test/require-authentication/{cus}` (its bank asks for
 * 3-D Secure from now on) and `POST /test/authenticate/{pi}` (the payer passes 3-D Secure on the
 * bank's page: the PaymentIntent succeeds, the money is taken, and the answer is the object a
 * `payment_intent.succeeded` event carries).
 */
import { createServer } from "node:http";
import type { TestProject } from "vitest/node";

export const FAKE_STRIPE_KEY = "sk_test_fake";

interface Session {
  id: string;
  object: "checkout.session";
  mode: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_creation: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete";
  url: string;
  /** Kept to honour `setup_future_usage` at completion (not part of Stripe's session object). */
  save: boolean;
}

export default async function setup(project: TestProject) {
  const calls: { path: string; key: string | undefined; form: Record<string, string> }[] = [];
  const charges: { id: string; customer: string; amount: number; currency: string; key: string | undefined }[] = [];
  const sessions = new Map<string, Session>();
  const customers = new Map<string, { methods: string[]; declines: boolean; authenticates: boolean }>();
  const intents = new Map<string, Record<string, unknown> & { id: string; status: string; amount: number; currency: string; customer: string }>();
  const replies = new Map<string, { form: string; status: number; body: unknown }>();
  let failNext = 0;
  let loseNext = 0;
  let n = 0;
  const id = (prefix: string) => `${prefix}_test_${++n}_${Math.random().toString(36).slice(2, 10)}`;
  const stripeError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({ error: { type, message, ...extra } });

  /** One Stripe API call: answers [status, body]. */
  function handle(method: string, path: string, form: Record<string, string>): [number, unknown] {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (form.customer && !customers.has(form.customer)) return [400, stripeError("invalid_request_error", `No such customer: '${form.customer}'`, { code: "resource_missing", param: "customer" })];
      const sid = id("cs");
      const session: Session = {
        id: sid,
        object: "checkout.session",
        mode: form.mode ?? "payment",
        client_reference_id: form.client_reference_id ?? null,
        customer: form.customer ?? null,
        customer_creation: form.customer_creation ?? null,
        metadata: { payment: form["metadata[payment]"] ?? "" },
        amount_total: Number(form["line_items[0][price_data][unit_amount]"]),
        currency: form["line_items[0][price_data][currency]"] ?? "",
        payment_intent: null,
        payment_status: "unpaid",
        status: "open",
        url: `https://checkout.stripe.test/c/pay/${sid}`,
        save: form["payment_intent_data[setup_future_usage]"] === "off_session",
      };
      sessions.set(sid, session);
      return [200, publicSession(session)];
    }
    const listMethods = method === "GET" && path.match(/^\/v1\/customers\/([^/]+)\/payment_methods$/);
    if (listMethods) {
      const customer = customers.get(listMethods[1]!);
      if (!customer) return [404, stripeError("invalid_request_error", `No such customer: '${listMethods[1]}'`, { code: "resource_missing" })];
      const data = [...customer.methods].reverse().map((pm) => ({ id: pm, object: "payment_method", type: "card", customer: listMethods[1], card: { brand: "visa", last4: "4242" } }));
      return [200, { object: "list", data, has_more: false, url: path }];
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const customer = form.customer ? customers.get(form.customer) : undefined;
      if (!customer) return [400, stripeError("invalid_request_error", "No such customer", { code: "resource_missing", param: "customer" })];
      if (!form.payment_method || !customer.methods.includes(form.payment_method)) return [400, stripeError("invalid_request_error", "No such PaymentMethod", { code: "resource_missing", param: "payment_method" })];
      if (form.confirm !== "true" || form.off_session !== "true") return [400, stripeError("invalid_request_error", "This test fake only confirms off-session PaymentIntents")];
      const intent = {
        id: id("pi"),
        object: "payment_intent",
        amount: Number(form.amount),
        currency: form.currency,
        customer: form.customer,
        metadata: { payment: form["metadata[payment]"] ?? "" },
        status: customer.declines || customer.authenticates ? "requires_payment_method" : "succeeded",
        payment_method: customer.authenticates ? null : form.payment_method,
        next_action: null as unknown,
        last_payment_error: null as unknown,
      };
      if (customer.authenticates) {
        // Stripe's answer to an off-session payment the bank wants authenticated: the intent is kept.
        intent.last_payment_error = { type: "card_error", code: "authentication_required", decline_code: "authentication_required", payment_method: { id: form.payment_method, object: "payment_method" } };
        intents.set(intent.id, { ...intent, currency: intent.currency ?? "", customer: form.customer! });
        return [402, stripeError("card_error", "Your card was declined. This transaction requires authentication.", { code: "authentication_required", decline_code: "authentication_required", payment_intent: intent, payment_method: { id: form.payment_method, object: "payment_method" } })];
      }
      if (customer.declines) {
        return [402, stripeError("card_error", "Your card was declined.", { code: "card_declined", decline_code: "generic_decline", payment_intent: intent, payment_method: { id: form.payment_method, object: "payment_method" } })];
      }
      charges.push({ id: intent.id, customer: form.customer!, amount: intent.amount, currency: intent.currency ?? "", key: undefined });
      return [200, intent];
    }
    const intentPath = path.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/);
    const intent = intentPath ? intents.get(intentPath[1]!) : undefined;
    if (intentPath && !intent) return [404, stripeError("invalid_request_error", `No such payment_intent: '${intentPath[1]}'`, { code: "resource_missing" })];
    if (intent && method === "GET" && !intentPath![2]) return [200, intent];
    if (intent && method === "POST" && intentPath![2]) {
      if (!["requires_payment_method", "requires_confirmation"].includes(intent.status)) return [400, stripeError("invalid_request_error", `This PaymentIntent's status is ${intent.status}`, { code: "payment_intent_unexpected_state" })];
      if (!form.payment_method || !form.return_url) return [400, stripeError("invalid_request_error", "payment_method and return_url are needed here", { param: "return_url" })];
      Object.assign(intent, {
        status: "requires_action",
        payment_method: form.payment_method,
        last_payment_error: null,
        next_action: { type: "redirect_to_url", redirect_to_url: { url: `https://hooks.stripe.test/3d_secure/${intent.id}`, return_url: form.return_url } },
      });
      return [200, intent];
    }
    return [404, stripeError("invalid_request_error", "Unrecognized request URL")];
  }

  const publicSession = ({ save: _save, ...session }: Session) => session;

  const server = createServer((req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${++n}`, ...headers }).end(JSON.stringify(body));
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/calls") return json(200, calls);
    if (req.method === "GET" && url.pathname === "/charges") return json(200, charges);
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.method === "POST" && url.pathname === "/fail-next") {
        failNext += 1;
        return json(200, {});
      }
      if (req.method === "POST" && url.pathname === "/lose-next") {
        loseNext += 1;
        return json(200, {});
      }
      const complete = req.method === "POST" && url.pathname.match(/^\/test\/complete\/([^/]+)$/);
      if (complete) {
        const session = sessions.get(complete[1]!);
        if (!session) return json(404, stripeError("invalid_request_error", "No such checkout session"));
        // As Stripe does on completion: the customer is made (customer_creation=always) and,
        // with setup_future_usage, the card used is attached to it.
        if (!session.customer && session.customer_creation === "always") {
          session.customer = id("cus");
          customers.set(session.customer, { methods: [], declines: false, authenticates: false });
        }
        if (session.customer && session.save) customers.get(session.customer)!.methods.push(id("pm"));
        session.payment_intent ??= id("pi");
        session.payment_status = "paid";
        session.status = "complete";
        return json(200, publicSession(session));
      }
      const requireAuth = req.method === "POST" && url.pathname.match(/^\/test\/require-authentication\/([^/]+)$/);
      if (requireAuth) {
        const customer = customers.get(requireAuth[1]!);
        if (customer) customer.authenticates = true;
        return json(customer ? 200 : 404, {});
      }
      const authenticate = req.method === "POST" && url.pathname.match(/^\/test\/authenticate\/([^/]+)$/);
      if (authenticate) {
        const intent = intents.get(authenticate[1]!);
        if (!intent || intent.status !== "requires_action") return json(400, stripeError("invalid_request_error", "Nothing to authenticate"));
        Object.assign(intent, { status: "succeeded", next_action: null });
        charges.push({ id: intent.id, customer: intent.customer, amount: intent.amount, currency: intent.currency, key: undefined });
        return json(200, intent);
      }
      const decline = req.method === "POST" && url.pathname.match(/^\/test\/decline\/([^/]+)$/);
      if (decline) {
        const customer = customers.get(decline[1]!);
        if (customer) customer.declines = true;
        return json(customer ? 200 : 404, {});
      }
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) return json(401, stripeError("invalid_request_error", "Invalid API Key provided"));
      const key = req.headers["idempotency-key"] as string | undefined;
      const form = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : body));
      calls.push({ path: url.pathname, key, form });
      if (failNext > 0) {
        failNext -= 1;
        return json(500, stripeError("api_error", "Something went wrong"));
      }
      if (key && req.method === "POST") {
        const seen = replies.get(key);
        if (seen && seen.form !== body) return json(400, stripeError("idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with.`));
        if (seen) return json(seen.status, seen.body, { "Idempotent-Replayed": "true" });
      }
      const [status, answer] = handle(req.method ?? "GET", url.pathname, form);
      if (key && req.method === "POST") {
        replies.set(key, { form: body, status, body: answer });
        const charge = charges.at(-1);
        if (status === 200 && charge && charge.id === (answer as { id?: string }).id) charge.key = key;
      }
      if (loseNext > 0 && url.pathname === "/v1/payment_intents") {
        loseNext -= 1;
        return json(500, stripeError("api_error", "The answer was lost on the way"), { "Stripe-Should-Retry": "false" });
      }
      json(status, answer);
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
