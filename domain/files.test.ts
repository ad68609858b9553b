import { describe, expect, it } from "vitest";
import { sniffImageType } from "./files";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffImageType", () => {
  it("recognises a PNG by its signature", () => {
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13]))).toBe("image/png");
  });

  it("recognises a JPEG by its start-of-image marker", () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF"))).toBe("image/jpeg");
  });

  it.each(["GIF87a", "GIF89a"])("recognises a %s", (signature) => {
    expect(sniffImageType(bytes(signature, [1, 0, 1, 0]))).toBe("image/gif");
  });

  it("recognises a WEBP by its RIFF container and WEBP form", () => {
    expect(sniffImageType(bytes("RIFF", [0x24, 0, 0, 0], "WEBP", "VP8 "))).toBe("image/webp");
  });

  it("rejects another RIFF format", () => {
    expect(sniffImageType(bytes("RIFF", [0x24, 0, 0, 0], "WAVE", "fmt "))).toBeUndefined();
  });

  it("rejects text", () => {
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
  });

  it("rejects empty input", () => {
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });

  it.each([
    ["a PNG", bytes([0x89, 0x50, 0x4e])],
    ["a JPEG", bytes([0xff, 0xd8])],
    ["a GIF", bytes("GIF")],
    ["a WEBP", bytes("RIFF", [0, 0, 0, 0], "WEB")],
  ])("rejects input cut short inside %s signature", (_kind, input) => {
    expect(sniffImageType(input)).toBeUndefined();
  });
});
