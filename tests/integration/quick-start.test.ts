/** Quick start: POST /api/v1/qstart creates an account with its first project and mails a set-password link. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMPANY_SIZES, USER_COLORS } from "../../domain/auth/schemas";
import { participants, passwordTokens, projects } from "../../workers/db/schema";
import { SETUP_LINK_TTL_MS } from "../../workers/services/accounts";
import { call, sessionFrom } from "../fixtures/http";
import { appOrigin, lastPassUuid, mailsTo, passLinkIn } from "../fixtures/mail";
import { expectProblem } from "../fixtures/problems";
import { createUser, db, uniqueEmail, userByEmail } from "../fixtures/users";
import ruAuth from "../../public/locales/ru/auth.json";

const quickStart = (body: unknown) => call("POST", "/api/v1/qstart", { body });
const projectsOwnedBy = (userId: string) => db().select().from(projects).where(eq(projects.ownerId, userId)).all();

describe("POST /api/v1/qstart", () => {
  it("creates an account without a password, its first project with the user as root and a welcome mail", async () => {
    const email = uniqueEmail("starter");
    const res = await quickStart({ name: " Margaret ", email, company_size: "11-50" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ ok: true, detail: ruAuth.quickstart.sent });

    const [user, ...others] = await userByEmail(email);
    expect(others).toEqual([]);
    expect(user).toMatchObject({ name: "Margaret", passwordHash: null, companySize: "11-50", licenseType: "free" });
    expect(USER_COLORS).toContain(user!.color);

    const [project, ...moreProjects] = await projectsOwnedBy(user!.id);
    expect(moreProjects).toEqual([]);
    expect(project!.name).toBe(ruAuth.quickstart.firstProject);
    expect(user!.lastProject).toBe(project!.id);
    const members = await db().select().from(participants).where(eq(participants.projectId, project!.id)).all();
    expect(members).toEqual([expect.objectContaining({ userId: user!.id, root: true, write: true, read: true, isVerifications: true })]);

    const [mail, ...moreMail] = await mailsTo(email);
    expect(moreMail).toEqual([]);
    expect(mail!.subject).toBe(ruAuth.mail.welcome.subject);
    expect(mail!.text).toContain("Margaret");
    const link = passLinkIn(mail!)!;
    expect(link.href.startsWith(`${appOrigin()}/pass/`)).toBe(true);
    const [token] = await db().select().from(passwordTokens).where(eq(passwordTokens.userId, user!.id)).all();
    expect(token!.purpose).toBe("setup");
    expect(token!.expiresAt - Date.now()).toBeGreaterThan(SETUP_LINK_TTL_MS - 60_000);
  });

  it("lets the new user choose a password through the mailed link and land in their project", async () => {
    const email = uniqueEmail("starter");
    expect((await quickStart({ name: "Barbara", email, company_size: "1" })).status).toBe(200);
    const uuid = await lastPassUuid(email);
    const res = await call("POST", "/api/v1/respasgen", { body: { uuid, newpass: "my-first-password", repeatnewpass: "my-first-password" } });
    expect(res.status, res.text).toBe(200);
    const [user] = await userByEmail(email);
    const me = await call("GET", "/api/v2/whoami", { cookie: sessionFrom(res) });
    expect(me.json).toMatchObject({ guid: user!.id, email, name: "Barbara", lastproject: user!.lastProject });
    expect(me.json.lastproject).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call("POST", "/api/v1/auth", { body: { email, password: "my-first-password" } })).status).toBe(200);
  });

  it("stores the e-mail lower-cased", async () => {
    const email = uniqueEmail("starter");
    expect((await quickStart({ name: "C", email: email.toUpperCase(), company_size: "1000+" })).status).toBe(200);
    expect(await userByEmail(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("accepts every company size it offers", async () => {
    for (const company_size of COMPANY_SIZES) {
      expect((await quickStart({ name: "Sizer", email: uniqueEmail("size"), company_size })).status, company_size).toBe(200);
    }
  });

  it("answers an existing address like a new one and mails a reset link instead of creating anything", async () => {
    const existing = await createUser({ name: "Existing" });
    const fresh = await quickStart({ name: "Someone", email: uniqueEmail("fresh"), company_size: "2-10" });
    const taken = await quickStart({ name: "Someone", email: existing.email, company_size: "2-10" });
    expect(taken.status).toBe(fresh.status);
    expect(taken.text).toBe(fresh.text);

    expect(await userByEmail(existing.email)).toHaveLength(1);
    expect(await projectsOwnedBy(existing.id)).toEqual([]);
    const [mail, ...more] = await mailsTo(existing.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(ruAuth.mail.reset.subject);
    expect(mail!.text).toContain("Existing");
    expect(passLinkIn(mail!)).toBeDefined();
  });

  it("answers simultaneous quick starts for one address without a server error and creates one account", async () => {
    const email = uniqueEmail("double-click");
    const answers = await Promise.all([1, 2, 3].map(() => quickStart({ name: "Eager", email, company_size: "1" })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.text)).size).toBe(1);
    const accounts = await userByEmail(email);
    expect(accounts).toHaveLength(1);
    expect(await projectsOwnedBy(accounts[0]!.id)).toHaveLength(1);
  });

  it.each([
    ["an unknown company size", { name: "N", company_size: "huge" }, "company_size_invalid"],
    ["a company size as a number", { name: "N", company_size: 10 }, "company_size_invalid"],
    ["no company size", { name: "N" }, "company_size_invalid"],
    ["no name", { company_size: "1" }, "name_required"],
    ["a blank name", { name: "  ", company_size: "1" }, "name_required"],
    ["a name over 80 characters", { name: "n".repeat(81), company_size: "1" }, "name_too_long"],
  ] as const)("refuses %s, creates nothing and sends nothing", async (_, rest, code) => {
    const email = uniqueEmail("refused");
    expectProblem(await quickStart({ email, ...rest }), 400, code);
    expect(await userByEmail(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("refuses an invalid e-mail and a body that is not JSON", async () => {
    expectProblem(await quickStart({ name: "N", email: "nope", company_size: "1" }), 400, "email_invalid");
    expectProblem(await call("POST", "/api/v1/qstart", { raw: "name=N" }), 400, "body_invalid_json");
  });
});
