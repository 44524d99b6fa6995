import { API } from '@ukt/core';
import { showError, showSuccess } from '../../../lib/dialogs';
import { EXAM_KEYS, removeExam } from '../../../lib/exam-storage';
import { discardOutboxItem, type SubmitResult, submit } from '../../../lib/outbox';
import type { EventContext } from '../shared/exam-gate';
import { ExamButton, ExamLayout } from '../shared/exam-layout';
import { nilaiRequest, showQueued } from '../shared/save-score';
import { useExamFinish } from '../shared/use-exam-finish';
import { useStoredState } from '../shared/use-stored-state';
import { PesertaPanel } from './peserta-panel';
import { pairingBody, type SambungPeserta, type SambungScores } from './sambung-state';

const NO_SCORES: SambungScores = { 1: null, 2: null };

/** Tes Sambung (SPEC §2, §4): pick two participants, pair them on the server, score both, save both. */
export function SambungExam({ ctx }: { ctx: EventContext }) {
  const [p1, setP1] = useStoredState<SambungPeserta | null>(EXAM_KEYS.peserta1, ctx.owner, () => null);
  const [p2, setP2] = useStoredState<SambungPeserta | null>(EXAM_KEYS.peserta2, ctx.owner, () => null);
  const [scores, setScores] = useStoredState<SambungScores>(EXAM_KEYS.sambung, ctx.owner, () => NO_SCORES);
  const { busy, finish: finishWith } = useExamFinish(() => {
    for (const key of [EXAM_KEYS.peserta1, EXAM_KEYS.peserta2, EXAM_KEYS.sambung]) removeExam(key);
  });
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
          path: API.siswaUpdate.href(who?.id_siswa ?? ''),
          body: pairingBody(ctx.idUkt, partner?.id_siswa ?? ''),
          label: `Pasangan sambung – ${who?.nama}`,
          participantId: who?.id_siswa,
        }),
      ),
    );
    const refused = results.find((r) => r.status === 'rejected');
    if (refused?.status === 'rejected') {
      // As on the hub's picker: the refusal is shown now and the examiner picks another, so the
      // refused pairing is not left in the outbox for them to discard later.
      for (const r of results)
        if (r.status === 'rejected') await discardOutboxItem(r.key).catch(() => undefined);
      setters[panel](null);
      await showError(refused.message);
    }
  }

  function change(panel: 1 | 2) {
    setters[panel](null);
    setScores((s) => ({ ...s, [panel]: null }));
  }

  async function saveBoth(
    pair: readonly [readonly [SambungPeserta, number], readonly [SambungPeserta, number]],
  ): Promise<SubmitResult> {
    const results: SubmitResult[] = [];
    for (const [peserta, score] of pair) {
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
    const refused = results.find((r) => r.status === 'rejected');
    if (refused?.status === 'rejected') {
      await showError(refused.message);
      return refused;
    }
    const queued = results.find((r) => r.status === 'queued');
    if (queued?.status === 'queued') {
      await showQueued(queued.reason);
      return queued;
    }
    await showSuccess('Nilai berhasil disimpan');
    return results[0] as SubmitResult;
  }

  function finish() {
    if (!p1 || !p2 || scores[1] === null || scores[2] === null) return;
    const pair = [
      [p1, scores[1]],
      [p2, scores[2]],
    ] as const;
    // The screen stays, ready for the next pair.
    return finishWith(
      () => saveBoth(pair),
      () => {
        setP1(null);
        setP2(null);
        setScores(NO_SCORES);
      },
    );
  }

  const complete = p1 && p2 && scores[1] !== null && scores[2] !== null;
  return (
    <ExamLayout
      title="Tes Sambung"
      ctx={ctx}
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
