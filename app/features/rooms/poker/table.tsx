/**
 * The table: one seat per voter with their card face down once they voted, all turned face up
 * together at the flip. Before the flip the view carries only who voted (never the cards), so
 * nothing here could show another person's card early; one's own card is shown to oneself.
 */
import { useTranslation } from "react-i18next";
import type { PokerView } from "../../../../domain/rooms/poker";
import { Switch } from "../../../components/ui/switch";
import { CardFace } from "./card-face";
import { cardLabel } from "./deck";

export function PokerTable({
  view,
  me,
  onFlip,
  onRevote,
  onAutoFlip,
}: {
  view: PokerView;
  me: string | null;
  onFlip: () => void;
  onRevote: () => void;
  onAutoFlip: (on: boolean) => void;
}) {
  const { t } = useTranslation("rooms");
  const round = view.current ? view.rounds[view.current] : undefined;
  const voters = view.participants.filter((p) => p.role === "voter");
  const voted = new Set(round?.voted ?? []);
  const revealed = round?.revealed ?? false;
  const canControl = view.facilitator && !view.archived && Boolean(view.current);
  return (
    <section className="card p-4" aria-labelledby="table-title" data-testid="poker-table" data-revealed={revealed}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="table-title" className="text-sm font-semibold">
            {t("poker.table.title")}
          </h2>
          <p className="muted text-sm" aria-live="polite" data-testid="voted-count">
            {revealed ? t("poker.table.revealed") : t("poker.table.votedCount", { count: voters.length, voted: voters.filter((v) => voted.has(v.id)).length })}
          </p>
        </div>
        {canControl && (
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-2 text-sm">
              <Switch checked={view.autoFlip} onChange={onAutoFlip} label={t("poker.table.autoFlip")} testId="auto-flip" />
              <span aria-hidden="true">{t("poker.table.autoFlip")}</span>
            </label>
            {revealed || voted.size > 0 ? (
              <button type="button" className="btn py-1.5 text-sm" onClick={onRevote} data-testid="revote">
                {t("poker.table.revote")}
              </button>
            ) : null}
            {!revealed && (
              <button type="button" className="btn btn-primary py-1.5 text-sm" onClick={onFlip} disabled={voted.size === 0} data-testid="flip">
                {t("poker.table.flip")}
              </button>
            )}
          </div>
        )}
      </div>
      {voters.length === 0 ? (
        <p className="muted mt-4 text-sm">{t("poker.table.noVoters")}</p>
      ) : (
        <ul className="mt-4 flex flex-wrap gap-4" data-testid="seats">
          {voters.map((p) => {
            const card = revealed ? (round?.votes?.[p.id] ?? null) : p.id === me ? (round?.mine ?? null) : null;
            const hasVoted = revealed ? card !== null : voted.has(p.id);
            const state = revealed ? (card === null ? t("poker.table.noVote") : cardLabel(t, card)) : hasVoted ? t("poker.table.hasVoted") : t("poker.table.thinking");
            return (
              <li key={p.id} className="flex w-20 flex-col items-center gap-1.5 text-center" data-testid="seat" data-person={p.id} data-name={p.name} data-voted={hasVoted} data-card={revealed ? (card ?? "") : ""}>
                <div
                  className={`flex h-20 w-14 items-center justify-center rounded-xl border-2 text-xl font-bold transition-all duration-300 ${
                    revealed && card !== null
                      ? "border-[var(--primary)] bg-[var(--surface)] text-[var(--text)] shadow-md"
                      : card !== null
                        ? "border-dashed border-[var(--primary)] bg-[color-mix(in_srgb,var(--primary)_10%,var(--surface))] text-[var(--primary)]"
                        : hasVoted
                        ? "border-[var(--primary)] bg-[repeating-linear-gradient(45deg,var(--primary),var(--primary)_6px,var(--primary-hover)_6px,var(--primary-hover)_12px)] text-[var(--primary-text)] shadow-md"
                        : "border-dashed border-[var(--border)] bg-[var(--surface-2)] text-[var(--muted)]"
                  }`}
                >
                  {card !== null ? (
                    <CardFace card={card} size={22} />
                  ) : revealed ? (
                    <span aria-hidden="true">–</span>
                  ) : null}
                </div>
                <span className={`line-clamp-2 max-w-full text-xs leading-tight break-words ${p.present ? "" : "muted"}`} title={p.name}>
                  {p.name}
                  {p.id === me && !revealed && card !== null && <span className="sr-only"> {t("poker.table.onlyYou")}</span>}
                </span>
                <span className="sr-only">{state}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
