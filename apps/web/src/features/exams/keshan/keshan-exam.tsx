import {
  type AnswerLetter,
  API,
  KESHAN_FONT_DEFAULT,
  KESHAN_FONT_STEP,
  KESHAN_SECONDS,
  type KeshanGrade,
  KeshanResult,
} from '@ukt/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { showDialog, showError } from '../../../lib/dialogs';
import { EXAM_KEYS, examKey, removeExam } from '../../../lib/exam-storage';
import { submit } from '../../../lib/outbox';
import { ClockDisplay } from '../shared/clock-display';
import type { ExamContext } from '../shared/exam-gate';
import { ExamButton, ExamLayout } from '../shared/exam-layout';
import { useExamClock } from '../shared/use-exam-clock';
import { useExamFinish } from '../shared/use-exam-finish';
import { useStoredState } from '../shared/use-stored-state';
import { useWakeLock } from '../shared/use-wake-lock';
import { useSoal } from './api/get-soal';
import { confirmUnanswered } from './confirm-unanswered';
import { KeshanResultModal } from './keshan-result';
import { KeshanWelcome } from './keshan-welcome';
import { QuestionGrid } from './question-grid';
import { QuestionView } from './question-view';

const CLOCK_KEY = examKey(EXAM_KEYS.waktu, 'keshan');

/** UJI KESHAN (SPEC §2, §4): welcome, one question a page, 600 s, answers graded by the server. */
export function KeshanExam({ ctx }: { ctx: ExamContext }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const questions = useSoal(ctx.idUkt, ctx.belt);
  // 'Coba lagi' shows 'Memuat soal…' again until the new answer.
  const loadError = questions.isError && !questions.isFetching ? questions.error.message : null;
  const [answers, setAnswers] = useStoredState<Record<string, AnswerLetter>>(
    EXAM_KEYS.jawaban,
    ctx.owner,
    () => ({}),
  );
  const [fontSize, setFontSize] = useStoredState(EXAM_KEYS.font, ctx.owner, () => KESHAN_FONT_DEFAULT);
  const [done, setDone] = useState<{ grade: KeshanGrade | null } | null>(null);
  const clock = useExamClock({
    storageKey: CLOCK_KEY,
    owner: ctx.owner,
    limitSeconds: KESHAN_SECONDS,
    direction: 'down',
    onLimit: () => {
      void showDialog({ icon: 'error', title: 'Waktu Habis', text: 'Waktu Ujian Habis' }).then(() =>
        navigate('/SoalUjian'),
      );
    },
  });

  const soal = questions.data ?? [];
  const no = Math.min(Math.max(1, Number(params.get('no')) || 1), Math.max(1, soal.length));
  const current = soal[no - 1];
  const answeredCount = soal.filter((s) => answers[s.id_soal]).length;
  const go = (n: number) => setParams({ no: String(Math.min(Math.max(1, n), soal.length)) });

  const {
    busy,
    finish: finishWith,
    reset,
  } = useExamFinish(() => {
    // Stopped before the clock's key is removed, so the stop is not written back after it.
    clock.pause();
    removeExam(EXAM_KEYS.jawaban);
    removeExam(CLOCK_KEY);
  }, '/SoalUjian');

  async function finish(latest: Record<string, AnswerLetter> = answers) {
    // Unanswered questions are named first, with a way back to them (decision 112); once the time
    // is up there is no way back, so only the spec's confirmation remains.
    const open = soal.findIndex((s) => !latest[s.id_soal]);
    if (open >= 0 && !clock.expired) {
      const unanswered = soal.filter((s) => !latest[s.id_soal]).length;
      const choice = await confirmUnanswered(unanswered, soal.length, open + 1);
      if (choice === 'answer') go(open + 1);
      if (choice !== 'finish') return;
    }
    return finishWith(
      async () => {
        const result = await submit({
          path: API.keshanJawaban.href(),
          label: `Ujian KESHAN – ${ctx.participant.nama}`,
          participantId: ctx.participant.id_siswa,
          body: {
            id_ukt: ctx.idUkt,
            id_siswa: Number(ctx.participant.id_siswa),
            id_tingkat: ctx.belt,
            jawaban: soal.map((s) => ({ id_soal: Number(s.id_soal), jawaban: latest[s.id_soal] ?? null })),
          },
        });
        if (result.status === 'rejected') await showError(result.message);
        return result;
      },
      (result) => {
        const grade = result.status === 'sent' ? KeshanResult.safeParse(result.data) : null;
        setDone({ grade: grade?.success ? grade.data : null });
      },
    );
  }

  function saveAnswer(letter: AnswerLetter) {
    if (!current) return;
    const next = { ...answers, [current.id_soal]: letter };
    setAnswers(next);
    // The last question's save is the finish control (SPEC §4).
    if (no >= soal.length) void finish(next);
    else go(no + 1);
  }

  const running = clock.started && !clock.expired;
  useWakeLock(clock.running);
  return (
    <ExamLayout
      title="UJI KESHAN"
      ctx={ctx}
      actions={
        clock.started && (
          <>
            <ClockDisplay seconds={clock.seconds} expired={clock.expired} label="Sisa waktu" />
            <ExamButton tone="neutral" onClick={reset}>
              Reset
            </ExamButton>
            <ExamButton tone="success" onClick={() => finish()} disabled={busy || soal.length === 0}>
              Selesai
            </ExamButton>
          </>
        )
      }
      footer={
        clock.started ? (
          <span>
            Terjawab {answeredCount}/{soal.length}
          </span>
        ) : undefined
      }
    >
      {!questions.isSuccess && !loadError && <p className="p-4 text-center text-neutral-600">Memuat soal…</p>}
      {loadError && (
        <div className="mb-3 rounded-xl bg-rose-50 p-4 text-center text-rose-800">
          <p className="mb-3">{loadError}</p>
          <ExamButton onClick={() => void questions.refetch()}>Coba lagi</ExamButton>
        </div>
      )}
      {!clock.started && (
        <KeshanWelcome
          fontSize={fontSize}
          minutes={KESHAN_SECONDS / 60}
          ready={questions.isSuccess}
          onFont={(d) => setFontSize((f) => Math.min(40, Math.max(8, f + d * KESHAN_FONT_STEP)))}
          onStart={() => {
            if (!questions.isSuccess) return;
            clock.start();
            go(1);
          }}
        />
      )}
      {clock.expired && !done && (
        <section className="rounded-2xl bg-white p-5 text-center shadow">
          <p className="text-xl font-bold text-rose-600">Waktu Ujian Habis</p>
          <p className="my-3 text-neutral-700">
            Terjawab {answeredCount} dari {soal.length} soal. Kirim jawaban untuk melihat nilai.
          </p>
          <ExamButton tone="success" className="w-full" onClick={() => finish()} disabled={busy}>
            Kirim Jawaban
          </ExamButton>
        </section>
      )}
      {running && current && (
        <div className="flex flex-col gap-4">
          <QuestionView
            key={current.id_soal}
            soal={current}
            total={soal.length}
            saved={answers[current.id_soal] ?? null}
            fontSize={fontSize}
            onSave={saveAnswer}
            onSkip={() => go(no < soal.length ? no + 1 : 1)}
          />
          <div className="grid grid-cols-2 gap-3">
            <ExamButton tone="neutral" disabled={no <= 1} onClick={() => go(no - 1)}>
              ‹ Sebelumnya
            </ExamButton>
            <ExamButton tone="neutral" disabled={no >= soal.length} onClick={() => go(no + 1)}>
              Berikutnya ›
            </ExamButton>
          </div>
          <QuestionGrid
            count={soal.length}
            current={no}
            answered={(n) => Boolean(soal[n - 1] && answers[soal[n - 1]?.id_soal ?? ''])}
            onGo={go}
          />
        </div>
      )}
      {done && <KeshanResultModal grade={done.grade} onClose={() => navigate('/')} />}
    </ExamLayout>
  );
}
