import { describe, expect, it } from "vitest";
import { revealRound, teammateVotes, TRY_DECK, TRY_STORIES, TRY_TEAMMATES } from "./try-poker";

describe("the try-it poker table", () => {
  it("deals every teammate a card of the deck near the story's lean", () => {
    for (const [i, story] of TRY_STORIES.entries()) {
      for (let seed = 1; seed < 30; seed++) {
        const votes = teammateVotes(i, seed);
        expect(votes).toHaveLength(TRY_TEAMMATES.length);
        const lean = TRY_DECK.indexOf(story.lean);
        for (const v of votes) expect(Math.abs(TRY_DECK.indexOf(v) - lean)).toBeLessThanOrEqual(1);
      }
    }
  });

  it("deals the same cards for the same seed", () => {
    expect(teammateVotes(1, 42)).toEqual(teammateVotes(1, 42));
  });

  it("reveals the average and the agreement of all four cards, leaving out ? and coffee", () => {
    expect(revealRound("5", ["5", "8", "3"])).toEqual({ cards: ["5", "5", "8", "3"], average: 5.25, median: 5, agreement: 0.5 });
    expect(revealRound("?", ["2", "2", "2"])).toMatchObject({ average: 2, agreement: 1 });
  });
});
