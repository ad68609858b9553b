import { describe, expect, it } from "vitest";
import { call, sessionFrom } from "../fixtures/http";
import { createUser, signedIn, uniqueEmail } from "../fixtures/users";

describe("POST /api/v1/auth", () => {
  it("signs in with a lower-cased e-mail and sets a hardened session cookie", async () => {
    const user = await createUser({ email: uniqueEmail("Mixed") .toLowerCase() });
    const res = await call("POST", "/api/v1/auth", { body: { email: user.email.toUpperCase(), password: user.password } });
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe(user.email);
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await call("GET", "/api/v2/whoami", { cookie: sessionFrom(res) });
    expect(me.status).toBe(200);
    expect(me.json.guid).toBe(user.id);
  });
});
