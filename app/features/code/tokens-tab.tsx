import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { createTokenBody } from "../../../domain/git/schemas";
import type { TokenWire } from "../../../workers/services/tokens";
import { Field, FormAlert } from "../../components/ui/field";
import { serverErrors, zodFieldErrors } from "../../components/ui/form-errors";
import { useApi } from "../shell/errors";
import { formatDate } from "../../../domain/time/format";

/** `/settings/tokens`: personal access tokens for git over HTTP; a new secret is shown once. */
export function TokensTab() {
  const { t, i18n } = useTranslation("code");
  const api = useApi();
  const [tokens, setTokens] = useState<TokenWire[] | null>(null);
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const date = { format: (ms: number) => formatDate(ms, i18n.language) };

  const load = useCallback(async () => {
    const result = await api<{ results: TokenWire[] }>("GET", "/v1/tokens");
    if (!result.error) setTokens(result.data.results);
  }, [api]);
  useEffect(() => void load(), [load]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setDetail("");
    const parsed = createTokenBody.safeParse({ name });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    const result = await api<TokenWire & { token: string }>("POST", "/v1/tokens", parsed.data, { quiet: true });
    if (result.error) {
      const s = serverErrors(result.error, t);
      setDetail(s.detail);
      return setErrors(s.fields);
    }
    setSecret(result.data.token);
    setName("");
    await load();
  };

  const revoke = async (id: string) => {
    const result = await api("DELETE", `/v1/tokens/${id}`);
    if (!result.error) await load();
  };

  return (
    <section className="card flex flex-col gap-4 p-6" data-testid="tokens">
      <div>
        <h2 className="text-lg font-semibold">{t("tokens.title")}</h2>
        <p className="muted text-sm">{t("tokens.intro")}</p>
      </div>
      {secret && (
        <div className="flex flex-col gap-2" data-testid="token-secret">
          <FormAlert tone="success">{t("tokens.once")}</FormAlert>
          <input className="input font-mono text-xs" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} aria-label={t("tokens.secret")} />
        </div>
      )}
      <form className="flex items-end gap-3" onSubmit={create} noValidate>
        <div className="flex-1">
          <Field label={t("tokens.name")} name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        </div>
        <button type="submit" className="btn btn-primary">{t("tokens.create")}</button>
      </form>
      {detail && <FormAlert tone="error">{detail}</FormAlert>}
      {tokens && tokens.length === 0 && <p className="muted text-sm">{t("tokens.none")}</p>}
      {tokens && tokens.length > 0 && (
        <ul className="divide-y divide-[var(--border)]">
          {tokens.map((tok) => (
            <li key={tok.id} className="flex items-center gap-3 py-2 text-sm" data-testid="token-row">
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{tok.name}</span>
                <span className="muted text-xs">
                  {t("tokens.created", { date: date.format(tok.created_at) })} · {tok.last_used_at ? t("tokens.used", { date: date.format(tok.last_used_at) }) : t("tokens.unused")}
                </span>
              </span>
              <button type="button" className="btn btn-ghost text-red-600" onClick={() => void revoke(tok.id)}>
                {t("tokens.revoke")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
