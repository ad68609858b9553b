import { describe, expect, it } from "vitest";
import { newPokerRoom, reducePoker, type PokerState, viewFor as pokerView } from "./poker";
import { POKER_PEOPLE, RETRO_PEOPLE, randomPokerInput, randomRetroInput } from "./random-inputs";
import { newRetroRoom, reduceRetro, type RetroState, viewFor as retroView } from "./retro";
import { propertySeeds, seeded } from "./seeded";
import { applyPatch, diff } from "./patch";
import { composeView, privateForAll, privatePart, publicView } from "./views";

const T0 = Date.UTC(2026, 10, 1);

/** Freezes a state all the way down: a reducer that changed it in place would throw. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe("split room views (seeded; replay one with ROOMS_SEED=<seed>)", () => {
  for (const seed of propertySeeds(6)) {
    it(`poker: public patches plus private parts give each person's view, the public part hides every card before the flip, and no step changes the state it was given (seed ${seed})`, () => {
      const r = seeded(seed);
      let s: PokerState = newPokerRoom({ owner: "fac", ownerName: "Fac", deck: "fibonacci" });
      let client = publicView("poker", s);
      for (let i = 0; i < 300; i++) {
        const [actor, m] = randomPokerInput(r);
        const result = reducePoker(deepFreeze(s), m, actor, T0 + i * 1000);
        if ("error" in result) continue;
        if (!privateForAll("poker", m.type)) {
          for (const person of POKER_PEOPLE.filter((p) => p !== actor)) expect(privatePart("poker", result.state, person)).toEqual(privatePart("poker", s, person));
        }
        s = result.state;
        const next = publicView("poker", s);
        client = applyPatch(client, diff(client, next));
        expect(client).toEqual(next);
        for (const round of Object.values((next as ReturnType<typeof pokerView>).rounds)) {
          if (!round.revealed) expect(round.votes).toBeNull();
          expect(round.mine).toBeNull();
        }
        for (const person of POKER_PEOPLE) expect(composeView("poker", client, privatePart("poker", s, person))).toEqual(pokerView(s, person));
      }
    });

    it(`retro: the same, and the public part never names the author of an anonymous note (seed ${seed})`, () => {
      const r = seeded(seed);
      let s: RetroState = newRetroRoom({ owner: "fac", ownerName: "Fac", preset: "start_stop_continue", anonymous: true });
      let client = publicView("retro", s);
      for (let i = 0; i < 300; i++) {
        const [actor, m] = randomRetroInput(r, s);
        const result = reduceRetro(deepFreeze(s), m, actor, T0 + i * 1000);
        if ("error" in result) continue;
        if (!privateForAll("retro", m.type)) {
          for (const person of RETRO_PEOPLE.filter((p) => p !== actor)) expect(privatePart("retro", result.state, person)).toEqual(privatePart("retro", s, person));
        }
        s = result.state;
        const next = publicView("retro", s);
        client = applyPatch(client, diff(client, next));
        expect(client).toEqual(next);
        if (s.anonymous && !s.revealed) for (const note of (next as ReturnType<typeof retroView>).notes) expect(note.author).toBeNull();
        for (const person of RETRO_PEOPLE) expect(composeView("retro", client, privatePart("retro", s, person))).toEqual(retroView(s, person));
      }
    });
  }
});
