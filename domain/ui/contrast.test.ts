import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { USER_COLORS } from "../auth/schemas";
import { AA_TEXT, contrastRatio, DARK_INK, inkOn, LIGHT_INK } from "./contrast";

/** The custom properties of one `[data-theme="…"]` block of app/app.css. */
function themeTokens(theme: "light" | "dark"): Record<string, string> {
  const css = readFileSync(new URL("../../app/app.css", import.meta.url), "utf8");
  const block = new RegExp(`\\[data-theme="${theme}"\\]\\s*\\{([^}]*)\\}`).exec(css)?.[1];
  if (!block) throw new Error(`no ${theme} block in app.css`);
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{3,6})\s*;/gi)].map((m) => [m[1]!, m[2]!]));
}

describe("contrast", () => {
  it("measures black on white as 21 and a colour on itself as 1", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#818cf8", "#818cf8")).toBe(1);
  });

  it("finds white on the dark theme's old badge colour below AA (the bug of issue 15)", () => {
    expect(contrastRatio("#ffffff", "#f87171")).toBeCloseTo(2.77, 1);
    expect(contrastRatio("#ffffff", "#818cf8")).toBeCloseTo(2.98, 1);
  });

  it("puts ink that reaches AA on every colour a person can have", () => {
    for (const colour of USER_COLORS) expect(contrastRatio(inkOn(colour), colour), colour).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it("chooses dark ink on pink and white ink on indigo", () => {
    expect(inkOn("#ec4899")).toBe(DARK_INK);
    expect(inkOn("#4f46e5")).toBe(LIGHT_INK);
  });

  for (const theme of ["light", "dark"] as const) {
    it(`holds every text-on-surface pair of the ${theme} theme to AA`, () => {
      const t = themeTokens(theme);
      const pairs: [string, string][] = [
        ["text", "bg"],
        ["text", "surface"],
        ["text", "surface-2"],
        ["muted", "bg"],
        ["muted", "surface"],
        ["muted", "surface-2"],
        ["primary", "surface"],
        ["primary", "bg"],
        ["primary-text", "primary"],
        ["on-danger", "danger"],
        ["danger", "surface"],
      ];
      for (const [fg, bg] of pairs) {
        expect(t[fg], `--${fg}`).toBeDefined();
        expect(contrastRatio(t[fg]!, t[bg]!), `--${fg} on --${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
      }
    });
  }
});
