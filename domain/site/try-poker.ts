/**
 * `/test`: a planning poker table a visitor plays alone, without an account (see
 * docs/decisions.md). Three sample teammates vote too, from a seeded generator, so a round shows
 * what the real room shows — hidden cards, a reveal, the average and the agreement — without a
 * server. The rules of the real room (deck, summary) are imported, not copied.
 */
import { deckCards, summarise } from "../rooms/poker";
import { seeded } from "../rooms/seeded";

/** The deck of the try-it table: the real Fibonacci deck. */
export const TRY_DECK = deckCards("fibonacci");

/** The sample stories, by key of the `site` bundle, with the size the sample team leans to. */
export const TRY_STORIES = [
  { key: "login", lean: "3" },
  { key: "export", lean: "8" },
  { key: "darkMode", lean: "5" },
] as const;

/** The sample teammates' seats, by key of the `site` bundle. */
export const TRY_TEAMMATES = ["alex", "sam", "kim"] as const;

const NUMERIC = TRY_DECK.filter((c) => /^\d/.test(c));

/**
 * The teammates' cards for one story: each picks the story's lean or a neighbouring card of the
 * deck, the same for the same seed (a replayed round looks the same).
 */
export function teammateVotes(storyIndex: number, seed: number): string[] {
  const story = TRY_STORIES[storyIndex % TRY_STORIES.length]!;
  const random = seeded(seed * 31 + storyIndex);
  const at = NUMERIC.indexOf(story.lean);
  return TRY_TEAMMATES.map(() => {
    const step = random.int(3) - 1; // -1, 0 or +1
    return NUMERIC[Math.min(NUMERIC.length - 1, Math.max(0, at + step))]!;
  });
}

/** What the table shows after the reveal: everyone's cards and the real room's summary. */
export function revealRound(mine: string, teammates: readonly string[]) {
  const cards = [mine, ...teammates];
  return { cards, ...summarise(cards) };
}
