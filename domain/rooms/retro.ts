/**
 * Pure rules of a retrospective room (issue 5; spec §3 "Retro state", §9 "Retro votes start
 * at 5"). The room's Durable Object parses a frame with `retroClientMessage` (commands.ts), calls
 * `reduceRetro`, persists, carries out the effects and sends each socket `viewFor`.
 */
import type { RetroClientMessage } from "./commands";
import { RETRO_PRESETS, type RetroPreset } from "./limits";
import { cloneState } from "./poker";

export type { RetroClientMessage } from "./commands";

export { MAX_NOTE_LENGTH, MAX_VOTES_AMOUNT, RETRO_PRESET_NAMES, RETRO_PRESETS, type RetroPreset } from "./limits";

/** Votes each person may spend (spec §9). */
export const DEFAULT_VOTES_AMOUNT = 5;
export const MAX_NOTES = 1000;
export const MAX_NAME_LENGTH = 80;

export interface RetroColumn {
  id: string;
  /** i18next key of the column's title with its namespace, e.g. `retro:column.start`. */
  titleKey: string;
}

/** The columns of a preset, each with its translation key. */
export function presetColumns(preset: RetroPreset): RetroColumn[] {
  return RETRO_PRESETS[preset].map((id) => ({ id, titleKey: `retro:column.${id}` }));
}

export interface RetroNote {
  id: string;
  author: string;
  column: string;
  text: string;
  /** Id of the note this one is grouped under (a group is named after its first note); null alone. */
  group: string | null;
  /** Votes on this note by person; a count above 1 only when voting is cumulative. */
  votes: Record<string, number>;
  /** Marked as an action item, to become a task in the next sprint. */
  action: boolean;
  /** Its task exists: the room's outbox delivered it, so a second export does not duplicate it. */
  exported: boolean;
  /**
   * Handed to the room's outbox, its task not yet confirmed: not exported again meanwhile.
   * Absent in states stored before the outbox existed (read as false).
   */
  exporting?: boolean;
  createdAt: number;
}

export interface RetroParticipant {
  id: string;
  name: string;
  present: boolean;
}

export interface RetroState {
  owner: string;
  preset: RetroPreset;
  columns: RetroColumn[];
  /** Notes in creation order. */
  notes: RetroNote[];
  /** Next note number; ids come from here so a replay makes the same ids. */
  seq: number;
  participants: RetroParticipant[];
  /** Authors are hidden from others until `revealed` when this is on. */
  anonymous: boolean;
  revealed: boolean;
  votesAmount: number;
  /** Votes spent by person; always the sum of that person's votes over all notes. */
  votesSumm: Record<string, number>;
  votingPhase: boolean;
  cumulative: boolean;
  voteForYourself: boolean;
  /** People who said they finished voting, in the order they did. */
  doneVoters: string[];
  /** The raised-hands queue, first raised first. */
  handsUp: string[];
  /** Whom the facilitator called last. */
  speaking: string | null;
  /** Closed by the facilitator: it stays readable, nothing changes it any more. */
  archived: boolean;
}

/** A new retro room with the spec's defaults: 5 votes each, voting off. */
export function newRetroRoom(input: { owner: string; ownerName: string; preset: RetroPreset; anonymous?: boolean }): RetroState {
  return {
    owner: input.owner,
    preset: input.preset,
    columns: presetColumns(input.preset),
    notes: [],
    seq: 0,
    participants: [{ id: input.owner, name: input.ownerName, present: false }],
    anonymous: input.anonymous ?? false,
    revealed: false,
    votesAmount: DEFAULT_VOTES_AMOUNT,
    votesSumm: {},
    votingPhase: false,
    cumulative: false,
    voteForYourself: true,
    doneVoters: [],
    handsUp: [],
    speaking: null,
    archived: false,
  };
}


/**
 * Events only the room's object produces: a person's sockets opened or all closed, and the
 * outbox's answer to an export (`exported`: the tasks of these notes exist; `failed`: these
 * notes were given up on and may be exported again).
 */
export type RetroSystemEvent =
  | { type: "join"; name: string }
  | { type: "enrol"; name: string }
  | { type: "leave" }
  | { type: "export_settled"; exported: string[]; failed: string[] };
export type RetroInput = RetroClientMessage | RetroSystemEvent;

/** What the object must do outside the state. */
export type RetroEffect =
  /** Create these tasks in the project's next sprint lane, linked back to this retro. */
  { type: "create_tasks"; items: { note: string; text: string; column: string }[] };

export const RETRO_ERRORS = [
  "not_facilitator",
  "not_participant",
  "unknown_column",
  "unknown_note",
  "not_author",
  "voting_closed",
  "no_votes_left",
  "not_cumulative",
  "own_note",
  "no_vote_to_take",
  "voter_done",
  "votes_conflict",
  "notes_exist",
  "same_group",
  "too_many_notes",
  "no_hands_up",
  "nothing_to_export",
  "room_archived",
] as const;
export type RetroError = (typeof RETRO_ERRORS)[number];

export type RetroResultOf = { state: RetroState; effects: RetroEffect[] } | { error: RetroError };

const FACILITATOR_ONLY = new Set<RetroInput["type"]>(["set_voting", "set_options", "set_preset", "reveal", "call_next", "export_actions", "archive"]);

/**
 * Applies one message from `actor` at time `now`. On an error the caller keeps the old state;
 * the input is never mutated.
 */
export function reduceRetro(state: RetroState, message: RetroInput, actor: string, now: number): RetroResultOf {
  // The outbox settles exports begun before an archive: the tasks exist either way.
  if (message.type === "export_settled") return settleExport(state, message.exported, message.failed);
  if (state.archived && message.type !== "join" && message.type !== "leave" && message.type !== "enrol") return { error: "room_archived" };
  if (FACILITATOR_ONLY.has(message.type) && actor !== state.owner) return { error: "not_facilitator" };
  const s = cloneState(state);
  const effects: RetroEffect[] = [];
  const fail = (error: RetroError): RetroResultOf => ({ error });
  const person = s.participants.find((p) => p.id === actor);
  if (!person && message.type !== "join" && message.type !== "enrol") return fail("not_participant");
  const facilitator = actor === s.owner;
  const noteOf = (noteId: string) => s.notes.find((n) => n.id === noteId);

  switch (message.type) {
    case "join":
      if (person) person.present = true;
      else s.participants.push({ id: actor, name: message.name.slice(0, MAX_NAME_LENGTH), present: true });
      break;
    case "enrol":
      // A member through the REST join, before any socket of theirs opened.
      if (person) person.name = message.name.slice(0, MAX_NAME_LENGTH);
      else s.participants.push({ id: actor, name: message.name.slice(0, MAX_NAME_LENGTH), present: false });
      break;
    case "leave":
      person!.present = false;
      break;
    case "add_note": {
      if (!s.columns.some((c) => c.id === message.column)) return fail("unknown_column");
      if (s.notes.length >= MAX_NOTES) return fail("too_many_notes");
      s.seq += 1;
      s.notes.push({ id: `n${s.seq}`, author: actor, column: message.column, text: message.text, group: null, votes: {}, action: false, exported: false, createdAt: now });
      break;
    }
    case "edit_note": {
      const note = noteOf(message.note);
      if (!note) return fail("unknown_note");
      if (note.author !== actor) return fail("not_author");
      note.text = message.text;
      break;
    }
    case "delete_note": {
      const note = noteOf(message.note);
      if (!note) return fail("unknown_note");
      if (note.author !== actor && !facilitator) return fail("not_author");
      // Votes on a deleted note go back to their voters.
      for (const [voter, count] of Object.entries(note.votes)) spend(s, voter, -count);
      s.notes = s.notes.filter((n) => n.id !== note.id);
      regroupAfterLeaving(s, note.id);
      break;
    }
    case "move_note": {
      const note = noteOf(message.note);
      if (!note) return fail("unknown_note");
      if (note.author !== actor && !facilitator) return fail("not_author");
      if (!s.columns.some((c) => c.id === message.column)) return fail("unknown_column");
      // A group lives in one column: moving a grouped note takes it out of its group, moving a
      // group's head moves the whole group.
      if (note.group) note.group = null;
      for (const n of s.notes) if (n.id === note.id || n.group === note.id) n.column = message.column;
      break;
    }
    case "group_notes": {
      const note = noteOf(message.note);
      const into = noteOf(message.into);
      if (!note || !into) return fail("unknown_note");
      const head = into.group ?? into.id;
      if ((note.group ?? note.id) === head) return fail("same_group");
      const headNote = noteOf(head)!;
      // Groups stay one level deep: the note's own followers come along under the new head.
      for (const n of s.notes) {
        if (n.id === note.id || n.group === note.id) {
          n.group = head;
          n.column = headNote.column;
        }
      }
      break;
    }
    case "ungroup_note": {
      const note = noteOf(message.note);
      if (!note) return fail("unknown_note");
      if (note.group) note.group = null;
      else regroupAfterLeaving(s, note.id);
      break;
    }
    case "vote": {
      if (!s.votingPhase) return fail("voting_closed");
      const note = noteOf(message.note);
      if (!note) return fail("unknown_note");
      if (s.doneVoters.includes(actor)) return fail("voter_done");
      if (!s.voteForYourself && note.author === actor) return fail("own_note");
      if (!s.cumulative && (note.votes[actor] ?? 0) > 0) return fail("not_cumulative");
      if ((s.votesSumm[actor] ?? 0) >= s.votesAmount) return fail("no_votes_left");
      note.votes[actor] = (note.votes[actor] ?? 0) + 1;
      spend(s, actor, 1);
      break;
    }
    case "unvote": {
      if (!s.votingPhase) return fail("voting_closed");
      const note = noteOf(message.note);
      if (!note) return fail("unknown_note");
      if (s.doneVoters.includes(actor)) return fail("voter_done");
      if (!note.votes[actor]) return fail("no_vote_to_take");
      note.votes[actor] -= 1;
      if (note.votes[actor] === 0) delete note.votes[actor];
      spend(s, actor, -1);
      break;
    }
    case "done_voting":
      s.doneVoters = s.doneVoters.filter((p) => p !== actor);
      if (message.done) s.doneVoters.push(actor);
      break;
    case "set_voting":
      s.votingPhase = message.on;
      // A new voting phase starts with nobody done.
      if (message.on) s.doneVoters = [];
      break;
    case "set_options": {
      if (message.anonymous !== undefined) s.anonymous = message.anonymous;
      if (message.cumulative !== undefined) s.cumulative = message.cumulative;
      if (message.voteForYourself !== undefined) s.voteForYourself = message.voteForYourself;
      if (message.votesAmount !== undefined) s.votesAmount = message.votesAmount;
      if (!votesFit(s)) return fail("votes_conflict");
      break;
    }
    case "set_preset":
      if (s.notes.length > 0) return fail("notes_exist");
      s.preset = message.preset;
      s.columns = presetColumns(message.preset);
      break;
    case "reveal":
      s.revealed = true;
      break;
    case "raise_hand":
      if (!s.handsUp.includes(actor)) s.handsUp.push(actor);
      break;
    case "lower_hand": {
      const target = message.participant ?? actor;
      if (target !== actor && !facilitator) return fail("not_facilitator");
      s.handsUp = s.handsUp.filter((p) => p !== target);
      break;
    }
    case "call_next":
      if (s.handsUp.length === 0) return fail("no_hands_up");
      s.speaking = s.handsUp.shift()!;
      break;
    case "mark_action": {
      const note = noteOf(message.note);
      if (!note) return fail("unknown_note");
      if (note.author !== actor && !facilitator) return fail("not_author");
      note.action = message.action;
      break;
    }
    case "archive":
      s.archived = true;
      s.votingPhase = false;
      s.handsUp = [];
      s.speaking = null;
      break;
    case "export_actions": {
      const items = actionItems(s).filter((n) => !n.exported && !n.exporting);
      if (items.length === 0) return fail("nothing_to_export");
      // Marked exported only once the outbox confirms the task exists (`export_settled`).
      for (const n of items) n.exporting = true;
      effects.push({ type: "create_tasks", items: items.map((n) => ({ note: n.id, text: n.text, column: n.column })) });
      break;
    }
  }
  return { state: s, effects };
}

/** The outbox's answer; notes deleted meanwhile are skipped. */
function settleExport(state: RetroState, exported: string[], failed: string[]): RetroResultOf {
  const s = cloneState(state);
  const done = new Set(exported);
  const undone = new Set(failed);
  for (const n of s.notes) {
    if (done.has(n.id)) n.exported = true;
    if (done.has(n.id) || undone.has(n.id)) n.exporting = false;
  }
  return { state: s, effects: [] };
}

function spend(s: RetroState, voter: string, delta: number) {
  const next = (s.votesSumm[voter] ?? 0) + delta;
  if (next === 0) delete s.votesSumm[voter];
  else s.votesSumm[voter] = next;
}

/** When a group's head leaves (deleted or ungrouped), its first follower heads the rest. */
function regroupAfterLeaving(s: RetroState, head: string) {
  const followers = s.notes.filter((n) => n.group === head);
  if (followers.length === 0) return;
  const [first, ...rest] = followers;
  first!.group = null;
  for (const n of rest) n.group = first!.id;
}

/** Whether every vote already cast is still allowed by the room's options. */
function votesFit(s: RetroState): boolean {
  for (const spent of Object.values(s.votesSumm)) if (spent > s.votesAmount) return false;
  for (const note of s.notes) {
    for (const [voter, count] of Object.entries(note.votes)) {
      if (!s.cumulative && count > 1) return false;
      if (!s.voteForYourself && voter === note.author) return false;
    }
  }
  return true;
}

/** Notes marked as action items, in creation order: what the room hands over as tasks. */
export function actionItems(s: RetroState): RetroNote[] {
  return s.notes.filter((n) => n.action);
}

/** One note as one person may see it. */
export interface RetroNoteView extends Omit<RetroNote, "author" | "votes"> {
  /** null while the room is anonymous and not revealed, unless the viewer wrote it. */
  author: string | null;
  mine: boolean;
  /** Total votes on the note. */
  votes: number;
  /** The viewer's own votes on it. */
  myVotes: number;
}

export type RetroView = Omit<RetroState, "notes" | "votesSumm"> & {
  notes: RetroNoteView[];
  /** Votes the viewer has spent and has left. */
  myVotesSpent: number;
  myVotesLeft: number;
  /** Votes spent in the room, all people together. */
  votesSpent: number;
  facilitator: boolean;
};

/**
 * The state as `viewer` may see it: authors of anonymous notes hidden until the reveal, and
 * only totals of other people's votes.
 */
export function viewFor(state: RetroState, viewer: string): RetroView {
  const hide = state.anonymous && !state.revealed;
  // Shares the state's other parts: a view is read-only, and the reducer never changes a state in place.
  const { notes, votesSumm, ...rest } = state;
  const spent = votesSumm[viewer] ?? 0;
  return {
    ...rest,
    notes: notes.map(({ author, votes, ...n }) => ({
      ...n,
      author: hide && author !== viewer ? null : author,
      mine: author === viewer,
      votes: Object.values(votes).reduce((a, b) => a + b, 0),
      myVotes: votes[viewer] ?? 0,
    })),
    myVotesSpent: spent,
    myVotesLeft: Math.max(0, state.votesAmount - spent),
    votesSpent: Object.values(votesSumm).reduce((a, b) => a + b, 0),
    facilitator: viewer === state.owner,
  };
}
