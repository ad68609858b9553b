/** The longest a deferred call waits for the next frame (a hidden tab paints none). */
const AT_MOST_MS = 50;

/**
 * Resolves once the browser has painted the next frame (a task after the frame's callbacks), or
 * after `AT_MOST_MS` when no frame comes (a hidden tab). For work a click starts but the screen
 * need not wait for, such as sending an edit the page already shows: sent in the click, its
 * `fetch` call (2–3 ms on a large board) held the frame that shows the edit (issue 17).
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, AT_MOST_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
