import { describe, expect, it } from "vitest";
import { checkVariant, parseVariants, variantWidthsFor } from "./cover";

/** A PNG header declaring `width` × `height` (all the checks read). */
function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

describe("cover copies", () => {
  it("offers only the widths narrower than the original", () => {
    expect(variantWidthsFor(1200)).toEqual([320, 640, 960]);
    expect(variantWidthsFor(640)).toEqual([320]);
    expect(variantWidthsFor(320)).toEqual([]);
    expect(variantWidthsFor(null)).toEqual([]);
  });

  it("takes a copy of an offered width in the original's proportions, two pixels of rounding either way", () => {
    const original = { width: 1200, height: 630 };
    expect(checkVariant(png(640, 336), original)).toEqual({ ok: true, type: "image/png", width: 640 });
    expect(checkVariant(png(640, 338), original).ok).toBe(true);
    expect(checkVariant(png(640, 339), original)).toEqual({ ok: false, reason: "cover_variant_invalid" });
    expect(checkVariant(png(500, 263), original).ok).toBe(false);
    expect(checkVariant(png(960, 504), { width: 960, height: 504 }).ok).toBe(false);
    expect(checkVariant(png(320, 168), { width: null, height: null }).ok).toBe(false);
    expect(checkVariant(new TextEncoder().encode("<svg/>"), original).ok).toBe(false);
  });

  it("reads the stored list and ignores anything that is not a width and a known extension", () => {
    expect(parseVariants("320.webp 640.png")).toEqual([
      { width: 320, ext: "webp" },
      { width: 640, ext: "png" },
    ]);
    expect(parseVariants("../x.webp 320.svg  960.jpg")).toEqual([{ width: 960, ext: "jpg" }]);
    expect(parseVariants(null)).toEqual([]);
  });
});
