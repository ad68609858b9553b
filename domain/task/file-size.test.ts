import { describe, expect, it } from "vitest";
import { formatBytes } from "./file-size";

describe("file sizes", () => {
  it("counts bytes, then kilobytes and megabytes with one decimal below ten", () => {
    expect(formatBytes(820, "en")).toBe("820 byte");
    expect(formatBytes(14 * 1024 + 300, "en")).toBe("14 kB");
    expect(formatBytes(3.24 * 1024 * 1024, "en")).toBe("3.2 MB");
  });
  it("writes the number the reader's way", () => {
    expect(formatBytes(3.24 * 1024 * 1024, "de")).toBe("3,2 MB");
  });
});
