import { useTranslation } from "react-i18next";
import { headTags } from "../../domain/seo/head";
import { cloudflareContext } from "../../workers/context";
import { i18nFor, languageOf } from "../../workers/services/i18n";
import { feedbackBody } from "../../domain/auth/schemas";
import { feedbackFromPage } from "../../workers/services/pages/viewer";
import { operatorDetails } from "../../workers/services/site-content";
import { ContactForm } from "../features/site/contact-form";
import { LeadLink } from "../features/site/help-parts";
import { pageHead } from "../features/site/page-head.server";
import { PublicPage } from "../features/site/public-page";
import type { Route } from "./+types/contacts";

/** `/contacts`: the operator's details (configuration) and the feedback form. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const language = languageOf(request);
  const i18n = i18nFor(language);
  const appName = i18n.t("common:appName");
  const t = i18n.getFixedT(language, "site");
  const operator = operatorDetails(env, appName);
  const head = pageHead(env, request, { language, path: "/contacts", title: t("contacts.title"), description: t("contacts.description", { appName }) });
  return { head, operator };
}

/**
 * The form posted without JavaScript (with it, the form calls the API itself): the same schema,
 * the same allowance and the same mail as `POST /api/v1/feedback`, answered as the page again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = context.get(cloudflareContext);
  const t = i18nFor(languageOf(request)).t;
  const origin = request.headers.get("Origin");
  if (origin && origin !== new URL(request.url).origin) return { sent: "", detail: t("errors:origin_forbidden"), errors: {}, values: {} };
  const form = await request.formData();
  const values = Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]));
  const parsed = feedbackBody.safeParse({ ...values, page_send: "/contacts" });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= t(`errors:${issue.message}`, { defaultValue: t("errors:body_invalid") });
    return { sent: "", detail: "", errors, values };
  }
  const decision = await feedbackFromPage(env, request, parsed.data);
  if (!decision.allowed) return { sent: "", detail: t("errors:rate_limited"), errors: {}, values };
  return { sent: t("common:feedback.sent"), detail: "", errors: {}, values: {} };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? headTags(loaderData.head) : [];
}

export default function Contacts({ loaderData: { operator }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  return (
    <PublicPage wide>
      <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr]">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight">{t("contacts.title")}</h1>
          <p className="muted mt-4 text-lg">{t("contacts.intro")}</p>
          <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm" data-testid="operator-details">
            <dt className="muted">{t("contacts.company")}</dt>
            <dd className="font-medium">{operator.operatorName}</dd>
            <dt className="muted">{t("contacts.address")}</dt>
            <dd>{operator.operatorAddress}</dd>
            <dt className="muted">{t("contacts.email")}</dt>
            <dd>
              <a className="link" href={`mailto:${operator.operatorEmail}`}>
                {operator.operatorEmail}
              </a>
            </dd>
          </dl>
          <LeadLink className="mt-8 text-sm" lead={t("contacts.helpFirst")} to="/help">
            {t("footer.help")}
          </LeadLink>
        </div>
        <section className="card p-6" aria-labelledby="contact-title">
          <h2 id="contact-title" className="mb-4 text-xl font-bold">
            {t("contacts.formTitle")}
          </h2>
          <ContactForm posted={actionData} />
          <LeadLink className="muted mt-4 text-xs" lead={t("contacts.consent")} to="/data_consent">
            {t("contacts.consentLink")}
          </LeadLink>
        </section>
      </div>
    </PublicPage>
  );
}
