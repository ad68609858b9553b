/**
 * Decks as the project sees them (`GET /valmethod`): the built-in ones and a project's custom
 * decks, each card with the number written into the task's `estimate` field when accepted.
 */
import { z } from "zod";
import { cardNumber, DECK_KINDS, type DeckKind, deckCards, MAX_CARD_LENGTH, MAX_CUSTOM_CARDS, SPECIAL_CARDS } from "./poker";

export interface DeckCard {
  label: string;
  /** What an accepted card writes into the numeric estimate field; null writes nothing. */
  value: number | null;
}

export interface Deck {
  guid: string;
  name: string;
  builtin: boolean;
  kind: DeckKind;
  cards: DeckCard[];
}

export const BUILTIN_DECKS = DECK_KINDS.filter((k): k is Exclude<DeckKind, "custom"> => k !== "custom");

/** T-shirt sizes are estimated in the usual points, so lane totals still add up. */
const T_SHIRT_POINTS: Record<string, number> = { XS: 1, S: 2, M: 3, L: 5, XL: 8, XXL: 13 };

/** A built-in deck; its name is translated by the client from `guid`. */
export function builtinDeck(kind: Exclude<DeckKind, "custom">): Deck {
  const special = new Set<string>(SPECIAL_CARDS);
  return {
    guid: kind,
    name: kind,
    builtin: true,
    kind,
    cards: deckCards(kind).map((label) => ({ label, value: special.has(label) ? null : kind === "t_shirt" ? (T_SHIRT_POINTS[label] ?? null) : cardNumber(label) })),
  };
}

export const isBuiltinDeck = (guid: string): guid is Exclude<DeckKind, "custom"> => (BUILTIN_DECKS as readonly string[]).includes(guid);

/** A custom deck from its stored cards; `?` and coffee are added like on every deck. */
export function customDeck(guid: string, name: string, cards: DeckCard[]): Deck {
  const labels = deckCards("custom", cards.map((c) => c.label));
  const values = new Map(cards.map((c) => [c.label, c.value]));
  return { guid, name, builtin: false, kind: "custom", cards: labels.map((label) => ({ label, value: values.get(label) ?? null })) };
}

/** A custom deck as a client sends it. */
export const deckInput = z
  .object({
    name: z.string({ error: "deck_name_required" }).trim().min(1, { error: "deck_name_required" }).max(80, { error: "deck_name_too_long" }),
    cards: z
      .array(
        z
          .object({
            label: z.string().trim().min(1, { error: "deck_card_invalid" }).max(MAX_CARD_LENGTH, { error: "deck_card_invalid" }),
            value: z.number({ error: "deck_card_invalid" }).finite().min(0).max(10_000).nullable().default(null),
          })
          .strict(),
        { error: "deck_cards_invalid" },
      )
      .min(2, { error: "deck_cards_invalid" })
      .max(MAX_CUSTOM_CARDS, { error: "deck_cards_invalid" })
      .refine((cards) => new Set(cards.map((c) => c.label)).size === cards.length, { error: "deck_card_duplicate" })
      .refine((cards) => cards.every((c) => !(SPECIAL_CARDS as readonly string[]).includes(c.label)), { error: "deck_card_invalid" }),
  })
  .strict();
