import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../components/ui/icons";
import { useProject } from "../features/projects/use-project";
import { NoAccess } from "../features/projects/no-access";
import { DeckList } from "../features/rooms/deck-editor";
import { NewRoomDialog } from "../features/rooms/new-room-dialog";
import { RoomsList } from "../features/rooms/rooms-list";
import type { DeckView, RoomSummary } from "../features/rooms/types";
import { useApi } from "../features/shell/errors";
import { Spinner } from "../features/shell/spinner";

const FILTERS = ["all", "poker", "retro"] as const;

/** `/project/{guid}/rooms`: the project's poker and retro rooms, a new-room dialog and the decks. */
export default function ProjectRooms() {
  const { t } = useTranslation("rooms");
  const project = useProject();
  const api = useApi();
  const [rooms, setRooms] = useState<RoomSummary[] | null>(null);
  const [decks, setDecks] = useState<DeckView[]>([]);
  const [creating, setCreating] = useState(false);
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>("all");
  const [now, setNow] = useState(0);
  const canWrite = project.access.write || project.access.root;

  const load = useCallback(async () => {
    const [r, d] = await Promise.all([
      api<{ results: RoomSummary[] }>("GET", `/v1/project/${project.guid}/rooms`),
      api<{ results: DeckView[] }>("GET", `/v1/project/${project.guid}/valmethod`),
    ]);
    setNow(Date.now());
    if (!r.error) setRooms(r.data.results);
    if (!d.error) setDecks(d.data.results);
  }, [api, project.guid]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!project.access.read && !project.access.root) return <NoAccess />;
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-6" data-testid="rooms-page">
      <div className="flex flex-wrap items-center gap-4">
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-semibold">{t("list.title")}</h2>
          <p className="muted text-sm">{t("list.subtitle")}</p>
        </div>
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
      </div>
      {rooms === null ? <Spinner /> : <RoomsList rooms={rooms} decks={decks} now={now} filter={filter} />}
      <DeckList projectGuid={project.guid} decks={decks} canWrite={canWrite} onChanged={() => void load()} />
      {creating && <NewRoomDialog projectGuid={project.guid} decks={decks} onClose={() => setCreating(false)} />}
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
