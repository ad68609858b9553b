import { describe, expect, it } from "vitest";
import { matchesQuery } from "./match";

describe("matchesQuery", () => {
  it("matches ignoring case and accents", () => {
    expect(matchesQuery("José Müller", "jose mu")).toBe(true);
    expect(matchesQuery("Разработчик", "РАЗРАБ")).toBe(true);
    expect(matchesQuery("Designer", "dev")).toBe(false);
  });
  it("matches everything for an empty query", () => {
    expect(matchesQuery("anything", "  ")).toBe(true);
  });
});
