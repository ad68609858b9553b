import { describe, expect, it } from "vitest";
import { MENTIONS_PER_COMMIT, firstLine, namesTasks, taskNames } from "./mentions";

describe("task names in commit messages", () => {
  it("finds #numbers and guids in order, once each", () => {
    const guid = "0F8FAD5B-D9CB-469F-A165-70867728950E";
    expect(taskNames(`Fix #12 and #7\n\nSee #12, (#3) and ${guid}`)).toEqual({ numbers: [12, 7, 3], guids: [guid.toLowerCase()] });
  });

  it("ignores colours, anchors, HTML entities and #0", () => {
    expect(namesTasks("Set color #123abc, link page.html#12, &#12; and #0")).toBe(false);
    expect(namesTasks("issue#12")).toBe(false);
  });

  it("keeps at most a handful of names per commit", () => {
    const many = Array.from({ length: 30 }, (_, i) => `#${i + 1}`).join(" ");
    expect(taskNames(many).numbers).toHaveLength(MENTIONS_PER_COMMIT);
  });

  it("takes the first line, clipped", () => {
    expect(firstLine("  Title line  \nbody")).toBe("Title line");
    expect(firstLine("x".repeat(300))).toHaveLength(200);
  });
});
