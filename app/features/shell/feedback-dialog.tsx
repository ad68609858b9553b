import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Dialog, DialogActions } from "../../components/ui/dialog";
import { Field, FormAlert } from "../../components/ui/field";
import { serverErrors, zodFieldErrors } from "../../components/ui/form-errors";
import { useApi } from "./errors";
import { useViewer } from "./viewer";

/** "Send feedback": a small dialog posting to `POST /api/v1/feedback` with the current page. */
export function FeedbackButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const api = useApi();
  const location = useLocation();
  const [values, setValues] = useState({ name_sender: "", email: "", number_mobile: "", text: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");
  const [sent, setSent] = useState("");
  // The form exists only while the dialog is open, so it never joins the page's other forms.
  const [isOpen, setOpen] = useState(false);

  useEffect(() => {
    if (viewer) setValues((v) => ({ ...v, name_sender: v.name_sender || viewer.name, email: v.email || viewer.email }));
  }, [viewer]);

  const open = () => {
    setSent("");
    setDetail("");
    setErrors({});
    setOpen(true);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDetail("");
    // The schema (and zod) loads when someone sends feedback, not with every page's footer.
    const { feedbackBody } = await import("../../../domain/auth/schemas");
    const parsed = feedbackBody.safeParse({ ...values, page_send: location.pathname });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    const result = await api<{ detail: string }>("POST", "/v1/feedback", parsed.data, { quiet: true });
    if (result.error) {
      const s = serverErrors(result.error, t);
      setDetail(s.detail);
      return setErrors(s.fields);
    }
    setSent(result.data.detail);
    setValues((v) => ({ ...v, text: "" }));
  };

  return (
    <>
      <button type="button" className={`link text-sm ${className}`} onClick={open} data-testid="feedback-open">
        {t("feedback.open")}
      </button>
      {isOpen && (
        <Dialog title={t("feedback.title")} onClose={() => setOpen(false)} onSubmit={submit}>
          {detail && <FormAlert tone="error">{detail}</FormAlert>}
          {sent ? (
            <FormAlert tone="success">{sent}</FormAlert>
          ) : (
            <>
              <Field label={t("feedback.name")} name="name_sender" value={values.name_sender} onChange={(e) => setValues({ ...values, name_sender: e.target.value })} error={errors.name_sender} />
              <Field label={t("feedback.email")} name="email" type="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} error={errors.email} />
              <Field label={t("feedback.phone")} name="number_mobile" type="tel" value={values.number_mobile} onChange={(e) => setValues({ ...values, number_mobile: e.target.value })} error={errors.number_mobile} />
              <div>
                <label className="label" htmlFor="feedback-text">
                  {t("feedback.text")}
                </label>
                <textarea id="feedback-text" name="text" className="input min-h-28" value={values.text} onChange={(e) => setValues({ ...values, text: e.target.value })} aria-invalid={errors.text ? true : undefined} />
                {errors.text && <p className="field-error">{errors.text}</p>}
              </div>
            </>
          )}
          <DialogActions cancel={t("feedback.close")} onCancel={() => setOpen(false)} confirm={sent ? undefined : t("feedback.send")} testId="feedback-send" />
        </Dialog>
      )}
    </>
  );
}
