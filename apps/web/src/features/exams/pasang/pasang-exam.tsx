import { formatScore, pasangForBelt, pasangScore } from '@ukt/core';
import { useState } from 'react';
import { EXAM_KEYS, examKey, removeExam } from '../../../lib/exam-storage';
import { BonusInput } from '../shared/bonus-input';
import { ClockDisplay } from '../shared/clock-display';
import type { ExamContext } from '../shared/exam-gate';
import { ExamButton, ExamLayout } from '../shared/exam-layout';
import { ResultDialog } from '../shared/result-dialog';
import { nilaiRequest, saveWithFeedback } from '../shared/save-score';
import { useExamClock } from '../shared/use-exam-clock';
import { useExamFinish } from '../shared/use-exam-finish';
import { useStoredState } from '../shared/use-stored-state';
import { useWakeLock } from '../shared/use-wake-lock';
import { type PasangAnswer, PasangRow } from './pasang-row';

const CLOCK_KEY = examKey(EXAM_KEYS.waktu, 'pasang');

/** Tes Pasang Jurus (SPEC §2, §4): a belt clock, Salah/Benar per pair while running, the Keterangan dialog. */
export function PasangExam({ ctx }: { ctx: ExamContext }) {
  const { pairs, seconds } = pasangForBelt(ctx.belt);
  const [answers, setAnswers] = useStoredState<Record<string, PasangAnswer>>(
    EXAM_KEYS.pasang,
    ctx.owner,
    () => ({}),
  );
  const clock = useExamClock({
    storageKey: CLOCK_KEY,
    owner: ctx.owner,
    limitSeconds: seconds,
    direction: 'down',
  });
  const [result, setResult] = useState<{ bonus: number } | null>(null);
  const { busy, finish, reset } = useExamFinish(() => {
    removeExam(EXAM_KEYS.pasang);
    removeExam(CLOCK_KEY);
  });
  useWakeLock(clock.running);

  const answered = pairs.filter((id) => (answers[id] ?? 0) > 0).length;
  const correct = pairs.filter((id) => answers[id] === 2).length;
  const canFinish = answered === pairs.length || clock.expired;

  function openResult() {
    if (clock.running) clock.pause(); // the examiner types the bonus without the clock running out
    setResult({ bonus: 0 });
  }

  function save() {
    if (!result) return;
    const score = pasangScore({ belt: ctx.belt, correct, bonus: result.bonus });
    return finish(() =>
      saveWithFeedback(
        nilaiRequest({
          title: 'Tes Pasang Jurus',
          idUkt: ctx.idUkt,
          idTingkat: ctx.belt,
          participant: ctx.participant,
          fields: { nilai_pasang: score.nilai_pasang, nilai_pasang_plus: score.nilai_pasang_plus },
        }),
      ),
    );
  }

  const base = pasangScore({ belt: ctx.belt, correct, bonus: 0 });
  return (
    <ExamLayout
      title="Tes Pasang Jurus"
      ctx={ctx}
      actions={
        <>
          <ClockDisplay seconds={clock.seconds} label="Waktu pasang" />
          <ExamButton tone="neutral" onClick={reset}>
            Reset
          </ExamButton>
          {canFinish && (
            <ExamButton tone="success" onClick={openResult}>
              Selesai
            </ExamButton>
          )}
        </>
      }
      footer={
        <span>
          Tes Pasang Jurus · Jumlah {pairs.length} · Terjawab {answered}
        </span>
      }
    >
      {clock.expired ? (
        <p className="mb-3 rounded-xl bg-rose-50 p-3 text-center font-bold text-rose-700">Waktu Habis</p>
      ) : (
        <ExamButton
          tone={clock.running ? 'neutral' : 'primary'}
          onClick={clock.toggle}
          className="mb-3 w-full"
        >
          {clock.running ? 'Jeda' : 'Mulai'}
        </ExamButton>
      )}
      <ol className="flex flex-col gap-2">
        {pairs.map((id) => (
          <PasangRow
            key={id}
            id={id}
            answer={answers[id] ?? 0}
            locked={!clock.running}
            onAnswer={(value) => clock.running && setAnswers((prev) => ({ ...prev, [id]: value }))}
          />
        ))}
      </ol>
      {result && (
        <ResultDialog
          title="Keterangan"
          lines={[
            { label: 'Waktu Habis', value: clock.expired ? 'Ya' : 'Tidak' },
            { label: 'Jumlah Soal', value: pairs.length },
            { label: 'Terjawab', value: answered },
            { label: 'Benar', value: correct },
            { label: 'Salah', value: answered - correct },
            { label: 'Nilai', value: formatScore(base.nilai_pasang) },
          ]}
          extra={
            <BonusInput
              label="Nilai Tambahan 1-5"
              value={result.bonus}
              onChange={(bonus) => setResult({ bonus })}
            />
          }
          finalScore={formatScore(pasangScore({ belt: ctx.belt, correct, bonus: result.bonus }).nilai_pasang)}
          busy={busy}
          confirmText="Selesai"
          onConfirm={save}
          onClose={() => setResult(null)}
        />
      )}
    </ExamLayout>
  );
}
