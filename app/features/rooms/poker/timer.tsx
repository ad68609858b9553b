/** The shared countdown: everyone sees it; the facilitator starts and stops it. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCountdown, TIMER_CHOICES } from "../../../../domain/rooms/countdown";
import { Icon } from "../../../components/ui/icons";
import { useCountdown } from "../use-countdown";

export function PokerTimer({ endsAt, canControl, onStart, onStop }: { endsAt: number | null; canControl: boolean; onStart: (seconds: number) => void; onStop: () => void }) {
  const { t } = useTranslation("rooms");
  const left = useCountdown(endsAt);
  const [choice, setChoice] = useState<number>(60);
  const running = left !== null && left > 0;
  const over = left === 0;
  return (
    <section className="card p-4" aria-labelledby="timer-title" data-testid="timer" data-running={running} data-seconds={left ?? ""}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="timer-title" className="flex items-center gap-2 text-sm font-semibold">
          <Icon name="clock" size={16} />
          {t("poker.timer.title")}
        </h2>
        {left !== null && (
          <span
            role="timer"
            aria-label={t("poker.timer.left", { time: formatCountdown(left) })}
            className={`rounded-lg px-2.5 py-1 font-mono text-2xl font-bold tabular-nums ${over ? "bg-[color-mix(in_srgb,var(--danger)_12%,transparent)] text-[var(--danger)]" : left <= 10 ? "text-[var(--danger)]" : "text-[var(--primary)]"}`}
            data-testid="timer-display"
            // The server's clock and the browser's differ by the page's trip: the next tick corrects it.
            suppressHydrationWarning
          >
            {formatCountdown(left)}
          </span>
        )}
        {left === null && <span className="muted text-sm">{t("poker.timer.off")}</span>}
      </div>
      {over && (
        <p className="mt-2 text-sm font-medium text-[var(--danger)]" role="status" data-testid="timer-over">
          {t("poker.timer.over")}
        </p>
      )}
      {canControl && (
        <div className="mt-3 flex items-center gap-2">
          {running ? (
            <button type="button" className="btn w-full py-1.5 text-sm" onClick={onStop} data-testid="timer-stop">
              {t("poker.timer.stop")}
            </button>
          ) : (
            <>
              <select className="input py-1.5 text-sm" value={choice} onChange={(e) => setChoice(Number(e.target.value))} aria-label={t("poker.timer.length")} data-testid="timer-length">
                {TIMER_CHOICES.map((s) => (
                  <option key={s} value={s}>
                    {formatCountdown(s)}
                  </option>
                ))}
              </select>
              <button type="button" className="btn btn-primary shrink-0 py-1.5 text-sm" onClick={() => onStart(choice)} data-testid="timer-start">
                {t("poker.timer.start")}
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
