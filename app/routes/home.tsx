import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { absolute, headTags } from "../../domain/seo/head";
import { cloudflareContext } from "../../workers/context";
import { landingBlogLink } from "../../workers/services/pages/blog";
import { i18nFor, languageOf } from "../../workers/services/i18n";
import { siteOf } from "../lib/public-head.server";
import type { Route } from "./+types/home";
import { COMPANY_SIZES } from "../../domain/auth/limits";
import { Field, FormAlert, FormField } from "../components/ui/field";
import { Icon, type IconName } from "../components/ui/icons";
import { AppHeader } from "../features/shell/app-header";
import { useApi } from "../features/shell/errors";
import { useViewer } from "../features/shell/viewer";
import { useApiForm } from "../lib/use-api-form";
import { SiteFooter } from "../features/site/site-footer";

const FEATURES = ["planning", "boards", "poker", "retro", "docs", "code", "ai", "meetings", "jira"] as const;
const FEATURE_ICONS: Record<(typeof FEATURES)[number], IconName> = {
  planning: "calendar",
  boards: "kanban",
  poker: "cards",
  retro: "cycle",
  docs: "document",
  code: "branch",
  ai: "sparkles",
  meetings: "video",
  jira: "exchange",
};

/** The form's schema (and zod) loads on first use, not with the landing page. */
const loadSchemas = () => import("../../domain/auth/schemas");

function QuickStart() {
  const { t } = useTranslation("landing");
  const api = useApi();
  const [values, setValues] = useState({ name: "", email: "", company_size: "2-10" });
  const [sent, setSent] = useState("");
  const { errors, detail, busy, send } = useApiForm(t);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { quickStartBody } = await loadSchemas();
    const answer = await send(quickStartBody.safeParse(values), (body) => api<{ detail: string }>("POST", "/v1/qstart", body, { quiet: true }));
    if (answer) setSent(answer.data.detail);
  };

  if (sent) return <FormAlert tone="success">{sent}</FormAlert>;
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} onFocus={() => void loadSchemas()} noValidate data-testid="quick-start">
      {detail && <FormAlert tone="error">{detail}</FormAlert>}
      <Field label={t("start.name")} name="name" autoComplete="name" value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} error={errors.name} />
      <Field label={t("start.email")} name="email" type="email" autoComplete="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} error={errors.email} />
      <FormField label={t("start.companySize")} error={errors.company_size}>
        {(control) => (
          <select {...control} name="company_size" className="input" value={values.company_size} onChange={(e) => setValues({ ...values, company_size: e.target.value })}>
            {COMPANY_SIZES.map((s) => (
              <option key={s} value={s}>
                {t("start.people", { count: Number(s.match(/\d+$/)?.[0] ?? s.replace(/\D/g, "")), size: s })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <button className="btn btn-primary w-full" type="submit" disabled={busy}>
        {t("start.submit")}
      </button>
      <p className="muted text-center text-xs">{t("start.note")}</p>
    </form>
  );
}

/** The landing page's head (domain/seo/head.ts) and the blog's first category for the footer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const lng = languageOf(request);
  const t = i18nFor(lng).t;
  const site = siteOf(request, env, lng);
  const blog = await landingBlogLink(env, lng);
  const head = {
    ...site,
    path: "/",
    language: lng,
    title: t("landing:hero.title"),
    description: t("landing:hero.body"),
    jsonLd: [{ "@context": "https://schema.org", "@type": "WebSite", name: site.siteName, url: absolute(site.origin, "/"), inLanguage: lng }],
  };
  return { head, blog };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? headTags(loaderData.head) : [];
}

/** `/`: what the product does, with sign-in and a quick start for new teams. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("landing");
  const user = useViewer();
  return (
    <div className="min-h-screen">
      <AppHeader />
      <main>
        <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 lg:grid-cols-[1.2fr_1fr] lg:py-24">
          <div>
            <p className="mb-3 inline-block rounded-full bg-[var(--surface-2)] px-3 py-1 text-xs font-semibold text-[var(--primary)]">{t("hero.badge")}</p>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t("hero.title")}</h1>
            <p className="muted mt-5 max-w-xl text-lg">{t("hero.body")}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              {user ? (
                <Link className="btn btn-primary" to="/project">
                  {t("hero.openWorkspace")}
                </Link>
              ) : (
                <>
                  <a className="btn btn-primary" href="#start">
                    {t("hero.startFree")}
                  </a>
                  <Link className="btn" to="/login">
                    {t("hero.signIn")}
                  </Link>
                </>
              )}
            </div>
          </div>
          {!user && (
            <div className="card p-6" id="start">
              <h2 className="text-xl font-bold">{t("start.title")}</h2>
              <p className="muted mt-1 mb-5 text-sm">{t("start.subtitle")}</p>
              <QuickStart />
            </div>
          )}
        </section>
        <section className="border-t border-[var(--border)] bg-[var(--surface)]">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2 className="text-center text-3xl font-bold tracking-tight">{t("features.title")}</h2>
            <p className="muted mx-auto mt-3 max-w-2xl text-center">{t("features.subtitle")}</p>
            <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((f) => (
                <li key={f} className="rounded-xl border border-[var(--border)] bg-[var(--bg)] p-5">
                  <div className="flex h-10 w-10 items-center justify-center rounded-lg bg-[var(--surface-2)] text-[var(--primary)]">
                    <Icon name={FEATURE_ICONS[f]} />
                  </div>
                  <h3 className="mt-3 font-semibold">{t(`features.items.${f}.title`)}</h3>
                  <p className="muted mt-1 text-sm">{t(`features.items.${f}.body`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <SiteFooter blog={loaderData.blog} />
    </div>
  );
}
