import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { projectRoomsPage } from "../../workers/services/pages/rooms";
import { Icon } from "../components/ui/icons";
import { useProject } from "../features/projects/use-project";
import { NoAccess } from "../features/projects/no-access";
import { DeckList } from "../features/rooms/deck-editor";
import { NewRoomDialog } from "../features/rooms/new-room-dialog";
import { RoomsList } from "../features/rooms/rooms-list";
import { signedInViewer } from "../features/projects/project-data.server";
import { pageTitle } from "../lib/page-title";
import { PageHeader } from "../components/ui/page-header";
import type { Route } from "./+types/project-rooms";

const FILTERS = ["all", "poker", "retro"] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await signedInViewer(request, env);
  const page = await projectRoomsPage(env, viewer.guid, params.guid);
  return page && { ...page, now: Date.now() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "rooms:nav" });
}

/** `/project/{guid}/rooms`: the project's poker and retro rooms, a new-room dialog and the decks. */
export default function ProjectRooms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("rooms");
  const project = useProject();
  const { revalidate } = useRevalidator();
  const [creating, setCreating] = useState(false);
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>("all");
  const canWrite = project.access.write || project.access.root;

  if (!loaderData) return <NoAccess />;
  const { rooms, decks, now } = loaderData;
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-6" data-testid="rooms-page">
      <PageHeader title={t("list.title")} subtitle={t("list.subtitle")} titleWidth="min-w-64">
        <nav className="inline-flex rounded-lg border border-[var(--border)] bg-[var(--surface)] p-0.5" aria-label={t("list.filter")}>
          {FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${filter === f ? "bg-[var(--primary)] text-[var(--primary-text)]" : "muted hover:text-[var(--text)]"}`}
              data-testid={`rooms-filter-${f}`}
            >
              {t(`list.filters.${f}`)}
            </button>
          ))}
        </nav>
        {canWrite && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="new-room">
            <Icon name="plus" size={18} />
            {t("new.open")}
          </button>
        )}
      </PageHeader>
      <RoomsList rooms={rooms} decks={decks} now={now} filter={filter} />
      <DeckList projectGuid={project.guid} decks={decks} canWrite={canWrite} onChanged={() => void revalidate()} />
      {creating && <NewRoomDialog projectGuid={project.guid} decks={decks} onClose={() => setCreating(false)} />}
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
