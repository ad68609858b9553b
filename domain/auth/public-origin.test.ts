import { describe, expect, it } from "vitest";
import { publicOrigin } from "./public-origin";

describe("publicOrigin", () => {
  it("uses APP_ORIGIN, whatever host the request names", () => {
    expect(publicOrigin({ APP_ORIGIN: "https://plan.example.com/", APP_ENV: "production" }, "https://evil.example/api")).toEqual({
      ok: true,
      origin: "https://plan.example.com",
    });
    expect(publicOrigin({ APP_ORIGIN: "http://localhost:8787", APP_ENV: "development" }, "http://evil.example/api")).toEqual({
      ok: true,
      origin: "http://localhost:8787",
    });
  });

  it("falls back to the request's origin only in development", () => {
    expect(publicOrigin({ APP_ENV: "development" }, "http://localhost:5173/api/v1/respas")).toEqual({ ok: true, origin: "http://localhost:5173" });
    expect(publicOrigin({ APP_ENV: "production" }, "https://evil.example/api")).toEqual({ ok: false, reason: "app_origin_missing" });
    expect(publicOrigin({ APP_ORIGIN: "", APP_ENV: "staging" }, "https://evil.example/api")).toEqual({ ok: false, reason: "app_origin_missing" });
  });

  it.each(["not a url", "javascript:alert(1)", "ftp://plan.example.com"])("refuses an unusable APP_ORIGIN %j instead of guessing", (value) => {
    expect(publicOrigin({ APP_ORIGIN: value, APP_ENV: "development" }, "http://localhost/api")).toEqual({ ok: false, reason: "app_origin_missing" });
  });
});
