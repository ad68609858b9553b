/**
 * How far an import has got, as one percentage for the progress bar: the remote's own progress
 * lines (side-band channel 2: "Counting objects:  45% (9/20)", "Compressing objects: …") cover
 * its work, then our reading of the pack counts its objects. Pure, so the steps are tested alone.
 */

export type ImportPhase = "connecting" | "counting" | "compressing" | "receiving" | "unpacking" | "done";

/** Where each phase starts and how wide it is, in percent. */
const SPAN: Record<ImportPhase, [number, number]> = {
  connecting: [0, 5],
  counting: [5, 15],
  compressing: [20, 20],
  receiving: [40, 5],
  unpacking: [45, 54],
  done: [100, 0],
};

/** The overall percentage for `fraction` (0–1) of `phase`, rounded down. */
export function importPercent(phase: ImportPhase, fraction: number): number {
  const [start, width] = SPAN[phase];
  return Math.floor(start + width * Math.min(1, Math.max(0, fraction)));
}

/**
 * The phase and fraction a remote's progress text reports (the last complete report in it), or
 * null when it names none; git separates reports with `\r` or `\n`.
 */
export function remoteProgress(text: string): { phase: ImportPhase; fraction: number } | null {
  let found: { phase: ImportPhase; fraction: number } | null = null;
  for (const line of text.split(/[\r\n]/)) {
    const m = line.match(/^(?:remote: )?(Counting|Compressing) objects:\s+(\d{1,3})%/);
    if (m) found = { phase: m[1] === "Counting" ? "counting" : "compressing", fraction: Number(m[2]) / 100 };
  }
  return found;
}
