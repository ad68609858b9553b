import { describe, expect, it } from "vitest";
import { REPO_SIZE_CAP, repoCap } from "./limits";

describe("a repository's size cap", () => {
  it("is the project owner's plan, handed over by the Worker", () => {
    expect(repoCap(undefined, String(1024 ** 3))).toBe(1024 ** 3);
  });

  it("is the operator's GIT_REPO_MAX_BYTES when set, whatever the plan", () => {
    expect(repoCap("2048", String(1024 ** 3))).toBe(2048);
  });

  it("falls back to the built-in cap when neither says anything usable", () => {
    expect(repoCap(undefined, null)).toBe(REPO_SIZE_CAP);
    expect(repoCap("", "not a number")).toBe(REPO_SIZE_CAP);
    expect(repoCap("-5", "0")).toBe(REPO_SIZE_CAP);
  });
});
