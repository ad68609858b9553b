import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { formatLongDate } from "../../domain/time/format";
import { cloudflareContext } from "../../workers/context";
import { devInbox } from "../../workers/services/pages/viewer";
import { AppHeader } from "../features/shell/app-header";
import type { Route } from "./+types/dev-mail";

/** The local inbox: every mail the product "sent" in development. Absent when deployed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  if (env.APP_ENV !== "development") return redirect("/");
  return { mails: await devInbox(env) };
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="min-h-screen">
      <AppHeader />
      <main className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold">{t("devMail.title")}</h1>
        <p className="muted mt-1 text-sm">{t("devMail.subtitle")}</p>
        {loaderData.mails.length === 0 && <p className="card mt-6 p-6">{t("devMail.empty")}</p>}
        <ul className="mt-6 flex flex-col gap-4">
          {loaderData.mails.map((m) => (
            <li key={m.id} className="card p-5" data-testid="mail" data-to={m.to}>
              <div className="muted flex justify-between text-xs">
                <span>{t("devMail.to", { to: m.to })}</span>
                {/* UTC on both sides: the server's zone differs from the browser's, and hydration needs the same text. */}
                <span>{formatLongDate(m.createdAt, i18n.language, "UTC")}</span>
              </div>
              <h2 className="mt-1 font-semibold">{m.subject}</h2>
              {/* The html part is built by our mailer with every value escaped. */}
              <div className="prose mt-2 text-sm [&_a]:text-[var(--primary)] [&_a]:underline" dangerouslySetInnerHTML={{ __html: m.html }} />
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
