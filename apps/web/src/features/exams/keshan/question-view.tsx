import { ANSWER_LETTERS, type AnswerLetter, type Soal } from '@ukt/core';
import { useState } from 'react';
import { ExamButton } from '../shared/exam-layout';

/** One question with its four options, 'Simpan Jawaban' and 'Lewati' (SPEC §2). */
export function QuestionView(props: {
  soal: Soal;
  total: number;
  saved: AnswerLetter | null;
  fontSize: number;
  onSave: (letter: AnswerLetter) => void;
  onSkip: () => void;
}) {
  // The pick is only a draft until 'Simpan Jawaban'; the parent keys this view by question.
  const [pick, setPick] = useState<AnswerLetter | null>(props.saved);
  return (
    <section aria-label={`Soal ${props.soal.no}`} className="rounded-2xl bg-white p-4 shadow">
      <p className="mb-2 text-sm font-semibold text-neutral-500">
        Soal {props.soal.no} dari {props.total}
      </p>
      <p className="mb-4 whitespace-pre-line text-neutral-900" style={{ fontSize: props.fontSize }}>
        {props.soal.soal_tanya}
      </p>
      <fieldset className="flex flex-col gap-2" aria-label="Pilihan jawaban">
        {ANSWER_LETTERS.map((letter) => (
          <label
            key={letter}
            style={{ fontSize: props.fontSize }}
            className={`flex min-h-12 cursor-pointer items-start gap-3 rounded-xl px-3 py-2 ${
              pick === letter ? 'bg-brand/20 ring-2 ring-brand' : 'bg-neutral-50 ring-1 ring-neutral-200'
            }`}
          >
            <input
              type="radio"
              name={`soal-${props.soal.id_soal}`}
              value={letter}
              checked={pick === letter}
              onChange={() => setPick(letter)}
              className="mt-1.5 size-5 accent-brand-dark"
            />
            <span className="font-bold uppercase">{letter}.</span>
            <span>{props.soal[letter]}</span>
          </label>
        ))}
      </fieldset>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <ExamButton tone="neutral" onClick={props.onSkip}>
          Lewati
        </ExamButton>
        <ExamButton tone="success" disabled={!pick} onClick={() => pick && props.onSave(pick)}>
          Simpan Jawaban
        </ExamButton>
      </div>
    </section>
  );
}
