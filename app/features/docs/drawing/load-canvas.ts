/**
 * The one door to Excalidraw: a dynamic import, so the library and its CSS stay in their own
 * chunk; dropped from the server build (`import.meta.env.SSR` is a constant there).
 */
export function loadCanvas(): Promise<typeof import("./excalidraw-canvas")> {
  if (import.meta.env.SSR) return Promise.reject(new Error("Excalidraw runs in the browser only"));
  return import("./excalidraw-canvas");
}
