/**
 * Later chunks held back: every script a page asks for beyond its route's entry (the client
 * entry, the route modules and their static imports, from the build's manifest). A journey
 * shows with it that a part works without a chunk that may still be on its way.
 */
import type { Page, Route } from "@playwright/test";
import { entryFiles, readManifest } from "./build-manifest";

/**
 * Holds those scripts until the returned function releases them or, with `ms`, for that long
 * each.
 */
export async function holdLaterChunks(page: Page, routeId: string, options: { ms?: number } = {}): Promise<() => Promise<void>> {
  const entry = entryFiles(readManifest(), routeId);
  const held: Route[] = [];
  const handler = async (route: Route) => {
    const path = new URL(route.request().url()).pathname;
    if (entry.has(path) || /\/manifest-[^/]+\.js$/.test(path)) return route.continue();
    if (options.ms === undefined) return void held.push(route);
    await new Promise((resolve) => setTimeout(resolve, options.ms));
    // The page may have moved on meanwhile: its request is gone, not an error of the journey.
    await route.continue().catch(() => undefined);
  };
  await page.route("**/assets/*.js", handler);
  return async () => {
    await page.unroute("**/assets/*.js", handler);
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
  };
}
