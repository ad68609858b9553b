import { describe, expect, it } from "vitest";
import { pokerClientMessage } from "./commands";
import { POKER_PEOPLE, randomPokerInput } from "./random-inputs";
import {
  type PokerState,
  cardNumber,
  deckCards,
  newPokerRoom,
  reducePoker,
  summarise,
  viewFor,
} from "./poker";
import { playSeeded, reducerSteps } from "./reducer-steps";
import { propertySeeds, seeded } from "./seeded";

const T0 = 1_700_000_000_000;

/** `ok` fails the test on an error; `run` applies messages in turn, failing on any error. */
const { ok, run } = reducerSteps(reducePoker, T0);

/** A room owned by "fac" with voters "ann" and "bob", spectator "sam", and two issues, t1 current. */
function room(opts: { autoFlip?: boolean } = {}): PokerState {
  const s = newPokerRoom({ owner: "fac", ownerName: "Fac", deck: "fibonacci", autoFlip: opts.autoFlip });
  return run(s, [
    ["fac", { type: "join", name: "Fac", role: "voter" }],
    ["ann", { type: "join", name: "Ann", role: "voter" }],
    ["bob", { type: "join", name: "Bob", role: "voter" }],
    ["sam", { type: "join", name: "Sam", role: "spectator" }],
    ["fac", { type: "add_issues", issues: [{ id: "t1", title: "Login", description: "d" }, { id: "t2", title: "Logout", description: "" }] }],
    ["fac", { type: "pick", issue: "t1" }],
  ]);
}

describe("poker decks", () => {
  it("offers Fibonacci, modified Fibonacci, T-shirt, powers of two and custom decks, each with ? and coffee", () => {
    expect(deckCards("fibonacci")).toEqual(["0", "1", "2", "3", "5", "8", "13", "21", "34", "55", "89", "?", "coffee"]);
    expect(deckCards("modified_fibonacci")).toContain("0.5");
    expect(deckCards("modified_fibonacci")).toContain("100");
    expect(deckCards("t_shirt")).toEqual(["XS", "S", "M", "L", "XL", "XXL", "?", "coffee"]);
    expect(deckCards("powers_of_two")).toEqual(["0", "1", "2", "4", "8", "16", "32", "64", "?", "coffee"]);
    expect(deckCards("custom", ["1", "1", "?", "huge"])).toEqual(["1", "huge", "?", "coffee"]);
  });

  it("reads numbers from numeric cards only", () => {
    expect([cardNumber("13"), cardNumber("0.5"), cardNumber("½"), cardNumber("?"), cardNumber("coffee"), cardNumber("XL")]).toEqual([13, 0.5, 0.5, null, null, null]);
  });
});

describe("poker votes", () => {
  it("accepts a vote only with a card of the room's deck", () => {
    const s = room();
    expect(reducePoker(s, { type: "vote", issue: "t1", card: "4" }, "ann", T0)).toEqual({ error: "card_not_in_deck" });
    expect(ok(reducePoker(s, { type: "vote", issue: "t1", card: "coffee" }, "ann", T0)).state.rounds.t1!.votes).toEqual({ ann: "coffee" });
  });

  it("refuses a vote from a spectator", () => {
    expect(reducePoker(room(), { type: "vote", issue: "t1", card: "3" }, "sam", T0)).toEqual({ error: "spectator_cannot_vote" });
  });

  it("refuses a vote from someone who never joined", () => {
    expect(reducePoker(room(), { type: "vote", issue: "t1", card: "3" }, "eve", T0)).toEqual({ error: "not_participant" });
  });

  it("refuses a vote for an issue that is not the current one, or when none is", () => {
    expect(reducePoker(room(), { type: "vote", issue: "t2", card: "3" }, "ann", T0)).toEqual({ error: "issue_not_current" });
    const none = newPokerRoom({ owner: "fac", ownerName: "Fac", deck: "fibonacci" });
    expect(reducePoker(none, { type: "vote", issue: "t1", card: "3" }, "fac", T0)).toEqual({ error: "no_current_issue" });
  });

  it("lets a voter change and take back their vote before the flip", () => {
    const s = run(room(), [
      ["ann", { type: "vote", issue: "t1", card: "3" }],
      ["ann", { type: "vote", issue: "t1", card: "5" }],
    ]);
    expect(s.rounds.t1!.votes).toEqual({ ann: "5" });
    expect(run(s, [["ann", { type: "unvote", issue: "t1" }]]).rounds.t1!.votes).toEqual({});
  });

  it("refuses votes after the flip", () => {
    const s = run(room(), [["ann", { type: "vote", issue: "t1", card: "3" }], ["fac", { type: "flip" }]]);
    expect(reducePoker(s, { type: "vote", issue: "t1", card: "5" }, "bob", T0)).toEqual({ error: "already_revealed" });
  });

  it("drops the hidden votes of someone who becomes a spectator", () => {
    const s = run(room(), [["ann", { type: "vote", issue: "t1", card: "3" }], ["ann", { type: "set_role", role: "spectator" }]]);
    expect(s.rounds.t1!.votes).toEqual({});
  });

  it("lets only the facilitator change someone else's role", () => {
    expect(reducePoker(room(), { type: "set_role", role: "spectator", participant: "bob" }, "ann", T0)).toEqual({ error: "not_facilitator" });
    const s = run(room(), [["fac", { type: "set_role", role: "voter", participant: "sam" }]]);
    expect(s.participants.find((p) => p.id === "sam")!.role).toBe("voter");
  });

  it("does not mutate the state it was given", () => {
    const s = room();
    const before = structuredClone(s);
    reducePoker(s, { type: "vote", issue: "t1", card: "3" }, "ann", T0);
    expect(s).toEqual(before);
  });
});

describe("poker views before and after the flip", () => {
  it("shows everyone who has voted but never another person's card before the flip", () => {
    const s = run(room(), [["ann", { type: "vote", issue: "t1", card: "8" }], ["bob", { type: "vote", issue: "t1", card: "13" }]]);
    const bobView = viewFor(s, "bob");
    expect(bobView.rounds.t1).toEqual({ revealed: false, voted: ["ann", "bob"], votes: null, mine: "13" });
    expect(JSON.stringify(viewFor(s, "sam").rounds)).not.toContain('"8"');
    expect(JSON.stringify(viewFor(s, "sam").rounds)).not.toContain('"13"');
    expect(JSON.stringify(viewFor(s, "sam").history)).toBe("{}");
  });

  it("reveals all votes at once on flip and records average, median and agreement over numeric cards", () => {
    const s = run(room(), [
      ["fac", { type: "vote", issue: "t1", card: "?" }],
      ["ann", { type: "vote", issue: "t1", card: "5" }],
      ["bob", { type: "vote", issue: "t1", card: "8" }],
      ["fac", { type: "flip" }],
    ]);
    expect(viewFor(s, "sam").rounds.t1!.votes).toEqual({ fac: "?", ann: "5", bob: "8" });
    expect(s.history.t1).toEqual([{ votes: { fac: "?", ann: "5", bob: "8" }, average: 6.5, median: 6.5, agreement: 0.5, flippedAt: T0 }]);
  });

  it("gives no figures when no numeric card was played", () => {
    expect(summarise(["?", "coffee", "XL"])).toEqual({ average: null, median: null, agreement: null });
    expect(summarise(["3", "3", "3", "8"])).toEqual({ average: 4.25, median: 3, agreement: 0.75 });
  });

  it("lets only the facilitator flip, and not twice", () => {
    expect(reducePoker(room(), { type: "flip" }, "ann", T0)).toEqual({ error: "not_facilitator" });
    const s = run(room(), [["fac", { type: "flip" }]]);
    expect(reducePoker(s, { type: "flip" }, "fac", T0)).toEqual({ error: "already_revealed" });
  });

  it("clears the votes on re-vote and hides the next round again, keeping the earlier result in history", () => {
    const s = run(room(), [["ann", { type: "vote", issue: "t1", card: "5" }], ["fac", { type: "flip" }], ["fac", { type: "revote" }]]);
    expect(s.rounds.t1).toEqual({ votes: {}, revealed: false });
    expect(s.history.t1).toHaveLength(1);
  });
});

describe("poker auto-flip", () => {
  it("flips by itself when every present voter has voted", () => {
    let s = run(room({ autoFlip: true }), [["fac", { type: "vote", issue: "t1", card: "3" }], ["ann", { type: "vote", issue: "t1", card: "3" }]]);
    expect(s.rounds.t1!.revealed).toBe(false);
    s = run(s, [["bob", { type: "vote", issue: "t1", card: "5" }]]);
    expect(s.rounds.t1!.revealed).toBe(true);
  });

  it("does not wait for a voter who left", () => {
    const s = run(room({ autoFlip: true }), [
      ["fac", { type: "vote", issue: "t1", card: "3" }],
      ["ann", { type: "vote", issue: "t1", card: "3" }],
      ["bob", { type: "leave" }],
    ]);
    expect(s.rounds.t1!.revealed).toBe(true);
  });

  it("never flips by itself when the option is off", () => {
    const s = run(room(), [
      ["fac", { type: "vote", issue: "t1", card: "3" }],
      ["ann", { type: "vote", issue: "t1", card: "3" }],
      ["bob", { type: "vote", issue: "t1", card: "3" }],
    ]);
    expect(s.rounds.t1!.revealed).toBe(false);
  });
});

describe("poker facilitation", () => {
  it("lets only the facilitator pick the current issue, and only a queued one", () => {
    expect(reducePoker(room(), { type: "pick", issue: "t2" }, "ann", T0)).toEqual({ error: "not_facilitator" });
    expect(reducePoker(room(), { type: "pick", issue: "nope" }, "fac", T0)).toEqual({ error: "unknown_issue" });
    expect(run(room(), [["fac", { type: "pick", issue: "t2" }]]).current).toBe("t2");
  });

  it("keeps each issue's votes when the facilitator moves between issues", () => {
    const s = run(room(), [["ann", { type: "vote", issue: "t1", card: "3" }], ["fac", { type: "pick", issue: "t2" }], ["fac", { type: "pick", issue: "t1" }]]);
    expect(s.rounds.t1!.votes).toEqual({ ann: "3" });
  });

  it("accepts an estimate only after the flip and asks the room to write it into the task", () => {
    let s = run(room(), [["ann", { type: "vote", issue: "t1", card: "5" }]]);
    expect(reducePoker(s, { type: "accept", card: "5" }, "fac", T0)).toEqual({ error: "not_revealed" });
    s = run(s, [["fac", { type: "flip" }]]);
    expect(reducePoker(s, { type: "accept", card: "5" }, "ann", T0)).toEqual({ error: "not_facilitator" });
    expect(reducePoker(s, { type: "accept", card: "?" }, "fac", T0)).toEqual({ error: "not_an_estimate" });
    expect(reducePoker(s, { type: "accept", card: "7" }, "fac", T0)).toEqual({ error: "card_not_in_deck" });
    const r = ok(reducePoker(s, { type: "accept", card: "5" }, "fac", T0));
    expect(r.state.accepted).toEqual({ t1: "5" });
    expect(r.effects).toEqual([{ type: "write_estimate", task: "t1", value: "5", outcome: { rounds: 1, votes: [{ name: "Ann", card: "5" }] } }]);
  });

  it("saves the discussion's outcome with the estimate: the flips it took and the last flip's cards by name", () => {
    const s = run(room(), [
      ["ann", { type: "vote", issue: "t1", card: "3" }],
      ["fac", { type: "vote", issue: "t1", card: "8" }],
      ["fac", { type: "flip" }],
      ["fac", { type: "revote" }],
      ["ann", { type: "vote", issue: "t1", card: "5" }],
      ["fac", { type: "vote", issue: "t1", card: "5" }],
      ["fac", { type: "flip" }],
    ]);
    const r = ok(reducePoker(s, { type: "accept", card: "5" }, "fac", T0));
    expect(r.effects).toEqual([
      {
        type: "write_estimate",
        task: "t1",
        value: "5",
        outcome: {
          rounds: 2,
          votes: [
            { name: "Fac", card: "5" },
            { name: "Ann", card: "5" },
          ],
        },
      },
    ]);
  });

  it("adds issues once, reorders only with exactly the queued ids, and removes one keeping its title", () => {
    let s = run(room(), [["fac", { type: "add_issues", issues: [{ id: "t1", title: "again", description: "" }, { id: "t3", title: "New", description: "" }] }]]);
    expect(s.queue).toEqual(["t1", "t2", "t3"]);
    expect(reducePoker(s, { type: "reorder", order: ["t3", "t1"] }, "fac", T0)).toEqual({ error: "queue_mismatch" });
    expect(reducePoker(s, { type: "reorder", order: ["t3", "t1", "t1"] }, "fac", T0)).toEqual({ error: "queue_mismatch" });
    s = run(s, [["fac", { type: "reorder", order: ["t3", "t1", "t2"] }]]);
    expect(s.queue).toEqual(["t3", "t1", "t2"]);
    s = run(s, [["fac", { type: "remove_issue", issue: "t1" }]]);
    expect(s.queue).toEqual(["t3", "t2"]);
    expect(s.current).toBeNull();
    expect(s.issues.t1!.title).toBe("Login");
  });

  it("starts a timer as an end time with an alarm, and stops it", () => {
    const started = ok(reducePoker(room(), { type: "start_timer", seconds: 60 }, "fac", T0));
    expect(started.state.timerEndsAt).toBe(T0 + 60_000);
    expect(started.effects).toEqual([{ type: "set_alarm", at: T0 + 60_000 }]);
    const stopped = ok(reducePoker(started.state, { type: "stop_timer" }, "fac", T0));
    expect(stopped.state.timerEndsAt).toBeNull();
    expect(stopped.effects).toEqual([{ type: "clear_alarm" }]);
    expect(ok(reducePoker(started.state, { type: "timer_expired" }, "system", T0 + 60_000)).state.timerEndsAt).toBeNull();
  });

  it("re-arms instead of ending the countdown when the alarm fires early", () => {
    const started = ok(reducePoker(room(), { type: "start_timer", seconds: 60 }, "fac", T0)).state;
    const early = ok(reducePoker(started, { type: "timer_expired" }, "system", T0 + 59_000));
    expect(early.state.timerEndsAt).toBe(T0 + 60_000);
    expect(early.effects).toEqual([{ type: "set_alarm", at: T0 + 60_000 }]);
  });

  it("freezes an archived room, keeping its history and dropping votes never revealed", () => {
    let s = run(room(), [["ann", { type: "vote", issue: "t1", card: "5" }], ["fac", { type: "flip" }], ["fac", { type: "pick", issue: "t2" }], ["bob", { type: "vote", issue: "t2", card: "8" }], ["fac", { type: "archive" }]]);
    expect(s.history.t1).toHaveLength(1);
    expect(s.rounds.t2).toBeUndefined();
    expect(reducePoker(s, { type: "pick", issue: "t1" }, "fac", T0)).toEqual({ error: "room_archived" });
    s = run(s, [["ann", { type: "leave" }]]);
    expect(s.participants.find((p) => p.id === "ann")!.present).toBe(false);
  });

  it("marks a returning person present again without a second entry", () => {
    const s = run(room(), [["ann", { type: "leave" }], ["ann", { type: "join", name: "Ann", role: "voter" }]]);
    expect(s.participants.filter((p) => p.id === "ann")).toEqual([{ id: "ann", name: "Ann", role: "voter", present: true }]);
  });
});

describe("poker client messages", () => {
  it("refuses unknown types, unknown keys, oversize cards and oversize queues", () => {
    expect(pokerClientMessage.safeParse({ type: "vote", issue: "t1", card: "3" }).success).toBe(true);
    expect(pokerClientMessage.safeParse({ type: "join", name: "x", role: "voter" }).success).toBe(false);
    expect(pokerClientMessage.safeParse({ type: "vote", issue: "t1", card: "3", extra: 1 }).success).toBe(false);
    expect(pokerClientMessage.safeParse({ type: "vote", issue: "t1", card: "x".repeat(17) }).success).toBe(false);
    expect(pokerClientMessage.safeParse({ type: "reorder", order: Array.from({ length: 501 }, (_, i) => `t${i}`) }).success).toBe(false);
    expect(pokerClientMessage.safeParse({ type: "start_timer", seconds: 1e9 }).success).toBe(false);
    expect(pokerClientMessage.safeParse({ type: "add_issues", issues: [] }).success).toBe(false);
  });
});

describe("poker properties (seeded; replay one with ROOMS_SEED=<seed>)", () => {
  const people = POKER_PEOPLE;
  const randomInput = randomPokerInput;

  const applied = new Map<string, number>();

  const play = (seed: number, steps: number, check: (s: PokerState) => void) =>
    playSeeded({ reduce: reducePoker, start: () => newPokerRoom({ owner: "fac", ownerName: "Fac", deck: "fibonacci" }), randomInput, applied, t0: T0 }, seed, steps, check);

  for (const seed of propertySeeds(20)) {
    it(`keeps every invariant over 400 random messages (seed ${seed})`, () => {
      play(seed, 400, (s) => {
        const roles = new Map(s.participants.map((p) => [p.id, p.role]));
        for (const round of Object.values(s.rounds)) {
          for (const [voter, card] of Object.entries(round.votes)) {
            expect(s.deck.cards).toContain(card);
            // Votes revealed earlier stay as history even if their voter became a spectator.
            if (!round.revealed) expect(roles.get(voter)).toBe("voter");
          }
        }
        for (const viewer of people) {
          const view = viewFor(s, viewer);
          for (const [issue, round] of Object.entries(view.rounds)) {
            if (round.revealed) continue;
            expect(round.votes).toBeNull();
            expect(round.mine).toBe(s.rounds[issue]!.votes[viewer] ?? null);
          }
        }
      });
    });
  }

  it("never changes a state it was given, over random messages, and shares every round a step did not touch", () => {
    for (const seed of propertySeeds(5)) {
      const r = seeded(seed);
      let s = newPokerRoom({ owner: "fac", ownerName: "Fac", deck: "fibonacci" });
      for (let i = 0; i < 300; i++) {
        const [actor, m] = randomInput(r);
        const before = JSON.stringify(s);
        const result = reducePoker(s, m, actor, T0 + i * 1000);
        expect(JSON.stringify(s)).toBe(before);
        if ("error" in result) continue;
        for (const [issue, round] of Object.entries(result.state.rounds)) {
          const old = s.rounds[issue];
          const current = issue === s.current || issue === result.state.current;
          if (old && !current && JSON.stringify(old) === JSON.stringify(round)) expect(round, `${m.type} copied an untouched round`).toBe(old);
        }
        s = result.state;
      }
    }
  });

  it("gives the same state when the same sequence is replayed", () => {
    for (const seed of propertySeeds(5)) expect(play(seed, 300, () => {})).toEqual(play(seed, 300, () => {}));
  });

  it.skipIf(Boolean(process.env.ROOMS_SEED))("exercised the rules it claims to check: votes landed, flips happened, spectators and bad cards were refused", () => {
    for (const key of ["vote", "flip", "revote", "accept", "spectator_cannot_vote", "card_not_in_deck", "already_revealed"]) expect(applied.get(key) ?? 0, key).toBeGreaterThan(0);
  });
});

describe("poker deck changes", () => {
  it("lets the owner change the deck only before anyone voted", () => {
    const fresh = newPokerRoom({ owner: "fac", ownerName: "Fac", deck: "fibonacci" });
    expect(ok(reducePoker(fresh, { type: "set_deck", cards: ["S", "M", "?"] }, "fac", T0)).state.deck.cards).toEqual(["S", "M", "?", "coffee"]);
    expect(reducePoker(fresh, { type: "set_deck", cards: ["S"] }, "ann", T0)).toEqual({ error: "not_facilitator" });
    const voted = run(room(), [["ann", { type: "vote", issue: "t1", card: "3" }]]);
    expect(reducePoker(voted, { type: "set_deck", cards: ["S"] }, "fac", T0)).toEqual({ error: "deck_in_use" });
  });
});

describe("a task in the project's trash", () => {
  it("leaves the queue (and stops being current) when trashed, and comes back to its place when restored", () => {
    const s = run(room(), [["fac", { type: "add_issues", issues: [{ id: "t3", title: "Reset", description: "" }] }]]);
    const trashed = run(s, [["fac", { type: "task_trashed", issue: "t1" }]]);
    expect(trashed.queue).toEqual(["t2", "t3"]);
    expect(trashed.current).toBeNull();
    expect(trashed.issues.t1?.title).toBe("Login");
    const back = run(trashed, [["fac", { type: "task_restored", issue: "t1" }]]);
    expect(back.queue).toEqual(["t1", "t2", "t3"]);
    expect(back.parked).toEqual({});
  });

  it("puts a restored task at the end when the queue got shorter, and leaves a task queued anew where it is", () => {
    const s = run(room(), [
      ["fac", { type: "add_issues", issues: [{ id: "t3", title: "Reset", description: "" }] }],
      ["fac", { type: "task_trashed", issue: "t3" }],
      ["fac", { type: "remove_issue", issue: "t2" }],
    ]);
    expect(run(s, [["fac", { type: "task_restored", issue: "t3" }]]).queue).toEqual(["t1", "t3"]);
    const again = run(s, [
      ["fac", { type: "add_issues", issues: [{ id: "t3", title: "Reset", description: "" }] }],
      ["fac", { type: "reorder", order: ["t3", "t1"] }],
      ["fac", { type: "task_restored", issue: "t3" }],
    ]);
    expect(again.queue).toEqual(["t3", "t1"]);
  });

  it("ignores a task this room never queued, and is no message a client may send", () => {
    expect(reducePoker(room(), { type: "task_trashed", issue: "elsewhere" }, "fac", T0)).toEqual({ error: "unknown_issue" });
    expect(reducePoker(room(), { type: "task_restored", issue: "t1" }, "fac", T0)).toEqual({ error: "unknown_issue" });
    expect(pokerClientMessage.safeParse({ type: "task_trashed", issue: "t1" }).success).toBe(false);
  });
});
