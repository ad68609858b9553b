import type { TFunction } from "i18next";
import type { DeckView } from "./types";

/** Built-in decks are named by the reader's language; custom decks by their own name. */
export function deckName(t: TFunction, deck: Pick<DeckView, "guid" | "name" | "builtin">): string {
  return deck.builtin ? t(`rooms:decks.${deck.guid}`, { defaultValue: deck.name }) : deck.name;
}
