/**
 * The deck as cards to click. Each card is a toggle button (Tab to reach, Enter or Space to
 * play, again to take the vote back); arrow keys move between cards like in a toolbar.
 */
import type { TFunction } from "i18next";
import { type KeyboardEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { COFFEE_CARD, QUESTION_CARD } from "../../../../domain/rooms/poker";
import { CardFace } from "./card-face";

export function PokerDeck({ cards, mine, disabled, reason, onPlay }: { cards: string[]; mine: string | null; disabled: boolean; reason?: string; onPlay: (card: string | null) => void }) {
  const { t } = useTranslation("rooms");
  const list = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 0;
    const edge = e.key === "Home" ? 0 : e.key === "End" ? cards.length - 1 : null;
    if (!step && edge === null) return;
    e.preventDefault();
    const next = edge ?? (index + step + cards.length) % cards.length;
    list.current?.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  };
  return (
    <section className="card p-4" aria-labelledby="deck-title" data-testid="deck" data-disabled={disabled}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="deck-title" className="text-sm font-semibold">
          {t("poker.deck.title")}
        </h2>
        {reason ? (
          <p className="muted text-sm" data-testid="deck-reason">
            {reason}
          </p>
        ) : (
          <p className="muted text-sm">{mine ? t("poker.deck.changeHint") : t("poker.deck.hint")}</p>
        )}
      </div>
      <div ref={list} role="toolbar" aria-label={t("poker.deck.title")} className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-2">
        {cards.map((card, i) => {
          const chosen = mine === card;
          return (
            <button
              key={card}
              type="button"
              aria-pressed={chosen}
              aria-label={cardLabel(t, card)}
              disabled={disabled}
              onClick={() => onPlay(chosen ? null : card)}
              onKeyDown={(e) => move(e, i)}
              className={`group relative flex h-20 items-center justify-center rounded-xl border-2 text-xl font-bold transition focus-visible:shadow-[0_0_0_3px_var(--ring)] focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-45 ${
                chosen
                  ? "-translate-y-2 border-[var(--primary)] bg-[var(--primary)] text-[var(--primary-text)] shadow-lg"
                  : "border-[var(--border)] bg-[var(--surface)] text-[var(--text)] enabled:hover:-translate-y-1 enabled:hover:border-[var(--primary)]"
              }`}
              data-testid="deck-card"
              data-card={card}
            >
              <CardFace card={card} />
            </button>
          );
        })}
      </div>
    </section>
  );
}

/** What a screen reader says for a card: the special ones in words. */
export function cardLabel(t: TFunction, card: string): string {
  if (card === QUESTION_CARD) return t("poker.cards.question");
  if (card === COFFEE_CARD) return t("poker.cards.coffee");
  return t("poker.cards.value", { card });
}
