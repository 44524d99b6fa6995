import { type ExamLink, formatScore } from '@ukt/core';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { SyncMark } from '../../../components/ui/sync-mark';

/** The exams of the post as big links; a scored exam shows a check and its score with two decimals. */
export function ExamLinks({
  exams,
  scores,
  pending,
  locked,
}: {
  exams: readonly ExamLink[];
  scores: Record<string, number>;
  /** Exams whose score waits on the phone: 'Tersimpan di HP'; a received score shows 'Terkirim'. */
  pending: ReadonlySet<string>;
  /** True while no participant is chosen: the exams need one, so the links wait. */
  locked: boolean;
}) {
  return (
    <nav aria-label="Ujian" className="flex flex-col gap-2">
      {locked && (
        <p className="text-sm text-neutral-600">Pilih peserta terlebih dahulu untuk memulai ujian.</p>
      )}
      {exams.map((exam) => {
        const score = scores[exam.key];
        const mark = pending.has(exam.key) ? 'pending' : score !== undefined ? 'sent' : null;
        const body = (
          <>
            <span className="flex flex-col items-start gap-1">
              <span className="font-bold">{exam.label}</span>
              <SyncMark mark={mark} />
            </span>
            {score !== undefined && (
              <span className="flex items-center gap-1.5 font-semibold text-green-700">
                <Icon path="M5 13l4 4L19 7" className="size-5" strokeWidth={3} label="Selesai" />
                {formatScore(score)}
              </span>
            )}
          </>
        );
        const classes =
          'flex min-h-14 items-center justify-between gap-3 rounded-xl bg-white px-4 shadow-sm ring-1 ring-black/5';
        return locked ? (
          <span key={exam.key} data-exam={exam.path} aria-disabled="true" className={`${classes} opacity-50`}>
            {body}
          </span>
        ) : (
          <Link
            key={exam.key}
            data-exam={exam.path}
            to={exam.path}
            className={`${classes} border-l-4 border-brand hover:bg-neutral-50`}
          >
            {body}
          </Link>
        );
      })}
    </nav>
  );
}
