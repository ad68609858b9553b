/** The AI helper's mark: a four-point sparkle (an SVG, so it shows without an emoji font). */
export function Sparkle() {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="currentColor" className="inline-block">
      <path d="M12 2l2.1 6.9L21 11l-6.9 2.1L12 20l-2.1-6.9L3 11l6.9-2.1z" />
    </svg>
  );
}
