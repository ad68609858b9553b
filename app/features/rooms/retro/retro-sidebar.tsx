/**
 * The retro room's side panels: voting (phase, budget, "I'm done"), the facilitator's room
 * options, the raised-hands queue, who is here, and the action items with their export.
 */
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MAX_VOTES_AMOUNT, RETRO_PRESET_NAMES, type RetroPreset } from "../../../../domain/rooms/retro";
import { Icon, type IconName } from "../../../components/ui/icons";
import { Switch } from "../../../components/ui/switch";
import { GuestsToggle } from "../room-header";
import { PersonAvatar } from "./person-badge";
import { columnTitle } from "./retro-columns";
import type { RetroParts } from "./types";
import type { ActionTaskView } from "../../../../workers/services/retro-loop";
import { Chip } from "../../../components/ui/chip";

function Panel({ id, icon, title, aside, children, testId }: { id: string; icon: IconName; title: string; aside?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section className="card p-4" aria-labelledby={`retro-${id}`} data-testid={testId}>
      <div className="mb-3 flex items-center gap-2">
        <span className="muted" aria-hidden="true">
          <Icon name={icon} size={17} />
        </span>
        <h3 id={`retro-${id}`} className="text-sm font-semibold">
          {title}
        </h3>
        {aside && <div className="ml-auto flex items-center gap-2">{aside}</div>}
      </div>
      {children}
    </section>
  );
}

/** The viewer's budget as dots: spent ones filled. */
function Budget({ spent, amount }: { spent: number; amount: number }) {
  // A large budget (up to 50) is shown as a number only; dots stay readable up to 10.
  if (amount > 10) return null;
  return (
    <span className="flex gap-1" aria-hidden="true">
      {Array.from({ length: amount }, (_, i) => (
        <span key={i} className={`h-2.5 w-2.5 rounded-full border ${i < spent ? "border-[var(--primary)] bg-[var(--primary)]" : "border-[var(--muted)]"}`} />
      ))}
    </span>
  );
}

export function VotingPanel({ parts }: { parts: RetroParts }) {
  const { t } = useTranslation("retro");
  const { view, you, readOnly, act, nameOf } = parts;
  const me = you?.member;
  const done = me ? view.doneVoters.includes(me) : false;
  const voters = view.participants.length;
  return (
    <Panel
      id="voting"
      icon="check"
      title={t("voting.title")}
      testId="voting-panel"
      aside={
        view.facilitator && !readOnly ? (
          <>
            <span className="muted text-xs">{view.votingPhase ? t("voting.open") : t("voting.closed")}</span>
            <Switch checked={view.votingPhase} onChange={(on) => void act({ type: "set_voting", on })} label={t("voting.toggle")} testId="voting-toggle" />
          </>
        ) : (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${view.votingPhase ? "bg-[var(--primary)] text-[var(--primary-text)]" : "bg-[var(--surface-2)] text-[var(--muted)]"}`} data-testid="voting-state">
            {view.votingPhase ? t("voting.open") : t("voting.closed")}
          </span>
        )
      }
    >
      {view.votingPhase && !readOnly && (
        <div className="mb-3 flex flex-col gap-2">
          <div className="flex items-center gap-2">
            <Budget spent={view.myVotesSpent} amount={view.votesAmount} />
            <span className="text-sm font-semibold tabular-nums" data-testid="votes-left" data-left={view.myVotesLeft}>
              {t("voting.left", { count: view.myVotesLeft, total: view.votesAmount })}
            </span>
          </div>
          <button type="button" className={`btn py-1.5 text-sm ${done ? "" : "btn-primary"}`} aria-pressed={done} onClick={() => void act({ type: "done_voting", done: !done })} data-testid="done-voting">
            {done ? t("voting.notDone") : t("voting.imDone")}
          </button>
        </div>
      )}
      {!view.votingPhase && <p className="muted mb-3 text-sm">{view.votesSpent > 0 ? t("voting.resultsHint") : t("voting.notStarted")}</p>}
      <p className="muted mb-1.5 text-xs">{view.cumulative ? t("voting.rulesCumulative") : t("voting.rulesSingle")} {view.voteForYourself ? t("voting.ownAllowed") : t("voting.ownRefused")}</p>
      {(view.votingPhase || view.doneVoters.length > 0) && (
        <div className="border-t border-[var(--border)] pt-2">
          <p className="text-xs font-semibold" data-testid="done-count">
            {t("voting.doneCount", { count: view.doneVoters.length, total: voters })}
          </p>
          {view.doneVoters.length > 0 && (
            <ul className="mt-1.5 flex flex-wrap gap-1.5" data-testid="done-voters">
              {view.doneVoters.map((id) => (
                <li key={id} className="inline-flex items-center gap-1 rounded-full bg-[var(--surface-2)] py-0.5 pl-0.5 pr-2 text-xs" data-testid="done-voter" data-member={id}>
                  <PersonAvatar id={id} name={nameOf(id)} size={16} />
                  {nameOf(id)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Panel>
  );
}

function VotesAmount({ value, onCommit }: { value: number; onCommit: (n: number) => Promise<boolean> }) {
  const { t } = useTranslation("retro");
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = async () => {
    const n = Number(draft);
    if (!Number.isInteger(n) || n < 1 || n > MAX_VOTES_AMOUNT || n === value) return setDraft(String(value));
    if (!(await onCommit(n))) setDraft(String(value));
  };
  return (
    <label className="flex items-center justify-between gap-2 text-sm">
      <span>{t("options.votesAmount")}</span>
      <input
        type="number"
        min={1}
        max={MAX_VOTES_AMOUNT}
        className="input w-20 py-1 text-right text-sm tabular-nums"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(e) => e.key === "Enter" && void commit()}
        data-testid="option-votes-amount"
      />
    </label>
  );
}

export function OptionsPanel({ parts }: { parts: RetroParts }) {
  const { t } = useTranslation("retro");
  const { view, act } = parts;
  const row = (label: string, checked: boolean, key: "anonymous" | "cumulative" | "voteForYourself") => (
    <div className="flex items-center justify-between gap-2 text-sm">
      <span>{label}</span>
      <Switch checked={checked} onChange={(on) => void act({ type: "set_options", [key]: on })} label={label} testId={`option-${key}`} />
    </div>
  );
  return (
    <Panel id="options" icon="lock" title={t("options.title")} testId="options-panel">
      <div className="flex flex-col gap-2.5">
        {view.notes.length === 0 && (
          <label className="flex flex-col gap-1 text-sm">
            <span>{t("options.preset")}</span>
            <select className="input py-1.5 text-sm" value={view.preset} onChange={(e) => void act({ type: "set_preset", preset: e.target.value as RetroPreset })} data-testid="option-preset">
              {RETRO_PRESET_NAMES.map((p) => (
                <option key={p} value={p}>
                  {t(`preset.${p}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        {parts.you?.member === parts.room.owner && <GuestsToggle roomGuid={parts.room.guid} open={parts.room.guests ?? false} />}
        {row(t("options.anonymous"), view.anonymous, "anonymous")}
        {row(t("options.cumulative"), view.cumulative, "cumulative")}
        {row(t("options.voteForYourself"), view.voteForYourself, "voteForYourself")}
        <VotesAmount value={view.votesAmount} onCommit={(votesAmount) => act({ type: "set_options", votesAmount })} />
        {view.anonymous && (
          <button type="button" className="btn py-1.5 text-sm" disabled={view.revealed} onClick={() => void act({ type: "reveal" })} data-testid="reveal-authors">
            <Icon name={view.revealed ? "eye" : "eyeOff"} size={16} />
            {view.revealed ? t("options.revealed") : t("options.reveal")}
          </button>
        )}
      </div>
    </Panel>
  );
}

export function SpeakersPanel({ parts }: { parts: RetroParts }) {
  const { t } = useTranslation("retro");
  const { view, you, readOnly, act, nameOf } = parts;
  const me = you?.member;
  const raised = me ? view.handsUp.includes(me) : false;
  return (
    <Panel
      id="speakers"
      icon="hand"
      title={t("hands.title")}
      testId="speaker-queue"
      aside={
        <span className="rounded-full bg-[var(--surface-2)] px-2 text-xs font-semibold tabular-nums" aria-label={t("hands.count", { count: view.handsUp.length })}>
          {view.handsUp.length}
        </span>
      }
    >
      {view.speaking && (
        <p className="mb-2 flex items-center gap-2 rounded-lg bg-[color-mix(in_srgb,var(--primary)_12%,transparent)] px-2.5 py-1.5 text-sm" data-testid="now-speaking" data-member={view.speaking}>
          <span className="text-[var(--primary)]" aria-hidden="true">
            <Icon name="mic" size={16} />
          </span>
          <span>{t("hands.speaking", { name: nameOf(view.speaking) })}</span>
        </p>
      )}
      {view.handsUp.length === 0 ? (
        <p className="muted text-sm">{t("hands.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-1" aria-label={t("hands.queue")} data-testid="hands">
          {view.handsUp.map((id, i) => (
            <li key={id} className="flex items-center gap-2 text-sm" data-testid="hand" data-member={id}>
              <span className="muted w-4 text-right text-xs tabular-nums">{i + 1}</span>
              <PersonAvatar id={id} name={nameOf(id)} size={20} />
              <span className="min-w-0 flex-1 truncate">
                {nameOf(id)}
                {id === me && <span className="muted"> {t("you")}</span>}
              </span>
              {!readOnly && view.facilitator && id !== me && (
                <button type="button" className="muted rounded p-0.5 hover:text-[var(--text)]" aria-label={t("hands.lowerFor", { name: nameOf(id) })} title={t("hands.lowerFor", { name: nameOf(id) })} onClick={() => void act({ type: "lower_hand", participant: id })} data-testid="lower-hand-for">
                  <Icon name="x" size={14} />
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {!readOnly && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={`btn flex-1 whitespace-nowrap px-3 py-1.5 text-sm ${raised ? "" : "btn-primary"}`} aria-pressed={raised} onClick={() => void act(raised ? { type: "lower_hand" } : { type: "raise_hand" })} data-testid={raised ? "lower-hand" : "raise-hand"}>
            <Icon name="hand" size={16} />
            {raised ? t("hands.lower") : t("hands.raise")}
          </button>
          {view.facilitator && (
            <button type="button" className="btn flex-1 whitespace-nowrap px-3 py-1.5 text-sm" disabled={view.handsUp.length === 0} onClick={() => void act({ type: "call_next" })} data-testid="call-next">
              <Icon name="mic" size={16} />
              {t("hands.callNext")}
            </button>
          )}
        </div>
      )}
    </Panel>
  );
}

export function ParticipantsPanel({ parts }: { parts: RetroParts }) {
  const { t } = useTranslation("retro");
  const { view, you } = parts;
  const online = view.participants.filter((p) => p.present).length;
  // Present people first, each group in the order they joined.
  const people = [...view.participants.filter((p) => p.present), ...view.participants.filter((p) => !p.present)];
  return (
    <Panel id="people" icon="users" title={t("people.title")} testId="participants" aside={<span className="muted text-xs">{t("people.online", { count: online })}</span>}>
      <ul className="flex flex-col gap-1.5">
        {people.map((p) => (
          <li key={p.id} className="flex items-center gap-2 text-sm" data-testid="participant" data-member={p.id} data-present={p.present ? "true" : "false"}>
            <span className="relative">
              <PersonAvatar id={p.id} name={p.name} size={24} />
              <span
                className={`absolute -bottom-0.5 -right-0.5 h-2.5 w-2.5 rounded-full ring-2 ring-[var(--surface)] ${p.present ? "bg-[var(--success)]" : "bg-[var(--muted)]"}`}
                aria-hidden="true"
              />
            </span>
            <span className={`flex min-w-0 flex-1 flex-col ${p.present ? "" : "muted"}`}>
              <span className="flex min-w-0 items-baseline gap-1">
                <span className="truncate" data-testid="participant-name">
                  {p.name}
                </span>
                {p.id === you?.member && <span className="muted shrink-0">{t("you")}</span>}
                <span className="sr-only">, {p.present ? t("people.present") : t("people.away")}</span>
              </span>
              {p.id === view.owner && <span className="muted text-xs leading-tight">{t("people.facilitator")}</span>}
            </span>
            {view.handsUp.includes(p.id) && (
              <span className="text-[var(--primary)]" title={t("people.handUp")}>
                <Icon name="hand" size={14} />
                <span className="sr-only">{t("people.handUp")}</span>
              </span>
            )}
            {view.doneVoters.includes(p.id) && (
              <span className="text-[var(--success)]" title={t("people.doneVoting")}>
                <Icon name="check" size={14} />
                <span className="sr-only">{t("people.doneVoting")}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The task an action item became, with its status now (issue 16: the retro shows their live status). */
function ActionTaskStatus({ task, project }: { task: ActionTaskView; project: string }) {
  return (
    <span className="mt-0.5 flex items-center gap-1.5 text-xs" data-testid="action-task" data-done={task.done ? "true" : "false"}>
      <Link className="link tabular-nums" to={`/project/${project}/issue/${task.guid}`}>
        #{task.number}
      </Link>
      {task.status && <Chip label={task.status.label} color={task.status.color} testId="action-task-status" />}
    </span>
  );
}

export function ActionsPanel({ parts, boardHref, tasks }: { parts: RetroParts; boardHref: string | null; tasks?: Map<string, ActionTaskView> }) {
  const { t } = useTranslation("retro");
  const { view, readOnly, act } = parts;
  const [exported, setExported] = useState<number | null>(null);
  const items = view.notes.filter((n) => n.action);
  // Notes handed to the room's outbox are on their way: not offered for export again.
  const pending = items.filter((n) => !n.exported && !n.exporting).length;
  const exportNow = async () => {
    if (await act({ type: "export_actions" })) setExported(pending);
  };
  const titleOf = (id: string) => {
    const column = view.columns.find((c) => c.id === id);
    return column ? columnTitle(t, column) : id;
  };
  return (
    <Panel id="actions" icon="flag" title={t("actions.title")} testId="action-items" aside={<span className="rounded-full bg-[var(--surface-2)] px-2 text-xs font-semibold tabular-nums">{items.length}</span>}>
      {items.length === 0 ? (
        <p className="muted text-sm">{t("actions.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {items.map((n) => (
            <li key={n.id} className="flex items-start gap-2 text-sm" data-testid="action-item" data-note={n.id} data-exported={n.exported ? "true" : "false"}>
              <span className={`mt-0.5 ${n.exported ? "text-[var(--success)]" : "muted"}`} aria-hidden="true">
                <Icon name={n.exported ? "check" : "flag"} size={14} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 break-words">{n.text}</span>
                <span className="muted block text-xs">
                  {titleOf(n.column)}
                  {n.exported && !tasks?.get(n.id) && ` · ${t("actions.isTask")}`}
                </span>
                {tasks?.get(n.id) && <ActionTaskStatus task={tasks.get(n.id)!} project={parts.room.project} />}
              </span>
            </li>
          ))}
        </ul>
      )}
      {view.facilitator && !readOnly && (
        <button type="button" className="btn btn-primary mt-3 w-full py-1.5 text-sm" disabled={pending === 0} onClick={() => void exportNow()} data-testid="export-actions">
          <Icon name="export" size={16} />
          {t("actions.export", { count: pending })}
        </button>
      )}
      {exported !== null && (
        <p className="mt-2 rounded-lg bg-[color-mix(in_srgb,var(--success)_12%,transparent)] px-2.5 py-1.5 text-sm" role="status" data-testid="export-result">
          {t("actions.exported", { count: exported })}
          {boardHref && (
            <>
              {" "}
              <Link className="link" to={boardHref} data-testid="export-board-link">
                {t("actions.openBoard")}
              </Link>
            </>
          )}
        </p>
      )}
    </Panel>
  );
}
