/** Passwords: changing one (PUT /v1/changepass), asking for a link (POST /v1/respas) and using it (POST /v1/respasgen). */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordTokens } from "../../workers/db/schema";
import { sha256Hex } from "../../workers/services/ids";
import { call, sessionFrom } from "../fixtures/http";
import { appOrigin, lastPassUuid, mailsTo, passLinkIn } from "../fixtures/mail";
import { expectProblem } from "../fixtures/problems";
import { createUser, db, signedIn, startSession, uniqueEmail, userRow } from "../fixtures/users";
import ruAuth from "../../public/locales/ru/auth.json";

const NEW_PASSWORD = "brand-new-secret-2";
const signIn = (email: string, password: string) => call("POST", "/api/v1/auth", { body: { email, password } });
const whoami = (session: { cookie: string }) => call("GET", "/api/v2/whoami", { cookie: session.cookie });

describe("PUT /api/v1/changepass", () => {
  const changePass = (user: { cookie: string }, body: unknown) => call("PUT", "/api/v1/changepass", { cookie: user.cookie, body });

  it("replaces the password and revokes the other sessions while the current one keeps working", async () => {
    const user = await signedIn();
    const other = await startSession(user.id);
    const res = await changePass(user, { oldpass: user.password, newpass: NEW_PASSWORD, repeatnewpass: NEW_PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ ok: true });

    expect((await whoami(user)).status).toBe(200);
    expectProblem(await whoami(other), 401, "unauthorized");
    expectProblem(await signIn(user.email, user.password), 400, "credentials_invalid");
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("keeps the Bearer session that made the change", async () => {
    const user = await signedIn();
    const other = await startSession(user.id);
    const res = await call("PUT", "/api/v1/changepass", {
      bearer: user.token,
      origin: null,
      body: { oldpass: user.password, newpass: NEW_PASSWORD, repeatnewpass: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await call("GET", "/api/v2/whoami", { bearer: user.token })).status).toBe(200);
    expect((await call("GET", "/api/v2/whoami", { bearer: other.token })).status).toBe(401);
  });

  it("refuses a wrong current password, names the field and keeps every session", async () => {
    const user = await signedIn();
    const other = await startSession(user.id);
    const before = await userRow(user.id);
    const res = await changePass(user, { oldpass: "not-my-password", newpass: NEW_PASSWORD, repeatnewpass: NEW_PASSWORD });
    expectProblem(res, 400, "old_password_wrong");
    expect(res.json.fields).toEqual({ oldpass: "Неверный текущий пароль." });
    expect(await userRow(user.id)).toEqual(before);
    expect((await whoami(other)).status).toBe(200);
  });

  it.each([
    ["new passwords that differ", { newpass: NEW_PASSWORD, repeatnewpass: `${NEW_PASSWORD}x` }, "passwords_differ"],
    ["a new password under 8 characters", { newpass: "short", repeatnewpass: "short" }, "password_too_short"],
    ["a new password over 128 characters", { newpass: "p".repeat(129), repeatnewpass: "p".repeat(129) }, "password_too_long"],
    ["no new password", { repeatnewpass: NEW_PASSWORD }, "password_required"],
    ["no repeated password", { newpass: NEW_PASSWORD }, "password_required"],
  ] as const)("refuses %s and changes nothing", async (_, rest, code) => {
    const user = await signedIn();
    const other = await startSession(user.id);
    const before = await userRow(user.id);
    expectProblem(await changePass(user, { oldpass: user.password, ...rest }), 400, code);
    expect(await userRow(user.id)).toEqual(before);
    expect((await whoami(other)).status).toBe(200);
  });

  it("refuses a missing current password", async () => {
    const user = await signedIn();
    expectProblem(await changePass(user, { newpass: NEW_PASSWORD, repeatnewpass: NEW_PASSWORD }), 400, "password_required");
  });

  it("refuses a new password equal to the current one", async () => {
    const user = await signedIn();
    const before = await userRow(user.id);
    const res = await changePass(user, { oldpass: user.password, newpass: user.password, repeatnewpass: user.password });
    expectProblem(res, 400, "password_unchanged");
    expect(await userRow(user.id)).toEqual(before);
  });

  it("refuses a body that is not JSON", async () => {
    const user = await signedIn();
    expectProblem(await call("PUT", "/api/v1/changepass", { cookie: user.cookie, raw: "oldpass=a&newpass=b" }), 400, "body_invalid_json");
  });

  it("answers 401 without a session", async () => {
    const res = await call("PUT", "/api/v1/changepass", { body: { oldpass: "a", newpass: NEW_PASSWORD, repeatnewpass: NEW_PASSWORD } });
    expectProblem(res, 401, "unauthorized");
  });
});

describe("POST /api/v1/respas", () => {
  const requestReset = (email: unknown) => call("POST", "/api/v1/respas", { body: { email } });

  it("answers an existing and an unknown address alike and mails a link only to the existing one", async () => {
    const user = await createUser({ name: "Linus" });
    const stranger = uniqueEmail("stranger");
    const known = await requestReset(user.email);
    const unknown = await requestReset(stranger);
    expect(known.status).toBe(200);
    expect(known.json).toEqual({ ok: true, detail: ruAuth.reset.sent });
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);

    expect(await mailsTo(stranger)).toEqual([]);
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(ruAuth.mail.reset.subject);
    expect(mail!.text).toContain("Linus");
    const link = passLinkIn(mail!);
    expect(link?.href).toMatch(new RegExp(`^${appOrigin()}/pass/[0-9a-f-]{36}$`));
    expect(mail!.html).toContain(link!.href);
  });

  it("finds the account whatever the case of the address", async () => {
    const user = await createUser();
    expect((await requestReset(` ${user.email.toUpperCase()} `)).status).toBe(200);
    expect(passLinkIn((await mailsTo(user.email))[0]!)).toBeDefined();
  });

  it("keeps only a hash of the link's uuid, valid for an hour", async () => {
    const user = await createUser();
    await requestReset(user.email);
    const uuid = await lastPassUuid(user.email);
    const rows = await db().select().from(passwordTokens).where(eq(passwordTokens.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(await sha256Hex(uuid));
    expect(JSON.stringify(rows)).not.toContain(uuid);
    expect(rows[0]!.purpose).toBe("reset");
    expect(rows[0]!.expiresAt - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(rows[0]!.expiresAt - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  it.each([
    ["no e-mail", {}, "email_required"],
    ["an invalid e-mail", { email: "nobody-at-example.com" }, "email_invalid"],
    ["an e-mail that is not a string", { email: ["a@example.com"] }, "email_required"],
  ] as const)("refuses %s with a translated 400", async (_, body, code) => {
    expectProblem(await call("POST", "/api/v1/respas", { body }), 400, code);
  });

  it("refuses a body that is not JSON and sends nothing", async () => {
    const user = await createUser();
    expectProblem(await call("POST", "/api/v1/respas", { raw: `{"email": "${user.email}"` }), 400, "body_invalid_json");
    expect(await mailsTo(user.email)).toEqual([]);
  });
});

describe("POST /api/v1/respasgen", () => {
  async function mailedLink(user: { email: string }) {
    expect((await call("POST", "/api/v1/respas", { body: { email: user.email } })).status).toBe(200);
    return lastPassUuid(user.email);
  }
  const usePassLink = (uuid: unknown, newpass = NEW_PASSWORD, repeatnewpass = newpass) =>
    call("POST", "/api/v1/respasgen", { body: { uuid, newpass, repeatnewpass } });

  it("sets the password from the mailed link and signs the user in", async () => {
    const user = await createUser();
    const res = await usePassLink(await mailedLink(user));
    expect(res.status, res.text).toBe(200);
    expect(res.json.user).toMatchObject({ guid: user.id, email: user.email });
    expect(res.headers.get("Set-Cookie")).toMatch(/^sid=[^;]+;.*HttpOnly.*Secure.*SameSite=Lax/);
    expect(sessionFrom(res)).toBe(`sid=${res.json.access_token}`);
    expect((await whoami({ cookie: sessionFrom(res) })).json.guid).toBe(user.id);

    expectProblem(await signIn(user.email, user.password), 400, "credentials_invalid");
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("accepts a link only once", async () => {
    const user = await createUser();
    const uuid = await mailedLink(user);
    expect((await usePassLink(uuid)).status).toBe(200);
    const after = await userRow(user.id);
    const again = await usePassLink(uuid, "another-password-3");
    expectProblem(again, 400, "link_invalid");
    expect(again.headers.get("Set-Cookie")).toBeNull();
    expect(await userRow(user.id)).toEqual(after);
  });

  it("lets only one of two simultaneous uses of a link set the password", async () => {
    const user = await createUser();
    const uuid = await mailedLink(user);
    const answers = await Promise.all([usePassLink(uuid, "first-password-1"), usePassLink(uuid, "second-password-2")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? "first-password-1" : "second-password-2";
    const loser = winner === "first-password-1" ? "second-password-2" : "first-password-1";
    expectProblem(await signIn(user.email, loser), 400, "credentials_invalid");
    expect((await signIn(user.email, winner)).status).toBe(200);
    // The winner's session survives the refused use.
    const winnerSession = answers.find((r) => r.status === 200)!;
    expect((await call("GET", "/api/v2/whoami", { bearer: winnerSession.json.access_token })).status).toBe(200);
  });

  it("revokes every other session of the user", async () => {
    const user = await createUser();
    const before = [await startSession(user.id), await startSession(user.id)];
    const res = await usePassLink(await mailedLink(user));
    expect(res.status).toBe(200);
    for (const session of before) expectProblem(await whoami(session), 401, "unauthorized");
    expect((await whoami({ cookie: sessionFrom(res) })).status).toBe(200);
  });

  it("refuses an expired link and leaves the password unchanged", async () => {
    const user = await createUser();
    const uuid = await mailedLink(user);
    await db()
      .update(passwordTokens)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(passwordTokens.tokenHash, await sha256Hex(uuid)));
    const before = await userRow(user.id);
    expectProblem(await usePassLink(uuid), 400, "link_invalid");
    expect(await userRow(user.id)).toEqual(before);
  });

  it.each([
    ["an unknown uuid", crypto.randomUUID()],
    ["a uuid in capitals", "8F14E45F-CEEA-467F-A0E6-6B8C1B1F2A3D"],
    ["a malformed uuid", "not-a-uuid"],
    ["a uuid with a path", "../../etc/passwd"],
    ["an empty uuid", ""],
    ["a number", 42],
  ])("refuses %s with link_invalid", async (_, uuid) => {
    expectProblem(await usePassLink(uuid), 400, "link_invalid");
  });

  it("keeps the link usable after a refused attempt with differing passwords", async () => {
    const user = await createUser();
    const uuid = await mailedLink(user);
    const before = await userRow(user.id);
    expectProblem(await usePassLink(uuid, NEW_PASSWORD, "something-else-1"), 400, "passwords_differ");
    expectProblem(await usePassLink(uuid, "short"), 400, "password_too_short");
    expect(await userRow(user.id)).toEqual(before);
    expect((await usePassLink(uuid)).status).toBe(200);
  });

  it("refuses a body without passwords or that is not JSON", async () => {
    expectProblem(await call("POST", "/api/v1/respasgen", { body: { uuid: crypto.randomUUID() } }), 400, "password_required");
    expectProblem(await call("POST", "/api/v1/respasgen", { raw: "uuid=1" }), 400, "body_invalid_json");
  });
});
