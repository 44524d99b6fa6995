import { type Belt, beltName } from '@ukt/core';
import type { ReactNode } from 'react';

/**
 * Header, body and footer shared by every exam screen (mobile first, 360 px). It sits inside the
 * app frame, so the header sticks just below the app's 56 px top bar.
 */
export function ExamLayout(props: {
  title: string;
  /** The exam's belt (footer) and participant (under the title; sambung has none of its own). */
  ctx: { belt: Belt; participant?: { nama: string } };
  /** Right side of the header: clock, Reset, Selesai. */
  actions?: ReactNode;
  /** Extra footer content beside the belt name (counts, averages). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <header className="sticky top-14 z-20 -mt-2 rounded-b-2xl bg-white px-3 py-2 shadow">
        {/* Title and actions share a row when they fit; with many actions they wrap to a second row. */}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0 flex-1 basis-24">
            <h1 className="truncate text-lg font-bold text-neutral-900">{props.title}</h1>
            {props.ctx.participant && (
              <p className="truncate text-sm text-neutral-600">{props.ctx.participant.nama}</p>
            )}
          </div>
          <div className="ml-auto flex shrink-0 items-center gap-2 [&_button]:px-3">{props.actions}</div>
        </div>
      </header>
      <div>{props.children}</div>
      <footer className="sticky bottom-0 z-20 rounded-t-2xl bg-white px-3 py-2 text-sm shadow-[0_-1px_4px_rgba(0,0,0,0.08)]">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <span className="font-semibold text-brand-dark">{beltName(props.ctx.belt)}</span>
          {props.footer}
        </div>
      </footer>
    </div>
  );
}

const tones = {
  primary: 'bg-brand text-on-brand active:bg-brand-dark disabled:opacity-50',
  success: 'bg-emerald-700 text-white active:bg-emerald-800 disabled:bg-emerald-200',
  danger: 'bg-rose-600 text-white active:bg-rose-700 disabled:bg-rose-200',
  neutral:
    'bg-white text-neutral-800 ring-1 ring-neutral-300 active:bg-neutral-100 disabled:text-neutral-400',
} as const;

/** A thumb-sized button in one of the exam tones. */
export function ExamButton({
  tone = 'primary',
  className = '',
  ...rest
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { tone?: keyof typeof tones }) {
  return (
    <button
      type="button"
      className={`min-h-11 rounded-xl px-4 text-base font-bold transition-colors disabled:cursor-not-allowed ${tones[tone]} ${className}`}
      {...rest}
    />
  );
}
