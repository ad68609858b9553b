/** Feedback: POST /api/v1/feedback keeps the message and mails it to the team (the dialog and `/contacts`). */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedback } from "../../workers/db/schema";
import { hashClientIp } from "../../workers/services/feedback";
import { RATE_LIMITS } from "../../domain/rate-limit";
import { call } from "../fixtures/http";
import { mailsTo } from "../fixtures/mail";
import { expectProblem } from "../fixtures/problems";
import { db, signedIn, uniqueEmail } from "../fixtures/users";
import ruCommon from "../../public/locales/ru/common.json";

const FEEDBACK_TO = (env as unknown as { FEEDBACK_TO: string }).FEEDBACK_TO;
const feedbackFrom = (email: string) => db().select().from(feedback).where(eq(feedback.email, email)).all();
const teamMailAbout = async (marker: string) => (await mailsTo(FEEDBACK_TO)).filter((m) => m.text.includes(marker));

function message(overrides: Record<string, unknown> = {}) {
  const marker = crypto.randomUUID();
  return {
    marker,
    body: {
      name_sender: "Katherine",
      email: uniqueEmail("sender"),
      number_mobile: "+1 (555) 010-0200",
      text: "The roadmap is lovely",
      // Every refused variant still carries this page, so a stray mail would be found by it.
      page_send: `/project/${marker}/roadmap`,
      ...overrides,
    },
  };
}

describe("POST /api/v1/feedback", () => {
  it("stores the message and mails it to FEEDBACK_TO", async () => {
    const { marker, body } = message({ email: ` ${uniqueEmail("sender").toUpperCase()} ` });
    const email = body.email.trim().toLowerCase();
    const res = await call("POST", "/api/v1/feedback", { body });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ ok: true, detail: ruCommon.feedback.sent });

    expect(await feedbackFrom(email)).toEqual([
      expect.objectContaining({
        userId: null,
        nameSender: "Katherine",
        email,
        numberMobile: "+1 (555) 010-0200",
        text: body.text,
        pageSend: `/project/${marker}/roadmap`,
      }),
    ]);
    const [mail, ...more] = await teamMailAbout(marker);
    expect(more).toEqual([]);
    expect(FEEDBACK_TO).toBe("team@planning.local");
    expect(mail!.subject).toContain("Katherine");
    expect(mail!.text).toContain(email);
    expect(mail!.text).toContain("+1 (555) 010-0200");
    expect(mail!.text).toContain(body.text);
  });

  it("records who sent it when the sender is signed in", async () => {
    const user = await signedIn();
    const { body } = message({ email: user.email });
    expect((await call("POST", "/api/v1/feedback", { cookie: user.cookie, body })).status).toBe(200);
    expect((await feedbackFrom(user.email))[0]!.userId).toBe(user.id);
  });

  it("does without a phone number and a page", async () => {
    const { body } = message();
    const { number_mobile: _phone, page_send: _page, ...rest } = body;
    expect((await call("POST", "/api/v1/feedback", { body: rest })).status).toBe(200);
    expect(await feedbackFrom(body.email)).toEqual([expect.objectContaining({ numberMobile: "", pageSend: "" })]);
    expect((await mailsTo(FEEDBACK_TO)).filter((m) => m.text.includes(body.email))).toHaveLength(1);
  });

  it("escapes markup in the mailed HTML", async () => {
    const { marker, body } = message({ text: "<img src=x onerror=alert(1)>" });
    expect((await call("POST", "/api/v1/feedback", { body })).status).toBe(200);
    const [mail] = await teamMailAbout(marker);
    expect(mail!.html).not.toContain("<img");
    expect(mail!.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it.each([
    ["no text", { text: undefined }, "text_required"],
    ["a blank text", { text: "   " }, "text_required"],
    ["a text over 5000 characters", { text: "t".repeat(5001) }, "text_too_long"],
    ["a phone number with letters", { number_mobile: "call me maybe" }, "phone_invalid"],
    ["a phone number over 32 characters", { number_mobile: "1".repeat(33) }, "phone_invalid"],
    ["an invalid e-mail", { email: "katherine-at-nasa" }, "email_invalid"],
    ["no e-mail", { email: undefined }, "email_required"],
    ["a blank name", { name_sender: " " }, "name_required"],
    ["a name over 80 characters", { name_sender: "n".repeat(81) }, "name_too_long"],
  ] as const)("refuses %s and neither stores nor mails anything", async (_, overrides, code) => {
    const { marker, body } = message(overrides);
    expectProblem(await call("POST", "/api/v1/feedback", { body }), 400, code);
    if (typeof body.email === "string") expect(await feedbackFrom(body.email)).toEqual([]);
    expect(await teamMailAbout(marker)).toEqual([]);
  });

  it("keeps the sender's address only as a hash", async () => {
    const { body } = message();
    expect((await call("POST", "/api/v1/feedback", { body, ip: "203.0.113.7" })).status).toBe(200);
    const [row] = await feedbackFrom(body.email);
    expect(row!.clientIpHash).toBe(await hashClientIp("203.0.113.7"));
    expect(row!.clientIpHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("203.0.113.7");
  });

  it("answers a message that filled the hidden honeypot field as sent, and neither stores nor mails it", async () => {
    const { marker, body } = message({ website: "http://cheap-pills.example" });
    const res = await call("POST", "/api/v1/feedback", { body });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ ok: true, detail: ruCommon.feedback.sent });
    expect(await feedbackFrom(body.email)).toEqual([]);
    expect(await teamMailAbout(marker)).toEqual([]);
  });

  it("accepts an empty honeypot field, as the contact form sends it", async () => {
    const { body } = message({ website: "", page_send: "/contacts" });
    expect((await call("POST", "/api/v1/feedback", { body })).status).toBe(200);
    expect(await feedbackFrom(body.email)).toEqual([expect.objectContaining({ pageSend: "/contacts" })]);
  });

  it("refuses the eleventh message within an hour from one client, and stores nothing for it", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < RATE_LIMITS.feedbackIp.limit; i++) {
      expect((await call("POST", "/api/v1/feedback", { body: message().body, ip })).status).toBe(200);
    }
    const { marker, body } = message();
    const refused = await call("POST", "/api/v1/feedback", { body, ip });
    expectProblem(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await feedbackFrom(body.email)).toEqual([]);
    expect(await teamMailAbout(marker)).toEqual([]);
    // Another client is not held back, and neither is a password reset from the same one.
    expect((await call("POST", "/api/v1/feedback", { body: message().body })).status).toBe(200);
    expect((await call("POST", "/api/v1/respas", { body: { email: uniqueEmail("reset") }, ip })).status).toBe(200);
  });

  it("refuses a body that is not JSON", async () => {
    expectProblem(await call("POST", "/api/v1/feedback", { raw: "text=hello" }), 400, "body_invalid_json");
  });
});
