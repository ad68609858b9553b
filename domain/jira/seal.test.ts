import { describe, expect, it } from "vitest";
import { sealToken, sealingKey, unsealToken } from "./seal";

describe("sealed Jira tokens", () => {
  it("unseal for the same user and kind only", async () => {
    const key = await sealingKey("secret-one");
    const sealed = await sealToken(key, "user-a", "refresh", "atlassian-refresh-token");
    expect(sealed).not.toContain("atlassian");
    expect(await unsealToken(key, "user-a", "refresh", sealed)).toBe("atlassian-refresh-token");
    expect(await unsealToken(key, "user-b", "refresh", sealed)).toBeNull();
    expect(await unsealToken(key, "user-a", "access", sealed)).toBeNull();
  });

  it("refuses another key, a tampered text and garbage", async () => {
    const key = await sealingKey("secret-one");
    const sealed = await sealToken(key, "u", "access", "t");
    expect(await unsealToken(await sealingKey("secret-two"), "u", "access", sealed)).toBeNull();
    const flipped = sealed.slice(0, -2) + (sealed.endsWith("A") ? "B" : "A") + sealed.slice(-1);
    expect(await unsealToken(key, "u", "access", flipped)).toBeNull();
    for (const bad of ["", "v1", "v1..", "v2.a.b", "v1.!!.??", "v1.AAAA.AAAA.x"]) expect(await unsealToken(key, "u", "access", bad)).toBeNull();
  });

  it("gives a different text each time for the same token", async () => {
    const key = await sealingKey("k");
    expect(await sealToken(key, "u", "access", "t")).not.toBe(await sealToken(key, "u", "access", "t"));
  });
});
