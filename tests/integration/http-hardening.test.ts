/**
 * HTTP hardening: sign-in throttling that cannot be turned into a lockout, redirects that stay
 * on this site, security headers, body limits and 405s.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS, SIGN_IN_BACKOFF, SIGN_IN_CEILING } from "../../domain/rate-limit";
import { call, fetchRaw, ORIGIN } from "../fixtures/http";
import { expectProblem } from "../fixtures/problems";
import { createUser, sessionsOf, uniqueEmail } from "../fixtures/users";

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

describe("sign-in throttling", () => {
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
