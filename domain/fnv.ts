/**
 * FNV-1a, 32 bits: a fast, stable number from a text. Not for secrets; for seeds that must not
 * change between reads (a forecast, a drawing's elements) and versions in an address (a
 * translations file).
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
