import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FEEDBACK_HONEYPOT, feedbackBody } from "../../../domain/auth/schemas";
import { Field, FormAlert, TextAreaField } from "../../components/ui/field";
import { useApi } from "../shell/errors";
import { useViewer } from "../shell/viewer";
import { useApiForm } from "../../lib/use-api-form";

const EMPTY = { name_sender: "", email: "", number_mobile: "", text: "", [FEEDBACK_HONEYPOT]: "" };

/** What the page's action answered when the form was posted without JavaScript. */
export interface PostedForm {
  sent: string;
  detail: string;
  errors: Record<string, string>;
  values: Partial<Record<keyof typeof EMPTY, string>>;
}

/**
 * The `/contacts` form: checked with the API's own schema first (field errors at once, in the
 * reader's language), then posted to `POST /api/v1/feedback` with `page_send: "/contacts"`.
 */
export function ContactForm({ posted }: { posted?: PostedForm }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const api = useApi();
  const [values, setValues] = useState(() => ({ ...EMPTY, ...posted?.values }));
  const [sent, setSent] = useState(posted?.sent ?? "");
  const { errors, detail, busy, send } = useApiForm(t, { errors: posted?.errors, detail: posted?.detail });
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  useEffect(() => {
    if (viewer) setValues((v) => ({ ...v, name_sender: v.name_sender || viewer.name, email: v.email || viewer.email }));
  }, [viewer]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = feedbackBody.safeParse({ ...values, page_send: "/contacts" });
    const answer = await send(parsed, (body) => api<{ detail: string }>("POST", "/v1/feedback", body, { quiet: true }));
    if (!answer) return;
    setSent(answer.data.detail);
    setValues((v) => ({ ...v, text: "" }));
  };

  if (sent) return <FormAlert tone="success">{sent}</FormAlert>;
  return (
    // method="post": without JavaScript the browser posts the form to the page's own action.
    <form method="post" className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="contact-form">
      {detail && <FormAlert tone="error">{detail}</FormAlert>}
      <Field label={t("feedback.name")} name="name_sender" autoComplete="name" value={values.name_sender} onChange={set("name_sender")} error={errors.name_sender} />
      <Field label={t("feedback.email")} name="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} error={errors.email} />
      <Field label={t("feedback.phone")} name="number_mobile" type="tel" autoComplete="tel" value={values.number_mobile} onChange={set("number_mobile")} error={errors.number_mobile} />
      <TextAreaField label={t("feedback.text")} name="text" className="min-h-36" value={values.text} onChange={set("text")} error={errors.text} />
      {/* The spam trap: off screen, out of the tab order and hidden from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t("site:contacts.honeypot")}</label>
        <input id="contact-website" name={FEEDBACK_HONEYPOT} type="text" tabIndex={-1} autoComplete="off" value={values[FEEDBACK_HONEYPOT]} onChange={set(FEEDBACK_HONEYPOT)} />
      </div>
      <button className="btn btn-primary self-start" type="submit" disabled={busy} data-testid="contact-send">
        {t("feedback.send")}
      </button>
    </form>
  );
}
