/**
 * The rooms screens speak four languages: every message exists in each, Russian has all four
 * plural forms wherever another language has a plural, and every refusal a poker room can
 * send has a translated line.
 */
import { describe, expect, it } from "vitest";
import deErrors from "../../public/locales/de/errors.json";
import de from "../../public/locales/de/rooms.json";
import enErrors from "../../public/locales/en/errors.json";
import en from "../../public/locales/en/rooms.json";
import esErrors from "../../public/locales/es/errors.json";
import es from "../../public/locales/es/rooms.json";
import ruErrors from "../../public/locales/ru/errors.json";
import ru from "../../public/locales/ru/rooms.json";
import { ROOM_FRAME_ERRORS } from "../wire/live/room";
import { NAMESPACES } from "../i18n/languages";
import { POKER_ERRORS } from "./poker";

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [prefix + k] : leaves(v, `${prefix}${k}.`)));
}
/** A plural form is a key with a plural suffix whose text counts (`powers_of_two` is a name, not a form). */
const isPlural = (tree: Tree, key: string) => PLURAL.test(key) && String(lookup(tree, key)).includes("{{count}}");
const base = (key: string) => key.replace(PLURAL, "");
const lookup = (tree: Tree, key: string): unknown => {
  if (key in tree) return tree[key];
  const [head, ...rest] = key.split(".");
  const next = tree[head!];
  return typeof next === "object" && rest.length ? lookup(next, rest.join(".")) : undefined;
};

const ROOMS = { ru, en, es, de } as Record<string, Tree>;
const ERRORS = { ru: ruErrors, en: enErrors, es: esErrors, de: deErrors } as Record<string, Tree>;

describe("the rooms translations", () => {
  it("are a registered namespace", () => {
    expect(NAMESPACES).toContain("rooms");
  });

  it("have the same messages in every language", () => {
    const keys = (lng: string) => [...new Set(leaves(ROOMS[lng]!).map((k) => (isPlural(ROOMS[lng]!, k) ? base(k) : k)))].sort();
    for (const lng of ["en", "es", "de"]) expect(keys(lng), lng).toEqual(keys("ru"));
  });

  it("give Russian all four plural forms and the others one and other", () => {
    const plurals = [...new Set(leaves(ROOMS.en!).filter((k) => isPlural(ROOMS.en!, k)).map(base))];
    expect(plurals.length).toBeGreaterThan(0);
    for (const key of plurals) {
      for (const form of ["one", "few", "many", "other"]) expect(leaves(ROOMS.ru!), `ru ${key}_${form}`).toContain(`${key}_${form}`);
      for (const lng of ["en", "es", "de"]) for (const form of ["one", "other"]) expect(leaves(ROOMS[lng]!), `${lng} ${key}_${form}`).toContain(`${key}_${form}`);
    }
  });

  it("leave no message empty", () => {
    for (const [lng, tree] of Object.entries(ROOMS)) for (const key of leaves(tree)) expect(String(lookup(tree, key)).trim(), `${lng} ${key}`).not.toBe("");
  });

  it("translate every refusal of a poker room and of the room's socket", () => {
    for (const [lng, tree] of Object.entries(ERRORS)) {
      for (const code of [...POKER_ERRORS, ...ROOM_FRAME_ERRORS, "failed"]) expect(typeof lookup(tree, `room.${code}`), `${lng} room.${code}`).toBe("string");
    }
  });
});
