import { describe, expect, it } from "vitest";
import de from "../../public/locales/de/docs-kinds.json";
import en from "../../public/locales/en/docs-kinds.json";
import es from "../../public/locales/es/docs-kinds.json";
import ru from "../../public/locales/ru/docs-kinds.json";
import { LANGUAGES, NAMESPACES } from "../i18n/languages";
import { COLUMN_TYPES, TABLE_ERRORS } from "./table";

type Messages = { [key: string]: string | Messages };
const bundles: Record<(typeof LANGUAGES)[number], Messages> = { ru, en, es, de };

function keys(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

describe("the docs-kinds messages", () => {
  it("are a registered namespace", () => {
    expect(NAMESPACES).toContain("docs-kinds");
  });

  it("have the same keys, none empty, in every language", () => {
    const reference = keys(en).sort();
    for (const lng of LANGUAGES) {
      expect(keys(bundles[lng]).sort(), lng).toEqual(reference);
      for (const key of reference) {
        const value = key.split(".").reduce<string | Messages | undefined>((at, part) => (typeof at === "object" ? at[part] : undefined), bundles[lng]);
        expect(typeof value === "string" && value.trim().length > 0, `${lng}:${key}`).toBe(true);
      }
    }
  });

  it("name every table error, column type, conflict reason and connection state the editors show", () => {
    const all = new Set(keys(en));
    for (const code of TABLE_ERRORS) expect(all, code).toContain(`table.errors.${code}`);
    for (const type of COLUMN_TYPES) expect(all, type).toContain(`table.types.${type}`);
    for (const reason of ["changed_meanwhile", "overwritten"]) expect(all).toContain(`bpmn.conflict.${reason}`);
    for (const status of ["connecting", "offline", "denied", "saved", "saving", "unsaved"]) expect(all).toContain(`status.${status}`);
  });
});
