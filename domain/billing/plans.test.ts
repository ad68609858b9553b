import { describe, expect, it } from "vitest";
import { addPeriod, GRACE_MS, licenceExpiry, licencePhase, periodEnding, renewalKey, settle } from "./plans";
import { donateBody } from "./schemas";

const at = (iso: string) => Date.parse(iso);

describe("settling a payment from provider reports", () => {
  it("never downgrades a paid payment by a late pending or failure", () => {
    expect(settle("paid", "pending")).toBeNull();
    expect(settle("paid", "failed")).toBeNull();
    expect(settle("paid", "declined")).toBeNull();
  });
  it("refunds only a paid payment, and a refund is final", () => {
    expect(settle("paid", "refunded")).toBe("refunded");
    expect(settle("pending", "refunded")).toBeNull();
    expect(settle("refunded", "paid")).toBeNull();
  });
  it("lets a late paid report win over a failure: the money was taken", () => {
    expect(settle("failed", "paid")).toBe("paid");
    expect(settle("declined", "paid")).toBe("paid");
  });
  it("ignores a repeat of the current status", () => {
    expect(settle("pending", "pending")).toBeNull();
    expect(settle("pending", "paid")).toBe("paid");
  });
});

describe("licence periods", () => {
  it("adds a month keeping the day, clamped at the month's end", () => {
    expect(addPeriod(at("2026-01-31T10:00:00Z"), "month")).toBe(at("2026-02-28T10:00:00Z"));
    expect(addPeriod(at("2026-03-15T00:00:00Z"), "month")).toBe(at("2026-04-15T00:00:00Z"));
    expect(addPeriod(at("2026-03-15T00:00:00Z"), "year")).toBe(at("2027-03-15T00:00:00Z"));
  });
  it("adds to the time left of the same plan and starts an upgrade now", () => {
    const now = at("2026-05-01T00:00:00Z");
    const current = { typeLicense: "team", expiresAt: at("2026-05-20T00:00:00Z") };
    expect(licenceExpiry(current, "team", "month", now)).toBe(at("2026-06-20T00:00:00Z"));
    expect(licenceExpiry(current, "business", "month", now)).toBe(at("2026-06-01T00:00:00Z"));
    expect(licenceExpiry({ ...current, expiresAt: at("2026-04-01T00:00:00Z") }, "team", "month", now)).toBe(at("2026-06-01T00:00:00Z"));
  });
  it("continues from the end of the time paid when the same plan is paid during its grace period", () => {
    const current = { typeLicense: "team", expiresAt: at("2026-04-28T00:00:00Z") };
    expect(licenceExpiry(current, "team", "month", at("2026-05-01T00:00:00Z"))).toBe(at("2026-05-28T00:00:00Z"));
    expect(licenceExpiry(current, "business", "month", at("2026-05-01T00:00:00Z"))).toBe(at("2026-06-01T00:00:00Z"));
  });
  it("keeps a licence in grace for seven days after its end, then ends it", () => {
    const end = at("2026-05-01T00:00:00Z");
    expect(GRACE_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect([licencePhase(end, end - 1), licencePhase(end, end), licencePhase(end, end + GRACE_MS - 1), licencePhase(end, end + GRACE_MS)]).toEqual(["active", "grace", "grace", "ended"]);
  });
  it("names a renewal try by user, period and attempt, and a period's end by the plan that follows", () => {
    expect(renewalKey("u1", 1000, 0)).toBe(renewalKey("u1", 1000, 0));
    expect(new Set([renewalKey("u1", 1000, 0), renewalKey("u1", 1000, 1), renewalKey("u1", 2000, 0), renewalKey("u2", 1000, 0)]).size).toBe(4);
    expect([periodEnding({ typeLicense: "team" }, { typeLicense: "team" }), periodEnding({ typeLicense: "team" }, { typeLicense: "business" })]).toEqual(["renewed", "replaced"]);
  });
});

describe("donation bodies", () => {
  it("refuses an amount outside the bounds with a translated key", () => {
    const r = donateBody.safeParse({ amount: 50 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("donation_amount_invalid");
    expect(donateBody.parse({ amount: 500 })).toMatchObject({ amount: 500, currency: "eur", message: "" });
  });
});
