/**
 * Colour contrast after WCAG 2.2 (success criterion 1.4.3): the ratio of two sRGB colours'
 * relative luminances, and the text colour that reads best on a given background. Used by
 * avatars and badges drawn on a person's colour, and by the test that holds the theme tokens
 * to level AA.
 */

/** AA for normal text; large text (≥ 24 px, or 18.66 px bold) needs 3. */
export const AA_TEXT = 4.5;

/** The text colours a coloured surface may carry: white, or near-black. */
export const LIGHT_INK = "#ffffff";
export const DARK_INK = "#05060c";

function channels(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a hex colour: ${hex}`);
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance of an sRGB colour written `#rgb` or `#rrggbb`. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black ink, whichever contrasts more with `background` (white when it is no hex colour). */
export function inkOn(background: string): string {
  if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(background.trim())) return LIGHT_INK;
  return contrastRatio(LIGHT_INK, background) >= contrastRatio(DARK_INK, background) ? LIGHT_INK : DARK_INK;
}
