import type { ExamMark, KomponenKey } from '@ukt/core';

/**
 * The to-do marks of a picker row (issue 13 item 4): one small letter per exam of the post, filled
 * when the participant already has a score for it. Screen readers get the same as one sentence.
 */
export function TodoMarks({
  marks,
  dinilai,
}: {
  marks: readonly ExamMark[];
  dinilai: readonly KomponenKey[];
}) {
  if (!marks.length) return null;
  const done = marks.filter((m) => dinilai.includes(m.key));
  return (
    <span className="mt-0.5 flex flex-wrap gap-1" data-marks>
      {marks.map((m) => {
        const scored = dinilai.includes(m.key);
        return (
          <span
            key={m.key}
            aria-hidden="true"
            title={`${m.label}: ${scored ? 'sudah' : 'belum'} dinilai`}
            data-mark={m.key}
            data-done={scored}
            className={`grid h-5 min-w-5 place-items-center rounded px-1 text-[11px] leading-none font-bold ${
              scored ? 'bg-emerald-700 text-white' : 'bg-white text-neutral-600 ring-1 ring-neutral-300'
            }`}
          >
            {m.huruf}
          </span>
        );
      })}
      <span className="sr-only">
        {done.length
          ? `Sudah dinilai: ${done.map((m) => m.label).join(', ')}.`
          : 'Belum ada nilai di pos ini.'}
      </span>
    </span>
  );
}
