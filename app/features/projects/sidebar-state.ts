/**
 * Whether the project's sidebar is folded: remembered in this browser (local storage) and shown
 * before the first paint by root's boot script, as the theme is, so the server's HTML and the
 * browser's agree and nothing jumps on load. `[` folds it from the keyboard (the palette's
 * listener calls `toggleSidebar`). Kept apart from the nav so the root chunk carries only this.
 */
import { useSyncExternalStore } from "react";

const STORAGE_KEY = "sidebar";
const FOLDED = "folded";

/** Runs before the first paint (root's boot script): marks `<html>` when the sidebar is folded. */
export const sidebarBootScript = `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEY)})===${JSON.stringify(FOLDED)})document.documentElement.dataset.sidebar=${JSON.stringify(FOLDED)}}catch(e){}`;

const listeners = new Set<() => void>();
const isFolded = () => document.documentElement.dataset.sidebar === FOLDED;

/** Folds or unfolds the sidebar, remembers the choice and tells every reader. */
export function toggleSidebar() {
  const folded = !isFolded();
  if (folded) document.documentElement.dataset.sidebar = FOLDED;
  else delete document.documentElement.dataset.sidebar;
  try {
    if (folded) localStorage.setItem(STORAGE_KEY, FOLDED);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the fold still holds for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Whether the sidebar is folded; the server renders it unfolded (the boot script corrects the CSS). */
export function useFolded() {
  return useSyncExternalStore(subscribe, isFolded, () => false);
}
