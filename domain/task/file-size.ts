/** A file's size as people read it ("820 B", "14 kB", "3.2 MB"), in the reader's language. */
export function formatBytes(bytes: number, lng: string): string {
  const units = [
    ["byte", 1],
    ["kilobyte", 1024],
    ["megabyte", 1024 ** 2],
    ["gigabyte", 1024 ** 3],
  ] as const;
  let unit: string = units[0][0];
  let size: number = units[0][1];
  for (const [u, s] of units) if (bytes >= s) [unit, size] = [u, s];
  const value = bytes / size;
  return new Intl.NumberFormat(lng, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: value < 10 && unit !== "byte" ? 1 : 0 }).format(value);
}
