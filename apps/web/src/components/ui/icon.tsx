/** A stroked 24x24 line icon drawn from one path; decorative unless it gets a label. */
export function Icon({
  path,
  className = 'size-6',
  strokeWidth = 2,
  label,
}: {
  /** The SVG path data, e.g. 'M4 6h16M4 12h16M4 18h16' for the menu. */
  path: string;
  className?: string;
  strokeWidth?: number;
  /** Makes the icon an image with this accessible name (e.g. the hub's 'Selesai' check). */
  label?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      role="img"
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
