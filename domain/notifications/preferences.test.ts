import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, deliveryFor, preferencesBody } from "./preferences";

describe("notification preferences", () => {
  it("shows everything in the app and mails assignments and mentions by default", () => {
    expect(deliveryFor(DEFAULT_PREFERENCES, "access_changed")).toEqual({ inApp: true, email: false });
    expect(deliveryFor(DEFAULT_PREFERENCES, "mentioned")).toEqual({ inApp: true, email: true });
  });
  it("mutes a kind the participant switched off", () => {
    expect(deliveryFor({ in_app: [], email: [] }, "assigned")).toEqual({ inApp: false, email: false });
  });
  it("always delivers invitations, removals and the Undo of a removal", () => {
    expect(deliveryFor({ in_app: [], email: [] }, "removed")).toEqual({ inApp: true, email: true });
    expect(deliveryFor({ in_app: [], email: [] }, "restored")).toEqual({ inApp: true, email: true });
    // The invitation mail is sent anyway; no second mail.
    expect(deliveryFor({ in_app: [], email: [] }, "invited")).toEqual({ inApp: true, email: false });
  });
  it("accepts only known kinds", () => {
    expect(preferencesBody.safeParse({ in_app: ["assigned"], email: [] }).success).toBe(true);
    expect(preferencesBody.safeParse({ in_app: ["spam"], email: [] }).error?.issues[0]?.message).toBe("notification_kind_invalid");
  });
});
