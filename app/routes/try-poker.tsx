import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { headTags } from "../../domain/seo/head";
import { revealRound, teammateVotes, TRY_DECK, TRY_STORIES, TRY_TEAMMATES } from "../../domain/site/try-poker";
import { cloudflareContext } from "../../workers/context";
import { i18nFor, languageOf } from "../../workers/services/i18n";
import { CardFace } from "../features/rooms/poker/card-face";
import { cardLabel } from "../features/rooms/poker/deck";
import { pageHead } from "../features/site/page-head.server";
import { PublicPage } from "../features/site/public-page";
import type { Route } from "./+types/try-poker";

/**
 * `/test`: planning poker for a visitor without an account — a table played in the browser with
 * three sample teammates (domain/site/try-poker.ts; why not a live guest room: docs/decisions.md),
 * ending with an invitation to create a workspace.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const language = languageOf(request);
  const t = i18nFor(language).getFixedT(language, "site");
  return { head: pageHead(env, request, { language, path: "/test", title: t("test.title"), description: t("test.description") }) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? headTags(loaderData.head) : [];
}

interface Round {
  story: number;
  mine: string | null;
  /** The teammates' cards, dealt when the visitor reveals. */
  revealed: ReturnType<typeof revealRound> | null;
}

function Seat({ name, note, card, voted }: { name: string; note?: string; card: string | null; voted: boolean }) {
  const { t } = useTranslation("site");
  const { t: tRooms } = useTranslation("rooms");
  return (
    <li className="flex flex-col items-center gap-2" data-testid="try-seat">
      <div
        className={`flex h-20 w-14 items-center justify-center rounded-lg border-2 text-xl font-bold ${
          card ? "border-[var(--primary)] bg-[var(--surface)]" : voted ? "border-[var(--primary)] bg-[var(--primary)]" : "border-dashed border-[var(--border)]"
        }`}
      >
        {card && <CardFace card={card} />}
        {card && <span className="sr-only">{cardLabel(tRooms, card)}</span>}
      </div>
      <span className="text-sm font-medium">{name}</span>
      <span className="muted text-xs">{card ? note : voted ? t("test.voted") : t("test.thinking")}</span>
    </li>
  );
}

function Invitation() {
  const { t } = useTranslation("site");
  return (
    <section className="card mt-10 p-6 text-center" aria-labelledby="try-invite" data-testid="try-invite">
      <h2 id="try-invite" className="text-2xl font-bold">
        {t("test.inviteTitle")}
      </h2>
      <p className="muted mx-auto mt-2 max-w-xl">{t("test.inviteBody")}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Link className="btn btn-primary" to="/#start">
          {t("test.createWorkspace")}
        </Link>
        <Link className="btn" to="/who-is-planning-poker">
          {t("test.learnMore")}
        </Link>
      </div>
    </section>
  );
}

export default function TryPoker() {
  const { t } = useTranslation("site");
  const { t: tRooms } = useTranslation("rooms");
  const [round, setRound] = useState<Round>({ story: 0, mine: null, revealed: null });
  const [played, setPlayed] = useState(0);
  const done = round.story >= TRY_STORIES.length;
  const story = TRY_STORIES[round.story];

  const reveal = () => {
    if (!round.mine) return;
    // A fresh deal each visit; the generator only makes one deal repeatable for tests.
    setRound({ ...round, revealed: revealRound(round.mine, teammateVotes(round.story, Date.now() % 100_000)) });
    setPlayed((n) => n + 1);
  };
  const next = () => setRound({ story: round.story + 1, mine: null, revealed: null });

  return (
    <PublicPage wide>
      <div className="mx-auto max-w-3xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">{t("test.title")}</h1>
        <p className="muted mt-3 text-lg">{t("test.intro")}</p>
      </div>
      {done || !story ? (
        <div className="mt-10 text-center">
          <p className="text-2xl font-semibold" role="status">
            {t("test.doneTitle")}
          </p>
          <button type="button" className="btn mt-4" onClick={() => setRound({ story: 0, mine: null, revealed: null })}>
            {t("test.again")}
          </button>
        </div>
      ) : (
        <section className="card mx-auto mt-10 max-w-3xl p-6" aria-labelledby="try-story" data-testid="try-table">
          <p className="muted text-xs font-semibold uppercase tracking-wide">{t("test.story", { n: round.story + 1, total: TRY_STORIES.length })}</p>
          <h2 id="try-story" className="mt-1 text-xl font-semibold">
            {t(`test.stories.${story.key}`)}
          </h2>
          <ul className="mt-6 flex flex-wrap justify-center gap-6">
            <Seat name={t("test.you")} card={round.revealed ? round.mine : null} voted={Boolean(round.mine)} />
            {TRY_TEAMMATES.map((name, i) => (
              <Seat key={name} name={t(`test.teammates.${name}`)} note={t("test.sample")} card={round.revealed?.cards[i + 1] ?? null} voted={Boolean(round.mine)} />
            ))}
          </ul>
          {round.revealed ? (
            <div className="mt-6 flex flex-col items-center gap-4">
              <dl className="grid grid-cols-3 gap-6 text-center" data-testid="try-summary">
                {(["average", "median", "agreement"] as const).map((k) => {
                  const value = round.revealed![k];
                  return (
                    <div key={k}>
                      <dt className="muted text-xs">{t(`test.${k}`)}</dt>
                      <dd className="text-2xl font-bold" data-testid={`try-${k}`}>
                        {value === null ? "—" : k === "agreement" ? `${Math.round(value * 100)}%` : value}
                      </dd>
                    </div>
                  );
                })}
              </dl>
              <button type="button" className="btn btn-primary" onClick={next} data-testid="try-next">
                {t("test.next")}
              </button>
            </div>
          ) : (
            <div className="mt-6">
              <p className="text-center text-sm font-medium" id="try-pick">
                {t("test.pickCard")}
              </p>
              <div className="mt-3 flex flex-wrap justify-center gap-2" role="group" aria-labelledby="try-pick">
                {TRY_DECK.map((card) => (
                  <button
                    key={card}
                    type="button"
                    className={`flex h-16 w-12 items-center justify-center rounded-lg border-2 text-lg font-bold transition ${
                      round.mine === card ? "-translate-y-1 border-[var(--primary)] bg-[var(--primary)] text-[var(--primary-text)]" : "border-[var(--border)] bg-[var(--surface)] hover:border-[var(--primary)]"
                    }`}
                    aria-pressed={round.mine === card}
                    aria-label={cardLabel(tRooms, card)}
                    onClick={() => setRound({ ...round, mine: card })}
                  >
                    <CardFace card={card} />
                  </button>
                ))}
              </div>
              <div className="mt-5 flex justify-center">
                <button type="button" className="btn btn-primary" disabled={!round.mine} onClick={reveal} data-testid="try-reveal">
                  {t("test.reveal")}
                </button>
              </div>
              <p className="muted mt-3 text-center text-xs">{t("test.special")}</p>
            </div>
          )}
        </section>
      )}
      {(played > 0 || done) && <Invitation />}
    </PublicPage>
  );
}
