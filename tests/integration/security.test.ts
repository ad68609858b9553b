/** Security properties of the account API: hashing limits, secrets at rest, CSRF and rate limits. */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RATE_LIMITS, SIGN_IN_CEILING } from "../../domain/rate-limit";
import { sessions, users } from "../../workers/db/schema";
import { sha256Hex } from "../../workers/services/ids";
import {
  hashPassword,
  iterationsOf,
  PBKDF2_ITERATIONS,
  verifyPassword,
  WORKERS_PBKDF2_MAX_ITERATIONS,
} from "../../workers/services/passwords";
import { call, sessionFrom } from "../fixtures/http";
import { mailsTo } from "../fixtures/mail";
import { expectProblem } from "../fixtures/problems";
import { createUser, db, sessionsOf, signedIn, uniqueEmail, userRow } from "../fixtures/users";

const uniqueIp = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Makes deriveBits behave as on Cloudflare's production runtime, which refuses PBKDF2 above
 * 100 000 iterations (local workerd has no such limit), and records every count asked for.
 */
function productionPbkdf2Cap() {
  const requested: number[] = [];
  const subtle = crypto.subtle;
  const original = subtle.deriveBits.bind(subtle);
  vi.spyOn(subtle, "deriveBits").mockImplementation(async (algorithm, key, length) => {
    const iterations = (algorithm as Pbkdf2Params).iterations;
    if (typeof iterations === "number") {
      requested.push(iterations);
      if (iterations > 100_000) {
        throw new DOMException(`Pbkdf2 failed: iteration counts above 100000 are not supported (requested ${iterations}).`, "NotSupportedError");
      }
    }
    return original(algorithm, key, length);
  });
  return requested;
}

describe("password hashing", () => {
  it("stores a freshly set password with no more PBKDF2 iterations than Workers allow", async () => {
    expect(WORKERS_PBKDF2_MAX_ITERATIONS).toBe(100_000);
    const user = await signedIn();
    const res = await call("PUT", "/api/v1/changepass", {
      cookie: user.cookie,
      body: { oldpass: user.password, newpass: "fresh-password-9", repeatnewpass: "fresh-password-9" },
    });
    expect(res.status).toBe(200);
    const stored = (await userRow(user.id))!.passwordHash!;
    expect(stored).toMatch(/^pbkdf2-sha256\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(iterationsOf(stored)).toBe(PBKDF2_ITERATIONS);
    expect(iterationsOf(stored)).toBeLessThanOrEqual(WORKERS_PBKDF2_MAX_ITERATIONS);
    expect(iterationsOf(await hashPassword("another-one-1"))).toBeLessThanOrEqual(WORKERS_PBKDF2_MAX_ITERATIONS);
  });

  it("signs in, signs in unknown addresses and changes passwords within the production PBKDF2 cap", async () => {
    const user = await createUser();
    const requested = productionPbkdf2Cap();
    await expect(crypto.subtle.deriveBits(
      { name: "PBKDF2", hash: "SHA-256", salt: new Uint8Array(16), iterations: WORKERS_PBKDF2_MAX_ITERATIONS + 1 },
      await crypto.subtle.importKey("raw", new TextEncoder().encode("x"), "PBKDF2", false, ["deriveBits"]),
      256,
    )).rejects.toThrow(/iteration counts above 100000/);
    requested.length = 0;

    const signIn = await call("POST", "/api/v1/auth", { body: { email: user.email, password: user.password } });
    expect(signIn.status).toBe(200);
    expectProblem(await call("POST", "/api/v1/auth", { body: { email: uniqueEmail("ghost"), password: "whatever-1" } }), 400, "credentials_invalid");
    const change = await call("PUT", "/api/v1/changepass", {
      cookie: sessionFrom(signIn),
      body: { oldpass: user.password, newpass: "capped-password-1", repeatnewpass: "capped-password-1" },
    });
    expect(change.status).toBe(200);
    expect(requested.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...requested)).toBeLessThanOrEqual(WORKERS_PBKDF2_MAX_ITERATIONS);
  });

  it("refuses a stored hash above the cap without asking the runtime to derive it", async () => {
    const user = await createUser();
    const [, , salt, hash] = (await userRow(user.id))!.passwordHash!.split("$");
    const tooCostly = `pbkdf2-sha256$${WORKERS_PBKDF2_MAX_ITERATIONS + 1}$${salt}$${hash}`;
    await db().update(users).set({ passwordHash: tooCostly }).where(eq(users.id, user.id));
    const requested = productionPbkdf2Cap();
    expect(await verifyPassword(user.password, tooCostly)).toBe(false);
    expectProblem(await call("POST", "/api/v1/auth", { body: { email: user.email, password: user.password } }), 400, "credentials_invalid");
    expect(requested).toEqual([]);
  });
});

describe("secrets at rest", () => {
  it("stores only the SHA-256 of a session token", async () => {
    const user = await createUser();
    const res = await call("POST", "/api/v1/auth", { body: { email: user.email, password: user.password } });
    const token: string = res.json.access_token;
    const rows = await sessionsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await db().select().from(sessions).where(eq(sessions.tokenHash, token)).all()).toEqual([]);
  });
});

describe("Origin check on cookie-authenticated writes", () => {
  const rename = (options: Parameters<typeof call>[2]) => call("PUT", "/api/v1/changingme", { ...options, body: { tab: "csrf" } });

  it.each([
    ["another site's Origin", "https://evil.example"],
    ["a look-alike Origin", "http://localhost.evil.example"],
    ["the opaque Origin null", "null"],
    ["no Origin at all", null],
  ])("refuses a cookie-authenticated PUT with %s and changes nothing", async (_, origin) => {
    const user = await signedIn();
    const before = await userRow(user.id);
    expectProblem(await rename({ cookie: user.cookie, origin }), 403, "origin_forbidden");
    expect(await userRow(user.id)).toEqual(before);
  });

  it("accepts the same PUT with the cookie from our own origin", async () => {
    const user = await signedIn();
    expect((await rename({ cookie: user.cookie })).status).toBe(200);
  });

  it("accepts the same PUT with a Bearer token and no Origin", async () => {
    const user = await signedIn();
    const res = await rename({ bearer: user.token, origin: null });
    expect(res.status).toBe(200);
    expect(res.json.tab).toBe("csrf");
  });

  it("refuses a sign-in posted from another site", async () => {
    const user = await createUser();
    const res = await call("POST", "/api/v1/auth", { origin: "https://evil.example", body: { email: user.email, password: user.password } });
    expectProblem(res, 403, "origin_forbidden");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  it("refuses to end a session from another site", async () => {
    const user = await signedIn();
    expectProblem(await call("POST", "/api/v1/exit", { cookie: user.cookie, origin: "https://evil.example" }), 403, "origin_forbidden");
    expect((await call("GET", "/api/v2/whoami", { cookie: user.cookie })).status).toBe(200);
  });
});

describe("rate limits", () => {
  function expectRateLimited(res: Awaited<ReturnType<typeof call>>, windowMs: number) {
    expectProblem(res, 429, "rate_limited");
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  }

  it("makes sign-ins to an address above its failure ceiling wait, even with the right password", async () => {
    const user = await createUser();
    const rule = RATE_LIMITS.signInEmail;
    for (let i = 0; i <= rule.limit; i++) {
      const res = await call("POST", "/api/v1/auth", { ip: uniqueIp(), body: { email: user.email, password: `wrong-${i}-password` } });
      expect(res.status, `attempt ${i + 1}`).toBe(400);
    }
    const right = await call("POST", "/api/v1/auth", { ip: uniqueIp(), body: { email: user.email.toUpperCase(), password: user.password } });
    expectRateLimited(right, SIGN_IN_CEILING.waitMs);
    expect(right.headers.get("Set-Cookie")).toBeNull();
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  // Thirty password hashes: seconds on a busy machine.
  it("refuses sign-ins from one address after the limit, even to a real account", { timeout: 30_000 }, async () => {
    const ip = uniqueIp();
    const rule = RATE_LIMITS.signInIp;
    for (let i = 0; i < rule.limit; i++) {
      const res = await call("POST", "/api/v1/auth", { ip, body: { email: uniqueEmail("spray"), password: "spray-password-1" } });
      expect(res.status, `attempt ${i + 1}`).toBe(400);
    }
    const user = await createUser();
    expectRateLimited(await call("POST", "/api/v1/auth", { ip, body: { email: user.email, password: user.password } }), rule.windowMs);
    expect((await call("POST", "/api/v1/auth", { ip: uniqueIp(), body: { email: user.email, password: user.password } })).status).toBe(200);
  });

  it("refuses reset requests for one address after the limit, whatever its case, and sends no more mail", async () => {
    const user = await createUser();
    const rule = RATE_LIMITS.mailEmail;
    for (let i = 0; i < rule.limit; i++) {
      const email = i % 2 ? user.email.toUpperCase() : user.email;
      expect((await call("POST", "/api/v1/respas", { ip: uniqueIp(), body: { email } })).status, `request ${i + 1}`).toBe(200);
    }
    expectRateLimited(await call("POST", "/api/v1/respas", { ip: uniqueIp(), body: { email: user.email } }), rule.windowMs);
    expect(await mailsTo(user.email)).toHaveLength(rule.limit);
  });

  it("answers an unknown address's reset requests with the same limit", async () => {
    const email = uniqueEmail("nobody");
    const rule = RATE_LIMITS.mailEmail;
    for (let i = 0; i < rule.limit; i++) await call("POST", "/api/v1/respas", { ip: uniqueIp(), body: { email } });
    expectRateLimited(await call("POST", "/api/v1/respas", { ip: uniqueIp(), body: { email } }), rule.windowMs);
  });

  it("refuses mail-sending requests from one address after the limit", async () => {
    const ip = uniqueIp();
    const rule = RATE_LIMITS.mailIp;
    for (let i = 0; i < rule.limit; i++) {
      expect((await call("POST", "/api/v1/respas", { ip, body: { email: uniqueEmail("probe") } })).status).toBe(200);
    }
    expectRateLimited(await call("POST", "/api/v1/respas", { ip, body: { email: uniqueEmail("probe") } }), rule.windowMs);
    const email = uniqueEmail("starter");
    expectRateLimited(await call("POST", "/api/v1/qstart", { ip, body: { name: "N", email, company_size: "1" } }), rule.windowMs);
    expect(await mailsTo(email)).toEqual([]);
  });
});

describe("response headers", () => {
  it("marks API answers as not cacheable, not sniffable and not frameable", async () => {
    for (const res of [await call("GET", "/api/v2/whoami"), await call("POST", "/api/v1/auth", { raw: "{" })]) {
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});
