/**
 * A retrospective room (issue 5): the preset's columns of notes, voting, the raised-hands queue,
 * presence and action items that become tasks. Default export, `{room, live}`: the project's
 * route and the guest page (`/join/{roomUid}`, which loads `features/rooms/<kind>/room.tsx`)
 * both render it. Every change is a message to the room's object; what is shown is always the
 * object's view for this person, so nothing here decides a rule. The screen brings its own page
 * margins, since its hosts' shells differ.
 */
import { useContext, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/ui/empty-state";
import type { RetroView } from "../../../../domain/rooms/retro";
import { type RetroPhase, phaseOf } from "../../../../domain/rooms/retro-arrange";
import type { RoomYou } from "../../../../domain/wire/live/room";
import { Icon } from "../../../components/ui/icons";
import { actionTasksByNote, FactsColumn, FactsLive, useRetroFacts } from "./facts-column";
import { RetroColumns } from "./retro-columns";
import { ActionsPanel, OptionsPanel, ParticipantsPanel, SpeakersPanel, VotingPanel } from "./retro-sidebar";
import { MeetingAction } from "../meeting-action";
import { ConnectionState } from "../room-header";
import type { RoomLive, RoomStatus } from "../use-room";
import type { RetroParts, RetroRoomInfo } from "./types";
import { useRetroAct } from "./use-retro-act";

const PHASES: RetroPhase[] = ["writing", "voting", "discussing"];

function PhaseSteps({ phase }: { phase: RetroPhase }) {
  const { t } = useTranslation("retro");
  const current = PHASES.indexOf(phase);
  return (
    <ol className="flex items-center gap-1 text-xs font-semibold" aria-label={t("phase.label")} data-testid="retro-phase" data-phase={phase}>
      {PHASES.map((p, i) => (
        <li key={p} className="flex items-center gap-1" aria-current={i === current ? "step" : undefined}>
          {i > 0 && <span className={`h-px w-4 ${i <= current ? "bg-[var(--primary)]" : "bg-[var(--border)]"}`} aria-hidden="true" />}
          <span className={`rounded-full px-2.5 py-1 ${i === current ? "bg-[var(--primary)] text-[var(--primary-text)]" : i < current ? "text-[var(--primary)]" : "muted bg-[var(--surface-2)]"}`}>
            {t(`phase.${p}`)}
          </span>
        </li>
      ))}
    </ol>
  );
}

function RetroBoard({ room, view, you, status, act }: { room: RetroRoomInfo; view: RetroView; you: RoomYou | null; status: RoomStatus; act: RetroParts["act"] }) {
  const { t } = useTranslation("retro");
  const readOnly = !you || you.readOnly || room.archived || view.archived;
  const names = useMemo(() => new Map(view.participants.map((p) => [p.id, p.name])), [view.participants]);
  const parts: RetroParts = { room, view, you, readOnly, act, nameOf: (id) => names.get(id) ?? t("people.unknown") };
  const phase = phaseOf(view);
  const [byVotes, setByVotes] = useState(() => !view.votingPhase && view.votesSpent > 0);
  // When the facilitator closes voting with votes cast, the board sorts itself by votes (the
  // person may switch it back); while voting it never reorders under the pointer.
  const wasVoting = useRef(view.votingPhase);
  useEffect(() => {
    if (view.votingPhase) setByVotes(false);
    else if (wasVoting.current && view.votesSpent > 0) setByVotes(true);
    wasVoting.current = view.votingPhase;
  }, [view.votingPhase, view.votesSpent]);
  // A guest has no project to open; a member follows exported tasks to the planning board.
  const boardHref = room.you?.guest === false ? `/project/${room.project}/taskboard` : null;
  const { facts, reload, member } = useRetroFacts(parts);
  const bound = Boolean(facts?.sprint && facts.facts);
  const meetingAction = useContext(MeetingAction);

  return (
    <div className="mx-auto flex max-w-[100rem] flex-col gap-4 px-4 py-6" data-testid="retro-room" data-room={room.guid}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {/* The same title block as a poker room's: the kind's icon, the title, the kind, the live state. */}
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-[color-mix(in_srgb,var(--primary)_14%,transparent)] text-[var(--primary)]" aria-hidden="true">
            <Icon name="cycle" size={22} />
          </span>
          <div className="min-w-0">
            <h2 className="truncate text-xl font-bold tracking-tight" data-testid="room-title">
              {room.title}
            </h2>
            <p className="muted text-sm">{t("rooms:kinds.retro")}</p>
          </div>
        </div>
        <ConnectionState status={status} />
        <PhaseSteps phase={phase} />
        {view.anonymous && (
          <span className="muted inline-flex items-center gap-1 text-xs font-semibold" data-testid="anonymity" data-revealed={view.revealed ? "true" : "false"}>
            <Icon name={view.revealed ? "eye" : "eyeOff"} size={15} />
            {view.revealed ? t("anonymity.revealed") : t("anonymity.hidden")}
          </span>
        )}
        {readOnly && (
          <span className="muted inline-flex items-center gap-1 text-xs font-semibold" data-testid="read-only">
            <Icon name="eye" size={15} />
            {room.archived || view.archived ? t("archived") : t("spectator")}
          </span>
        )}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {meetingAction}
          {view.speaking && (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-[color-mix(in_srgb,var(--primary)_12%,transparent)] px-2.5 py-1 text-xs font-semibold text-[var(--primary)]" data-testid="speaking-badge">
              <Icon name="mic" size={14} />
              {t("hands.speaking", { name: parts.nameOf(view.speaking) })}
            </span>
          )}
          {view.votingPhase && !readOnly && (
            <span className="rounded-full bg-[var(--primary)] px-2.5 py-1 text-xs font-semibold text-[var(--primary-text)] tabular-nums" data-testid="votes-left-badge">
              {t("voting.left", { count: view.myVotesLeft, total: view.votesAmount })}
            </span>
          )}
          {!view.votingPhase && view.votesSpent > 0 && (
            <button type="button" className={`btn px-3 py-1 text-sm ${byVotes ? "border-[var(--primary)] text-[var(--primary)]" : ""}`} aria-pressed={byVotes} onClick={() => setByVotes((b) => !b)} data-testid="sort-by-votes">
              <Icon name="sortDown" size={16} />
              {t("sortByVotes")}
            </button>
          )}
        </div>
      </div>
      {member && <FactsLive project={room.project} onChange={reload} />}
      <div className={`grid items-start gap-4 ${bound ? "xl:grid-cols-[17rem_minmax(0,1fr)_19rem]" : "xl:grid-cols-[minmax(0,1fr)_19rem]"}`}>
        {bound && <FactsColumn facts={facts!} project={room.project} />}
        <RetroColumns parts={parts} byVotes={byVotes} />
        <aside className="flex flex-col gap-4" aria-label={t("sidebar")}>
          <SpeakersPanel parts={parts} />
          <VotingPanel parts={parts} />
          <ActionsPanel parts={parts} boardHref={boardHref} tasks={actionTasksByNote(facts)} />
          <ParticipantsPanel parts={parts} />
          {view.facilitator && !readOnly && <OptionsPanel parts={parts} />}
        </aside>
      </div>
    </div>
  );
}

export default function RetroRoom({ room, live }: { room: RetroRoomInfo; live: RoomLive }) {
  const { t } = useTranslation("retro");
  const act = useRetroAct(live.send);
  if (live.status === "denied") {
    return (
      <EmptyState icon="lock" title={t("denied.title")} body={t("denied.body")} testId="room-denied" />
    );
  }
  if (live.status === "waiting") {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-16 text-center" role="status" data-testid="room-waiting">
        <span className="spinner" aria-hidden="true" />
        <h2 className="text-xl font-bold">{t("waiting.title")}</h2>
        <p className="muted">{t("waiting.body")}</p>
      </div>
    );
  }
  if (live.kind !== "retro" || !live.view) {
    return (
      <div className="flex flex-col items-center gap-3 py-16" role="status" data-testid="room-connecting">
        <span className="spinner" aria-hidden="true" />
        <span className="muted text-sm">{t(`status.${live.status === "open" ? "connecting" : live.status}`)}</span>
      </div>
    );
  }
  return <RetroBoard room={room} view={live.view as RetroView} you={live.you} status={live.status} act={act} />;
}
