/**
 * How a retro board lays out a column (issue 5): groups of notes, each a head with the notes
 * grouped under it, in creation order while people write and, on request after voting, by votes.
 * Pure, so the board and its tests agree on the order.
 */
import type { RetroNoteView, RetroView } from "./retro";

type ArrangedNote = Pick<RetroNoteView, "id" | "column" | "group" | "votes" | "createdAt">;

/** One stack on the board: a note and those grouped under it. */
export interface NoteStack<N extends ArrangedNote> {
  head: N;
  followers: N[];
  /** Votes on the head and its followers together. */
  votes: number;
}

/**
 * The stacks of one column. A follower whose head is missing (a stale view during a change)
 * stands on its own rather than disappearing. With `byVotes`, stacks are ordered by their total
 * votes and followers by their own, ties keeping creation order.
 */
export function stacksOf<N extends ArrangedNote>(notes: readonly N[], column: string, byVotes: boolean): NoteStack<N>[] {
  const inColumn = notes.filter((n) => n.column === column);
  const ids = new Set(inColumn.map((n) => n.id));
  const stacks = new Map<string, NoteStack<N>>();
  for (const note of inColumn) {
    if (!note.group || !ids.has(note.group)) stacks.set(note.id, { head: note, followers: [], votes: note.votes });
  }
  for (const note of inColumn) {
    const stack = note.group ? stacks.get(note.group) : undefined;
    if (!stack) continue;
    stack.followers.push(note);
    stack.votes += note.votes;
  }
  const byCreation = (a: ArrangedNote, b: ArrangedNote) => a.createdAt - b.createdAt || a.id.localeCompare(b.id, "en", { numeric: true });
  const list = [...stacks.values()];
  for (const stack of list) stack.followers.sort((a, b) => (byVotes ? b.votes - a.votes : 0) || byCreation(a, b));
  return list.sort((a, b) => (byVotes ? b.votes - a.votes : 0) || byCreation(a.head, b.head));
}

/** Where the room stands, for the header: writing notes, voting, or talking over the results. */
export type RetroPhase = "writing" | "voting" | "discussing";

export function phaseOf(view: Pick<RetroView, "votingPhase" | "votesSpent">): RetroPhase {
  if (view.votingPhase) return "voting";
  return view.votesSpent > 0 ? "discussing" : "writing";
}
