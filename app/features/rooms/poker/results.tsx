/**
 * A flipped round: average, median and agreement over the numeric cards, how many played each
 * card, and (for the facilitator) accepting a card as the task's estimate.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type PokerView, SPECIAL_CARDS } from "../../../../domain/rooms/poker";
import { suggestedCard, tallyVotes } from "../../../../domain/rooms/tally";
import { CardFace } from "./card-face";
import { cardLabel } from "./deck";

const isEstimate = (card: string) => !(SPECIAL_CARDS as readonly string[]).includes(card);

export function PokerResults({ view, onAccept }: { view: PokerView; onAccept: (card: string) => void }) {
  const { t, i18n } = useTranslation("rooms");
  const current = view.current;
  const round = current ? view.rounds[current] : undefined;
  const votes = round?.revealed ? (round.votes ?? {}) : null;
  const summary = current ? view.history[current]?.at(-1) : undefined;
  const counts = votes ? tallyVotes(votes, view.deck.cards, view.participants.map((p) => p.id)) : [];
  const suggestion = suggestedCard(counts, view.deck.cards, isEstimate);
  const accepted = current ? (view.accepted[current] ?? null) : null;
  const [choice, setChoice] = useState<string>(suggestion ?? "");
  useEffect(() => setChoice(accepted ?? suggestion ?? ""), [suggestion, accepted, current]);
  if (!votes || !current) return null;
  const names = new Map(view.participants.map((p) => [p.id, p.name]));
  const total = Math.max(1, counts.reduce((sum, c) => sum + c.count, 0));
  const number = (n: number | null | undefined) => (n === null || n === undefined ? "—" : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(n));
  const percent = (n: number | null | undefined) => (n === null || n === undefined ? "—" : new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 }).format(n));
  return (
    <section className="card p-4" aria-labelledby="results-title" data-testid="results">
      <h2 id="results-title" className="text-sm font-semibold">
        {t("poker.results.title")}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        {(
          [
            ["average", number(summary?.average)],
            ["median", number(summary?.median)],
            ["agreement", percent(summary?.agreement)],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-lg bg-[var(--surface-2)] px-3 py-2">
            <dt className="muted text-xs font-medium">{t(`poker.results.${key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`result-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {counts.length === 0 ? (
        <p className="muted mt-3 text-sm">{t("poker.results.noVotes")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="tally">
          {counts.map((c) => (
            <li key={c.card} className="grid grid-cols-[3rem_minmax(0,1fr)] items-center gap-3" data-testid="tally-row" data-card={c.card} data-count={c.count}>
              <span className="flex h-10 w-8 items-center justify-center rounded-md border border-[var(--border)] bg-[var(--surface)] font-bold" title={cardLabel(t, c.card)}>
                <CardFace card={c.card} size={16} />
              </span>
              <div className="min-w-0">
                <div className="h-2.5 rounded-full bg-[var(--surface-2)]">
                  <div className="h-2.5 rounded-full bg-[var(--primary)]" style={{ width: `${(c.count / total) * 100}%` }} />
                </div>
                <p className="muted mt-1 truncate text-xs">
                  {t("poker.results.people", { count: c.count })} · {c.people.map((p) => names.get(p) ?? p).join(", ")}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {accepted && (
        <p className="mt-4 text-sm" data-testid="accepted">
          {t("poker.results.accepted")} <strong className="rounded-md bg-[color-mix(in_srgb,var(--success)_14%,transparent)] px-2 py-0.5 text-[var(--success)]">{accepted}</strong>
        </p>
      )}
      {view.facilitator && !view.archived && (
        <form
          className="mt-4 flex flex-wrap items-end gap-2 border-t border-[var(--border)] pt-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (choice) onAccept(choice);
          }}
        >
          <div>
            <label className="label" htmlFor="accept-card">
              {t("poker.results.acceptLabel")}
            </label>
            <select id="accept-card" className="input w-32 py-1.5" value={choice} onChange={(e) => setChoice(e.target.value)} data-testid="accept-select">
              <option value="" disabled>
                {t("poker.results.choose")}
              </option>
              {view.deck.cards.filter(isEstimate).map((card) => (
                <option key={card} value={card}>
                  {card}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary py-1.5" disabled={!choice} data-testid="accept">
            {accepted ? t("poker.results.acceptAgain") : t("poker.results.accept")}
          </button>
        </form>
      )}
    </section>
  );
}
