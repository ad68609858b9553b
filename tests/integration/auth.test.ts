/** Signing in and out and asking who is signed in: POST /v1/auth, POST /v1/exit, GET /v2/whoami. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../workers/db/schema";
import { call, sessionFrom } from "../fixtures/http";
import { expectProblem } from "../fixtures/problems";
import { createUser, db, expireSession, sessionsOf, signedIn, startSession, uniqueEmail } from "../fixtures/users";

describe("POST /api/v1/auth", () => {
  it("signs in with a lower-cased e-mail and sets a hardened session cookie", async () => {
    const user = await createUser({ email: uniqueEmail("mixed") });
    const res = await call("POST", "/api/v1/auth", { body: { email: `  ${user.email.toUpperCase()} `, password: user.password } });
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe(user.email);
    expect(res.json.user.guid).toBe(user.id);
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^sid=[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    const me = await call("GET", "/api/v2/whoami", { cookie: sessionFrom(res) });
    expect(me.status).toBe(200);
    expect(me.json.guid).toBe(user.id);
  });

  it("returns an access_token that works as a Bearer token", async () => {
    const user = await createUser();
    const res = await call("POST", "/api/v1/auth", { body: { email: user.email, password: user.password } });
    expect(res.status).toBe(200);
    expect(res.json.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(sessionFrom(res)).toBe(`sid=${res.json.access_token}`);
    const me = await call("GET", "/api/v2/whoami", { bearer: res.json.access_token });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(user.email);
  });

  it("answers a wrong password and an unknown e-mail with the same 400 and starts no session", async () => {
    const user = await createUser();
    const wrong = await call("POST", "/api/v1/auth", { body: { email: user.email, password: "not-the-password" } });
    const unknown = await call("POST", "/api/v1/auth", { body: { email: uniqueEmail("nobody"), password: "not-the-password" } });
    expectProblem(wrong, 400, "credentials_invalid");
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.text).toBe(wrong.text);
    expect(wrong.headers.get("Set-Cookie")).toBeNull();
    expect(unknown.headers.get("Set-Cookie")).toBeNull();
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("refuses an account that has not chosen a password yet", async () => {
    const user = await createUser({ password: null });
    const res = await call("POST", "/api/v1/auth", { body: { email: user.email, password: "anything-at-all" } });
    expectProblem(res, 400, "credentials_invalid");
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("rejects a body that is not JSON with a translated 400", async () => {
    const res = await call("POST", "/api/v1/auth", { raw: '{"email": "a@example.com", "password": ' });
    expectProblem(res, 400, "body_invalid_json");
  });

  it.each([
    ["no e-mail", { password: "correct-horse-1" }, "email_required"],
    ["an empty e-mail", { email: "  ", password: "correct-horse-1" }, "email_required"],
    ["an e-mail that is not one", { email: "not-an-email", password: "correct-horse-1" }, "email_invalid"],
    ["an e-mail that is a number", { email: 42, password: "correct-horse-1" }, "email_required"],
    ["no password", { email: "someone@example.com" }, "password_required"],
    ["an empty password", { email: "someone@example.com", password: "" }, "password_required"],
    ["a password over 128 characters", { email: "someone@example.com", password: "x".repeat(129) }, "password_too_long"],
  ] as const)("rejects %s with a translated 400", async (_, body, code) => {
    const res = await call("POST", "/api/v1/auth", { body });
    expectProblem(res, 400, code);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it.each([
    ["an array", "[]"],
    ["null", "null"],
    ["a string", '"hello"'],
  ])("rejects %s as the body with a translated 400", async (_, raw) => {
    const res = await call("POST", "/api/v1/auth", { raw });
    expectProblem(res, 400, "body_invalid");
  });
});

describe("POST /api/v1/exit", () => {
  it("revokes the session so whoami answers 401 afterwards", async () => {
    const user = await signedIn();
    const res = await call("POST", "/api/v1/exit", { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(res.headers.get("Set-Cookie")).toMatch(/^sid=;.*Max-Age=0/);
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expectProblem(await call("GET", "/api/v2/whoami", { cookie: user.cookie }), 401, "unauthorized");
  });

  it("ends only the session it is called with", async () => {
    const user = await signedIn();
    const other = await startSession(user.id);
    expect((await call("POST", "/api/v1/exit", { bearer: user.token })).status).toBe(200);
    expect((await call("GET", "/api/v2/whoami", { bearer: user.token })).status).toBe(401);
    expect((await call("GET", "/api/v2/whoami", { cookie: other.cookie })).status).toBe(200);
  });

  it("answers 401 without a session", async () => {
    expectProblem(await call("POST", "/api/v1/exit"), 401, "unauthorized");
  });

  it("answers 401 to a session that has already ended", async () => {
    const user = await signedIn();
    expect((await call("POST", "/api/v1/exit", { cookie: user.cookie })).status).toBe(200);
    expectProblem(await call("POST", "/api/v1/exit", { cookie: user.cookie }), 401, "unauthorized");
  });
});

describe("GET /api/v2/whoami", () => {
  it("describes the signed-in user", async () => {
    const user = await signedIn({ name: "Ada Lovelace" });
    const project = crypto.randomUUID();
    await db().update(users).set({ color: "#10b981", avatar: "owl", tab: "board", lastProject: project }).where(eq(users.id, user.id));
    const res = await call("GET", "/api/v2/whoami", { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      guid: user.id,
      name: "Ada Lovelace",
      email: user.email,
      color: "#10b981",
      avatar: "owl",
      tab: "board",
      lastproject: project,
      license: { type_license: "free" },
    });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers the same for the Bearer token as for the cookie", async () => {
    const user = await signedIn();
    const byCookie = await call("GET", "/api/v2/whoami", { cookie: user.cookie });
    const byBearer = await call("GET", "/api/v2/whoami", { bearer: user.token });
    expect(byBearer.status).toBe(200);
    expect(byBearer.json).toEqual(byCookie.json);
  });

  it.each([
    ["no token", {}],
    ["a made-up Bearer token", { bearer: "not-a-real-token" }],
    ["a made-up cookie", { cookie: "sid=not-a-real-token" }],
    ["an overlong token", { bearer: "x".repeat(5000) }],
    ["a cookie that is not valid percent-encoding", { cookie: "sid=%E0%A4%A" }],
    ["an empty Authorization header", { headers: { Authorization: "Bearer " } }],
  ])("answers 401 to %s", async (_, options) => {
    expectProblem(await call("GET", "/api/v2/whoami", options), 401, "unauthorized");
  });

  it("answers 401 to an expired session", async () => {
    const user = await signedIn();
    await expireSession(user.token);
    expectProblem(await call("GET", "/api/v2/whoami", { cookie: user.cookie }), 401, "unauthorized");
    expectProblem(await call("GET", "/api/v2/whoami", { bearer: user.token }), 401, "unauthorized");
  });

  it("answers 401 once the account is deleted", async () => {
    const user = await signedIn();
    await db().delete(users).where(eq(users.id, user.id));
    expectProblem(await call("GET", "/api/v2/whoami", { bearer: user.token }), 401, "unauthorized");
  });
});
