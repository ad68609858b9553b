/** A failed chunk load (after a deploy, or a network blip) reloads the page once (spec §2). */
const FLAG = "chunk-reload-at";

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to load module script/i.test(message);
}

/** Reloads unless we already did in the last 10 seconds; returns whether it reloads. */
export function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(FLAG) ?? 0);
    if (Date.now() - last < 10_000) return false;
    sessionStorage.setItem(FLAG, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

export function installChunkReload() {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
