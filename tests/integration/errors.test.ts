/** The API's one error shape: translated into the caller's language, JSON for every path and method. */
import { describe, expect, it } from "vitest";
import { call } from "../fixtures/http";
import { ERRORS, expectProblem } from "../fixtures/problems";
import { signedIn } from "../fixtures/users";

/** Every code the account calls can answer with. */
const ACCOUNT_ERRORS = [
  "body_invalid", "body_invalid_json", "email_required", "email_invalid", "email_taken", "password_required",
  "password_too_short", "password_too_long", "passwords_differ", "password_unchanged", "old_password_wrong",
  "credentials_invalid", "name_required", "name_too_long", "color_invalid", "avatar_invalid", "avatar_type",
  "avatar_too_large", "tab_invalid", "company_size_invalid", "phone_invalid", "text_required", "text_too_long",
  "link_invalid", "rate_limited", "origin_forbidden", "unauthorized", "not_found", "method_not_allowed", "internal",
];

const badEmail = (options: Parameters<typeof call>[2] = {}) =>
  call("POST", "/api/v1/respas", { ...options, body: { email: "not-an-email" } });

describe("error translation", () => {
  it("answers in Russian by default", async () => {
    expectProblem(await badEmail(), 400, "email_invalid", "ru");
  });

  it.each(["en", "en-US,en;q=0.9", "fr-FR;q=0.9, en;q=0.8", "EN-gb"])("answers in English for Accept-Language: %s", async (header) => {
    expectProblem(await badEmail({ headers: { "Accept-Language": header } }), 400, "email_invalid", "en");
  });

  it("answers in English for the i18next=en cookie", async () => {
    expectProblem(await badEmail({ cookie: "i18next=en" }), 400, "email_invalid", "en");
  });

  it("prefers the i18next cookie to Accept-Language", async () => {
    expectProblem(await badEmail({ cookie: "theme=dark; i18next=de", headers: { "Accept-Language": "en" } }), 400, "email_invalid", "de");
  });

  it("prefers ?lng= to the cookie", async () => {
    const res = await call("POST", "/api/v1/respas?lng=es", { cookie: "i18next=en", body: { email: "not-an-email" } });
    expectProblem(res, 400, "email_invalid", "es");
  });

  it("falls back to Russian for a language it does not speak", async () => {
    expectProblem(await badEmail({ headers: { "Accept-Language": "fr-FR, fr;q=0.9" }, cookie: "i18next=xx" }), 400, "email_invalid", "ru");
  });

  it("translates the messages of each field as well", async () => {
    const user = await signedIn();
    const res = await call("PUT", "/api/v1/changepass", {
      cookie: `${user.cookie}; i18next=en`,
      body: { oldpass: "x", newpass: "short", repeatnewpass: "other" },
    });
    expectProblem(res, 400, "password_too_short", "en");
    expect(res.json.fields).toEqual({ newpass: ERRORS.en.password_too_short, repeatnewpass: ERRORS.en.passwords_differ });
  });

  it("translates 401 and 404 answers too", async () => {
    expectProblem(await call("GET", "/api/v2/whoami", { headers: { "Accept-Language": "en" } }), 401, "unauthorized", "en");
    expectProblem(await call("GET", "/api/nope", { headers: { "Accept-Language": "de" } }), 404, "not_found", "de");
  });

  it("has every error of the account API in every language", () => {
    for (const [lng, messages] of Object.entries(ERRORS) as unknown as [string, Record<string, string>][]) {
      for (const code of ACCOUNT_ERRORS) expect(messages[code]?.trim(), `${lng}:${code}`).toBeTruthy();
    }
  });
});

describe("unknown paths and methods under /api", () => {
  it.each(["/api", "/api/", "/api/nope", "/api/v1", "/api/v1/auth/extra", "/api/v3/whoami", "/api/v1/avatar", "/api/%E0%A4%A"])(
    "answers GET %s with 404 JSON",
    async (path) => {
      const res = await call("GET", path);
      expectProblem(res, 404, "not_found");
      expect(res.text).not.toMatch(/<html/i);
    },
  );

  it.each([
    ["GET", "/api/v1/auth"],
    ["GET", "/api/v1/exit"],
    ["DELETE", "/api/v2/whoami"],
    ["POST", "/api/v2/whoami"],
    ["PATCH", "/api/v1/changingme"],
    ["GET", "/api/v1/changepass"],
    ["PUT", "/api/v1/respas"],
    ["DELETE", "/api/v1/feedback"],
  ])("answers %s %s with a 404 or 405 JSON problem, never HTML", async (method, path) => {
    const res = await call(method, path, method === "GET" ? {} : { body: {} });
    expect([404, 405]).toContain(res.status);
    expectProblem(res, res.status, res.status === 404 ? "not_found" : "method_not_allowed");
    expect(res.text).not.toMatch(/<html/i);
  });

  it("answers API paths that look like legacy page URLs instead of redirecting them", async () => {
    const res = await call("POST", "/api/v1/planning", { body: {} });
    expectProblem(res, 404, "not_found");
    expect(res.headers.get("Location")).toBeNull();
  });
});
