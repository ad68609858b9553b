import { describe, expect, it } from "vitest";
import { reactToClose, socketParams, socketUrl, staleVersion } from "../../app/lib/live-version";
import { CLOSE, FINAL_CLOSE_CODES } from "../../domain/wire/close-codes";
import { PROTOCOL_VERSION, speaksCurrentProtocol } from "../../domain/wire/version";

describe("a page's live sockets and the protocol version", () => {
  it("puts the page's protocol version on every socket URL, next to the socket's own parameters", () => {
    const url = new URL(socketUrl("/ws/room/abc", { protocol: "https:", host: "plan.example.com" }));
    expect(url.protocol).toBe("wss:");
    expect(url.pathname).toBe("/ws/room/abc");
    expect(url.searchParams.get("v")).toBe(String(PROTOCOL_VERSION));
    expect(speaksCurrentProtocol(url.searchParams.get("v"))).toBe(true);
    expect(socketParams({ share: "s1" })).toEqual({ v: String(PROTOCOL_VERSION), share: "s1" });
    expect(new URL(socketUrl("/ws/user/u", { protocol: "http:", host: "localhost:8787" })).protocol).toBe("ws:");
  });

  it("stops a socket closed as stale and marks the page stale once, telling every listener", () => {
    const heard: boolean[] = [];
    const stop = staleVersion.subscribe(() => heard.push(staleVersion.get()));
    expect(reactToClose(CLOSE.RECHECK, FINAL_CLOSE_CODES)).toBe("reconnect");
    expect(reactToClose(CLOSE.FORBIDDEN, FINAL_CLOSE_CODES)).toBe("final");
    expect(staleVersion.get()).toBe(false);
    // A socket that lists no final codes at all still stops when it is stale.
    expect(reactToClose(CLOSE.STALE_VERSION, [])).toBe("stale");
    expect(reactToClose(CLOSE.STALE_VERSION, FINAL_CLOSE_CODES)).toBe("stale");
    expect(staleVersion.get()).toBe(true);
    expect(heard).toEqual([true]);
    stop();
  });

  it("gives every close code one number and never reuses one", () => {
    const codes = Object.values(CLOSE);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toBeGreaterThanOrEqual(4000);
    expect(FINAL_CLOSE_CODES).toContain(CLOSE.STALE_VERSION);
  });
});
