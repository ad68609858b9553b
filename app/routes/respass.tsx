import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { resetRequestBody } from "../../domain/auth/schemas";
import { Field, FormAlert } from "../components/ui/field";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import { AuthLayout } from "../features/auth/auth-layout";
import { useApi } from "../features/shell/errors";

/** `/respass` and `/respass/{email}`: ask for a password reset link. */
export default function RequestReset() {
  const { t } = useTranslation("auth");
  const api = useApi();
  const params = useParams();
  const [email, setEmail] = useState(params.email ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");
  const [sent, setSent] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDetail("");
    const parsed = resetRequestBody.safeParse({ email });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    setBusy(true);
    const result = await api<{ detail: string }>("POST", "/v1/respas", parsed.data, { quiet: true });
    setBusy(false);
    if (result.error) {
      const server = serverErrors(result.error, t);
      setDetail(server.detail);
      setErrors(server.fields);
      return;
    }
    setSent(result.data.detail);
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
