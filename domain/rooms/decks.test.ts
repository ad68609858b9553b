import { describe, expect, it } from "vitest";
import { builtinDeck, customDeck, deckFieldOf, deckInput, fieldDeck, fieldDeckMethod } from "./decks";

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

describe("a deck from a select field", () => {
  const tShirt = {
    guid: "f1",
    title: "T-shirt",
    type: "select",
    onTasks: true,
    options: [
      { guid: "o-l", value: "L", sort: 2, value_number: 5 },
      { guid: "o-s", value: "S", sort: 0, value_number: 1 },
      { guid: "o-m", value: "M", sort: 1 },
    ],
  };

  it("makes a card per option in the field's order, counting as its number, then ? and coffee", () => {
    const made = fieldDeck(tShirt);
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.deck.guid).toBe("field:f1");
    expect(made.deck.cards).toEqual([{ label: "S", value: 1 }, { label: "M", value: null }, { label: "L", value: 5 }, { label: "?", value: null }, { label: "coffee", value: null }]);
    expect(made.options).toEqual({ S: "o-s", M: "o-m", L: "o-l" });
  });

  it("names its field in the room's method, and only there", () => {
    expect(deckFieldOf(fieldDeckMethod("f1"))).toBe("f1");
    expect(deckFieldOf("fibonacci")).toBeNull();
    expect(deckFieldOf("field:")).toBeNull();
  });

  it("refuses a field that is not a select field of tasks", () => {
    expect(fieldDeck({ ...tShirt, type: "multi_select" })).toEqual({ ok: false, reason: "deck_field_not_select" });
    expect(fieldDeck({ ...tShirt, onTasks: false })).toEqual({ ok: false, reason: "deck_field_not_select" });
  });

  it("refuses options that cannot all be cards: too few, a name too long or used twice, a special card", () => {
    const bad = (options: typeof tShirt.options) => fieldDeck({ ...tShirt, options });
    expect(bad([{ guid: "a", value: "S", sort: 0 }])).toEqual({ ok: false, reason: "deck_field_unusable" });
    expect(bad([...tShirt.options, { guid: "x", value: "Extra extra large", sort: 3 }])).toEqual({ ok: false, reason: "deck_field_unusable" });
    expect(bad([...tShirt.options, { guid: "x", value: "M", sort: 3 }])).toEqual({ ok: false, reason: "deck_field_unusable" });
    expect(bad([...tShirt.options, { guid: "x", value: "?", sort: 3 }])).toEqual({ ok: false, reason: "deck_field_unusable" });
  });
});
