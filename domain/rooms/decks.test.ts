import { describe, expect, it } from "vitest";
import { builtinDeck, customDeck, deckInput } from "./decks";

describe("decks", () => {
  it("gives every built-in card the number it writes into the estimate, none for ? and coffee", () => {
    const fib = builtinDeck("fibonacci");
    expect(fib.cards.find((c) => c.label === "13")?.value).toBe(13);
    expect(fib.cards.find((c) => c.label === "?")?.value).toBeNull();
    expect(builtinDeck("modified_fibonacci").cards.find((c) => c.label === "0.5")?.value).toBe(0.5);
    expect(builtinDeck("t_shirt").cards.map((c) => [c.label, c.value])).toEqual([
      ["XS", 1], ["S", 2], ["M", 3], ["L", 5], ["XL", 8], ["XXL", 13], ["?", null], ["coffee", null],
    ]);
  });

  it("keeps a custom deck's order and values and adds ? and coffee", () => {
    const deck = customDeck("d1", "Hours", [{ label: "half a day", value: 4 }, { label: "a day", value: 8 }]);
    expect(deck.cards).toEqual([{ label: "half a day", value: 4 }, { label: "a day", value: 8 }, { label: "?", value: null }, { label: "coffee", value: null }]);
  });

  it("refuses custom decks without a name, with fewer than two cards, duplicates or special cards", () => {
    const ok = { name: "Hours", cards: [{ label: "1", value: 1 }, { label: "2" }] };
    expect(deckInput.safeParse(ok).success).toBe(true);
    const code = (input: unknown) => {
      const r = deckInput.safeParse(input);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(code({ ...ok, name: " " })).toBe("deck_name_required");
    expect(code({ ...ok, cards: [{ label: "1" }] })).toBe("deck_cards_invalid");
    expect(code({ ...ok, cards: [{ label: "1" }, { label: "1" }] })).toBe("deck_card_duplicate");
    expect(code({ ...ok, cards: [{ label: "1" }, { label: "?" }] })).toBe("deck_card_invalid");
    expect(code({ ...ok, cards: [{ label: "1", value: -1 }, { label: "2" }] })).toBe("deck_card_invalid");
    expect(code({ ...ok, extra: 1 })).not.toBeNull();
  });
});
