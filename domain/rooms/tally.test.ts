import { describe, expect, it } from "vitest";
import { cardNumber, deckCards } from "./poker";
import { suggestedCard, tallyVotes } from "./tally";

const deck = deckCards("fibonacci");
const isEstimate = (card: string) => cardNumber(card) !== null;

describe("a revealed round's tally", () => {
  it("counts each card once per person, in deck order", () => {
    const counts = tallyVotes({ ann: "5", bob: "3", cid: "5", dan: "?" }, deck, ["ann", "bob", "cid", "dan"]);
    expect(counts).toEqual([
      { card: "3", count: 1, people: ["bob"] },
      { card: "5", count: 2, people: ["ann", "cid"] },
      { card: "?", count: 1, people: ["dan"] },
    ]);
  });

  it("keeps a card no longer in the deck, last, so no vote disappears", () => {
    const counts = tallyVotes({ ann: "5", bob: "7" }, deck, ["ann", "bob"]);
    expect(counts.map((c) => c.card)).toEqual(["5", "7"]);
  });

  it("lists people in participant order, then unknown ones alphabetically", () => {
    const counts = tallyVotes({ zed: "8", amy: "8", bob: "8" }, deck, ["bob"]);
    expect(counts[0]!.people).toEqual(["bob", "amy", "zed"]);
  });

  it("is empty when nobody voted", () => {
    expect(tallyVotes({}, deck)).toEqual([]);
  });

  it("suggests the card most people played", () => {
    expect(suggestedCard(tallyVotes({ a: "3", b: "5", c: "5" }, deck), deck, isEstimate)).toBe("5");
  });

  it("breaks a tie towards the higher card", () => {
    expect(suggestedCard(tallyVotes({ a: "3", b: "8" }, deck), deck, isEstimate)).toBe("8");
  });

  it("never suggests a question mark or a coffee break", () => {
    expect(suggestedCard(tallyVotes({ a: "?", b: "?", c: "2" }, deck), deck, isEstimate)).toBe("2");
    expect(suggestedCard(tallyVotes({ a: "coffee" }, deck), deck, isEstimate)).toBeNull();
  });
});
