import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { CURRENCIES, DONATION_MAX, DONATION_MIN, formatAmount } from "../../domain/billing/plans";
import { cloudflareContext } from "../../workers/context";
import { donateRecipientPage } from "../../workers/services/pages/billing";
import { checkoutProblem } from "../features/billing/plan-card";
import { useCheckout } from "../features/billing/use-checkout";
import { PublicPage } from "../features/site/public-page";
import { PublicPageError } from "../features/site/not-found-page";
import { viewerOf } from "../lib/viewer.server";
import type { Route } from "./+types/donate";

/** `/donate` and `/donate/{uUid}`: a donation to the site, to a named person, or to a project whose page is open. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const [viewer, recipient] = await Promise.all([viewerOf(request, env), params.uUid ? donateRecipientPage(env, params.uUid) : null]);
  if (params.uUid && !recipient) throw data(null, { status: 404 });
  return { signedIn: viewer !== null, recipient: recipient ?? null };
}

export default function Donate({ loaderData: { signedIn, recipient } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("billing");
  const [amount, setAmount] = useState("10");
  const [currency, setCurrency] = useState<(typeof CURRENCIES)[number]>("eur");
  const [message, setMessage] = useState("");
  const { start, busy, error } = useCheckout();
  const cents = Math.round(Number(amount.replace(",", ".")) * 100);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const to = recipient ? (recipient.kind === "project" ? { project: recipient.id } : { recipient: recipient.id }) : {};
    void start("/v1/donate", { amount: Number.isFinite(cents) ? cents : 0, currency, message, ...to });
  };
  return (
    <PublicPage>
      <h1 className="text-4xl font-extrabold tracking-tight">{recipient ? t("donate.titleTo", { name: recipient.name }) : t("donate.title")}</h1>
      {recipient?.kind === "project" && (
        <p className="mt-3 font-medium" data-testid="donate-receiver">
          {t("donate.receiver", { project: recipient.name, owner: recipient.owner })}
        </p>
      )}
      <p className="muted mt-3">{t("donate.intro")}</p>
      {signedIn ? (
        <form className="card mt-8 grid gap-4 p-6" onSubmit={submit} data-testid="donate-form">
          <div className="grid grid-cols-[1fr_auto] gap-3">
            <label className="grid gap-1 text-sm">
              <span className="font-medium">{t("donate.amount")}</span>
              <input className="input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="donate-amount" aria-describedby="donate-bounds" />
            </label>
            <label className="grid gap-1 text-sm">
              <span className="font-medium">{t("donate.currency")}</span>
              <select className="input" value={currency} onChange={(e) => setCurrency(e.target.value as (typeof CURRENCIES)[number])}>
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c.toUpperCase()}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p id="donate-bounds" className="muted text-xs">
            {formatAmount(DONATION_MIN, currency, i18n.language)} – {formatAmount(DONATION_MAX, currency, i18n.language)}
          </p>
          <label className="grid gap-1 text-sm">
            <span className="font-medium">{t("donate.message")}</span>
            <textarea className="input" rows={3} maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} />
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {checkoutProblem(error)}
            </p>
          )}
          <button className="btn btn-primary" disabled={busy} data-testid="donate-submit">
            {t("donate.submit")}
          </button>
        </form>
      ) : (
        <a className="btn btn-primary mt-8" href={`/login?next=${encodeURIComponent(recipient ? `/donate/${recipient.id}` : "/donate")}`}>
          {t("donate.signIn")}
        </a>
      )}
      <p className="mt-6 text-sm">
        <Link className="link" to="/terms_of_donate">
          {t("donate.terms")}
        </Link>
      </p>
    </PublicPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicPageError error={error} />;
}
