import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { safeNext } from "../../domain/shell";
import { cloudflareContext } from "../../workers/context";
import { Field, FormAlert } from "../components/ui/field";
import { AuthLayout } from "../features/auth/auth-layout";
import { useApi } from "../features/shell/errors";
import { viewerOf } from "../lib/viewer.server";
import { pageTitle } from "../lib/page-title";
import { useApiForm } from "../lib/use-api-form";
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
  const { errors, detail, busy, send } = useApiForm(t);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The schema (and zod) loads on first use, not with the page.
    const { signInBody } = await import("../../domain/auth/schemas");
    const sent = await send(signInBody.safeParse({ email, password }), (body) => api("POST", "/v1/auth", body, { quiet: true }));
    if (!sent) return;
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
