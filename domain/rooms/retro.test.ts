import { describe, expect, it } from "vitest";
import { retroClientMessage } from "./commands";
import { RETRO_PEOPLE, randomRetroInput } from "./random-inputs";
import {
  DEFAULT_VOTES_AMOUNT,
  type RetroState,
  actionItems,
  newRetroRoom,
  presetColumns,
  reduceRetro,
  viewFor,
} from "./retro";
import { playSeeded, reducerSteps } from "./reducer-steps";
import { propertySeeds } from "./seeded";

const T0 = 1_700_000_000_000;

/** `ok` fails the test on an error; `run` applies messages in turn, failing on any error. */
const { ok, run } = reducerSteps(reduceRetro, T0);

/** Facilitator "fac", members "ann" and "bob"; ann wrote n1 (start), bob n2 (stop). */
function room(opts: { anonymous?: boolean; voting?: boolean } = {}): RetroState {
  let s = newRetroRoom({ owner: "fac", ownerName: "Fac", preset: "start_stop_continue", anonymous: opts.anonymous });
  s = run(s, [
    ["fac", { type: "join", name: "Fac" }],
    ["ann", { type: "join", name: "Ann" }],
    ["bob", { type: "join", name: "Bob" }],
    ["ann", { type: "add_note", column: "start", text: "Pair more" }],
    ["bob", { type: "add_note", column: "stop", text: "Long meetings" }],
  ]);
  return opts.voting ? run(s, [["fac", { type: "set_voting", on: true }]]) : s;
}

describe("retro presets and notes", () => {
  it("offers four presets whose columns are translation keys", () => {
    expect(presetColumns("start_stop_continue")).toEqual([
      { id: "start", titleKey: "retro:column.start" },
      { id: "stop", titleKey: "retro:column.stop" },
      { id: "continue", titleKey: "retro:column.continue" },
    ]);
    expect(presetColumns("mad_sad_glad").map((c) => c.id)).toEqual(["mad", "sad", "glad"]);
    expect(presetColumns("four_ls").map((c) => c.id)).toEqual(["liked", "learned", "lacked", "longed_for"]);
    expect(presetColumns("went_well_to_improve_actions").map((c) => c.id)).toEqual(["went_well", "to_improve", "actions"]);
  });

  it("starts with 5 votes per person and voting off", () => {
    const s = newRetroRoom({ owner: "fac", ownerName: "Fac", preset: "mad_sad_glad" });
    expect(DEFAULT_VOTES_AMOUNT).toBe(5);
    expect(s).toMatchObject({ votesAmount: 5, votesSumm: {}, votingPhase: false, doneVoters: [], handsUp: [] });
  });

  it("adds a note only to a column of the preset, with an id from the room's counter", () => {
    const s = room();
    expect(s.notes.map((n) => [n.id, n.author, n.column])).toEqual([["n1", "ann", "start"], ["n2", "bob", "stop"]]);
    expect(reduceRetro(s, { type: "add_note", column: "glad", text: "x" }, "ann", T0)).toEqual({ error: "unknown_column" });
  });

  it("lets only the author edit a note", () => {
    expect(reduceRetro(room(), { type: "edit_note", note: "n1", text: "x" }, "bob", T0)).toEqual({ error: "not_author" });
    expect(reduceRetro(room(), { type: "edit_note", note: "n1", text: "x" }, "fac", T0)).toEqual({ error: "not_author" });
    expect(run(room(), [["ann", { type: "edit_note", note: "n1", text: "Pair daily" }]]).notes[0]!.text).toBe("Pair daily");
  });

  it("lets the author or the facilitator delete a note, and gives its votes back", () => {
    expect(reduceRetro(room(), { type: "delete_note", note: "n1" }, "bob", T0)).toEqual({ error: "not_author" });
    let s = run(room({ voting: true }), [["bob", { type: "vote", note: "n1" }]]);
    expect(s.votesSumm).toEqual({ bob: 1 });
    s = run(s, [["fac", { type: "delete_note", note: "n1" }]]);
    expect(s.notes.map((n) => n.id)).toEqual(["n2"]);
    expect(s.votesSumm).toEqual({});
  });

  it("moves a note between columns, by its author or the facilitator only", () => {
    expect(reduceRetro(room(), { type: "move_note", note: "n1", column: "stop" }, "bob", T0)).toEqual({ error: "not_author" });
    expect(reduceRetro(room(), { type: "move_note", note: "n1", column: "nowhere" }, "ann", T0)).toEqual({ error: "unknown_column" });
    expect(run(room(), [["ann", { type: "move_note", note: "n1", column: "continue" }]]).notes[0]!.column).toBe("continue");
  });

  it("groups notes one level deep in the head's column, and moves a group as one", () => {
    let s = run(room(), [
      ["ann", { type: "add_note", column: "continue", text: "n3" }],
      ["ann", { type: "group_notes", note: "n2", into: "n1" }],
      ["ann", { type: "group_notes", note: "n1", into: "n3" }],
    ]);
    expect(s.notes.map((n) => [n.id, n.group, n.column])).toEqual([["n1", "n3", "continue"], ["n2", "n3", "continue"], ["n3", null, "continue"]]);
    expect(reduceRetro(s, { type: "group_notes", note: "n1", into: "n2" }, "ann", T0)).toEqual({ error: "same_group" });
    s = run(s, [["ann", { type: "move_note", note: "n3", column: "start" }]]);
    expect(s.notes.every((n) => n.column === "start")).toBe(true);
    s = run(s, [["ann", { type: "ungroup_note", note: "n3" }]]);
    expect(s.notes.map((n) => [n.id, n.group])).toEqual([["n1", null], ["n2", "n1"], ["n3", null]]);
  });

  it("keeps the rest of a group together when its head is deleted", () => {
    const s = run(room(), [
      ["ann", { type: "add_note", column: "start", text: "n3" }],
      ["ann", { type: "group_notes", note: "n2", into: "n1" }],
      ["ann", { type: "group_notes", note: "n3", into: "n1" }],
      ["ann", { type: "delete_note", note: "n1" }],
    ]);
    expect(s.notes.map((n) => [n.id, n.group])).toEqual([["n2", null], ["n3", "n2"]]);
  });

  it("changes the preset only while the board has no notes", () => {
    expect(reduceRetro(room(), { type: "set_preset", preset: "four_ls" }, "fac", T0)).toEqual({ error: "notes_exist" });
    const empty = newRetroRoom({ owner: "fac", ownerName: "Fac", preset: "mad_sad_glad" });
    expect(ok(reduceRetro(empty, { type: "set_preset", preset: "four_ls" }, "fac", T0)).state.columns).toHaveLength(4);
    expect(reduceRetro(empty, { type: "set_preset", preset: "four_ls" }, "ann", T0)).toEqual({ error: "not_facilitator" });
  });
});

describe("retro anonymity", () => {
  it("hides the authors of others' notes until the facilitator reveals them", () => {
    let s = room({ anonymous: true });
    expect(viewFor(s, "bob").notes.map((n) => [n.author, n.mine])).toEqual([[null, false], ["bob", true]]);
    expect(JSON.stringify(viewFor(s, "bob").notes)).not.toContain('"ann"');
    expect(reduceRetro(s, { type: "reveal" }, "ann", T0)).toEqual({ error: "not_facilitator" });
    s = run(s, [["fac", { type: "reveal" }]]);
    expect(viewFor(s, "bob").notes.map((n) => n.author)).toEqual(["ann", "bob"]);
  });

  it("shows authors at once when the room is not anonymous", () => {
    expect(viewFor(room(), "fac").notes.map((n) => n.author)).toEqual(["ann", "bob"]);
  });
});

describe("retro voting", () => {
  it("accepts votes only during the voting phase", () => {
    expect(reduceRetro(room(), { type: "vote", note: "n1" }, "bob", T0)).toEqual({ error: "voting_closed" });
    expect(reduceRetro(room({ voting: true }), { type: "vote", note: "n1" }, "bob", T0)).not.toHaveProperty("error");
    expect(reduceRetro(room(), { type: "set_voting", on: true }, "ann", T0)).toEqual({ error: "not_facilitator" });
  });

  it("stops the sixth vote of a person with the default budget of five", () => {
    let s = run(room({ voting: true }), [["fac", { type: "set_options", cumulative: true }]]);
    for (let i = 0; i < 5; i++) s = run(s, [["fac", { type: "vote", note: i % 2 ? "n1" : "n2" }]]);
    expect(s.votesSumm).toEqual({ fac: 5 });
    expect(reduceRetro(s, { type: "vote", note: "n1" }, "fac", T0)).toEqual({ error: "no_votes_left" });
    expect(viewFor(s, "fac")).toMatchObject({ myVotesSpent: 5, myVotesLeft: 0, votesSpent: 5 });
  });

  it("allows one vote per note unless voting is cumulative", () => {
    const s = run(room({ voting: true }), [["fac", { type: "vote", note: "n1" }]]);
    expect(reduceRetro(s, { type: "vote", note: "n1" }, "fac", T0)).toEqual({ error: "not_cumulative" });
    const c = run(s, [["fac", { type: "set_options", cumulative: true }], ["fac", { type: "vote", note: "n1" }]]);
    expect(c.notes[0]!.votes).toEqual({ fac: 2 });
  });

  it("refuses votes on one's own notes when voting for yourself is off", () => {
    const s = run(room({ voting: true }), [["fac", { type: "set_options", voteForYourself: false }]]);
    expect(reduceRetro(s, { type: "vote", note: "n1" }, "ann", T0)).toEqual({ error: "own_note" });
    expect(reduceRetro(s, { type: "vote", note: "n2" }, "ann", T0)).not.toHaveProperty("error");
  });

  it("takes a vote back and returns it to the budget", () => {
    let s = run(room({ voting: true }), [["ann", { type: "vote", note: "n2" }], ["ann", { type: "unvote", note: "n2" }]]);
    expect(s.votesSumm).toEqual({});
    expect(s.notes[1]!.votes).toEqual({});
    expect(reduceRetro(s, { type: "unvote", note: "n2" }, "ann", T0)).toEqual({ error: "no_vote_to_take" });
    s = run(s, [["ann", { type: "vote", note: "n2" }], ["fac", { type: "set_voting", on: false }]]);
    expect(reduceRetro(s, { type: "unvote", note: "n2" }, "ann", T0)).toEqual({ error: "voting_closed" });
  });

  it("lists who is done voting, stops their votes until they undo it, and clears the list when voting reopens", () => {
    let s = run(room({ voting: true }), [["ann", { type: "done_voting", done: true }], ["bob", { type: "done_voting", done: true }]]);
    expect(s.doneVoters).toEqual(["ann", "bob"]);
    expect(reduceRetro(s, { type: "vote", note: "n2" }, "ann", T0)).toEqual({ error: "voter_done" });
    s = run(s, [["ann", { type: "done_voting", done: false }]]);
    expect(s.doneVoters).toEqual(["bob"]);
    s = run(s, [["fac", { type: "set_voting", on: false }], ["fac", { type: "set_voting", on: true }]]);
    expect(s.doneVoters).toEqual([]);
  });

  it("refuses option changes that would invalidate votes already cast", () => {
    const s = run(room({ voting: true }), [
      ["fac", { type: "set_options", cumulative: true }],
      ["ann", { type: "vote", note: "n1" }],
      ["ann", { type: "vote", note: "n1" }],
      ["ann", { type: "vote", note: "n2" }],
    ]);
    expect(reduceRetro(s, { type: "set_options", cumulative: false }, "fac", T0)).toEqual({ error: "votes_conflict" });
    expect(reduceRetro(s, { type: "set_options", voteForYourself: false }, "fac", T0)).toEqual({ error: "votes_conflict" });
    expect(reduceRetro(s, { type: "set_options", votesAmount: 2 }, "fac", T0)).toEqual({ error: "votes_conflict" });
    expect(ok(reduceRetro(s, { type: "set_options", votesAmount: 3 }, "fac", T0)).state.votesAmount).toBe(3);
  });

  it("shows others' votes only as totals per note", () => {
    const s = run(room({ voting: true }), [["ann", { type: "vote", note: "n2" }], ["fac", { type: "vote", note: "n2" }]]);
    expect(viewFor(s, "bob").notes[1]).toMatchObject({ votes: 2, myVotes: 0 });
    expect(viewFor(s, "ann").notes[1]).toMatchObject({ votes: 2, myVotes: 1 });
    expect(viewFor(s, "bob")).not.toHaveProperty("votesSumm");
  });
});

describe("retro raised hands", () => {
  it("queues raised hands in order, once each, and the facilitator calls the first", () => {
    let s = run(room(), [["bob", { type: "raise_hand" }], ["ann", { type: "raise_hand" }], ["bob", { type: "raise_hand" }]]);
    expect(s.handsUp).toEqual(["bob", "ann"]);
    expect(reduceRetro(s, { type: "call_next" }, "ann", T0)).toEqual({ error: "not_facilitator" });
    s = run(s, [["fac", { type: "call_next" }]]);
    expect([s.speaking, s.handsUp]).toEqual(["bob", ["ann"]]);
    s = run(s, [["fac", { type: "call_next" }]]);
    expect(reduceRetro(s, { type: "call_next" }, "fac", T0)).toEqual({ error: "no_hands_up" });
  });

  it("lets a person lower their own hand and only the facilitator lower another's", () => {
    const s = run(room(), [["bob", { type: "raise_hand" }], ["ann", { type: "raise_hand" }]]);
    expect(reduceRetro(s, { type: "lower_hand", participant: "bob" }, "ann", T0)).toEqual({ error: "not_facilitator" });
    expect(run(s, [["ann", { type: "lower_hand" }]]).handsUp).toEqual(["bob"]);
    expect(run(s, [["fac", { type: "lower_hand", participant: "bob" }]]).handsUp).toEqual(["ann"]);
  });
});

describe("retro action items", () => {
  it("lists marked notes and exports each once as tasks", () => {
    expect(reduceRetro(room(), { type: "mark_action", note: "n1", action: true }, "bob", T0)).toEqual({ error: "not_author" });
    let s = run(room(), [["ann", { type: "mark_action", note: "n1", action: true }], ["fac", { type: "mark_action", note: "n2", action: true }]]);
    expect(actionItems(s).map((n) => n.id)).toEqual(["n1", "n2"]);
    expect(reduceRetro(s, { type: "export_actions" }, "ann", T0)).toEqual({ error: "not_facilitator" });
    const r = ok(reduceRetro(s, { type: "export_actions" }, "fac", T0));
    expect(r.effects).toEqual([{ type: "create_tasks", items: [{ note: "n1", text: "Pair more", column: "start" }, { note: "n2", text: "Long meetings", column: "stop" }] }]);
    s = r.state;
    expect(reduceRetro(s, { type: "export_actions" }, "fac", T0)).toEqual({ error: "nothing_to_export" });
  });

  it("marks a note exported only when the outbox says its task exists, and exports a given-up note again", () => {
    let s = run(room(), [["ann", { type: "mark_action", note: "n1", action: true }], ["fac", { type: "mark_action", note: "n2", action: true }]]);
    s = ok(reduceRetro(s, { type: "export_actions" }, "fac", T0)).state;
    expect(s.notes.filter((n) => n.action).map((n) => [n.exporting, n.exported])).toEqual([[true, false], [true, false]]);
    s = ok(reduceRetro(s, { type: "export_settled", exported: ["n1"], failed: ["n2", "gone"] }, "system", T0)).state;
    expect(s.notes.filter((n) => n.action).map((n) => [n.exporting, n.exported])).toEqual([[false, true], [false, false]]);
    const again = ok(reduceRetro(s, { type: "export_actions" }, "fac", T0));
    expect(again.effects).toEqual([{ type: "create_tasks", items: [{ note: "n2", text: "Long meetings", column: "stop" }] }]);
  });

  it("settles an export begun before the room was archived", () => {
    let s = run(room(), [["ann", { type: "mark_action", note: "n1", action: true }], ["fac", { type: "export_actions" }], ["fac", { type: "archive" }]]);
    s = ok(reduceRetro(s, { type: "export_settled", exported: ["n1"], failed: [] }, "system", T0)).state;
    expect(s.notes.find((n) => n.id === "n1")).toMatchObject({ exported: true, exporting: false });
  });
});

describe("retro client messages and strangers", () => {
  it("refuses unknown keys, empty or oversize notes, and a budget out of range", () => {
    expect(retroClientMessage.safeParse({ type: "add_note", column: "start", text: "ok" }).success).toBe(true);
    expect(retroClientMessage.safeParse({ type: "add_note", column: "start", text: "   " }).success).toBe(false);
    expect(retroClientMessage.safeParse({ type: "add_note", column: "start", text: "x".repeat(2001) }).success).toBe(false);
    expect(retroClientMessage.safeParse({ type: "add_note", column: "start", text: "ok", author: "bob" }).success).toBe(false);
    expect(retroClientMessage.safeParse({ type: "set_options", votesAmount: 0 }).success).toBe(false);
    expect(retroClientMessage.safeParse({ type: "set_preset", preset: "nope" }).success).toBe(false);
    expect(retroClientMessage.safeParse({ type: "join", name: "x" }).success).toBe(false);
  });

  it("refuses any message from someone who never joined", () => {
    expect(reduceRetro(room(), { type: "raise_hand" }, "eve", T0)).toEqual({ error: "not_participant" });
  });
});

describe("retro properties (seeded; replay one with ROOMS_SEED=<seed>)", () => {
  const people = RETRO_PEOPLE;
  const randomInput = randomRetroInput;

  const applied = new Map<string, number>();

  const play = (seed: number, steps: number, check: (s: RetroState) => void) =>
    playSeeded({ reduce: reduceRetro, start: () => newRetroRoom({ owner: "fac", ownerName: "Fac", preset: "start_stop_continue", anonymous: true }), randomInput, applied, t0: T0 }, seed, steps, check);

  for (const seed of propertySeeds(20)) {
    it(`never exceeds a vote budget and keeps votes, groups and views consistent over 400 random messages (seed ${seed})`, () => {
      play(seed, 400, (s) => {
        const spent: Record<string, number> = {};
        for (const n of s.notes) {
          for (const [voter, count] of Object.entries(n.votes)) {
            expect(count).toBeGreaterThan(0);
            if (!s.cumulative) expect(count).toBe(1);
            if (!s.voteForYourself) expect(voter).not.toBe(n.author);
            spent[voter] = (spent[voter] ?? 0) + count;
          }
          if (n.group) {
            const head = s.notes.find((h) => h.id === n.group);
            expect(head?.group).toBeNull();
            expect(head?.column).toBe(n.column);
          }
        }
        expect(s.votesSumm).toEqual(spent);
        for (const v of Object.values(s.votesSumm)) expect(v).toBeLessThanOrEqual(s.votesAmount);
        expect(new Set(s.handsUp).size).toBe(s.handsUp.length);
        for (const viewer of people) {
          const view = viewFor(s, viewer);
          if (s.anonymous && !s.revealed) for (const n of view.notes) expect(n.author === null || n.author === viewer).toBe(true);
          expect(view.myVotesSpent).toBeLessThanOrEqual(s.votesAmount);
        }
      });
    });
  }

  it("gives the same state when the same sequence is replayed", () => {
    for (const seed of propertySeeds(5)) expect(play(seed, 300, () => {})).toEqual(play(seed, 300, () => {}));
  });

  it.skipIf(Boolean(process.env.ROOMS_SEED))("exercised the rules it claims to check: votes landed and the budget and voting phase refused some", () => {
    for (const key of ["vote", "unvote", "group_notes", "no_votes_left", "voting_closed", "not_cumulative", "own_note"]) expect(applied.get(key) ?? 0, key).toBeGreaterThan(0);
  });
});

describe("retro archive", () => {
  it("freezes the room for everyone but keeps it readable; only the facilitator archives", () => {
    const s = room({ voting: true });
    expect(reduceRetro(s, { type: "archive" }, "ann", T0)).toEqual({ error: "not_facilitator" });
    const archived = run(s, [["fac", { type: "archive" }]]);
    expect(archived.archived).toBe(true);
    expect(archived.votingPhase).toBe(false);
    expect(reduceRetro(archived, { type: "add_note", column: "start", text: "late" }, "ann", T0)).toEqual({ error: "room_archived" });
    expect(reduceRetro(archived, { type: "vote", note: archived.notes[0]!.id }, "bob", T0)).toEqual({ error: "room_archived" });
    expect(run(archived, [["ann", { type: "leave" }], ["ann", { type: "join", name: "Ann" }]]).notes).toHaveLength(2);
  });
});
