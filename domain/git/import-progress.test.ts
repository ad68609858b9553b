import { describe, expect, it } from "vitest";
import { importPercent, remoteProgress } from "./import-progress";

describe("import progress", () => {
  it("reads the last report of a remote's progress text", () => {
    expect(remoteProgress("Enumerating objects: 20, done.\nCounting objects:  45% (9/20)\rCounting objects: 100% (20/20), done.\n")).toEqual({ phase: "counting", fraction: 1 });
    expect(remoteProgress("Compressing objects:  50% (5/10)\r")).toEqual({ phase: "compressing", fraction: 0.5 });
    expect(remoteProgress("Total 20 (delta 3), reused 0 (delta 0)\n")).toBeNull();
  });

  it("climbs through the phases to 100 and never past a phase's end", () => {
    const steps = [importPercent("connecting", 0), importPercent("counting", 0.5), importPercent("compressing", 1), importPercent("receiving", 1), importPercent("unpacking", 0.5), importPercent("unpacking", 2), importPercent("done", 1)];
    expect(steps).toEqual([0, 12, 40, 45, 72, 99, 100]);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });
});
