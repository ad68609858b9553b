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

/** A room's `method` naming a select field of its project as the deck (issue 16). */
export const FIELD_DECK_PREFIX = "field:";
export const fieldDeckMethod = (field: string) => `${FIELD_DECK_PREFIX}${field}`;
/** The field guid a room's `method` names, or null for a built-in or custom deck. */
export const deckFieldOf = (method: string): string | null => (method.startsWith(FIELD_DECK_PREFIX) ? method.slice(FIELD_DECK_PREFIX.length) || null : null);

/** What a deck from a field needs to know of the field. */
export interface DeckField {
  guid: string;
  title: string;
  type: string;
  /** Whether tasks have the field: the accepted option is written into a task. */
  onTasks: boolean;
  options: readonly { guid: string; value?: string; title?: string; sort: number; value_number?: number }[];
}

export type FieldDeckResult = { ok: true; deck: Deck; options: Record<string, string> } | { ok: false; reason: "deck_field_not_select" | "deck_field_unusable" };

/**
 * A select field's option set as a deck: a card per option in the field's order, labelled with
 * the option's name and counting as its number (none when unset), then `?` and coffee. `options`
 * maps each card to the option an accepted card writes into the task. A field whose options cannot
 * all be cards (fewer than two, more than the custom deck limit, a name longer than a card holds,
 * a name used twice or `?`/coffee) is refused whole: a deck missing some options would accept
 * less than the field holds.
 */
export function fieldDeck(field: DeckField): FieldDeckResult {
  if (field.type !== "select" || !field.onTasks) return { ok: false, reason: "deck_field_not_select" };
  const options = [...field.options].sort((a, b) => a.sort - b.sort).map((o) => ({ guid: o.guid, label: (o.value ?? o.title ?? "").trim(), value: o.value_number ?? null }));
  const labels = options.map((o) => o.label);
  const usable =
    options.length >= 2 &&
    options.length <= MAX_CUSTOM_CARDS &&
    labels.every((l) => l.length > 0 && l.length <= MAX_CARD_LENGTH && !(SPECIAL_CARDS as readonly string[]).includes(l)) &&
    new Set(labels).size === labels.length;
  if (!usable) return { ok: false, reason: "deck_field_unusable" };
  const deck: Deck = {
    guid: fieldDeckMethod(field.guid),
    name: field.title,
    builtin: false,
    kind: "custom",
    cards: [...options.map((o) => ({ label: o.label, value: o.value })), ...SPECIAL_CARDS.map((label) => ({ label, value: null }))],
  };
  return { ok: true, deck, options: Object.fromEntries(options.map((o) => [o.label, o.guid])) };
}
