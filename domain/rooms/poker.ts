/**
 * Pure rules of a poker (live estimation) room (issue 5). The room's Durable Object parses a
 * client frame with `pokerClientMessage` (commands.ts), calls `reducePoker`, persists the new
 * state, carries out the effects and sends each socket `viewFor(state, itsPerson)`. Nothing
 * here touches a socket, a clock or storage: `now` is passed in, so a replay gives the same state.
 */
import type { PokerClientMessage } from "./commands";
import { MAX_ISSUES } from "./limits";

export type { PokerClientMessage } from "./commands";

/** Deck kinds offered by the estimate field's option sets (spec §7 "Decks"). */
export const DECK_KINDS = ["fibonacci", "modified_fibonacci", "t_shirt", "powers_of_two", "custom"] as const;
export type DeckKind = (typeof DECK_KINDS)[number];

/** Cards every deck carries besides its values: "not sure" and "I need a break / I pass". */
export const QUESTION_CARD = "?";
export const COFFEE_CARD = "coffee";
export const SPECIAL_CARDS = [QUESTION_CARD, COFFEE_CARD] as const;

const DECK_VALUES: Record<Exclude<DeckKind, "custom">, string[]> = {
  fibonacci: ["0", "1", "2", "3", "5", "8", "13", "21", "34", "55", "89"],
  modified_fibonacci: ["0", "0.5", "1", "2", "3", "5", "8", "13", "20", "40", "100"],
  t_shirt: ["XS", "S", "M", "L", "XL", "XXL"],
  powers_of_two: ["0", "1", "2", "4", "8", "16", "32", "64"],
};

export { MAX_CARD_LENGTH, MAX_ISSUES, MAX_TIMER_SECONDS, MAX_TITLE_LENGTH } from "./limits";
export const MAX_CUSTOM_CARDS = 40;
export const MAX_NAME_LENGTH = 80;

/**
 * The cards of a deck, values first, then `?` and coffee. A custom deck keeps its own order;
 * duplicates and the special cards in its list are dropped so each card appears once.
 */
export function deckCards(kind: DeckKind, custom: readonly string[] = []): string[] {
  const values = kind === "custom" ? custom : DECK_VALUES[kind];
  const special = new Set<string>(SPECIAL_CARDS);
  return [...new Set(values.filter((v) => !special.has(v)))].concat(SPECIAL_CARDS);
}

/** A card's number, or null for `?`, coffee and non-numeric cards such as T-shirt sizes. */
export function cardNumber(card: string): number | null {
  if (card === "½") return 0.5;
  if (!/^\d+(\.\d+)?$/.test(card)) return null;
  return Number(card);
}

export type PokerRole = "voter" | "spectator";

export interface PokerParticipant {
  id: string;
  name: string;
  role: PokerRole;
  /** Has at least one open socket right now; set by the object on connect and close. */
  present: boolean;
}

/** A task in the room's queue; title and description are copied so all see the same text. */
export interface PokerIssue {
  id: string;
  title: string;
  description: string;
}

/** The round of one issue: votes by voter, hidden from others until `revealed`. */
export interface PokerRound {
  votes: Record<string, string>;
  revealed: boolean;
}

/** What a flip showed, kept per issue so an archived room stays readable. */
export interface PokerResult {
  votes: Record<string, string>;
  average: number | null;
  median: number | null;
  /** Share (0..1) of numeric votes equal to the most common numeric card. */
  agreement: number | null;
  flippedAt: number;
}

/** What an accepted estimate is saved with: the number of flips and the last flip's cards by name. */
export interface PokerOutcome {
  rounds: number;
  votes: { name: string; card: string }[];
}

export interface PokerState {
  owner: string;
  deck: { kind: DeckKind; cards: string[] };
  participants: PokerParticipant[];
  /** Issue ids in queue order; `issues` also keeps removed ones so their history reads. */
  queue: string[];
  issues: Record<string, PokerIssue>;
  current: string | null;
  rounds: Record<string, PokerRound>;
  history: Record<string, PokerResult[]>;
  accepted: Record<string, string>;
  autoFlip: boolean;
  /** When the shared countdown ends (ms since epoch); the object sets an alarm for it. */
  timerEndsAt: number | null;
  archived: boolean;
  /**
   * Queued tasks that went to the project's trash (issue 15), by the queue position they had:
   * a restore puts each back there. Absent in rooms stored before it existed.
   */
  parked?: Record<string, number>;
}

/** A new room: the owner is its facilitator and first voter. */
export function newPokerRoom(input: { owner: string; ownerName: string; deck: DeckKind; customCards?: string[]; autoFlip?: boolean }): PokerState {
  return {
    owner: input.owner,
    deck: { kind: input.deck, cards: deckCards(input.deck, input.customCards) },
    participants: [{ id: input.owner, name: input.ownerName, role: "voter", present: false }],
    queue: [],
    issues: {},
    current: null,
    rounds: {},
    history: {},
    accepted: {},
    autoFlip: input.autoFlip ?? false,
    timerEndsAt: null,
    archived: false,
  };
}


/**
 * Events only the room's object produces (never parsed from a client frame): a socket of a
 * person opened or all closed, and the timer's alarm fired.
 */
export type PokerSystemEvent =
  | { type: "join"; name: string; role: PokerRole }
  /** Someone became a member (through the REST join) without a socket yet, or changed name. */
  | { type: "enrol"; name: string; role: PokerRole }
  | { type: "leave" }
  | { type: "timer_expired" }
  /** The room's deck changed (REST, owner): only before anyone voted. */
  | { type: "set_deck"; cards: string[] }
  /** A task of the project went to the trash: it leaves the queue, its place remembered. */
  | { type: "task_trashed"; issue: string }
  /** A trashed task was restored: it comes back to the place it left, if it was queued here. */
  | { type: "task_restored"; issue: string };

export type PokerInput = PokerClientMessage | PokerSystemEvent;

/** What the object must do outside the state after a message. */
export type PokerEffect =
  /**
   * Write the accepted card into the task's estimate field (lane totals follow), and keep the
   * discussion's outcome on the task: how many flips it took and who played what last.
   */
  | { type: "write_estimate"; task: string; value: string; outcome: PokerOutcome }
  | { type: "set_alarm"; at: number }
  | { type: "clear_alarm" };

export const POKER_ERRORS = [
  "room_archived",
  "not_facilitator",
  "not_participant",
  "spectator_cannot_vote",
  "card_not_in_deck",
  "no_current_issue",
  "issue_not_current",
  "unknown_issue",
  "already_revealed",
  "not_revealed",
  "not_an_estimate",
  "queue_mismatch",
  "queue_full",
  "deck_in_use",
] as const;
export type PokerError = (typeof POKER_ERRORS)[number];

export type PokerResultOf = { state: PokerState; effects: PokerEffect[] } | { error: PokerError };

/** Messages that change the sender's own participant entry. */
const PARTICIPANT_WRITES = new Set<PokerInput["type"]>(["join", "enrol", "leave"]);

/**
 * The copy a reducer step may change: every container is new, but participants and rounds stay
 * shared until `editParticipant` or `editRound` copies the one being changed (history lists are
 * replaced, never pushed to), so a vote in a room of hundreds copies one round, not every round
 * and list, and the patch of the next view skips what did not change.
 */
function copyForWrite(state: PokerState): PokerState {
  const s: PokerState = {
    ...state,
    deck: { kind: state.deck.kind, cards: [...state.deck.cards] },
    participants: [...state.participants],
    queue: [...state.queue],
    issues: { ...state.issues },
    rounds: { ...state.rounds },
    history: { ...state.history },
    accepted: { ...state.accepted },
  };
  editedRounds.set(s, new Set());
  return s;
}

/** The rounds each copy made by `copyForWrite` owns already (copied in this step). */
const editedRounds = new WeakMap<PokerState, Set<string>>();

/** The round of `issue` in the copy `s`, copied the first time this step changes it. */
function editRound(s: PokerState, issue: string): PokerRound {
  const round = s.rounds[issue]!;
  const edited = editedRounds.get(s)!;
  if (edited.has(issue)) return round;
  const copy = { revealed: round.revealed, votes: { ...round.votes } };
  s.rounds[issue] = copy;
  edited.add(issue);
  return copy;
}

/** Replaces a participant of the copy `s` by its own copy, to be changed; undefined if absent. */
function editParticipant(s: PokerState, id: string): PokerParticipant | undefined {
  const index = s.participants.findIndex((p) => p.id === id);
  if (index < 0) return undefined;
  const copy = { ...s.participants[index]! };
  s.participants[index] = copy;
  return copy;
}

/** A deep copy of plain JSON data; several times faster than `structuredClone` on these states. */
export function cloneState<T>(state: T): T {
  return JSON.parse(JSON.stringify(state)) as T;
}

const FACILITATOR_ONLY = new Set<PokerInput["type"]>([
  "flip",
  "revote",
  "accept",
  "pick",
  "add_issues",
  "remove_issue",
  "reorder",
  "set_auto_flip",
  "start_timer",
  "stop_timer",
  "archive",
  "set_deck",
  "task_trashed",
  "task_restored",
]);

/**
 * Applies one message from `actor` at time `now`. On an error the state is unchanged (the
 * caller keeps the old one); otherwise a new state is returned and the input is never mutated.
 */
export function reducePoker(state: PokerState, message: PokerInput, actor: string, now: number): PokerResultOf {
  if (state.archived && message.type !== "join" && message.type !== "leave" && message.type !== "enrol") return { error: "room_archived" };
  if (FACILITATOR_ONLY.has(message.type) && actor !== state.owner) return { error: "not_facilitator" };
  const s = copyForWrite(state);
  const effects: PokerEffect[] = [];
  const fail = (error: PokerError): PokerResultOf => ({ error });
  const person = PARTICIPANT_WRITES.has(message.type) ? editParticipant(s, actor) : s.participants.find((p) => p.id === actor);
  if (!person && message.type !== "join" && message.type !== "enrol" && message.type !== "timer_expired" && message.type !== "set_deck" && message.type !== "task_trashed" && message.type !== "task_restored") return fail("not_participant");

  switch (message.type) {
    case "join": {
      if (person) person.present = true;
      else s.participants.push({ id: actor, name: message.name.slice(0, MAX_NAME_LENGTH), role: message.role, present: true });
      break;
    }
    case "enrol": {
      if (person) person.name = message.name.slice(0, MAX_NAME_LENGTH);
      else s.participants.push({ id: actor, name: message.name.slice(0, MAX_NAME_LENGTH), role: message.role, present: false });
      break;
    }
    case "leave": {
      person!.present = false;
      // Someone who left no longer holds the round up.
      autoFlip(s, now);
      break;
    }
    case "set_deck": {
      const used = Object.values(s.rounds).some((r) => Object.keys(r.votes).length > 0) || Object.keys(s.history).length > 0;
      if (used) return fail("deck_in_use");
      s.deck = { kind: "custom", cards: deckCards("custom", message.cards) };
      break;
    }
    case "timer_expired":
      // An alarm that fires early (a clock skew, or an older alarm) re-arms instead of ending the countdown.
      if (s.timerEndsAt !== null && now < s.timerEndsAt) effects.push({ type: "set_alarm", at: s.timerEndsAt });
      else s.timerEndsAt = null;
      break;
    case "vote": {
      if (person!.role === "spectator") return fail("spectator_cannot_vote");
      const round = openRound(s, message.issue);
      if (typeof round === "string") return fail(round);
      if (!s.deck.cards.includes(message.card)) return fail("card_not_in_deck");
      round.votes[actor] = message.card;
      autoFlip(s, now);
      break;
    }
    case "unvote": {
      const round = openRound(s, message.issue);
      if (typeof round === "string") return fail(round);
      delete round.votes[actor];
      break;
    }
    case "flip": {
      const round = currentRound(s);
      if (!round) return fail("no_current_issue");
      if (round.revealed) return fail("already_revealed");
      flip(s, now);
      break;
    }
    case "revote": {
      if (!s.current) return fail("no_current_issue");
      s.rounds[s.current] = { votes: {}, revealed: false };
      break;
    }
    case "accept": {
      const round = currentRound(s);
      if (!round || !s.current) return fail("no_current_issue");
      if (!round.revealed) return fail("not_revealed");
      if (!s.deck.cards.includes(message.card)) return fail("card_not_in_deck");
      if ((SPECIAL_CARDS as readonly string[]).includes(message.card)) return fail("not_an_estimate");
      s.accepted[s.current] = message.card;
      const names = new Map(s.participants.map((p) => [p.id, p.name]));
      // Seats in the room's order; a voter who has left since keeps their card under their id.
      const votes = [...Object.entries(round.votes)]
        .sort(([a], [b]) => s.participants.findIndex((p) => p.id === a) - s.participants.findIndex((p) => p.id === b))
        .map(([voter, played]) => ({ name: names.get(voter) ?? voter, card: played }));
      effects.push({ type: "write_estimate", task: s.current, value: message.card, outcome: { rounds: s.history[s.current]?.length ?? 1, votes } });
      break;
    }
    case "pick": {
      if (!s.queue.includes(message.issue)) return fail("unknown_issue");
      s.current = message.issue;
      s.rounds[message.issue] ??= { votes: {}, revealed: false };
      break;
    }
    case "add_issues": {
      for (const issue of message.issues) {
        if (s.queue.includes(issue.id)) continue;
        if (s.queue.length >= MAX_ISSUES) return fail("queue_full");
        s.issues[issue.id] = { id: issue.id, title: issue.title, description: issue.description };
        s.queue.push(issue.id);
      }
      break;
    }
    case "remove_issue": {
      if (!s.queue.includes(message.issue)) return fail("unknown_issue");
      // The issue's title stays in `issues` so its history remains readable.
      s.queue = s.queue.filter((i) => i !== message.issue);
      // An unrevealed round of a removed issue would keep hidden votes nobody can flip.
      if (s.rounds[message.issue] && !s.rounds[message.issue]!.revealed) delete s.rounds[message.issue];
      if (s.current === message.issue) s.current = null;
      break;
    }
    case "task_trashed": {
      const at = s.queue.indexOf(message.issue);
      if (at < 0) return fail("unknown_issue");
      s.parked = { ...s.parked, [message.issue]: at };
      s.queue = s.queue.filter((i) => i !== message.issue);
      if (s.rounds[message.issue] && !s.rounds[message.issue]!.revealed) delete s.rounds[message.issue];
      if (s.current === message.issue) s.current = null;
      break;
    }
    case "task_restored": {
      const at = s.parked?.[message.issue];
      if (at === undefined) return fail("unknown_issue");
      const { [message.issue]: _back, ...rest } = s.parked!;
      s.parked = rest;
      // Queued again meanwhile (the facilitator added it anew): it stays where it is now.
      if (!s.queue.includes(message.issue)) {
        if (s.queue.length >= MAX_ISSUES) return fail("queue_full");
        s.queue.splice(Math.min(at, s.queue.length), 0, message.issue);
      }
      break;
    }
    case "reorder": {
      const same = message.order.length === s.queue.length && new Set(message.order).size === s.queue.length && message.order.every((i) => s.queue.includes(i));
      if (!same) return fail("queue_mismatch");
      s.queue = [...message.order];
      break;
    }
    case "set_role": {
      const targetId = message.participant ?? actor;
      if (targetId !== actor && actor !== s.owner) return fail("not_facilitator");
      const target = editParticipant(s, targetId);
      if (!target) return fail("not_participant");
      target.role = message.role;
      if (message.role === "spectator") {
        // A spectator holds no vote in any round still hidden.
        for (const [issue, round] of Object.entries(s.rounds)) if (!round.revealed && targetId in round.votes) delete editRound(s, issue).votes[targetId];
      }
      autoFlip(s, now);
      break;
    }
    case "set_auto_flip":
      s.autoFlip = message.enabled;
      autoFlip(s, now);
      break;
    case "start_timer":
      s.timerEndsAt = now + message.seconds * 1000;
      effects.push({ type: "set_alarm", at: s.timerEndsAt });
      break;
    case "stop_timer":
      s.timerEndsAt = null;
      effects.push({ type: "clear_alarm" });
      break;
    case "archive":
      s.archived = true;
      if (s.timerEndsAt !== null) effects.push({ type: "clear_alarm" });
      s.timerEndsAt = null;
      // Votes nobody flipped are dropped: an archived room shows only what was revealed.
      for (const [issue, round] of Object.entries(s.rounds)) if (!round.revealed) delete s.rounds[issue];
      break;
  }
  return { state: s, effects };
}

function currentRound(s: PokerState): PokerRound | null {
  return s.current ? (s.rounds[s.current] ?? null) : null;
}

/** The current issue's round, if `issue` is current and still hidden; else why not. */
function openRound(s: PokerState, issue: string): PokerRound | PokerError {
  if (!s.current) return "no_current_issue";
  if (issue !== s.current) return "issue_not_current";
  return s.rounds[s.current]!.revealed ? "already_revealed" : editRound(s, s.current);
}

function flip(s: PokerState, now: number) {
  const round = editRound(s, s.current!);
  round.revealed = true;
  s.history[s.current!] = [...(s.history[s.current!] ?? []), { votes: { ...round.votes }, ...summarise(Object.values(round.votes)), flippedAt: now }];
}

/** Flips when auto-flip is on and every present voter (at least one) has voted. */
function autoFlip(s: PokerState, now: number) {
  const round = currentRound(s);
  if (!s.autoFlip || !round || round.revealed) return;
  const voters = s.participants.filter((p) => p.present && p.role === "voter");
  if (voters.length > 0 && voters.every((p) => p.id in round.votes)) flip(s, now);
}

/** Average, median and agreement over the numeric cards only; null when there are none. */
export function summarise(cards: readonly string[]): { average: number | null; median: number | null; agreement: number | null } {
  const numbers = cards.map(cardNumber).filter((n): n is number => n !== null).sort((a, b) => a - b);
  if (numbers.length === 0) return { average: null, median: null, agreement: null };
  const average = numbers.reduce((a, b) => a + b, 0) / numbers.length;
  const mid = Math.floor(numbers.length / 2);
  const median = numbers.length % 2 ? numbers[mid]! : (numbers[mid - 1]! + numbers[mid]!) / 2;
  const counts = new Map<number, number>();
  for (const n of numbers) counts.set(n, (counts.get(n) ?? 0) + 1);
  const agreement = Math.max(...counts.values()) / numbers.length;
  return { average: Math.round(average * 100) / 100, median, agreement: Math.round(agreement * 100) / 100 };
}

/** One round as one person may see it. */
export interface PokerRoundView {
  revealed: boolean;
  /** Who has voted, in participant order: visible to all before the flip. */
  voted: string[];
  /** Every vote, only once revealed; null before. */
  votes: Record<string, string> | null;
  /** The viewer's own card, which they may always see. */
  mine: string | null;
}

export type PokerView = Omit<PokerState, "rounds"> & { rounds: Record<string, PokerRoundView>; facilitator: boolean };

/**
 * The state as `viewer` may see it: before a flip only the fact that someone voted, never
 * another person's card. The object sends each socket its own view.
 */
export function viewFor(state: PokerState, viewer: string): PokerView {
  const order = state.participants.map((p) => p.id);
  const known = new Set(order);
  const rounds: Record<string, PokerRoundView> = {};
  for (const [issue, round] of Object.entries(state.rounds)) {
    const voted = [...order.filter((p) => p in round.votes), ...Object.keys(round.votes).filter((v) => !known.has(v)).sort()];
    rounds[issue] = { revealed: round.revealed, voted, votes: round.revealed ? { ...round.votes } : null, mine: round.votes[viewer] ?? null };
  }
  // Shares the state's other parts: a view is read-only, and the reducer never changes a state in place.
  const { rounds: _hidden, ...rest } = state;
  return { ...rest, rounds, facilitator: viewer === state.owner };
}
