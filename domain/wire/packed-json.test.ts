import { describe, expect, it } from "vitest";
import { packJson, unpackJson } from "./packed-json";

describe("a value packed as one JSON text", () => {
  it("is one string on the wire and reads back equal after a copy, as the browser gets it", () => {
    const value = { common: { appName: "Planning", nested: { a: "x" } }, views: { empty: "" } };
    const packed = packJson(value);
    expect(Object.keys(packed)).toEqual(["json"]);
    expect(typeof packed.json).toBe("string");
    const copy = structuredClone(packed);
    expect(unpackJson(copy)).toEqual(value);
  });

  it("is read back without parsing where it was packed, and parsed once per packed object", () => {
    const value = { a: 1 };
    const packed = packJson(value);
    expect(unpackJson(packed)).toBe(value);
    const copy = structuredClone(packed);
    expect(unpackJson(copy)).toBe(unpackJson(copy));
  });
});
