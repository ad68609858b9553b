/**
 * HTTP hardening: sign-in throttling that cannot be turned into a lockout, redirects that stay
 * on this site, security headers, body limits and 405s.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { JSON_BODY_MAX_BYTES } from "../../domain/http/body-limits";
import { RATE_LIMITS, SIGN_IN_BACKOFF, SIGN_IN_CEILING } from "../../domain/rate-limit";
import { call, fetchRaw, ORIGIN } from "../fixtures/http";
import { expectProblem } from "../fixtures/problems";
import { createUser, sessionsOf, signedIn, uniqueEmail } from "../fixtures/users";

const D1 = () => (env as unknown as { DB: D1Database }).DB;
const uniqueIp = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

/** Moves every rate-limit counter of `email` back in time, as if `ms` had passed. */
async function letTimePass(email: string, ms: number) {
  await D1().prepare("UPDATE rate_limits SET window_start = window_start - ?1 WHERE key LIKE ?2").bind(ms, `%${email}`).run();
}

const signIn = (email: string, password: string, ip: string) => call("POST", "/api/v1/auth", { ip, body: { email, password } });

/** A sign-in sent the way a local dev server receives it: no platform client-IP header. */
async function signInWithoutIp(email: string, password: string) {
  const res = await fetchRaw("/api/v1/auth", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

// Each sign-in hashes a password (PBKDF2): the loops below take seconds on a busy machine.
describe("sign-in throttling", { timeout: 60_000 }, () => {
  it("lets the owner sign in from another client after a stranger's 50 wrong guesses", async () => {
    const owner = await createUser();
    const stranger = uniqueIp();
    const answers = new Set<number>();
    for (let i = 0; i < 50; i++) answers.add((await signIn(owner.email, `guess-${i}-password`, stranger)).status);
    expect([...answers].sort()).toEqual([400, 429]);
    const res = await signIn(owner.email, owner.password, uniqueIp());
    expect(res.status, res.text).toBe(200);
    expect(await sessionsOf(owner.id)).toHaveLength(1);
  });

  it("slows the guessing client with a growing backoff and a Retry-After", async () => {
    const user = await createUser();
    const ip = uniqueIp();
    for (let i = 0; i < SIGN_IN_BACKOFF.free; i++) expect((await signIn(user.email, `wrong-${i}-password`, ip)).status).toBe(400);
    const refused = await signIn(user.email, user.password, ip);
    expectProblem(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("Retry-After"))).toBe(SIGN_IN_BACKOFF.baseDelayMs / 1000);
    expect(await sessionsOf(user.id)).toEqual([]);
    await letTimePass(user.email, SIGN_IN_BACKOFF.baseDelayMs);
    expect((await signIn(user.email, user.password, ip)).status).toBe(200);
  });

  it("forgets a client's failures once it signs in with the right password", async () => {
    const user = await createUser();
    const ip = uniqueIp();
    for (let i = 0; i < SIGN_IN_BACKOFF.free - 1; i++) await signIn(user.email, `wrong-${i}-password`, ip);
    expect((await signIn(user.email, user.password, ip)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_BACKOFF.free; i++) expect((await signIn(user.email, `wrong-${i}-password`, ip)).status).toBe(400);
  });

  it("slows every client of an address above its failure ceiling but lets the right password in after a bounded wait", async () => {
    const owner = await createUser();
    for (let i = 0; i <= RATE_LIMITS.signInEmail.limit; i++) {
      expect((await signIn(owner.email.toUpperCase(), `spray-${i}-password`, uniqueIp())).status, `guess ${i + 1}`).toBe(400);
    }
    const ownerIp = uniqueIp();
    const first = await signIn(owner.email, owner.password, ownerIp);
    expectProblem(first, 429, "rate_limited");
    const wait = Number(first.headers.get("Retry-After"));
    expect(wait).toBe(SIGN_IN_CEILING.waitMs / 1000);
    expect(await sessionsOf(owner.id)).toEqual([]);

    // Strangers keep guessing while the owner waits: each one waits too, and takes nothing from the owner.
    for (let i = 0; i < 5; i++) expectProblem(await signIn(owner.email, `more-${i}-password`, uniqueIp()), 429, "rate_limited");
    expectProblem(await signIn(owner.email, owner.password, ownerIp), 429, "rate_limited");

    await letTimePass(owner.email, wait * 1000);
    const second = await signIn(owner.email, owner.password, ownerIp);
    expect(second.status, second.text).toBe(200);
    expect(await sessionsOf(owner.id)).toHaveLength(1);
  });

  it("makes a stranger under the ceiling wait before every single guess", async () => {
    const owner = await createUser();
    for (let i = 0; i <= RATE_LIMITS.signInEmail.limit; i++) await signIn(owner.email, `spray-${i}-password`, uniqueIp());
    const ip = uniqueIp();
    expectProblem(await signIn(owner.email, "guess-a-password", ip), 429, "rate_limited");
    await letTimePass(owner.email, SIGN_IN_CEILING.waitMs);
    expectProblem(await signIn(owner.email, "guess-a-password", ip), 400, "credentials_invalid");
    expectProblem(await signIn(owner.email, "guess-b-password", ip), 429, "rate_limited");
  });

  it("refuses sign-ins from one client IP after its limit before reading the body", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.signInIp.limit; i++) await call("POST", "/api/v1/auth", { ip, raw: "{" });
    const res = await call("POST", "/api/v1/auth", { ip, raw: "{" });
    expectProblem(res, 429, "rate_limited");
  });

  it("keys the client on the platform's address only, never on X-Forwarded-For", async () => {
    const user = await createUser();
    const ip = uniqueIp();
    for (let i = 0; i < SIGN_IN_BACKOFF.free; i++) {
      await call("POST", "/api/v1/auth", { ip, headers: { "X-Forwarded-For": uniqueIp() }, body: { email: user.email, password: `wrong-${i}-password` } });
    }
    const res = await call("POST", "/api/v1/auth", { ip, headers: { "X-Forwarded-For": uniqueIp() }, body: { email: user.email, password: user.password } });
    expectProblem(res, 429, "rate_limited");
  });

  it("does not lock everybody out when requests carry no client IP", async () => {
    const victims = await Promise.all([createUser(), createUser()]);
    for (let i = 0; i < RATE_LIMITS.signInIp.limit + 5; i++) {
      const res = await signInWithoutIp(i % 2 ? uniqueEmail("spray") : victims[0]!.email, `wrong-${i}-password`);
      expect([400, 429]).toContain(res.status);
    }
    const other = await signInWithoutIp(victims[1]!.email, victims[1]!.password);
    expect(other.status, other.text).toBe(200);
    expect(await sessionsOf(victims[1]!.id)).toHaveLength(1);
  });
});

describe("redirects", () => {
  it.each([
    ["//evil.example/planning", "/evil.example/taskboard"],
    ["/\\evil.example/planning", "/evil.example/taskboard"],
    ["/\\/evil.example/planning", "/evil.example/taskboard"],
    ["///evil.example/planning", "/evil.example/taskboard"],
    ["/%2F%2Fevil.example/planning", "/%2F%2Fevil.example/taskboard"],
    ["/%5Cevil.example/planning", "/%5Cevil.example/taskboard"],
    ["/%09/evil.example/planning", "/%09/evil.example/taskboard"],
    ["/project/a/planning?x=//evil.example", "/project/a/taskboard?x=//evil.example"],
  ])("keeps the legacy redirect of %s on this site", async (path, target) => {
    // A raw request line, as a client can send it: fetch() would normalise the path first.
    const res = await fetchRaw(path, { redirect: "manual" });
    expect(res.status).toBe(301);
    const location = new URL(res.headers.get("Location")!);
    expect(location.origin).toBe(ORIGIN);
    expect(location.pathname + location.search).toBe(target);
  });

  it("sends the security headers with a redirect", async () => {
    const res = await fetchRaw("/project/a/planning", { redirect: "manual" });
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'/);
  });
});

describe("security headers on API answers", () => {
  it.each([
    ["GET", "/api/v2/whoami"],
    ["POST", "/api/v1/auth"],
    ["GET", "/api/nope"],
    ["DELETE", "/api/v1/auth"],
  ])("sends them on %s %s", async (method, path) => {
    const res = await call(method, path, method === "POST" ? { raw: "{" } : {});
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(res.headers.get("Permissions-Policy")).toMatch(/camera=\(\), microphone=\(\)/);
    expect(res.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'; frame-ancestors 'none'/);
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("sends no HSTS from a local development Worker", async () => {
    expect((await call("GET", "/api/v2/whoami")).headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("request body limit", () => {
  it("refuses a JSON body above one mebibyte with a translated 413 before reading it", async () => {
    const user = await createUser();
    const res = await call("POST", "/api/v1/auth", {
      headers: { "Accept-Language": "en" },
      raw: JSON.stringify({ email: user.email, password: user.password, pad: "x".repeat(JSON_BODY_MAX_BYTES) }),
    });
    expectProblem(res, 413, "body_too_large", "en");
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  it("refuses an oversized body sent without Content-Length, counting as it streams", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > JSON_BODY_MAX_BYTES) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const res = await fetchRaw("/api/v1/respas", { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body });
    expect(res.headers.get("Content-Length")).not.toBe("0");
    const json = (await res.json()) as { code: string };
    expect({ status: res.status, code: json.code }).toEqual({ status: 413, code: "body_too_large" });
  });

  it("lets an ordinary body through", async () => {
    expect((await call("POST", "/api/v1/respas", { body: { email: uniqueEmail("limit") } })).status).toBe(200);
  });

  it("leaves room for uploads up to their own limits", async () => {
    const user = await signedIn();
    const form = new FormData();
    form.append("avatar", new File([new Uint8Array(JSON_BODY_MAX_BYTES + 1024)], "big.png", { type: "image/png" }));
    const res = await call("PUT", "/api/v1/changingme", { cookie: user.cookie, form });
    // Past the global JSON limit, the avatar route itself judges the file.
    expect(res.json?.code).not.toBe("body_too_large");
    expect(res.status).toBe(400);
  });
});

describe("methods", () => {
  it.each([
    ["GET", "/api/v1/auth", "POST"],
    ["DELETE", "/api/v2/whoami", "GET, HEAD"],
    ["PATCH", "/api/v1/changingme", "PUT"],
    ["GET", "/api/v1/changepass", "PUT"],
    ["PUT", "/api/v1/respas", "POST"],
  ])("answers %s %s with 405 and Allow: %s", async (method, path, allow) => {
    const res = await call(method, path, method === "GET" ? { headers: { "Accept-Language": "de" } } : { bearer: "x", headers: { "Accept-Language": "de" }, body: {} });
    expectProblem(res, 405, "method_not_allowed", "de");
    expect(res.headers.get("Allow")).toBe(allow);
  });

  it("names every method of a path with parameters", async () => {
    const res = await call("DELETE", `/api/v1/project/${crypto.randomUUID()}/issue`, { bearer: "x" });
    expectProblem(res, 405, "method_not_allowed");
    expect(res.headers.get("Allow")).toBe("POST, PATCH");
  });

  it("still answers an unknown path with 404", async () => {
    expectProblem(await call("DELETE", "/api/v1/nothing-here", { bearer: "x" }), 404, "not_found");
  });
});

describe("language in the path", () => {
  it("is not an API concern: /api/en/... is an unknown API path", async () => {
    expectProblem(await call("GET", "/api/en/v2/whoami"), 404, "not_found");
  });
});
