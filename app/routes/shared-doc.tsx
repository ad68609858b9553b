import { useTranslation } from "react-i18next";
import { Link, data, redirect } from "react-router";
import { type DocKind, SHARED_SEGMENT } from "../../domain/docs/layout";
import { cloudflareContext } from "../../workers/context";
import { sharedDocPage } from "../../workers/services/pages/docs";
import { Icon } from "../components/ui/icons";
import { DocEditorSlot } from "../features/docs/editor-slot";
import { KIND_ICON, KIND_TONE } from "../features/docs/tree/kinds";
import { AppHeader } from "../features/shell/app-header";
import type { Route } from "./+types/shared-doc";

const SEGMENTS: readonly string[] = Object.values(SHARED_SEGMENT);

export async function loader({ context, params }: Route.LoaderArgs) {
  // Any other first segment is an unknown path, which goes to the main page (spec §2).
  if (!SEGMENTS.includes(params.segment)) throw redirect("/");
  const { env } = context.get(cloudflareContext);
  const shared = await sharedDocPage(env, params.segment, params.guid);
  // Sharing off (or never on) answers 404 at once: the lookup is made on every request.
  if (!shared) return data({ shared: null, shareId: params.guid }, { status: 404 });
  return { shared, shareId: params.guid };
}

/**
 * Never cached, never indexed, and the link's secret is not sent on as a Referer when a
 * reader follows a link inside the document.
 */
export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.shared?.title || "—" }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "no-referrer" }];
}

function Missing() {
  const { t } = useTranslation("docs");
  return (
    <div className="card mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-16 text-center" data-testid="shared-missing">
      <span className="muted">
        <Icon name="lock" size={44} />
      </span>
      <h1 className="text-xl font-bold">{t("shared.missingTitle")}</h1>
      <p className="muted">{t("shared.missingBody")}</p>
      <Link to="/" className="btn btn-primary mt-2">
        {t("shared.home")}
      </Link>
    </div>
  );
}

/** `/shared/{docs|bpmn|excalidraw|table}/{shareId}`: one document, read-only, without an account. */
export default function SharedDoc({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("docs");
  const { shared, shareId } = loaderData;
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="mx-auto flex w-full max-w-[100rem] flex-1 flex-col gap-4 px-4 py-6" data-testid="shared-page">
        {shared ? (
          <>
            <header className="card flex items-center gap-3 p-4" data-testid="shared-doc" data-kind={shared.kind} data-guid={shared.guid}>
              <span className={`shrink-0 ${KIND_TONE[shared.kind as DocKind]}`} title={t(`kinds.${shared.kind}`)}>
                <Icon name={KIND_ICON[shared.kind as DocKind]} size={24} />
              </span>
              <div className="min-w-0 flex-1">
                <h1 className={`text-2xl leading-tight font-bold break-words ${shared.title ? "" : "muted italic"}`} data-testid="shared-title">
                  {shared.title || t("untitled")}
                </h1>
                <p className="muted text-xs">{t(`kinds.${shared.kind}`)}</p>
              </div>
              <span className="muted inline-flex shrink-0 items-center gap-1.5 rounded-full border border-[var(--border)] px-2.5 py-1 text-xs font-semibold" data-testid="shared-read-only">
                <Icon name="eye" size={14} />
                {t("shared.readOnly")}
              </span>
            </header>
            <DocEditorSlot doc={{ guid: shared.guid, kind: shared.kind, title: shared.title, project: null }} readOnly shareId={shareId} />
          </>
        ) : (
          <Missing />
        )}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="flex-1 px-4 py-10">
        <Missing />
      </main>
    </div>
  );
}
