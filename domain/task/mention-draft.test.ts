import { describe, expect, it } from "vitest";
import { extractMentions } from "../planning/mentions";
import { commentPieces, decodeMentions, encodeMentions, insertMention, mentionQueryAt } from "./mention-draft";

const ann = "11111111-1111-4111-8111-111111111111";
const annLee = "22222222-2222-4222-8222-222222222222";

describe("mention drafts", () => {
  it("follows the query typed after an @ at the start or after a space", () => {
    expect(mentionQueryAt("@an", 3)).toEqual({ start: 0, query: "an" });
    expect(mentionQueryAt("hi @Ann L", 9)).toEqual({ start: 3, query: "Ann L" });
    expect(mentionQueryAt("hi @", 4)).toEqual({ start: 3, query: "" });
  });
  it("ignores an @ inside a word, across lines or followed by a space", () => {
    expect(mentionQueryAt("mail@host", 9)).toBeNull();
    expect(mentionQueryAt("@ann\nnext", 9)).toBeNull();
    expect(mentionQueryAt("@ ann", 5)).toBeNull();
    expect(mentionQueryAt("no at", 5)).toBeNull();
  });
  it("puts the picked name in place of the query with one space after it", () => {
    expect(insertMention("hi @an please", 3, 6, "Ann Lee")).toEqual({ text: "hi @Ann Lee please", caret: 12 });
    expect(insertMention("@a", 0, 2, "Ann")).toEqual({ text: "@Ann ", caret: 5 });
  });
  it("stores picked names as mentions, the longer name first, and leaves typed names alone", () => {
    const text = encodeMentions("@Ann Lee and @Ann, not @Annie or @Bob", [
      { name: "Ann", guid: ann },
      { name: "Ann Lee", guid: annLee },
    ]);
    expect(text).toBe(`@[Ann Lee](${annLee}) and @[Ann](${ann}), not @Annie or @Bob`);
    expect(extractMentions(text)).toEqual([annLee, ann]);
  });
  it("reads a stored text back as the box shows it, and round-trips", () => {
    const stored = `Ask @[Ann Lee](${annLee}) today`;
    const draft = decodeMentions(stored);
    expect(draft).toEqual({ text: "Ask @Ann Lee today", picked: [{ name: "Ann Lee", guid: annLee }] });
    expect(encodeMentions(draft.text, draft.picked)).toBe(stored);
  });
  it("cuts a stored text into plain runs and mentions", () => {
    expect(commentPieces(`Hi @[Ann](${ann})!`)).toEqual([
      { kind: "text", text: "Hi " },
      { kind: "mention", name: "Ann", guid: ann },
      { kind: "text", text: "!" },
    ]);
    expect(commentPieces("plain")).toEqual([{ kind: "text", text: "plain" }]);
  });
});
