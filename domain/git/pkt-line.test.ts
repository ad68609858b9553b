import { describe, expect, it } from "vitest";
import { FLUSH, concat, parseReceiveRequest, parseUploadRequest, pktLine, readPktLines, sideband } from "./pkt-line";

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const A = "a".repeat(40);
const B = "b".repeat(40);

describe("pkt-line", () => {
  it("prefixes a payload with its length in four hex digits, counting the prefix", () => {
    expect(text(pktLine("# service=git-upload-pack\n"))).toBe("001e# service=git-upload-pack\n");
  });

  it("reads lines and flushes back, without their newlines", () => {
    const { lines, rest } = readPktLines(concat([pktLine("hello\n"), FLUSH, pktLine("x")]));
    expect(lines.map((l) => (l.kind === "flush" ? "<flush>" : l.text))).toEqual(["hello", "<flush>", "x"]);
    expect(rest).toBe(19);
  });

  it("refuses a length that runs past the end", () => {
    expect(() => readPktLines(new TextEncoder().encode("00ffshort"))).toThrow(SyntaxError);
  });

  it("puts the band number before side-band data", () => {
    const packet = sideband(1, new Uint8Array([80, 65]));
    expect(text(packet.subarray(0, 4))).toBe("0007");
    expect(packet[4]).toBe(1);
  });

  it("parses wants with the first line's capabilities, haves and done", () => {
    const body = concat([pktLine(`want ${A} multi_ack_detailed side-band-64k\n`), pktLine(`want ${B}\n`), FLUSH, pktLine(`have ${B}\n`), pktLine("done\n")]);
    expect(parseUploadRequest(body)).toEqual({ wants: [A, B], haves: [B], done: true, capabilities: ["multi_ack_detailed", "side-band-64k"] });
  });

  it("parses push commands and finds where the pack starts", () => {
    const pack = new TextEncoder().encode("PACK....");
    const body = concat([pktLine(`${A} ${B} refs/heads/main\0report-status\n`), FLUSH, pack]);
    const parsed = parseReceiveRequest(body);
    expect(parsed.commands).toEqual([{ old: A, new: B, ref: "refs/heads/main" }]);
    expect(parsed.capabilities).toEqual(["report-status"]);
    expect(text(body.subarray(parsed.packAt, parsed.packAt + 4))).toBe("PACK");
  });
});
