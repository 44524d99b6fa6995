import { API, formatScore } from '@ukt/core';
import { EXAM_KEYS, examKey, removeExam } from '../../../lib/exam-storage';
import type { ExamContext } from '../shared/exam-gate';
import { ExamButton, ExamLayout } from '../shared/exam-layout';
import { saveWithFeedback } from '../shared/save-score';
import { useExamFinish } from '../shared/use-exam-finish';
import { useStoredState } from '../shared/use-stored-state';
import { ExerciseCard } from './exercise-card';
import { type FisikItem, finishExercise, fisikPairs, freshFisik, runningAverage } from './fisik-progress';

function clearFisik() {
  removeExam(EXAM_KEYS.fisik);
  removeExam(examKey(EXAM_KEYS.waktu, 'fisik'), true);
}

/** Ujian Fisik (SPEC §2, §4): the exercises in order, progress kept under ListFISIK, one final save. */
export function FisikExam({ ctx }: { ctx: ExamContext }) {
  const [items, setItems] = useStoredState<FisikItem[]>(EXAM_KEYS.fisik, ctx.owner, freshFisik);
  const { busy, finish, reset } = useExamFinish(clearFisik);
  // Progress resumes at the first unfinished exercise (SPEC §4).
  const current = items.find((item) => !item.selesai);

  function save() {
    return finish(() =>
      saveWithFeedback(
        {
          path: API.nilaiFisik.href(),
          label: `Ujian Fisik – ${ctx.participant.nama}`,
          participantId: ctx.participant.id_siswa,
          body: {
            id_ukt: ctx.idUkt,
            id_siswa: Number(ctx.participant.id_siswa),
            id_tingkat: ctx.belt,
            id_penguji: ctx.examiner?.id_pemilih,
            ...fisikPairs(items),
          },
        },
        {
          sent: 'Data berhasil disimpan',
          rejectedTitle: 'Error',
          rejected: 'Terjadi kesalahan saat submit data',
        },
      ),
    );
  }

  return (
    <ExamLayout
      title="Ujian Fisik"
      ctx={ctx}
      actions={
        <>
          <ExamButton tone="neutral" onClick={reset}>
            Reset
          </ExamButton>
          <ExamButton tone="success" onClick={save} disabled={Boolean(current) || busy}>
            Selesai
          </ExamButton>
        </>
      }
      footer={<output aria-label="Rata-rata">Rata-rata {formatScore(runningAverage(items))}</output>}
    >
      {current ? (
        <ExerciseCard
          key={current.id_fisik}
          item={current}
          owner={ctx.owner}
          onChange={(raw) =>
            setItems((prev) => prev.map((i) => (i.id_fisik === current.id_fisik ? { ...i, nilai: raw } : i)))
          }
          onFinish={() => setItems((prev) => finishExercise(prev, current.id_fisik))}
        />
      ) : (
        <p className="rounded-2xl bg-emerald-50 p-4 text-center font-semibold text-emerald-800">
          Semua latihan selesai. Tekan Selesai untuk menyimpan nilai.
        </p>
      )}
      <ol className="mt-4 flex flex-col gap-2" aria-label="Latihan">
        {items.map((item) => (
          <li
            key={item.id_fisik}
            className={`flex justify-between rounded-xl px-3 py-2 ${item.selesai ? 'bg-emerald-50' : 'bg-white'}`}
          >
            <span className="font-semibold">
              {item.selesai ? '✓ ' : ''}
              {item.id_fisik}. {item.nama}
            </span>
            <span className="tabular-nums text-neutral-700">
              {item.selesai ? `${item.nilai} → ${formatScore(item.nilai2)}` : '–'}
            </span>
          </li>
        ))}
      </ol>
    </ExamLayout>
  );
}
