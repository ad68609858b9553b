import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useRevalidator } from "react-router";
import { setPasswordBody } from "../../domain/auth/schemas";
import { Field, FormAlert } from "../components/ui/field";
import { AuthLayout } from "../features/auth/auth-layout";
import { useApi } from "../features/shell/errors";
import { useApiForm } from "../lib/use-api-form";

/** `/pass/{uUid}`: choose a new password from a mailed link; success signs you in. */
export default function SetPassword() {
  const { t } = useTranslation("auth");
  const api = useApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { uUid = "" } = useParams();
  const [newpass, setNewpass] = useState("");
  const [repeatnewpass, setRepeat] = useState("");
  // The link's token has no control: its error is the form's.
  const { errors, detail, busy, send } = useApiForm(t, { detailField: "uuid" });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = setPasswordBody.safeParse({ uuid: uUid, newpass, repeatnewpass });
    if (!(await send(parsed, (body) => api("POST", "/v1/respasgen", body, { quiet: true })))) return;
    await revalidate();
    await navigate("/project");
  };

  return (
    <AuthLayout title={t("setPassword.title")} subtitle={t("setPassword.subtitle")}>
      {/* POST: a submit before the page hydrates must not put the password into the URL. */}
      <form method="post" className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {detail && <FormAlert tone="error">{detail}</FormAlert>}
        <Field label={t("fields.newPassword")} type="password" name="newpass" autoComplete="new-password" value={newpass} onChange={(e) => setNewpass(e.target.value)} error={errors.newpass} />
        <Field label={t("fields.repeatPassword")} type="password" name="repeatnewpass" autoComplete="new-password" value={repeatnewpass} onChange={(e) => setRepeat(e.target.value)} error={errors.repeatnewpass} />
        <button className="btn btn-primary w-full" disabled={busy} type="submit">
          {t("setPassword.submit")}
        </button>
        <Link className="link text-sm" to="/respass">
          {t("setPassword.newLink")}
        </Link>
      </form>
    </AuthLayout>
  );
}
