import { describe, expect, it } from "vitest";
import { extractMentions, mentionsAsPlainText } from "./mentions";

const ada = "11111111-1111-4111-8111-111111111111";
const bob = "22222222-2222-4222-8222-222222222222";

describe("mentions", () => {
  it("finds each mentioned person once, in order", () => {
    expect(extractMentions(`@[Bob](${bob}) and @[Ada](${ada}), again @[Bob](${bob})`)).toEqual([bob, ada]);
  });
  it("ignores text that only looks like a mention", () => {
    expect(extractMentions("mail me @ada or @[Ada](not-a-guid)")).toEqual([]);
  });
  it("reads mentions as @Name in plain text", () => {
    expect(mentionsAsPlainText(`Ask @[Ada Lovelace](${ada}) first`)).toBe("Ask @Ada Lovelace first");
  });
});
