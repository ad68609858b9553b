import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { getDb } from "../../workers/db/client";
import type { Env } from "../../workers/env";
import { linkMail, sendMail } from "../../workers/services/mailer";

const base = env as unknown as Env;
const url = inject("mailProviderUrl");
const deployed = (token = "test-mail-token"): Env => ({ ...base, MAIL_PROVIDER: "http", MAIL_HTTP_URL: `${url}/emails`, MAIL_HTTP_TOKEN: token });

describe("the deployed mailer", () => {
  it("posts the mail as JSON with the Bearer token to the HTTP provider", async () => {
    const mail = linkMail("ada@example.com", "Reset your password", ["Hello, <Ada>!"], { href: "https://app.example/pass/x", label: "Choose" });
    await sendMail(deployed(), getDb(base.DB), mail);
    const received = (await (await fetch(`${url}/received`)).json()) as Record<string, string>[];
    expect(received.at(-1)).toMatchObject({
      from: base.MAIL_FROM,
      to: "ada@example.com",
      subject: "Reset your password",
      contentType: "application/json",
    });
    expect(received.at(-1)!.html).toContain("Hello, &lt;Ada&gt;!");
    expect(received.at(-1)!.text).toContain("https://app.example/pass/x");
  });

  it("fails loudly when the provider refuses, instead of pretending the mail went out", async () => {
    await expect(sendMail(deployed("wrong-token"), getDb(base.DB), linkMail("b@example.com", "S", ["x"]))).rejects.toThrow(/401/);
  });

  it("refuses to run without its secrets", async () => {
    await expect(sendMail({ ...base, MAIL_PROVIDER: "http" }, getDb(base.DB), linkMail("c@example.com", "S", ["x"]))).rejects.toThrow(/MAIL_HTTP_URL/);
  });
});

describe("a request whose mail cannot be delivered", () => {
  it("still completes and answers as usual, the failure being logged", async () => {
    const { deliver } = await import("../../workers/services/mailer");
    expect(await deliver(deployed("wrong-token"), getDb(base.DB), linkMail("d@example.com", "S", ["x"]))).toBe(false);
    expect(await deliver(deployed(), getDb(base.DB), linkMail("d@example.com", "S", ["x"]))).toBe(true);
  });
});
