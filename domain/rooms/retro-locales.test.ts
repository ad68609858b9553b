/** The retro room speaks all four languages: same messages everywhere, every rule error translated. */
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../i18n/languages";
import { RETRO_ERRORS, RETRO_PRESETS, RETRO_PRESET_NAMES, presetColumns } from "./retro";

type Messages = { [key: string]: string | Messages };
const files = import.meta.glob<Messages>("../../public/locales/*/{retro,errors}.json", { eager: true, import: "default" });
const bundle = (lng: string, ns: string) => files[`../../public/locales/${lng}/${ns}.json`]!;

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf key, with dots, e.g. `voting.left_one`. */
function leaves(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));
}

/** A message by its dotted key, nested or (as i18next also reads them) flat. */
function lookup(messages: Messages, key: string): string | undefined {
  if (typeof messages[key] === "string") return messages[key];
  let value: string | Messages | undefined = messages;
  for (const part of key.split(".")) value = typeof value === "object" ? value[part] : undefined;
  return typeof value === "string" ? value : undefined;
}

describe("retro room messages", () => {
  it("has the same messages in every language, each plural with the forms its language needs", () => {
    const base = (lng: string) => [...new Set(leaves(bundle(lng, "retro")).map((k) => k.replace(PLURAL, "")))].sort();
    for (const lng of LANGUAGES) {
      expect(base(lng), lng).toEqual(base("en"));
      const keys = new Set(leaves(bundle(lng, "retro")));
      const plurals = new Set(leaves(bundle(lng, "retro")).filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")));
      const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories.filter((c) => c !== "zero");
      for (const key of plurals) for (const form of forms) expect(keys.has(`${key}_${form}`), `${lng}: ${key}_${form}`).toBe(true);
      for (const key of keys) expect(lookup(bundle(lng, "retro"), key)?.trim(), `${lng}: ${key}`).toBeTruthy();
    }
  });

  it("names every column and preset, and prompts for every column", () => {
    for (const lng of LANGUAGES) {
      for (const preset of RETRO_PRESET_NAMES) {
        expect(lookup(bundle(lng, "retro"), `preset.${preset}`), `${lng}: preset ${preset}`).toBeTruthy();
        for (const column of presetColumns(preset)) {
          const [ns, key] = column.titleKey.split(":") as [string, string];
          expect(ns).toBe("retro");
          expect(lookup(bundle(lng, ns), key), `${lng}: ${column.titleKey}`).toBeTruthy();
          expect(lookup(bundle(lng, "retro"), `prompt.${column.id}`), `${lng}: prompt ${column.id}`).toBeTruthy();
        }
      }
      expect(Object.keys(RETRO_PRESETS).length).toBe(4);
    }
  });

  it("translates every refusal of the retro rules as errors:room.<code>", () => {
    for (const lng of LANGUAGES) {
      for (const code of RETRO_ERRORS) expect(lookup(bundle(lng, "errors"), `room.${code}`)?.trim(), `${lng}: room.${code}`).toBeTruthy();
    }
  });
});
