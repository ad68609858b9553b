import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/ui/empty-state";
import { redirect, useNavigate, useRevalidator } from "react-router";
import { moveItem, renumber } from "../../domain/ordering";
import { createProjectBody } from "../../domain/projects/schemas";
import { cloudflareContext } from "../../workers/context";
import { homePage } from "../../workers/services/pages/rooms";
import type { ProjectView } from "../../workers/services/projects";
import { FormAlert } from "../components/ui/field";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import { useHubMessages } from "../features/hub/hub-provider";
import { SortableProjects } from "../features/projects/sortable-projects";
import { RoomsPart } from "../features/rooms/rooms-part";
import { useApi } from "../features/shell/errors";
import { viewerOf } from "../lib/viewer.server";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/projects";
import { HelpLink } from "../features/site/help-link";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const user = await viewerOf(request, env);
  if (!user) return redirect("/login?next=/project");
  return { ...(await homePage(env, user.guid)), now: Date.now() };
}

function NewProject() {
  const { t } = useTranslation("projects");
  const api = useApi();
  const navigate = useNavigate();
  const [values, setValues] = useState({ name: "", description: "" });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError("");
    const parsed = createProjectBody.safeParse(values);
    if (!parsed.success) return setError(Object.values(zodFieldErrors(parsed.error, t))[0] ?? "");
    setBusy(true);
    const result = await api<ProjectView>("POST", "/v1/project", parsed.data, { quiet: true });
    setBusy(false);
    if (result.error) return setError(serverErrors(result.error, t).detail);
    await navigate(`/project/${result.data.guid}`);
  };

  return (
    <form className="card flex flex-col gap-3 p-5 md:flex-row md:items-start" onSubmit={submit} noValidate data-testid="new-project" data-tour="new-project">
      <input className="input md:w-64" aria-label={t("settings.name")} placeholder={t("list.namePlaceholder")} value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
      <input className="input flex-1" aria-label={t("settings.description")} placeholder={t("list.descriptionPlaceholder")} value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />
      <button className="btn btn-primary" type="submit" disabled={busy}>
        {t("list.create")}
      </button>
      {error && (
        <div className="md:hidden">
          <FormAlert tone="error">{error}</FormAlert>
        </div>
      )}
      {error && (
        <div className="hidden md:block md:basis-full">
          <FormAlert tone="error">{error}</FormAlert>
        </div>
      )}
    </form>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "common:shell.titles.projects" });
}

/** `/project`: the signed-in home — the user's projects, a new-project form, their order. */
export default function Projects({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["common", "projects"]);
  const api = useApi();
  const { revalidate } = useRevalidator();
  const [order, setOrder] = useState(loaderData.projects);
  const [showHidden, setShowHidden] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  useEffect(() => setOrder(loaderData.projects), [loaderData.projects]);
  // Access changes (an accepted invite, a removal) change this list: reload it live.
  useHubMessages((m) => {
    if (m.type === "update_project_access" || m.type === "notification") void revalidate();
  });

  const visible = useMemo(() => order.filter((p) => (showHidden || !p.hidden) && (showArchived || !p.archive)), [order, showHidden, showArchived]);

  const move = async (from: number, to: number) => {
    // Positions are among the visible cards; the whole list is renumbered in that order.
    const moved = moveItem(visible, from, to);
    const rest = order.filter((p) => !moved.includes(p));
    const { items, changed } = renumber([...moved, ...rest]);
    setOrder(items);
    await Promise.all(changed.map((c) => api("PUT", `/v1/project/${c.guid}`, { sort: c.sort })));
  };

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">{t("projects.title")}</h1>
      <p className="muted mt-1">{t("projects.subtitle")}</p>
      <div className="mt-6">
        <NewProject />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={showHidden} onChange={(e) => setShowHidden(e.target.checked)} />
          {t("projects:list.showHidden")}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
          {t("projects:list.showArchived")}
        </label>
        {visible.length > 1 && <span className="muted ml-auto">{t("projects:list.dragHint")}</span>}
      </div>
      {visible.length === 0 ? (
        <EmptyState card icon="kanban" iconSize={40} title={t("projects.empty.title")} body={t("projects.empty.body")} className="mt-6 py-16" testId="projects-empty">
          <HelpLink topic="getting-started/create-workspace" />
        </EmptyState>
      ) : (
        <SortableProjects projects={visible} now={loaderData.now} onMove={move} />
      )}
      <RoomsPart rooms={loaderData.rooms} now={loaderData.now} />
    </main>
  );
}
