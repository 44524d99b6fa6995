import { formatClock } from '@ukt/core';

/** MM:SS of an exam clock, or 'Waktu Habis' once a countdown is at zero (SPEC §4, §8). */
export function ClockDisplay(props: {
  seconds: number;
  expired?: boolean;
  label?: string;
  className?: string;
}) {
  const text = props.expired ? 'Waktu Habis' : formatClock(props.seconds);
  return (
    <span
      role="timer"
      aria-label={props.label ?? 'Waktu'}
      className={`font-mono text-lg font-bold tabular-nums ${props.expired ? 'text-rose-600' : 'text-neutral-900'} ${props.className ?? ''}`}
    >
      {text}
    </span>
  );
}
