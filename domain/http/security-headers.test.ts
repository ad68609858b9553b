import { describe, expect, it } from "vitest";
import { API_CONTENT_SECURITY_POLICY, baseSecurityHeaders, contentSecurityPolicy, newNonce, permissionsPolicyFor } from "./security-headers";

const directives = (policy: string) => Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

describe("contentSecurityPolicy", () => {
  const csp = directives(contentSecurityPolicy({ nonce: "abc123==", origin: "https://plan.example" }));

  it("allows inline scripts only with the request's nonce", () => {
    expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc123=='"]);
  });

  it("lets sockets reach this origin over wss and nothing else", () => {
    expect(csp["connect-src"]).toEqual(["'self'", "wss://plan.example"]);
  });

  it("uses ws for a local http origin", () => {
    expect(directives(contentSecurityPolicy({ nonce: "n", origin: "http://localhost:8787" }))["connect-src"]).toEqual(["'self'", "ws://localhost:8787"]);
  });

  it("forbids framing, plugins and a foreign base URL", () => {
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'none'"]);
  });

  it("never allows eval", () => {
    expect(contentSecurityPolicy({ nonce: "n", origin: "https://a.example" })).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy({ nonce: "n", origin: "https://a.example", viteDevServer: true })).not.toContain("unsafe-eval");
  });

  it("lets Vite's dev server run its nonce-less inline scripts, and only there", () => {
    const dev = directives(contentSecurityPolicy({ nonce: "n", origin: "http://localhost:5173", viteDevServer: true }));
    expect(dev["script-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
  });
});

describe("API_CONTENT_SECURITY_POLICY", () => {
  it("allows an API answer to load nothing", () => {
    expect(directives(API_CONTENT_SECURITY_POLICY)["default-src"]).toEqual(["'none'"]);
  });
});

describe("baseSecurityHeaders", () => {
  it("sends HSTS from a deployed Worker", () => {
    expect(baseSecurityHeaders(true)["Strict-Transport-Security"]).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  });

  it("sends no HSTS in local development", () => {
    expect(baseSecurityHeaders(false)).not.toHaveProperty("Strict-Transport-Security");
  });

  it("denies camera and microphone everywhere", () => {
    expect(baseSecurityHeaders(true)["Permissions-Policy"]).toMatch(/camera=\(\)/);
    expect(baseSecurityHeaders(true)["Permissions-Policy"]).toMatch(/microphone=\(\)/);
  });

  it("allows camera, microphone and screen sharing for this origin only on meeting pages", () => {
    for (const path of ["/meeting/abc", "/project/p1/room/poker/r1", "/project/p1/room/retro/r1/"]) {
      expect(permissionsPolicyFor(path), path).toBe("camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), display-capture=(self)");
    }
    for (const path of ["/", "/project/p1", "/project/p1/rooms", "/meeting", "/project/p1/create-meeting", "/api/meeting/rooms"]) {
      expect(permissionsPolicyFor(path), path).toMatch(/camera=\(\), microphone=\(\).*display-capture=\(\)/);
    }
  });

  it("isolates the browsing context and forbids sniffing", () => {
    expect(baseSecurityHeaders(false)).toMatchObject({ "Cross-Origin-Opener-Policy": "same-origin", "X-Content-Type-Options": "nosniff" });
  });
});

describe("newNonce", () => {
  it("draws 128 fresh bits each time", () => {
    const a = newNonce();
    expect(atob(a)).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });
});
