import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  changePasswordBody,
  changingMeBody,
  email,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  quickStartBody,
} from "./schemas";

/** The first issue's message and path, or undefined when the input is valid. */
function firstIssue(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return { message: issue?.message, path: issue?.path };
}

describe("email", () => {
  it("trims and lower-cases an address", () => {
    expect(email.parse("  Ada.Lovelace@Example.COM \n")).toBe("ada.lovelace@example.com");
  });

  it.each(["not-an-email", "ada@", "@example.com", "ada@example", "ada lovelace@example.com"])(
    "rejects %s as email_invalid",
    (value) => {
      expect(firstIssue(email, value)?.message).toBe("email_invalid");
    },
  );

  it("rejects an address longer than 254 characters as email_invalid", () => {
    expect(firstIssue(email, `${"a".repeat(64)}@${"b".repeat(190)}.com`)?.message).toBe("email_invalid");
  });

  it("asks for an address when it is blank", () => {
    expect(firstIssue(email, "   ")?.message).toBe("email_required");
  });

  it("asks for an address when it is not a string", () => {
    expect(firstIssue(email, undefined)?.message).toBe("email_required");
  });
});

describe("changePasswordBody", () => {
  const body = (newpass: string, repeatnewpass = newpass) => ({ oldpass: "old-secret", newpass, repeatnewpass });

  it("accepts a new password of exactly the minimum length", () => {
    expect(changePasswordBody.safeParse(body("a".repeat(PASSWORD_MIN_LENGTH))).success).toBe(true);
  });

  it("accepts a new password of exactly the maximum length", () => {
    expect(changePasswordBody.safeParse(body("a".repeat(PASSWORD_MAX_LENGTH))).success).toBe(true);
  });

  it("rejects a new password one character too short", () => {
    expect(firstIssue(changePasswordBody, body("a".repeat(PASSWORD_MIN_LENGTH - 1)))).toEqual({
      message: "password_too_short",
      path: ["newpass"],
    });
  });

  it("rejects a new password one character too long", () => {
    expect(firstIssue(changePasswordBody, body("a".repeat(PASSWORD_MAX_LENGTH + 1)))).toEqual({
      message: "password_too_long",
      path: ["newpass"],
    });
  });

  it("reports passwords_differ on repeatnewpass when the repetition does not match", () => {
    expect(firstIssue(changePasswordBody, body("correct-horse", "correct-h0rse"))).toEqual({
      message: "passwords_differ",
      path: ["repeatnewpass"],
    });
  });

  it("asks for the old password", () => {
    expect(firstIssue(changePasswordBody, { ...body("correct-horse"), oldpass: "" })).toEqual({
      message: "password_required",
      path: ["oldpass"],
    });
  });
});

describe("changingMeBody", () => {
  it("accepts a profile with a name and a colour", () => {
    expect(changingMeBody.parse({ name: " Ada ", color: "#4f46e5" })).toEqual({ name: "Ada", color: "#4f46e5" });
  });

  it("accepts a profile with a preset avatar or none", () => {
    expect(changingMeBody.safeParse({ name: "Ada", color: "#4f46e5", avatar: "fox" }).success).toBe(true);
    expect(changingMeBody.safeParse({ name: "Ada", color: "#4f46e5", avatar: null }).success).toBe(true);
  });

  it("accepts a tab on its own", () => {
    expect(changingMeBody.parse({ tab: "taskboard" })).toEqual({ tab: "taskboard" });
  });

  it("accepts a name with an e-mail and normalises the e-mail", () => {
    expect(changingMeBody.parse({ name: "Ada", email: " ADA@Example.com" })).toEqual({
      name: "Ada",
      email: "ada@example.com",
    });
  });

  it.each([
    ["a tab with a name", { tab: "taskboard", name: "Ada" }],
    ["a profile with an e-mail", { name: "Ada", color: "#4f46e5", email: "ada@example.com" }],
    ["a name and e-mail with a tab", { name: "Ada", email: "ada@example.com", tab: "taskboard" }],
    ["an unknown key on its own", { nickname: "ada" }],
    ["an unknown key beside a tab", { tab: "taskboard", admin: true }],
    ["an empty object", {}],
  ])("rejects %s", (_kind, input) => {
    expect(changingMeBody.safeParse(input).success).toBe(false);
  });

  it("rejects a colour outside the palette", () => {
    expect(changingMeBody.safeParse({ name: "Ada", color: "#000000" }).success).toBe(false);
  });

  it("rejects an avatar that is not a preset", () => {
    expect(changingMeBody.safeParse({ name: "Ada", color: "#4f46e5", avatar: "https://evil.test/a.png" }).success).toBe(
      false,
    );
  });
});

describe("quickStartBody", () => {
  const valid = { name: "Ada", email: "ada@example.com", company_size: "11-50" };

  it("accepts a listed company size", () => {
    expect(quickStartBody.parse(valid)).toEqual(valid);
  });

  it("rejects an unknown company size as company_size_invalid", () => {
    expect(firstIssue(quickStartBody, { ...valid, company_size: "5000" })).toEqual({
      message: "company_size_invalid",
      path: ["company_size"],
    });
  });
});
