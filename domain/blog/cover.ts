/**
 * Cover images of blog posts: the type by the bytes (domain/files) and the pixel size read from
 * the header, so pages reserve the image's space and Open Graph states it. Workers have no image
 * codec: the smaller variants pages offer through `srcset` are drawn by the uploader's browser
 * and checked here by their bytes against the original (docs/decisions.md, "Public site —
 * covers").
 */
import { sniffImageType } from "../files";
import { COVER_MAX_BYTES, COVER_TYPES } from "./posts";

export type CoverCheck =
  | { ok: true; type: (typeof COVER_TYPES)[number]; width: number | null; height: number | null }
  | { ok: false; reason: "cover_empty" | "cover_too_large" | "cover_type_refused" };

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);

/** Width and height from a PNG, JPEG or WebP header; null when the header cannot be read. */
export function imageSize(bytes: Uint8Array, type: string): { width: number; height: number } | null {
  try {
    if (type === "image/png" && bytes.length >= 24) return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
    if (type === "image/jpeg") {
      let i = 2;
      while (i + 9 < bytes.length) {
        if (bytes[i] !== 0xff) return null;
        const marker = bytes[i + 1]!;
        // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
        if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { height: u16be(bytes, i + 5), width: u16be(bytes, i + 7) };
        i += 2 + u16be(bytes, i + 2);
      }
      return null;
    }
    if (type === "image/webp" && bytes.length >= 30) {
      const chunk = String.fromCharCode(...bytes.slice(12, 16));
      if (chunk === "VP8X") return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
      if (chunk === "VP8 ") return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
      if (chunk === "VP8L") {
        const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
    }
  } catch {
    return null;
  }
  return null;
}

/** Checks an uploaded cover: not empty, at most 5 MB, a PNG, JPEG or WebP by its bytes. */
export function checkCover(bytes: Uint8Array): CoverCheck {
  if (bytes.byteLength === 0) return { ok: false, reason: "cover_empty" };
  if (bytes.byteLength > COVER_MAX_BYTES) return { ok: false, reason: "cover_too_large" };
  const type = sniffImageType(bytes);
  if (!type || !(COVER_TYPES as readonly string[]).includes(type)) return { ok: false, reason: "cover_type_refused" };
  const size = imageSize(bytes, type);
  return { ok: true, type: type as (typeof COVER_TYPES)[number], width: size?.width ?? null, height: size?.height ?? null };
}

/** The widths a cover is also offered at, when its original is wider (`srcset` candidates). */
export const COVER_WIDTHS = [320, 640, 960] as const;

/** The variant widths an original `width` pixels wide should get. */
export function variantWidthsFor(width: number | null): number[] {
  return width ? COVER_WIDTHS.filter((w) => w < width) : [];
}

export type VariantCheck =
  | { ok: true; type: (typeof COVER_TYPES)[number]; width: number }
  | { ok: false; reason: "cover_variant_invalid" };

/**
 * Checks a smaller copy of a cover: an image we take, one of COVER_WIDTHS wide and narrower than
 * the original, with the original's proportions (two pixels of rounding either way).
 */
export function checkVariant(bytes: Uint8Array, original: { width: number | null; height: number | null }): VariantCheck {
  const checked = checkCover(bytes);
  const refused = { ok: false, reason: "cover_variant_invalid" } as const;
  if (!checked.ok || checked.width === null || checked.height === null || !original.width || !original.height) return refused;
  if (!variantWidthsFor(original.width).includes(checked.width)) return refused;
  if (Math.abs(checked.height - (checked.width * original.height) / original.width) > 2) return refused;
  return { ok: true, type: checked.type, width: checked.width };
}

/** The stored variants of a cover (`"320.webp 640.webp"`) as width and file extension. */
export function parseVariants(stored: string | null): { width: number; ext: string }[] {
  return (stored ?? "")
    .split(" ")
    .map((token) => /^(\d{3,4})\.(png|jpg|webp)$/.exec(token))
    .filter((m) => m !== null)
    .map((m) => ({ width: Number(m[1]), ext: m[2]! }));
}
