import { describe, expect, it } from "vitest";
import { optionInput, updateOptionBody } from "./schemas";
import { fieldOption } from "./value-checks";

describe("an option's number", () => {
  it("is taken when adding and when changing an option, zero included", () => {
    expect(optionInput.parse({ value: "M", value_number: 3 })).toMatchObject({ value: "M", value_number: 3 });
    expect(optionInput.parse({ value: "XS", value_number: 0 }).value_number).toBe(0);
    expect(updateOptionBody.parse({ value_number: 0.5 })).toEqual({ value_number: 0.5 });
  });

  it("is taken away with null and left alone when absent", () => {
    expect(updateOptionBody.parse({ value_number: null })).toEqual({ value_number: null });
    expect(updateOptionBody.parse({ color: "#112233" })).not.toHaveProperty("value_number");
  });

  it("refuses negative, infinite, too large and non-numeric numbers with one translated key, in both schemas", () => {
    for (const bad of [-1, Infinity, Number.NaN, 1_000_001, "3", true]) {
      for (const schema of [optionInput, updateOptionBody]) {
        const parsed = schema.safeParse({ value: "M", value_number: bad });
        expect(parsed.success, String(bad)).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe("option_number_invalid");
      }
    }
  });

  it("is kept when a stored option set is read back", () => {
    expect(fieldOption.parse({ guid: "o1", value: "M", color: "#112233", sort: 0, value_number: 3 }).value_number).toBe(3);
  });
});
