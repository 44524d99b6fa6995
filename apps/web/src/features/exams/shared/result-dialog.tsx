import type { ReactNode } from 'react';
import { ExamButton } from './exam-layout';
import { ExamModal } from './exam-modal';

/** One labelled figure of a result dialog. */
export interface ResultLine {
  label: string;
  value: ReactNode;
}

/**
 * The result modal of the scored exams: the figures, an optional extra input, the final score and
 * the save button (the caller asks the spec's confirmation before it saves).
 */
export function ResultDialog(props: {
  title: string;
  lines: ResultLine[];
  /** The extra-score field, for the screens that take one. */
  extra?: ReactNode;
  finalScore: string;
  busy: boolean;
  confirmText?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ExamModal titleId="result-title">
      <h2 id="result-title" className="mb-3 text-center text-xl font-bold text-neutral-900">
        {props.title}
      </h2>
      <dl className="divide-y divide-neutral-100 text-base">
        {props.lines.map((line) => (
          <div key={line.label} className="flex justify-between gap-3 py-2">
            <dt className="text-neutral-600">{line.label}</dt>
            <dd className="font-semibold text-neutral-900">{line.value}</dd>
          </div>
        ))}
      </dl>
      {props.extra && <div className="mt-3">{props.extra}</div>}
      <div className="mt-3 flex items-center justify-between rounded-xl bg-brand/15 px-3 py-3">
        <span className="font-semibold text-neutral-900">Nilai Akhir</span>
        <output aria-label="Nilai Akhir" className="text-2xl font-extrabold text-brand-dark">
          {props.finalScore}
        </output>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <ExamButton tone="neutral" onClick={props.onClose} disabled={props.busy}>
          Batal
        </ExamButton>
        <ExamButton tone="success" onClick={props.onConfirm} disabled={props.busy}>
          {props.busy ? 'Menyimpan…' : (props.confirmText ?? 'Simpan')}
        </ExamButton>
      </div>
    </ExamModal>
  );
}
