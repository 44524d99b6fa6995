import { API, formatScore, KSHAN_TINGKAT, kshanScore } from '@ukt/core';
import { showError, showSuccess } from '../../../lib/dialogs';
import { EXAM_KEYS, removeExam } from '../../../lib/exam-storage';
import { submit } from '../../../lib/outbox';
import type { ExamContext } from '../shared/exam-gate';
import { ExamButton, ExamLayout } from '../shared/exam-layout';
import { nilaiRequest, saveWithFeedback, showQueued } from '../shared/save-score';
import { useExamFinish } from '../shared/use-exam-finish';
import { useStoredState } from '../shared/use-stored-state';
import { KshanQuestion } from './kshan-question';

type Scores = [number | null, number | null];

/** Ujian KSHAN (SPEC §2, §9): two recorded questions, score = (q1 + q2) / 2 saved under id_tingkat 5. */
export function KshanExam({ ctx }: { ctx: ExamContext }) {
  const [scores, setScores] = useStoredState<Scores>(EXAM_KEYS.kshan, ctx.owner, () => [null, null]);
  const { busy, finish } = useExamFinish(() => removeExam(EXAM_KEYS.kshan));
  const total = kshanScore(scores);

  async function upload(no: 1 | 2, blob: Blob) {
    const form = new FormData();
    const extension = blob.type.includes('ogg') ? 'ogg' : blob.type.includes('mp4') ? 'm4a' : 'webm';
    form.append('audio', blob, `kshan-${ctx.participant.id_siswa}-${no}.${extension}`);
    form.append('id_siswa', ctx.participant.id_siswa);
    form.append('id_soal', String(no));
    form.append('id_ukt', String(ctx.idUkt));
    const result = await submit({
      path: API.keshanUploadAudio.href(),
      body: form,
      label: `Rekaman KSHAN soal ${no} – ${ctx.participant.nama}`,
      participantId: ctx.participant.id_siswa,
    });
    if (result.status === 'sent') await showSuccess('Audio uploaded successfully!');
    else if (result.status === 'queued') {
      await showQueued(
        result.reason,
        result.reason === 'offline'
          ? 'Rekaman tersimpan di HP dan akan diunggah saat ada sinyal.'
          : 'Server sedang tidak dapat menyimpan. Rekaman tersimpan di HP dan diunggah lagi nanti secara otomatis.',
      );
    } else await showError(`Failed to upload audio (${result.message})`);
  }

  function save() {
    return finish(() =>
      saveWithFeedback(
        nilaiRequest({
          title: 'Ujian KSHAN',
          idUkt: ctx.idUkt,
          idTingkat: KSHAN_TINGKAT,
          participant: ctx.participant,
          fields: { nilai_kshan: total, nilai_kshan_plus: 0 },
        }),
      ),
    );
  }

  return (
    <ExamLayout
      title="Ujian KSHAN"
      ctx={ctx}
      actions={
        <ExamButton tone="success" onClick={save} disabled={busy || scores.every((s) => s === null)}>
          Selesai
        </ExamButton>
      }
      footer={<output aria-label="Nilai KSHAN">Nilai {formatScore(total)}</output>}
    >
      <div className="flex flex-col gap-4">
        {([1, 2] as const).map((no) => (
          <KshanQuestion
            key={no}
            no={no}
            score={scores[no - 1] ?? null}
            onScore={(score) => setScores((s) => (no === 1 ? [score, s[1]] : [s[0], score]))}
            onRecorded={(blob) => void upload(no, blob)}
          />
        ))}
      </div>
    </ExamLayout>
  );
}
