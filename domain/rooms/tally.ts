/**
 * What a revealed poker round shows besides the summary numbers: how many people played each
 * card, in deck order, and whether everyone agreed. Pure, so every browser draws the same bars.
 */

export interface CardCount {
  card: string;
  count: number;
  /** Who played it, in the order given. */
  people: string[];
}

/**
 * Counts the cards of a revealed round. Cards follow the deck's order; a card that is no longer
 * in the deck (the deck changed after the vote) comes last, so no vote is ever hidden.
 */
export function tallyVotes(votes: Record<string, string>, deck: readonly string[], order: readonly string[] = []): CardCount[] {
  const people = [...order.filter((p) => p in votes), ...Object.keys(votes).filter((p) => !order.includes(p)).sort()];
  const byCard = new Map<string, string[]>();
  for (const person of people) {
    const card = votes[person]!;
    byCard.set(card, [...(byCard.get(card) ?? []), person]);
  }
  const known = deck.filter((c) => byCard.has(c));
  const unknown = [...byCard.keys()].filter((c) => !deck.includes(c)).sort();
  return [...known, ...unknown].map((card) => ({ card, count: byCard.get(card)!.length, people: byCard.get(card)! }));
}

/**
 * The card most people played (ties go to the higher card in deck order, the safer estimate);
 * a sensible default for the facilitator's "accept". Null when no vote can be an estimate.
 */
export function suggestedCard(counts: readonly CardCount[], deck: readonly string[], isEstimate: (card: string) => boolean): string | null {
  let best: CardCount | null = null;
  for (const c of counts) {
    if (!isEstimate(c.card)) continue;
    if (!best || c.count > best.count || (c.count === best.count && deck.indexOf(c.card) > deck.indexOf(best.card))) best = c;
  }
  return best?.card ?? null;
}
