import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { resetRequestBody } from "../../domain/auth/schemas";
import { Field, FormAlert } from "../components/ui/field";
import { AuthLayout } from "../features/auth/auth-layout";
import { useApi } from "../features/shell/errors";
import { useApiForm } from "../lib/use-api-form";

/** `/respass` and `/respass/{email}`: ask for a password reset link. */
export default function RequestReset() {
  const { t } = useTranslation("auth");
  const api = useApi();
  const params = useParams();
  const [email, setEmail] = useState(params.email ?? "");
  const [sent, setSent] = useState("");
  const { errors, detail, busy, send } = useApiForm(t);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const answer = await send(resetRequestBody.safeParse({ email }), (body) => api<{ detail: string }>("POST", "/v1/respas", body, { quiet: true }));
    if (answer) setSent(answer.data.detail);
  };

  return (
    <AuthLayout title={t("reset.title")} subtitle={t("reset.subtitle")}>
      {sent ? (
        <div className="flex flex-col gap-4">
          <FormAlert tone="success">{sent}</FormAlert>
          <Link className="link text-sm" to="/login">
            {t("reset.backToSignIn")}
          </Link>
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          {detail && <FormAlert tone="error">{detail}</FormAlert>}
          <Field label={t("fields.email")} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <button className="btn btn-primary w-full" disabled={busy} type="submit">
            {t("reset.submit")}
          </button>
          <Link className="link text-sm" to="/login">
            {t("reset.backToSignIn")}
          </Link>
        </form>
      )}
    </AuthLayout>
  );
}
