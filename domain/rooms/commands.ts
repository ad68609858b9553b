/**
 * The messages a client may send to a poker or retro room, as the room's object reads them
 * (room-server.ts). Kept apart from the rules (poker.ts, retro.ts) because building these
 * schemas is costly and the browser never parses its own commands: the room's page imports the
 * rules' constants and helpers, and zod's constructors are not something a bundler may drop
 * (issue 17: the poker page built both unions, some 35 schemas, while it loaded).
 */
import { z } from "zod";
import { MAX_CARD_LENGTH, MAX_ISSUES, MAX_NOTE_LENGTH, MAX_TIMER_SECONDS, MAX_TITLE_LENGTH, MAX_VOTES_AMOUNT, RETRO_PRESET_NAMES, type RetroPreset } from "./limits";

/** A participant, issue, column or note id. */
const id = z.string().min(1).max(64);
const card = z.string().min(1).max(MAX_CARD_LENGTH);
const issueInput = z
  .object({ id, title: z.string().min(1).max(MAX_TITLE_LENGTH), description: z.string().max(10_000).default("") })
  .strict();

/** Every message a client may send to a poker room. Strict: unknown keys are refused. */
export const pokerClientMessage = z.discriminatedUnion("type", [
  /** Cast or change one's vote on the current issue. */
  z.object({ type: z.literal("vote"), issue: id, card }).strict(),
  /** Take one's vote back before the flip. */
  z.object({ type: z.literal("unvote"), issue: id }).strict(),
  /** Facilitator: reveal every vote of the current issue at once. */
  z.object({ type: z.literal("flip") }).strict(),
  /** Facilitator: clear the current issue's votes and vote again. */
  z.object({ type: z.literal("revote") }).strict(),
  /** Facilitator: accept a card as the current issue's estimate (written to the task). */
  z.object({ type: z.literal("accept"), card }).strict(),
  /** Facilitator: choose the issue everyone estimates now. */
  z.object({ type: z.literal("pick"), issue: id }).strict(),
  /** Facilitator: append tasks to the queue (ones already queued are skipped). */
  z.object({ type: z.literal("add_issues"), issues: z.array(issueInput).min(1).max(100) }).strict(),
  /** Facilitator: remove a task from the queue (its history stays). */
  z.object({ type: z.literal("remove_issue"), issue: id }).strict(),
  /** Facilitator: the queue's new order; must name exactly the queued issues. */
  z.object({ type: z.literal("reorder"), order: z.array(id).max(MAX_ISSUES) }).strict(),
  /** Change one's own role; the facilitator may change anyone's. */
  z.object({ type: z.literal("set_role"), role: z.enum(["voter", "spectator"]), participant: id.optional() }).strict(),
  /** Facilitator: flip by itself once every present voter has voted. */
  z.object({ type: z.literal("set_auto_flip"), enabled: z.boolean() }).strict(),
  /** Facilitator: start a shared countdown. */
  z.object({ type: z.literal("start_timer"), seconds: z.number().int().min(5).max(MAX_TIMER_SECONDS) }).strict(),
  /** Facilitator: stop the countdown. */
  z.object({ type: z.literal("stop_timer") }).strict(),
  /** Facilitator: close the room; it stays readable, nothing changes it any more. */
  z.object({ type: z.literal("archive") }).strict(),
]);
export type PokerClientMessage = z.infer<typeof pokerClientMessage>;

const text = z.string().trim().min(1).max(MAX_NOTE_LENGTH);

/** Every message a client may send to a retro room. Strict: unknown keys are refused. */
export const retroClientMessage = z.discriminatedUnion("type", [
  /** Write a note into a column. */
  z.object({ type: z.literal("add_note"), column: id, text }).strict(),
  /** Change the text of one's own note. */
  z.object({ type: z.literal("edit_note"), note: id, text }).strict(),
  /** Delete one's own note (the facilitator may delete any); its votes go back to the voters. */
  z.object({ type: z.literal("delete_note"), note: id }).strict(),
  /** Move one's own note (the facilitator any) to another column, with its group. */
  z.object({ type: z.literal("move_note"), note: id, column: id }).strict(),
  /** Put a note (and what was grouped under it) under another note's group. */
  z.object({ type: z.literal("group_notes"), note: id, into: id }).strict(),
  /** Take a note out of its group. */
  z.object({ type: z.literal("ungroup_note"), note: id }).strict(),
  /** Spend one vote on a note (voting phase only). */
  z.object({ type: z.literal("vote"), note: id }).strict(),
  /** Take back one vote from a note (voting phase only). */
  z.object({ type: z.literal("unvote"), note: id }).strict(),
  /** Say one has finished voting, or not. */
  z.object({ type: z.literal("done_voting"), done: z.boolean() }).strict(),
  /** Facilitator: open or close the voting phase. */
  z.object({ type: z.literal("set_voting"), on: z.boolean() }).strict(),
  /** Facilitator: room options; a change that would make votes already cast invalid is refused. */
  z
    .object({
      type: z.literal("set_options"),
      anonymous: z.boolean().optional(),
      cumulative: z.boolean().optional(),
      voteForYourself: z.boolean().optional(),
      votesAmount: z.number().int().min(1).max(MAX_VOTES_AMOUNT).optional(),
    })
    .strict(),
  /** Facilitator: change the columns; only while there are no notes. */
  z.object({ type: z.literal("set_preset"), preset: z.enum(RETRO_PRESET_NAMES as [RetroPreset, ...RetroPreset[]]) }).strict(),
  /** Facilitator: show the authors of anonymous notes. */
  z.object({ type: z.literal("reveal") }).strict(),
  /** Join the speaker queue. */
  z.object({ type: z.literal("raise_hand") }).strict(),
  /** Leave the speaker queue (the facilitator may lower anyone's hand). */
  z.object({ type: z.literal("lower_hand"), participant: id.optional() }).strict(),
  /** Facilitator: give the word to the first raised hand. */
  z.object({ type: z.literal("call_next") }).strict(),
  /** Mark or unmark a note as an action item (its author or the facilitator). */
  z.object({ type: z.literal("mark_action"), note: id, action: z.boolean() }).strict(),
  /** Facilitator: turn the action items not yet exported into tasks. */
  z.object({ type: z.literal("export_actions") }).strict(),
  /** Facilitator: close the room; it stays readable, nothing changes it any more. */
  z.object({ type: z.literal("archive") }).strict(),
]);
export type RetroClientMessage = z.infer<typeof retroClientMessage>;
