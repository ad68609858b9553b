import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { safeNext } from "../../domain/shell";
import { cloudflareContext } from "../../workers/context";
import { Field, FormAlert } from "../components/ui/field";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import { AuthLayout } from "../features/auth/auth-layout";
import { useApi } from "../features/shell/errors";
import { viewerOf } from "../lib/viewer.server";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  if (await viewerOf(request, env)) return redirect("/project");
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "common:shell.titles.login" });
}

export default function Login() {
  const { t } = useTranslation("auth");
  const api = useApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDetail("");
    // The schema (and zod) loads on first use, not with the page.
    const { signInBody } = await import("../../domain/auth/schemas");
    const parsed = signInBody.safeParse({ email, password });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    setBusy(true);
    const result = await api("POST", "/v1/auth", parsed.data, { quiet: true });
    setBusy(false);
    if (result.error) {
      const server = serverErrors(result.error, t);
      setDetail(server.detail);
      setErrors(server.fields);
      return;
    }
    await revalidate();
    await navigate(safeNext(params.get("next")));
  };

  return (
    <AuthLayout title={t("signIn.title")} subtitle={t("signIn.subtitle")}>
      {/* POST: a submit before the page hydrates must not put the password into the URL. */}
      <form method="post" className="flex flex-col gap-4" onSubmit={submit} onFocus={() => void import("../../domain/auth/schemas")} noValidate>
        {detail && <FormAlert tone="error">{detail}</FormAlert>}
        <Field label={t("fields.email")} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        <Field label={t("fields.password")} type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
        <button className="btn btn-primary w-full" disabled={busy} type="submit">
          {t("signIn.submit")}
        </button>
        <div className="flex justify-between text-sm">
          <Link className="link" to={email ? `/respass/${encodeURIComponent(email.trim().toLowerCase())}` : "/respass"}>
            {t("signIn.forgot")}
          </Link>
          <Link className="link" to="/#start">
            {t("signIn.noAccount")}
          </Link>
        </div>
      </form>
    </AuthLayout>
  );
}
