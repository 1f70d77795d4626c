/**
 * Chronotope's mark: a globe whose meridian is a clock's face with two hands, for time and place.
 * Drawn in `currentColor`, so it takes the text colour of the theme it sits in.
 * @module
 */

/** The mark as an inline SVG, `size` CSS pixels square; decorative unless a `title` is given. */
export function ChronotopeMark({ size = 24, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <circle cx="16" cy="16" r="13" />
      <ellipse cx="16" cy="16" rx="6" ry="13" strokeWidth="1.6" opacity="0.55" />
      <path d="M3 16h26" strokeWidth="1.6" opacity="0.55" />
      <path d="M16 16V8.5M16 16l5.5 3.5" strokeWidth="2.6" />
      <circle cx="16" cy="16" r="1.8" fill="currentColor" stroke="none" />
    </svg>
  )
}
