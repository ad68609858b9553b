/** Room cards of a project: open rooms first; archived ones folded below. */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";
import { Link } from "react-router";
import { deckFieldOf } from "../../../domain/rooms/decks";
import { formatRelativeTime } from "../../../domain/time/format";
import { Icon } from "../../components/ui/icons";
import { deckName } from "./deck-name";
import { type DeckView, roomPath, type RoomSummary } from "./types";
import { HelpLink } from "../site/help-link";

/** The deck or preset of a room in the reader's language; empty for a custom deck not in `decks`. */
export function methodName(t: TFunction, room: Pick<RoomSummary, "kind" | "method">, decks: readonly DeckView[]): string {
  if (room.kind === "retro") return t(`rooms:presets.${room.method}`, { defaultValue: "" });
  const deck = decks.find((d) => d.guid === room.method);
  if (!deck && deckFieldOf(room.method)) return t("rooms:new.fromField");
  return deck ? deckName(t, deck) : t(`rooms:decks.${room.method}`, { defaultValue: "" });
}

export function RoomCard({ room, decks, now, projectName }: { room: RoomSummary; decks: readonly DeckView[]; now: number; projectName?: string }) {
  const { t, i18n } = useTranslation("rooms");
  const method = methodName(t, room, decks);
  return (
    <li className="card relative flex items-start gap-3 p-4 transition hover:border-[var(--primary)]" data-testid="room-card" data-room={room.guid} data-kind={room.kind} data-archived={room.archived}>
      <span
        className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl ${room.archived ? "bg-[var(--surface-2)] text-[var(--muted)]" : "bg-[color-mix(in_srgb,var(--primary)_14%,transparent)] text-[var(--primary)]"}`}
        aria-hidden="true"
      >
        <Icon name={room.kind === "poker" ? "cards" : "cycle"} size={22} />
      </span>
      <div className="min-w-0 flex-1">
        {/* The whole card is the link's target; the title names it. */}
        <Link to={roomPath(room.project, room)} className="block truncate font-semibold after:absolute after:inset-0 after:content-[''] hover:text-[var(--primary)]" data-testid="room-link">
          {room.title}
        </Link>
        <p className="muted mt-0.5 truncate text-sm">
          {projectName ? `${projectName} · ` : ""}
          {t(`kinds.${room.kind}`)}
          {method ? ` · ${method}` : ""}
        </p>
        <p className="muted mt-2 flex flex-wrap items-center gap-2 text-xs">
          {room.archived && <span className="rounded-full bg-[var(--surface-2)] px-2 py-0.5 font-medium">{t("room.archived")}</span>}
          {room.require_verification && (
            <span className="inline-flex items-center gap-1 rounded-full bg-[var(--surface-2)] px-2 py-0.5 font-medium">
              <Icon name="shield" size={12} />
              {t("list.verified")}
            </span>
          )}
          <span>{t("list.created", { when: formatRelativeTime(room.created_at, now, i18n.language) })}</span>
        </p>
      </div>
    </li>
  );
}

export function RoomsList({ rooms, decks, now, filter }: { rooms: RoomSummary[]; decks: readonly DeckView[]; now: number; filter: "all" | "poker" | "retro" }) {
  const { t } = useTranslation("rooms");
  const shown = rooms.filter((r) => filter === "all" || r.kind === filter);
  const open = shown.filter((r) => !r.archived);
  const archived = shown.filter((r) => r.archived);
  return (
    <div className="flex flex-col gap-6">
      {open.length === 0 ? (
        <EmptyState card icon="cards" heading="h3" title={t("list.emptyTitle")} body={t("list.emptyBody")} testId="rooms-empty">
          <HelpLink topic="estimation/planning-poker-room" />
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="rooms-open">
          {open.map((r) => (
            <RoomCard key={r.guid} room={r} decks={decks} now={now} />
          ))}
        </ul>
      )}
      {archived.length > 0 && (
        <details className="group" data-testid="rooms-archived">
          <summary className="muted flex cursor-pointer list-none items-center gap-1 text-sm font-semibold hover:text-[var(--text)]">
            <Icon name="chevronRight" size={16} className="transition-transform group-open:rotate-90" />
            {t("list.archived", { count: archived.length })}
          </summary>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {archived.map((r) => (
              <RoomCard key={r.guid} room={r} decks={decks} now={now} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
