/**
 * A room's view split in two: the public part, the same for everyone (sent once per change as
 * one patch), and each person's private part (their own cards, notes and votes). Composing
 * the two gives exactly `viewFor(state, person)`; nothing private is ever in the public part.
 */
import type { RoomKind } from "../wire/live/room";
import * as poker from "./poker";
import * as retro from "./retro";

export type RoomState = poker.PokerState | retro.RetroState;
export type RoomView = poker.PokerView | retro.RetroView;

/** The viewer nobody is: sees only what everyone may see. */
const NOBODY = "\u0000";

export interface PokerPrivate {
  facilitator: boolean;
  /** The person's own card in each round where they voted. */
  mine: Record<string, string>;
}

export interface RetroPrivate {
  facilitator: boolean;
  member: string;
  /** Notes the person wrote. */
  mine: string[];
  /** The person's votes by note. */
  votes: Record<string, number>;
  spent: number;
}

export type RoomPrivate = PokerPrivate | RetroPrivate;

export function publicView(kind: RoomKind, state: RoomState): RoomView {
  return kind === "poker" ? poker.viewFor(state as poker.PokerState, NOBODY) : retro.viewFor(state as retro.RetroState, NOBODY);
}

export function privatePart(kind: RoomKind, state: RoomState, member: string): RoomPrivate {
  if (kind === "poker") {
    const s = state as poker.PokerState;
    const mine: Record<string, string> = {};
    for (const [issue, round] of Object.entries(s.rounds)) {
      const card = round.votes[member];
      if (card !== undefined) mine[issue] = card;
    }
    return { facilitator: member === s.owner, mine };
  }
  const s = state as retro.RetroState;
  const votes: Record<string, number> = {};
  const mine: string[] = [];
  for (const note of s.notes) {
    if (note.author === member) mine.push(note.id);
    const count = note.votes[member];
    if (count) votes[note.id] = count;
  }
  return { facilitator: member === s.owner, member, mine, votes, spent: s.votesSumm[member] ?? 0 };
}

/** What `viewFor(state, person)` gives, from the public view and the person's private part. */
export function composeView(kind: RoomKind, view: RoomView, part: RoomPrivate): RoomView {
  if (kind === "poker") {
    const v = structuredClone(view) as poker.PokerView;
    const p = part as PokerPrivate;
    for (const [issue, round] of Object.entries(v.rounds)) round.mine = p.mine[issue] ?? null;
    v.facilitator = p.facilitator;
    return v;
  }
  const v = structuredClone(view) as retro.RetroView;
  const p = part as RetroPrivate;
  const mine = new Set(p.mine);
  for (const note of v.notes) {
    note.mine = mine.has(note.id);
    if (note.mine) note.author = p.member;
    note.myVotes = p.votes[note.id] ?? 0;
  }
  v.myVotesSpent = p.spent;
  v.myVotesLeft = Math.max(0, v.votesAmount - p.spent);
  v.facilitator = p.facilitator;
  return v;
}

/**
 * Whether a message of this type may change the private part of people other than its
 * sender: a re-vote clears everyone's card, a deleted note gives its votes back. For every
 * other type only the sender's private part can change, so only theirs is recomputed.
 */
export function privateForAll(kind: RoomKind, type: string): boolean {
  return kind === "poker" ? POKER_BROAD.has(type) : RETRO_BROAD.has(type);
}
const POKER_BROAD = new Set(["revote", "set_role", "remove_issue", "archive", "set_deck", "timer_expired", "pick"]);
const RETRO_BROAD = new Set(["delete_note", "set_preset", "archive"]);
