export function PaletteButton() {
  return null;
}
