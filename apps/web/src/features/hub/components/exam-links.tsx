import { type ExamLink, formatScore } from '@ukt/core';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { SyncMark } from '../../../components/ui/sync-mark';
import type { ExamState } from '../hooks/exam-states';

const CHECK = 'M5 13l4 4L19 7';

/** The right side of an exam link: a check with the score (two decimals, decimal comma), or with 'Sudah dinilai'. */
function ScoreBadge({ state }: { state: ExamState | undefined }) {
  if (!state || (state.mark === 'pending' && state.nilai === null)) return null;
  return (
    <span data-nilai className="flex items-center gap-1.5 font-semibold text-green-700">
      <Icon path={CHECK} className="size-5" strokeWidth={3} label="Selesai" />
      {state.nilai === null ? <span className="text-sm">Sudah dinilai</span> : formatScore(state.nilai)}
    </span>
  );
}

/**
 * The exams of the post as big links. Each shows 'Tersimpan di HP' (its score waits on the phone)
 * or 'Terkirim' (the server has it) and the score; an exam the phone's roster copy marks as scored,
 * with the score unknown here, shows 'Sudah dinilai'.
 */
export function ExamLinks({
  exams,
  states,
  locked,
}: {
  exams: readonly ExamLink[];
  /** Each exam's state by its key; an exam without one has no score yet. */
  states: Readonly<Record<string, ExamState>>;
  /** True while no participant is chosen: the exams need one, so the links wait. */
  locked: boolean;
}) {
  return (
    <nav aria-label="Ujian" className="flex flex-col gap-2">
      {locked && (
        <p className="text-sm text-neutral-600">Pilih peserta terlebih dahulu untuk memulai ujian.</p>
      )}
      {exams.map((exam) => {
        const state = states[exam.key];
        const body = (
          <>
            <span className="flex flex-col items-start gap-1">
              <span className="font-bold">{exam.label}</span>
              <SyncMark mark={state?.mark === 'scored' ? null : (state?.mark ?? null)} />
            </span>
            <ScoreBadge state={state} />
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
