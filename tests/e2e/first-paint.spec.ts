/**
 * The script that starts a page's parked chunks (workers/site/first-paint.ts) in the browser. It
 * sits in the head and runs at the first frame, which can come while the parser is still in the
 * body: here a script in the body holds the parser until the test lets it go. The page and its
 * files are served by the test itself on an origin of its own (no Worker in between).
 */
import { PARKED_MODULE, PARKED_PRELOAD, START_AFTER_PAINT } from "../../workers/site/first-paint";
import { expect, test } from "./fixtures";

const ORIGIN = "http://first-paint.test";

const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>First paint</title>
<link rel="${PARKED_PRELOAD}" href="/chunk.js"><script>${START_AFTER_PAINT}</script>
</head><body><main>Cards painted before any script runs</main>
<script src="/held.js"></script>
<link rel="${PARKED_PRELOAD}" href="/late-chunk.js">
<script type="${PARKED_MODULE}">import { ran } from "/chunk.js"; import { late } from "/late-chunk.js"; window.hydrated = ran + late + " after " + window.held;</script>
</body></html>`;

test("the chunks start at the first frame, before the parser is done, and the module that hydrates runs once it is parsed", async ({ page }) => {
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/") return route.fulfill({ contentType: "text/html", body: html });
    if (path === "/chunk.js") return route.fulfill({ contentType: "text/javascript", body: 'export const ran = "ran";' });
    if (path === "/late-chunk.js") return route.fulfill({ contentType: "text/javascript", body: 'export const late = " with the late chunk";' });
    if (path === "/held.js") {
      await held;
      return route.fulfill({ contentType: "text/javascript", body: 'window.held = "the held script";' });
    }
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto(`${ORIGIN}/`, { waitUntil: "commit" });
  await expect(page.getByText("Cards painted before any script runs")).toBeVisible();
  // The parser waits on the held script, yet the first frame has released the head's chunk.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.endsWith("/chunk.js")))).toBe(true);
  expect(await page.evaluate(() => [document.readyState, (window as { hydrated?: string }).hydrated ?? null])).toEqual(["loading", null]);
  letGo();
  // The module and the preload parsed after the release still go, once the parser reaches them.
  await expect.poll(() => page.evaluate(() => (window as { hydrated?: string }).hydrated ?? null)).toBe("ran with the late chunk after the held script");
  expect(await page.evaluate(() => document.querySelectorAll(`link[rel="modulepreload"]`).length)).toBe(2);
  // The starting script took itself out: React, hydrating the head, would take it for a script of its own.
  expect(await page.evaluate(() => [...document.scripts].filter((script) => script.textContent?.includes("requestAnimationFrame")).length)).toBe(0);
});
