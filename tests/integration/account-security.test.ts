/**
 * Accounts and sessions under attack (issue 20): e-mail changes wait for the new address to be
 * confirmed, only confirmed addresses hold accounts and invitations, links in mails come from
 * APP_ORIGIN, sessions end after inactivity, and `email_taken` cannot be used to enumerate.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EMAIL_CHECK_LIMITS } from "../../domain/auth/email-change";
import { emailChanges, invites, mails, notifications, participants, sessions } from "../../workers/db/schema";
import worker from "../../workers/app";
import type { Env } from "../../workers/env";
import { sha256Hex } from "../../workers/services/ids";
import { ORIGIN, call, sessionFrom } from "../fixtures/http";
import { appOrigin, lastEmailLink, lastPassUuid, mailsTo } from "../fixtures/mail";
import { expectProblem } from "../fixtures/problems";
import { DEFAULT_PASSWORD, createUser, db, signedIn, startSession, uniqueEmail, userByEmail, userRow } from "../fixtures/users";

const DAY = 24 * 60 * 60_000;

const changeEmail = (user: { cookie: string }, email: string, password?: string, ip?: string) =>
  call("PUT", "/api/v1/changingme", { cookie: user.cookie, body: { name: "Mover", email, ...(password === undefined ? {} : { password }) }, ip });
const confirm = (user: { cookie: string }, uuid: string) => call("POST", "/api/v1/changingme/confirm", { cookie: user.cookie, body: { uuid } });

/** A project of `owner` with `email` invited as a member; answers the invitation's guid and link token. */
async function projectInviting(owner: { cookie: string }, email: string) {
  const { json: project } = await call("POST", "/api/v1/project", { cookie: owner.cookie, body: { name: "Secret plans" } });
  const sent = await call("POST", `/api/v1/project/${project.guid}/invite`, { cookie: owner.cookie, body: [{ email, value: "member" }] });
  expect(sent.status).toBe(201);
  const mail = (await mailsTo(email)).find((m) => m.text.includes("/invite/"))!;
  return { projectId: project.guid as string, inviteId: sent.json[0].guid as string, link: mail.text.match(/\/invite\/([A-Za-z0-9_-]+)/)![1]!, mail };
}

const membership = (projectId: string, userId: string) =>
  db().select().from(participants).where(and(eq(participants.projectId, projectId), eq(participants.userId, userId))).get();

/** Calls the Worker with some variables replaced, as another deployment would be configured. */
async function callWith(vars: Partial<Env>, path: string, init: RequestInit & { url?: string } = {}) {
  const ctx = createExecutionContext();
  const request = new Request(init.url ?? `${ORIGIN}${path}`, init) as Parameters<typeof worker.fetch>[0];
  const res = await worker.fetch(request, { ...(env as unknown as Env), ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, json: (await res.json().catch(() => undefined)) as any };
}

describe("changing the e-mail address", () => {
  it("refuses a new address without the current password and changes nothing", async () => {
    const user = await signedIn();
    const target = uniqueEmail("new");
    const before = await userRow(user.id);
    const res = await changeEmail(user, target);
    expectProblem(res, 400, "password_required");
    expect(res.json.fields).toHaveProperty("password");
    expect(await userRow(user.id)).toEqual(before);
    expect(await mailsTo(target)).toHaveLength(0);
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const user = await signedIn();
    const target = uniqueEmail("new");
    const before = await userRow(user.id);
    expectProblem(await changeEmail(user, target, "not-my-password"), 400, "old_password_wrong");
    expect(await userRow(user.id)).toEqual(before);
    expect(await mailsTo(target)).toHaveLength(0);
  });

  it("keeps the old address until the link mailed to the new one is followed, and tells the old address", async () => {
    const user = await signedIn();
    const target = uniqueEmail("new");
    const res = await changeEmail(user, target.toUpperCase(), DEFAULT_PASSWORD);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ email: user.email, name: "Mover", pending_email: target });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, name: "Mover" });
    expect((await call("GET", "/api/v2/whoami", { cookie: user.cookie })).json.email).toBe(user.email);

    const link = await lastEmailLink(target);
    expect(link?.href).toBe(`${appOrigin()}/email/${link!.uuid}`);
    const stored = await db().select().from(emailChanges).where(eq(emailChanges.userId, user.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(await sha256Hex(link!.uuid));
    expect(JSON.stringify(stored)).not.toContain(link!.uuid);

    const notice = (await mailsTo(user.email)).at(-1);
    expect(notice?.text).toContain(target);
    expect(notice?.text).not.toContain(link!.uuid);
  });

  it("changes the address once the same user follows the link, and only once", async () => {
    const user = await signedIn();
    const target = uniqueEmail("new");
    await changeEmail(user, target, DEFAULT_PASSWORD);
    const { uuid } = (await lastEmailLink(target))!;
    const res = await confirm(user, uuid);
    expect(res.status, res.text).toBe(200);
    expect(res.json.email).toBe(target);
    const row = await userRow(user.id);
    expect(row).toMatchObject({ email: target });
    expect(row!.emailConfirmedAt).toEqual(expect.any(Number));
    expectProblem(await confirm(user, uuid), 400, "link_invalid");
    // The new address signs in; the old one no longer does.
    expect((await call("POST", "/api/v1/auth", { body: { email: target, password: DEFAULT_PASSWORD } })).status).toBe(200);
    expectProblem(await call("POST", "/api/v1/auth", { body: { email: user.email, password: DEFAULT_PASSWORD } }), 400, "credentials_invalid");
  });

  it("keeps only the newest request: an older link stops working", async () => {
    const user = await signedIn();
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    await changeEmail(user, first, DEFAULT_PASSWORD);
    await changeEmail(user, second, DEFAULT_PASSWORD);
    expectProblem(await confirm(user, (await lastEmailLink(first))!.uuid), 400, "link_invalid");
    expect((await confirm(user, (await lastEmailLink(second))!.uuid)).json.email).toBe(second);
  });

  it("refuses an expired link", async () => {
    const user = await signedIn();
    const target = uniqueEmail("late");
    await changeEmail(user, target, DEFAULT_PASSWORD);
    await db().update(emailChanges).set({ expiresAt: Date.now() - 1000 }).where(eq(emailChanges.userId, user.id));
    expectProblem(await confirm(user, (await lastEmailLink(target))!.uuid), 400, "link_invalid");
    expect((await userRow(user.id))!.email).toBe(user.email);
  });

  it("drops a pending change when the password is changed", async () => {
    const user = await signedIn();
    const target = uniqueEmail("dropped");
    await changeEmail(user, target, DEFAULT_PASSWORD);
    const changed = await call("PUT", "/api/v1/changepass", {
      cookie: user.cookie,
      body: { oldpass: DEFAULT_PASSWORD, newpass: "another-pass-2", repeatnewpass: "another-pass-2" },
    });
    expect(changed.status).toBe(200);
    expectProblem(await confirm(user, (await lastEmailLink(target))!.uuid), 400, "link_invalid");
  });

  it("changes the name alone without a password or a mail", async () => {
    const user = await signedIn();
    const res = await call("PUT", "/api/v1/changingme", { cookie: user.cookie, body: { name: "Just a name", email: user.email } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Just a name", email: user.email, pending_email: null });
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("answers 409 email_taken for an address another account has confirmed", async () => {
    const user = await signedIn();
    const other = await createUser();
    const before = await userRow(user.id);
    expectProblem(await changeEmail(user, other.email, DEFAULT_PASSWORD), 409, "email_taken");
    expect(await userRow(user.id)).toEqual(before);
    expect(await mailsTo(other.email)).toHaveLength(0);
  });

  it("answers 401 to a confirmation without a session and 400 to a malformed link", async () => {
    const user = await signedIn();
    expectProblem(await call("POST", "/api/v1/changingme/confirm", { body: { uuid: crypto.randomUUID() } }), 401, "unauthorized");
    expectProblem(await confirm(user, "not-a-uuid"), 400, "link_invalid");
    expectProblem(await confirm(user, crypto.randomUUID()), 400, "link_invalid");
  });
});

describe("the invitation hijack", () => {
  it("gives an attacker who types the invitee's address neither the invitation nor the address", async () => {
    const owner = await signedIn();
    const attacker = await signedIn();
    const victim = uniqueEmail("victim");
    const { projectId, inviteId } = await projectInviting(owner, victim);

    expect((await changeEmail(attacker, victim, DEFAULT_PASSWORD)).status).toBe(200);
    expect((await userRow(attacker.id))!.email).toBe(attacker.email);
    expect((await call("GET", "/api/v1/project/invited", { cookie: attacker.cookie })).json).toEqual([]);
    expectProblem(await call("PUT", `/api/v1/project/invited/${inviteId}`, { cookie: attacker.cookie, body: { successfully: true } }), 404, "invite_not_found");
    expect(await membership(projectId, attacker.id)).toBeUndefined();
    expectProblem(await call("GET", `/api/v1/project/${projectId}`, { cookie: attacker.cookie }), 403, "project_forbidden");
    // The confirmation link went to the victim's mailbox; it is useless to anyone else signed in.
    const stolen = (await lastEmailLink(victim))!;
    const bystander = await signedIn();
    expectProblem(await confirm(bystander, stolen.uuid), 403, "email_link_other_account");
    expect((await db().select().from(invites).where(eq(invites.id, inviteId)).get())!.status).toBe("pending");
  });

  it("lets the victim register from the invitation although the attacker asked for the address", async () => {
    const owner = await signedIn();
    const attacker = await signedIn();
    const victim = uniqueEmail("victim");
    const { projectId, link } = await projectInviting(owner, victim);
    await changeEmail(attacker, victim, DEFAULT_PASSWORD);

    const res = await call("POST", `/api/v1/invite/${link}/register`, { body: { name: "Victim", newpass: "victims-pass-1", repeatnewpass: "victims-pass-1" } });
    expect(res.status, res.text).toBe(200);
    const me = await call("GET", "/api/v2/whoami", { cookie: sessionFrom(res) });
    expect(me.json.email).toBe(victim);
    expect((await membership(projectId, me.json.guid))?.write).toBe(true);
    // The attacker's pending claim on the address is now worthless.
    expectProblem(await confirm(attacker, (await lastEmailLink(victim))!.uuid), 409, "email_taken");
    expect((await userRow(attacker.id))!.email).toBe(attacker.email);
  });

  it("does not let an account that only typed the address block the owner's registration", async () => {
    const owner = await signedIn();
    const victim = uniqueEmail("victim");
    // Someone starts a workspace with the victim's address: an account that never confirmed it.
    const squatter = await call("POST", "/api/v1/qstart", { body: { name: "Squatter", email: victim, company_size: "1" } });
    expect(squatter.status).toBe(200);
    const setupLink = await lastPassUuid(victim);
    const [squatterRow] = await userByEmail(victim);
    const { projectId, link } = await projectInviting(owner, victim);

    const res = await call("POST", `/api/v1/invite/${link}/register`, { body: { name: "Owner of the box", newpass: "victims-pass-1", repeatnewpass: "victims-pass-1" } });
    expect(res.status, res.text).toBe(200);
    const me = await call("GET", "/api/v2/whoami", { cookie: sessionFrom(res) });
    expect(me.json).toMatchObject({ email: victim, name: "Owner of the box" });
    expect(await membership(projectId, me.json.guid)).toBeDefined();
    // The unconfirmed account lost the address and its mailed link died with it.
    expect((await userRow(squatterRow!.id))!.email).toBe(`released+${squatterRow!.id}@invalid`);
    expectProblem(await call("POST", "/api/v1/respasgen", { body: { uuid: setupLink, newpass: "squatter-pass-1", repeatnewpass: "squatter-pass-1" } }), 400, "link_invalid");
  });

  it("still refuses to register an address that an account has confirmed", async () => {
    const owner = await signedIn();
    const holder = await signedIn();
    const { link } = await projectInviting(owner, holder.email);
    expectProblem(await call("POST", `/api/v1/invite/${link}/register`, { body: { name: "X", newpass: "long-enough-1", repeatnewpass: "long-enough-1" } }), 409, "email_taken");
  });

  it("offers invitations only to the holder of a confirmed address", async () => {
    const owner = await signedIn();
    const typed = await createUser({ confirmed: false });
    const session = await startSession(typed.id);
    const { inviteId } = await projectInviting(owner, typed.email);
    expect((await call("GET", "/api/v1/project/invited", { cookie: session.cookie })).json).toEqual([]);
    expectProblem(await call("PUT", `/api/v1/project/invited/${inviteId}`, { cookie: session.cookie, body: { successfully: true } }), 404, "invite_not_found");
    expect(await db().select().from(notifications).where(eq(notifications.userId, typed.id)).all()).toEqual([]);
    // Clearing notifications does not decline what was sent to an address one has not confirmed.
    await call("DELETE", "/api/v1/my-notifications", { cookie: session.cookie });
    expect((await db().select().from(invites).where(eq(invites.id, inviteId)).get())!.status).toBe("pending");

    const confirmed = await signedIn();
    const second = await projectInviting(owner, confirmed.email);
    const offered = await call("GET", "/api/v1/project/invited", { cookie: confirmed.cookie });
    expect(offered.json.map((i: { guid: string }) => i.guid)).toEqual([second.inviteId]);
    expect((await db().select().from(notifications).where(eq(notifications.userId, confirmed.id)).all()).map((n) => n.kind)).toEqual(["invited"]);
  });

  it("confirms an address over an account that had only typed it", async () => {
    const typed = await createUser({ confirmed: false, password: null });
    const user = await signedIn();
    await changeEmail(user, typed.email, DEFAULT_PASSWORD);
    const res = await confirm(user, (await lastEmailLink(typed.email))!.uuid);
    expect(res.status, res.text).toBe(200);
    expect((await userRow(user.id))!.email).toBe(typed.email);
    expect((await userRow(typed.id))!.email).toBe(`released+${typed.id}@invalid`);
  });

  it("confirms the address of an account whose password is set from a mailed link", async () => {
    const started = uniqueEmail("starter");
    await call("POST", "/api/v1/qstart", { body: { name: "Starter", email: started, company_size: "1" } });
    const [row] = await db().select().from(mails).where(eq(mails.to, started)).all();
    expect(row).toBeDefined();
    const res = await call("POST", "/api/v1/respasgen", { body: { uuid: await lastPassUuid(started), newpass: "starter-pass-1", repeatnewpass: "starter-pass-1" } });
    expect(res.status).toBe(200);
    const me = await call("GET", "/api/v2/whoami", { cookie: sessionFrom(res) });
    expect((await userRow(me.json.guid))!.emailConfirmedAt).toEqual(expect.any(Number));
  });
});

describe("links in mails", () => {
  it("are built from APP_ORIGIN, not from the Host the request names", async () => {
    const user = await createUser();
    const evil = "http://evil.example";
    const res = await (exports as unknown as { default: Fetcher }).default.fetch(`${evil}/api/v1/respas`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: evil, "CF-Connecting-IP": "10.9.9.9" },
      body: JSON.stringify({ email: user.email }),
    });
    expect(res.status).toBe(200);
    const mail = (await mailsTo(user.email)).at(-1)!;
    expect(mail.text).toContain(`${appOrigin()}/pass/`);
    expect(mail.text + mail.html).not.toContain("evil.example");
  });

  it("uses APP_ORIGIN for invitations and e-mail confirmations", async () => {
    const owner = await signedIn();
    const invited = uniqueEmail("invited");
    const { mail } = await projectInviting(owner, invited);
    expect(mail.text).toContain(`${appOrigin()}/invite/`);
    const target = uniqueEmail("target");
    await changeEmail(owner, target, DEFAULT_PASSWORD);
    expect((await lastEmailLink(target))!.href.startsWith(`${appOrigin()}/email/`)).toBe(true);
  });

  it("are refused outside development when APP_ORIGIN is missing, and nothing is mailed", async () => {
    const user = await createUser();
    const res = await callWith({ APP_ORIGIN: undefined, APP_ENV: "production" }, "/api/v1/respas", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "10.9.9.8" },
      body: JSON.stringify({ email: user.email }),
    });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("app_origin_missing");
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("fall back to the request's origin in development when APP_ORIGIN is not set", async () => {
    const user = await createUser();
    await callWith({ APP_ORIGIN: undefined, APP_ENV: "development" }, "/api/v1/respas", {
      url: "http://localhost:5173/api/v1/respas",
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:5173", "CF-Connecting-IP": "10.9.9.7" },
      body: JSON.stringify({ email: user.email }),
    });
    expect((await mailsTo(user.email)).at(-1)!.text).toContain("http://localhost:5173/pass/");
  });
});

describe("sessions", () => {
  const lastSeen = async (token: string) =>
    (await db().select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(token))).get())?.lastSeenAt;
  const setLastSeen = async (token: string, at: number) =>
    db().update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, await sha256Hex(token)));

  it("end after 14 days without use", async () => {
    const user = await signedIn();
    await setLastSeen(user.token, Date.now() - 14 * DAY - 60_000);
    expectProblem(await call("GET", "/api/v2/whoami", { cookie: user.cookie }), 401, "unauthorized");
    expect(await lastSeen(user.token)).toBeUndefined();
  });

  it("stay alive with use, writing the last use back at most once an hour", async () => {
    const user = await signedIn();
    const stale = Date.now() - 13 * DAY;
    await setLastSeen(user.token, stale);
    expect((await call("GET", "/api/v2/whoami", { cookie: user.cookie })).status).toBe(200);
    const refreshed = (await lastSeen(user.token))!;
    expect(refreshed).toBeGreaterThan(Date.now() - 60_000);
    await setLastSeen(user.token, refreshed - 30 * 60_000);
    expect((await call("GET", "/api/v2/whoami", { bearer: user.token })).status).toBe(200);
    expect(await lastSeen(user.token)).toBe(refreshed - 30 * 60_000);
  });

  it("end at their absolute expiry however recently they were used", async () => {
    const user = await signedIn();
    await db().update(sessions).set({ expiresAt: Date.now() - 1000, lastSeenAt: Date.now() }).where(eq(sessions.tokenHash, await sha256Hex(user.token)));
    expectProblem(await call("GET", "/api/v2/whoami", { cookie: user.cookie }), 401, "unauthorized");
  });

  it("follow SESSION_IDLE_DAYS", async () => {
    const user = await signedIn();
    await setLastSeen(user.token, Date.now() - 2 * DAY);
    expect((await callWith({ SESSION_IDLE_DAYS: "3" }, "/api/v2/whoami", { headers: { Cookie: user.cookie } })).status).toBe(200);
    await setLastSeen(user.token, Date.now() - 2 * DAY);
    expect((await callWith({ SESSION_IDLE_DAYS: "1" }, "/api/v2/whoami", { headers: { Cookie: user.cookie } })).status).toBe(401);
  });

  it("other than the current one end when the password is changed or reset", async () => {
    const user = await signedIn();
    const other = await startSession(user.id);
    await call("PUT", "/api/v1/changepass", { cookie: user.cookie, body: { oldpass: DEFAULT_PASSWORD, newpass: "changed-pass-3", repeatnewpass: "changed-pass-3" } });
    expect((await call("GET", "/api/v2/whoami", { cookie: user.cookie })).status).toBe(200);
    expectProblem(await call("GET", "/api/v2/whoami", { cookie: other.cookie }), 401, "unauthorized");

    await call("POST", "/api/v1/respas", { body: { email: user.email } });
    const reset = await call("POST", "/api/v1/respasgen", { body: { uuid: await lastPassUuid(user.email), newpass: "reset-pass-4", repeatnewpass: "reset-pass-4" } });
    expect(reset.status).toBe(200);
    expectProblem(await call("GET", "/api/v2/whoami", { cookie: user.cookie }), 401, "unauthorized");
  });
});

describe("email_taken", () => {
  it("is answered at most a few times per account before 429", async () => {
    const prober = await signedIn();
    const targets = await Promise.all(Array.from({ length: EMAIL_CHECK_LIMITS.user.limit + 1 }, () => createUser()));
    const answers: number[] = [];
    for (const target of targets) answers.push((await changeEmail(prober, target.email, DEFAULT_PASSWORD)).status);
    expect(answers.slice(0, EMAIL_CHECK_LIMITS.user.limit)).toEqual(Array(EMAIL_CHECK_LIMITS.user.limit).fill(409));
    expect(answers.at(-1)).toBe(429);
  });

  it("is answered at most a few times per client IP, whichever accounts ask", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const probers = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const answers: number[] = [];
    for (let i = 0; i <= EMAIL_CHECK_LIMITS.ip.limit; i++) {
      const target = await createUser();
      answers.push((await changeEmail(probers[i % probers.length]!, target.email, DEFAULT_PASSWORD, ip)).status);
    }
    expect(answers.slice(0, EMAIL_CHECK_LIMITS.ip.limit).every((s) => s === 409)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it("counts wrong passwords too, so a stolen session cannot guess the password through it", async () => {
    const user = await signedIn();
    const answers: number[] = [];
    for (let i = 0; i <= EMAIL_CHECK_LIMITS.user.limit; i++) answers.push((await changeEmail(user, uniqueEmail("guess"), `guess-${i}-wrong`)).status);
    expect(answers.at(-1)).toBe(429);
  });
});
