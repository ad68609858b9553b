import { describe, expect, it } from "vitest";
import { HINTS_PAGE, hintsBody, hintsPageSize } from "./hints";

describe("hint paging", () => {
  it("gives role hints 15 at a time and everything else 10", () => {
    expect(hintsPageSize(["role"])).toBe(HINTS_PAGE.role);
    expect(HINTS_PAGE.role).toBe(15);
    expect(hintsPageSize(["participant"])).toBe(10);
    expect(hintsPageSize(["role", "participant"])).toBe(10);
    expect(hintsPageSize([])).toBe(10);
  });
  it("honours an explicit limit within bounds", () => {
    expect(hintsPageSize(["role"], 3)).toBe(3);
    expect(hintsPageSize(["role"], 1000)).toBe(100);
  });
});

describe("hintsBody", () => {
  it("accepts both request shapes", () => {
    expect(hintsBody.safeParse({ content_types: ["role"], query: "de" }).success).toBe(true);
    expect(hintsBody.safeParse({ content_type: "participant", ordering: "-label", limit: 5 }).success).toBe(true);
  });
  it("needs a content type", () => {
    const r = hintsBody.safeParse({ query: "x" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("content_type_required");
  });
});
