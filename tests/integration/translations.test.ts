/**
 * A page's translations as one cached file (issue 17): the HTML names it, the Worker serves it
 * with its version in the address, and nothing but known languages and namespaces.
 */
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "../../domain/i18n/languages";
import { namespacesFor } from "../../domain/i18n/page-namespaces";
import { resourcesFor, translationBundle } from "../../workers/services/i18n";
import { fetchRaw } from "../fixtures/http";

describe("a page's translations file", () => {
  it("is the page's namespaces in its language, kept for a year at its versioned address", async () => {
    const bundle = translationBundle("de", namespacesFor("/project/x/taskboard", true));
    expect(bundle.url).toMatch(/^\/i18n\/de\/common,[a-z,-]+\.[0-9a-f]{8}\.json$/);
    const res = await fetchRaw(bundle.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual(resourcesFor("de", namespacesFor("/project/x/taskboard", true)));
    // A board's page does not carry the retro room's texts.
    expect(Object.keys(body)).not.toContain("retro");
    // Asked again with its ETag: nothing to send.
    const again = await fetchRaw(bundle.url, { headers: { "If-None-Match": res.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });

  it("gives a page of another deploy the current text, not to be kept", async () => {
    const res = await fetchRaw("/i18n/en/common,errors.00000000.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    expect(await res.json()).toEqual(resourcesFor("en", ["common", "errors"]));
  });

  it("refuses an unknown language or namespace, a namespace named twice and namespaces out of the pages' order", async () => {
    for (const path of ["/i18n/xx/common.00000000.json", "/i18n/en/common,nope.00000000.json", "/i18n/en/common,common.00000000.json", "/i18n/en/errors,common.00000000.json"]) {
      expect((await fetchRaw(path)).status, path).toBe(404);
    }
  });

  it("changes its address when its text changes, and differs between languages and sets", () => {
    const everything = translationBundle("en", NAMESPACES);
    expect(translationBundle("en", NAMESPACES)).toBe(everything);
    expect(translationBundle("ru", NAMESPACES).url).not.toBe(everything.url.replace("/en/", "/ru/"));
    expect(translationBundle("en", ["common"]).url).toMatch(/^\/i18n\/en\/common\.[0-9a-f]{8}\.json$/);
  });
});
