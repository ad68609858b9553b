/**
 * Random room messages for the seeded property tests (poker, retro, and the split views):
 * mostly valid, some refused, so both the rules and the refusals are exercised.
 */
import { deckCards, type PokerInput } from "./poker";
import type { RetroInput, RetroState } from "./retro";
import type { seeded } from "./seeded";

type Random = ReturnType<typeof seeded>;

export const POKER_PEOPLE = ["fac", "ann", "bob", "sam", "eve"];
const cards = [...deckCards("fibonacci"), "4", "XL"];
const issues = ["t1", "t2", "t3", "nope"];

export function randomPokerInput(r: Random): [string, PokerInput] {
  const actor = r.pick(POKER_PEOPLE);
  const choices: PokerInput[] = [
    { type: "join", name: actor, role: r.pick(["voter", "spectator"] as const) },
    { type: "enrol", name: actor, role: r.pick(["voter", "spectator"] as const) },
    { type: "leave" },
    { type: "vote", issue: r.pick(issues), card: r.pick(cards) },
    { type: "vote", issue: r.pick(issues), card: r.pick(cards) },
    { type: "vote", issue: r.pick(issues), card: r.pick(cards) },
    { type: "unvote", issue: r.pick(issues) },
    { type: "flip" },
    { type: "revote" },
    { type: "accept", card: r.pick(cards) },
    { type: "pick", issue: r.pick(issues) },
    { type: "add_issues", issues: [{ id: r.pick(issues), title: "T", description: "" }] },
    { type: "remove_issue", issue: r.pick(issues) },
    { type: "set_role", role: r.pick(["voter", "spectator"] as const), participant: r.chance(0.5) ? r.pick(POKER_PEOPLE) : undefined },
    { type: "set_auto_flip", enabled: r.chance(0.5) },
    { type: "start_timer", seconds: 30 },
    { type: "stop_timer" },
  ];
  if (r.chance(0.01)) choices.push({ type: "archive" });
  return [actor, r.pick(choices)];
}

export const RETRO_PEOPLE = ["fac", "ann", "bob", "cat", "eve"];
const columns = ["start", "stop", "continue", "glad"];

export function randomRetroInput(r: Random, s: RetroState): [string, RetroInput] {
  const actor = r.pick(RETRO_PEOPLE);
  const note = s.notes.length && r.chance(0.9) ? r.pick(s.notes).id : `n${r.int(40)}`;
  const other = s.notes.length ? r.pick(s.notes).id : "n1";
  const choices: RetroInput[] = [
    { type: "join", name: actor },
    { type: "enrol", name: actor },
    { type: "leave" },
    { type: "add_note", column: r.pick(columns), text: "t" },
    { type: "edit_note", note, text: "e" },
    { type: "delete_note", note },
    { type: "move_note", note, column: r.pick(columns) },
    { type: "group_notes", note, into: other },
    { type: "ungroup_note", note },
    { type: "vote", note },
    { type: "vote", note },
    { type: "vote", note },
    { type: "unvote", note },
    { type: "done_voting", done: r.chance(0.5) },
    { type: "set_voting", on: r.chance(0.7) },
    { type: "set_options", cumulative: r.chance(0.5), voteForYourself: r.chance(0.5), votesAmount: 1 + r.int(6), anonymous: r.chance(0.5) },
    { type: "reveal" },
    { type: "raise_hand" },
    { type: "lower_hand" },
    { type: "call_next" },
    { type: "mark_action", note, action: r.chance(0.5) },
    { type: "export_actions" },
  ];
  return [actor, r.pick(choices)];
}
