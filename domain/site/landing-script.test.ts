import { describe, expect, it } from "vitest";
import { iconMarkup, type LandingConfig, landingScript, scriptJson, shapeMarkup } from "./landing-script";

const config: LandingConfig = {
  themeKey: "theme",
  languageKey: "i18nextLng",
  languageCookie: "i18next",
  cookies: { en: "i18next=en; Path=/" },
  switchTo: { light: "Switch to Light theme", dark: "Switch to Dark theme" },
  icons: { light: "<path d=\"M1 1\"></path>", dark: "<circle cx=\"1\" cy=\"1\" r=\"1\"></circle>" },
  network: "No connection",
  feedback: { title: "Feedback", name: "Name", email: "E-mail", phone: "Phone", text: "Text", send: "Send", close: "Close" },
};

describe("the landing page's own script", () => {
  it("draws an icon's circles, rectangles and paths as the Icon component does", () => {
    expect(shapeMarkup("c 12 12 4")).toBe('<circle cx="12" cy="12" r="4"></circle>');
    expect(shapeMarkup("r 3 4 18 17 2")).toBe('<rect x="3" y="4" width="18" height="17" rx="2"></rect>');
    expect(iconMarkup(["M1 2h3", "c 5 19 1"])).toBe('<path d="M1 2h3"></path><circle cx="5" cy="19" r="1"></circle>');
  });

  it("escapes quotes and angle brackets inside a shape's attribute", () => {
    expect(shapeMarkup('M1"><script>')).toBe('<path d="M1&#34;&#62;&#60;script&#62;"></path>');
  });

  it("never lets a translation close the inline script", () => {
    const json = scriptJson({ text: "</script><script>alert(1)</script>", line: "a\u2028b" });
    expect(json).not.toContain("<");
    expect(json).not.toContain("\u2028");
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script>", line: "a\u2028b" });
    const script = landingScript({ ...config, network: "</script>" });
    expect(script).not.toContain("</script>");
  });

  it("is valid JavaScript that carries its config and marks the page ready", () => {
    const script = landingScript(config);
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain('"Switch to Dark theme"');
    expect(script).toContain('h.setAttribute("data-static-page", "ready")');
  });

  it("stays a few KB once gzipped", async () => {
    const { gzipSync } = await import("node:zlib");
    expect(gzipSync(landingScript(config)).length).toBeLessThan(4 * 1024);
  });
});
