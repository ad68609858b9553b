/**
 * The poker (live estimation) room screen, for project people and guests alike. Everything it
 * shows comes from the live view (`viewFor(state, me)`): before a flip that view holds who
 * voted but not the cards, so no screen can show a card early. Changes go out as room messages;
 * refusals come back as translated toasts.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import type { PokerRole, PokerView } from "../../../../domain/rooms/poker";
import { Spinner } from "../../shell/spinner";
import { useRoomSend } from "../room-errors";
import { ConnectionState, RoomHeader } from "../room-header";
import type { RoomScreenProps } from "../types";
import { AddIssuesDialog } from "./add-issues-dialog";
import { CalibrationStrip } from "./calibration-strip";
import { CurrentIssue } from "./current-issue";
import { PokerDeck } from "./deck";
import { PokerHistory } from "./history";
import { IssueQueue } from "./issue-queue";
import { PokerParticipants } from "./participants";
import { PokerResults } from "./results";
import { PokerTable } from "./table";
import { PokerTimer } from "./timer";

function RoleSwitch({ role, onChange }: { role: PokerRole; onChange: (role: PokerRole) => void }) {
  const { t } = useTranslation("rooms");
  return (
    <div className="inline-flex rounded-lg border border-[var(--border)] bg-[var(--surface)] p-0.5" role="radiogroup" aria-label={t("poker.roles.mine")} data-testid="role-switch" data-role={role}>
      {(["voter", "spectator"] as const).map((r) => (
        <button
          key={r}
          type="button"
          role="radio"
          aria-checked={role === r}
          onClick={() => role !== r && onChange(r)}
          className={`rounded-md px-3 py-1 text-sm font-medium ${role === r ? "bg-[var(--primary)] text-[var(--primary-text)]" : "muted hover:text-[var(--text)]"}`}
          data-testid={`role-${r}`}
        >
          {t(`poker.roles.${r}`)}
        </button>
      ))}
    </div>
  );
}

export default function PokerRoom({ room, live }: RoomScreenProps) {
  const { t } = useTranslation("rooms");
  const send = useRoomSend(live);
  const { revalidate } = useRevalidator();
  const [adding, setAdding] = useState(false);
  const view = live.kind === "poker" ? (live.view as PokerView | null) : null;

  if (!view) {
    if (live.status === "denied" || live.status === "closed" || live.status === "waiting") {
      return (
        <div className="card mx-auto mt-10 max-w-md p-6 text-center" data-testid="room-denied" data-status={live.status}>
          <ConnectionState status={live.status} />
          <p className="mt-3">{t(`room.${live.status}`)}</p>
        </div>
      );
    }
    return <Spinner />;
  }

  const me = live.you?.member ?? null;
  const mine = view.participants.find((p) => p.id === me);
  const round = view.current ? view.rounds[view.current] : undefined;
  const readOnly = live.you?.readOnly ?? false;
  const spectator = mine?.role === "spectator";
  const deckReason = !view.current ? t("poker.deck.noIssue") : round?.revealed ? t("poker.deck.revealed") : spectator || readOnly ? t("poker.deck.spectator") : undefined;
  const names = new Map(view.participants.map((p) => [p.id, p.name]));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6" data-testid="poker-room" data-room={room.guid} data-archived={view.archived}>
      <RoomHeader
        room={room}
        status={live.status}
        archived={view.archived}
        isOwner={view.facilitator}
        onArchived={() => void revalidate()}
        actions={mine && !readOnly ? <RoleSwitch role={mine.role} onChange={(role) => void send({ type: "set_role", role })} /> : null}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {view.archived ? (
            <PokerHistory roomGuid={room.guid} names={names} />
          ) : (
            <>
              <CurrentIssue view={view} />
              {room.you && !room.you.guest && <CalibrationStrip roomGuid={room.guid} projectGuid={room.project} issue={view.current} />}
              <PokerTable
                view={view}
                me={me}
                onFlip={() => void send({ type: "flip" })}
                onRevote={() => void send({ type: "revote" })}
                onAutoFlip={(enabled) => void send({ type: "set_auto_flip", enabled })}
              />
              <PokerResults view={view} onAccept={(card) => void send({ type: "accept", card })} />
              <PokerDeck
                cards={view.deck.cards}
                mine={round?.mine ?? null}
                disabled={Boolean(deckReason)}
                reason={deckReason}
                onPlay={(card) => view.current && void send(card === null ? { type: "unvote", issue: view.current } : { type: "vote", issue: view.current, card })}
              />
            </>
          )}
        </div>
        <aside className="flex flex-col gap-6">
          {!view.archived && <PokerTimer endsAt={view.timerEndsAt} canControl={view.facilitator} onStart={(seconds) => void send({ type: "start_timer", seconds })} onStop={() => void send({ type: "stop_timer" })} />}
          <IssueQueue
            view={view}
            onPick={(issue) => void send({ type: "pick", issue })}
            onRemove={(issue) => void send({ type: "remove_issue", issue })}
            onReorder={(order) => void send({ type: "reorder", order })}
            onAdd={() => setAdding(true)}
          />
          <PokerParticipants view={view} me={me} />
        </aside>
      </div>
      {adding && <AddIssuesDialog projectGuid={room.project} roomGuid={room.guid} queued={view.queue} onClose={() => setAdding(false)} onAdded={() => undefined} />}
    </div>
  );
}
