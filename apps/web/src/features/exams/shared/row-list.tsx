import { formatScore } from '@ukt/core';
import { Children, type ReactNode, useEffect, useRef } from 'react';

/** Where a row stands in a sequential exam. */
export type RowStatus = 'current' | 'done' | 'waiting';

/** One scored item of the row-by-row exams (forms, gymnastics, dagger, the draw exams). */
export function ExamRow(props: {
  label: string;
  status: RowStatus;
  score: number;
  /** Top-right of the row, e.g. its clock. */
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // Keep the row being scored in view as the exam moves down a long list (60 forms on belt 4).
    if (props.status === 'current') ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [props.status]);
  const tone =
    props.status === 'current'
      ? 'border-brand bg-white shadow'
      : props.status === 'done'
        ? 'border-emerald-200 bg-emerald-50'
        : 'border-neutral-200 bg-white opacity-60';
  return (
    <li
      ref={ref}
      aria-label={props.label}
      aria-current={props.status === 'current' ? 'step' : undefined}
      className={`rounded-2xl border p-3 ${tone}`}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-base font-bold text-neutral-900">
          {props.status === 'done' && (
            <span aria-hidden className="mr-1 text-emerald-600">
              ✓
            </span>
          )}
          {props.label}
        </span>
        <span className="flex items-center gap-3">
          {props.aside}
          <output
            className="min-w-14 text-right text-lg font-bold text-neutral-800"
            aria-label={`Nilai ${props.label}`}
          >
            {props.score > 0 ? formatScore(props.score) : '–'}
          </output>
        </span>
      </div>
      {Children.toArray(props.children).length > 0 && (
        <div className="mt-3 flex flex-col gap-2">{props.children}</div>
      )}
    </li>
  );
}

/** The list that holds exam rows. */
export function RowList({ children }: { children: ReactNode }) {
  return <ol className="flex flex-col gap-3">{children}</ol>;
}
