import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, type ShouldRevalidateFunctionArgs, useNavigate, useRevalidator } from "react-router";
import { applyPlaced, descendantsOf, listedParents, planMove } from "../../domain/docs/tree";
import type { DocView } from "../../workers/services/documents";
import type { FieldView } from "../../workers/services/field-definitions";
import { cloudflareContext } from "../../workers/context";
import { Breadcrumbs } from "../components/ui/breadcrumbs";
import { EmptyState } from "../components/ui/empty-state";
import { Icon } from "../components/ui/icons";
import { serverErrors } from "../components/ui/form-errors";
import { DeleteDialog } from "../features/docs/tree/delete-dialog";
import { DocPanel } from "../features/docs/tree/doc-panel";
import { DocTree, type TreeActions } from "../features/docs/tree/doc-tree";
import { loadDocs } from "../features/docs/tree/docs-data.server";
import { kindItems } from "../features/docs/tree/kinds";
import { Menu } from "../components/ui/menu";
import { useDocsLive } from "../features/docs/tree/use-docs-live";
import { useFolded } from "../features/docs/tree/use-folded";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { useApi } from "../features/shell/errors";
import { HelpLink } from "../features/site/help-link";
import { useViewer } from "../features/shell/viewer";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/project-docs";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return { data: await loadDocs(request, env, params.guid) };
}

/** Opening another document keeps the tree already loaded: only writes and live notices read it again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const tree = (url: URL) => url.pathname.replace(/\/docs(\/[^/]*)?\/?$/, "/docs");
  if (currentUrl.pathname !== nextUrl.pathname && tree(currentUrl) === tree(nextUrl)) return false;
  return defaultShouldRevalidate;
}


function Placeholder({ title, body, action }: { title: string; body: string; action?: React.ReactNode }) {
  return (
    <div className="card flex flex-col items-center justify-center gap-2 px-6 py-20 text-center" data-testid="docs-placeholder">
      <span className="muted">
        <Icon name="document" size={40} />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="muted max-w-md text-sm">{body}</p>
      {action}
    </div>
  );
}

/** The open document's title, then the documents page. */
export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const doc = params.docId ? loaderData?.data?.docs.find((d) => d.guid === params.docId) : undefined;
  return pageTitle(matches, doc?.title, { key: "docs:nav" });
}

/** `/project/{guid}/docs/{docId?}`: the project's document tree, and the open document beside it. */
export default function ProjectDocs({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("docs");
  const project = useProject();
  const viewer = useViewer();
  const api = useApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const data = loaderData.data;
  const [items, setItems] = useState<DocView[]>(() => data?.docs ?? []);
  // Only fresh data from the server replaces what is shown (adjusted during render, not in an effect).
  const [shown, setShown] = useState(data?.docs);
  if (shown !== data?.docs) {
    setShown(data?.docs);
    setItems(data?.docs ?? []);
  }
  const { folded, update: storeFolded, ready } = useFolded(viewer?.guid ?? "", project.guid);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ doc: DocView; inside: string[] } | null>(null);
  useDocsLive(project.guid, viewer?.guid, () => void revalidate());

  const selected = params.docId ? (items.find((d) => d.guid === params.docId) ?? null) : null;
  // Opening a document unfolds its ancestors, so the selection is in sight (once per opening:
  // folding one of them afterwards is respected).
  useEffect(() => {
    if (!ready || !selected) return;
    const parents = listedParents(items);
    const next = new Set(folded);
    for (let at = parents.get(selected.guid); at; at = parents.get(at)) next.delete(at);
    if (next.size !== folded.size) storeFolded(next);
    // Only a new selection (or the stored folds arriving) is a reason to unfold.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, selected?.guid]);

  if (!data) return <NoAccess />;
  const { canWrite, fields, origin } = data;
  const base = `/project/${project.guid}/docs`;

  const setFolded = (guid: string, fold: boolean) => {
    const next = new Set(folded);
    if (fold) next.add(guid);
    else next.delete(guid);
    storeFolded(next, new Set(items.map((d) => d.guid)));
  };
  // Project › Documents › each parent › the document (issue 15).
  const crumbsOf = (doc: DocView) => {
    const parents = listedParents(items);
    const chain: DocView[] = [];
    for (let at = parents.get(doc.guid); at && chain.length < items.length; at = parents.get(at)) {
      const parent = items.find((d) => d.guid === at);
      if (parent) chain.unshift(parent);
    }
    return [
      { label: project.name, to: `/project/${project.guid}` },
      { label: t("title"), to: base },
      ...chain.map((d) => ({ label: d.title || t("untitled"), to: `${base}/${d.guid}` })),
      { label: doc.title || t("untitled") },
    ];
  };
  const patchItem = (guid: string, change: Partial<DocView>) => setItems((now) => now.map((d) => (d.guid === guid ? { ...d, ...change } : d)));

  const actions: TreeActions = {
    onToggle: (guid) => setFolded(guid, !folded.has(guid)),
    onCreate: async (kind, parent) => {
      const result = await api<DocView>("POST", `/v1/project/${project.guid}/docs`, { kind, parent });
      if (result.error) return;
      setItems((now) => [...now, result.data]);
      if (parent) setFolded(parent, false);
      setRenaming(result.data.guid);
      await navigate(`${base}/${result.data.guid}`);
    },
    onRename: async (guid, title) => {
      patchItem(guid, { title });
      const result = await api("PATCH", `/v1/project/${project.guid}/docs/${guid}`, { title });
      if (result.error) void revalidate();
    },
    onMove: async (guid, parent, index) => {
      const plan = planMove(items, { guid, parent, index });
      // A refused move still goes to the server, whose translated answer says why.
      if (plan.ok) {
        if (plan.changed.length === 0) return;
        setItems((now) => applyPlaced(now, plan.changed));
        if (parent) setFolded(parent, false);
      }
      const result = await api("POST", `/v1/project/${project.guid}/docs/${guid}/move`, { parent, index });
      if (result.error) void revalidate();
    },
    onDelete: (doc) => setDeleting({ doc, inside: descendantsOf(items, doc.guid) }),
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { doc } = deleting;
    setDeleting(null);
    const result = await api<{ deleted: string[] }>("DELETE", `/v1/project/${project.guid}/docs/${doc.guid}`);
    if (result.error) return void revalidate();
    const gone = new Set([doc.guid, ...descendantsOf(items, doc.guid), ...result.data.deleted]);
    setItems((now) => now.filter((d) => !gone.has(d.guid)));
    if (selected && gone.has(selected.guid)) await navigate(doc.parent && !gone.has(doc.parent) ? `${base}/${doc.parent}` : base);
  };

  const onShare = async (shared: boolean) => {
    if (!selected) return;
    const result = await api<{ share_id: string | null }>("PUT", `/v1/project/${project.guid}/docs/${selected.guid}/share`, { shared });
    if (!result.error) patchItem(selected.guid, { shared: result.data.share_id !== null, share_id: result.data.share_id });
  };

  const onValue = async (field: FieldView, value: unknown) => {
    if (!selected) return undefined;
    const result = await api<DocView>("PATCH", `/v1/project/${project.guid}/docs/${selected.guid}`, { custom_fields: [{ guid: field.guid, value }] }, { quiet: true });
    if (result.error) return serverErrors(result.error, t).detail;
    patchItem(selected.guid, { custom_fields: result.data.custom_fields, updated_at: result.data.updated_at });
    return undefined;
  };

  return (
    <main className="mx-auto grid max-w-[100rem] items-start gap-6 px-4 py-6 lg:grid-cols-[20rem_minmax(0,1fr)]" data-testid="docs-page">
      <aside className="card flex flex-col gap-2 p-2 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)]" aria-label={t("title")}>
        <div className="flex items-center gap-2 px-2 pt-1">
          <h2 className="flex-1 text-sm font-semibold">{t("title")}</h2>
          {canWrite && (
            <Menu
              label={t("newDoc")}
              button={
                <>
                  <Icon name="plus" size={16} />
                  {t("new")}
                </>
              }
              buttonClassName="btn btn-primary px-2.5 py-1 text-sm"
              sections={[{ items: kindItems(t, (kind) => void actions.onCreate(kind, null), "doc-new") }]}
              testId="doc-new"
            />
          )}
        </div>
        {!canWrite && (
          <p className="muted mx-2 rounded-md bg-[var(--surface-2)] px-2 py-1.5 text-xs" data-testid="docs-read-only">
            {t("readOnly")}
          </p>
        )}
        {/* An empty project says so once, beside the tree (issue 15: the tree and the panel used to disagree). */}
        {items.length > 0 && (
          <div className="min-h-0 overflow-y-auto">
            <DocTree docs={items} folded={folded} selected={selected?.guid ?? null} projectGuid={project.guid} canWrite={canWrite} renaming={renaming} setRenaming={setRenaming} actions={actions} />
          </div>
        )}
      </aside>
      <section className="min-w-0">
        {selected ? (
          <>
            <Breadcrumbs className="mb-3" items={crumbsOf(selected)} />
            <DocPanel
              key={selected.guid}
              doc={selected}
              projectGuid={project.guid}
              fields={fields}
              participants={project.participants?.results ?? []}
              origin={origin}
              canWrite={canWrite}
              onRename={(title) => void actions.onRename(selected.guid, title)}
              onShare={onShare}
              onValue={onValue}
            />
          </>
        ) : params.docId ? (
          <Placeholder
            title={t("missing.title")}
            body={t("missing.body")}
            action={
              <Link to={base} className="btn mt-2">
                {t("missing.back")}
              </Link>
            }
          />
        ) : items.length === 0 ? (
          <EmptyState
            card
            icon="folder"
            title={t("empty.title")}
            body={canWrite ? t("empty.body") : t("empty.readOnly")}
            action={
              canWrite && (
                <button type="button" className="btn btn-primary" onClick={() => void actions.onCreate("text", null)} data-testid="docs-empty-text">
                  <Icon name="plus" size={16} />
                  {t("empty.create")}
                </button>
              )
            }
            help={<HelpLink topic="getting-started/documents" />}
            testId="docs-empty"
          />
        ) : (
          <Placeholder title={t("pick.title")} body={t("pick.body")} />
        )}
      </section>
      {deleting && <DeleteDialog title={deleting.doc.title || t("untitled")} inside={deleting.inside.length} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />}
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
