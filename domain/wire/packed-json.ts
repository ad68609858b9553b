/**
 * A value sent in loader data as one JSON text. React Router encodes loader data value by value
 * (turbo-stream), and the browser decodes it the same way before it hydrates: a page's
 * translations are some 3,000 strings, which took the 20-card board's hydration about 20 ms to
 * decode (issue 17). One string is one `JSON.parse`. The server reads back the value it packed
 * without parsing it; the browser parses a packed object once.
 */
export interface PackedJson<T> {
  json: string;
  /** Never set: the type of what was packed. */
  readonly value?: T;
}

/** Values by the packed object they came from or were read from. */
const known = new WeakMap<object, unknown>();

export function packJson<T>(value: T): PackedJson<T> {
  const packed: PackedJson<T> = { json: JSON.stringify(value) };
  known.set(packed, value);
  return packed;
}

export function unpackJson<T>(packed: PackedJson<T>): T {
  if (known.has(packed)) return known.get(packed) as T;
  const value = JSON.parse(packed.json) as T;
  known.set(packed, value);
  return value;
}
