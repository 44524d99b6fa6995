import { useState } from 'react';
import { confirmFinish, showError, showSuccess } from '../../../lib/dialogs';
import { EXAM_KEYS, removeExam } from '../../../lib/exam-storage';
import { type SubmitResult, submit } from '../../../lib/outbox';
import type { EventContext } from '../shared/exam-gate';
import { ExamButton, ExamLayout } from '../shared/exam-layout';
import { nilaiRequest } from '../shared/save-score';
import { useStoredState } from '../shared/use-stored-state';
import { PesertaPanel } from './peserta-panel';
import { pairingBody, type SambungPeserta, type SambungScores } from './sambung-state';

const NO_SCORES: SambungScores = { 1: null, 2: null };

/** Tes Sambung (SPEC §2, §4): pick two participants, pair them on the server, score both, save both. */
export function SambungExam({ ctx }: { ctx: EventContext }) {
  const [p1, setP1] = useStoredState<SambungPeserta | null>(EXAM_KEYS.peserta1, ctx.owner, () => null);
  const [p2, setP2] = useStoredState<SambungPeserta | null>(EXAM_KEYS.peserta2, ctx.owner, () => null);
  const [scores, setScores] = useStoredState<SambungScores>(EXAM_KEYS.sambung, ctx.owner, () => NO_SCORES);
  const [busy, setBusy] = useState(false);
  const setters = { 1: setP1, 2: setP2 } as const;

  async function pick(panel: 1 | 2, chosen: SambungPeserta) {
    setters[panel](chosen);
    const other = panel === 1 ? p2 : p1;
    if (!other) return;
    // The pair is complete: each participant's sudah_sambung names the other (SPEC §7, post 4).
    const results = await Promise.all(
      [
        [chosen, other],
        [other, chosen],
      ].map(([who, partner]) =>
        submit({
          path: `/DataSiswa/siswaUpdate/${who?.id_siswa}`,
          body: pairingBody(ctx.idUkt, partner?.id_siswa ?? ''),
          label: `Pasangan sambung – ${who?.nama}`,
          participantId: who?.id_siswa,
        }),
      ),
    );
    const refused = results.find((r) => r.status === 'rejected');
    if (refused?.status === 'rejected') {
      setters[panel](null);
      await showError(refused.message);
    }
  }

  function change(panel: 1 | 2) {
    setters[panel](null);
    setScores((s) => ({ ...s, [panel]: null }));
  }

  async function finish() {
    if (!p1 || !p2 || scores[1] === null || scores[2] === null || !(await confirmFinish())) return;
    setBusy(true);
    const results: SubmitResult[] = [];
    for (const [peserta, score] of [
      [p1, scores[1]],
      [p2, scores[2]],
    ] as const) {
      results.push(
        await submit(
          nilaiRequest({
            title: 'Tes Sambung',
            idUkt: ctx.idUkt,
            idTingkat: ctx.belt,
            participant: peserta,
            fields: { nilai_sambung: score },
          }),
        ),
      );
    }
    setBusy(false);
    const refused = results.find((r) => r.status === 'rejected');
    if (refused?.status === 'rejected') return showError(refused.message);
    if (results.some((r) => r.status === 'queued')) {
      await showSuccess(
        'Tidak ada sinyal. Nilai tersimpan di HP dan akan dikirim otomatis.',
        'Tersimpan di HP',
      );
    } else await showSuccess('Nilai berhasil disimpan');
    // Ready for the next pair.
    for (const key of [EXAM_KEYS.peserta1, EXAM_KEYS.peserta2, EXAM_KEYS.sambung]) removeExam(key);
    setP1(null);
    setP2(null);
    setScores(NO_SCORES);
  }

  const complete = p1 && p2 && scores[1] !== null && scores[2] !== null;
  return (
    <ExamLayout
      title="Tes Sambung"
      belt={ctx.belt}
      footer={
        <ExamButton tone="success" onClick={finish} disabled={!complete || busy} className="ml-auto">
          Selesai
        </ExamButton>
      }
    >
      <div className="flex flex-col gap-4">
        {([1, 2] as const).map((panel) => (
          <PesertaPanel
            key={panel}
            panel={panel}
            idUkt={ctx.idUkt}
            owner={ctx.owner}
            peserta={panel === 1 ? p1 : p2}
            score={scores[panel]}
            takenId={(panel === 1 ? p2 : p1)?.id_siswa ?? null}
            onPick={(chosen) => void pick(panel, chosen)}
            onChange={() => change(panel)}
            onScore={(score) => setScores((s) => ({ ...s, [panel]: score }))}
          />
        ))}
      </div>
    </ExamLayout>
  );
}
