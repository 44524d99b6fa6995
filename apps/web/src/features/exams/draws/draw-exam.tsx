import { formatScore, itemAverageScore, ROW_SCALE } from '@ukt/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmFinish, confirmReset } from '../../../lib/dialogs';
import { EXAM_KEYS, examKey, removeExam } from '../../../lib/exam-storage';
import type { ExamContext } from '../shared/exam-gate';
import { ExamButton, ExamLayout } from '../shared/exam-layout';
import { ResultDialog } from '../shared/result-dialog';
import { ExamRow, RowList } from '../shared/row-list';
import { nilaiRequest, saveWithFeedback } from '../shared/save-score';
import { ScoreButtons } from '../shared/score-buttons';
import { useStoredState } from '../shared/use-stored-state';
import type { DrawExamConfig } from './draw-config';

interface DrawItem {
  id: number;
  label: string;
  nilai: number;
  selesai: boolean;
}

/** The toyak / kripen screen, one implementation configured per test (SPEC §2, §4, §9). */
export function DrawExam({ config, ctx }: { config: DrawExamConfig; ctx: ExamContext }) {
  const navigate = useNavigate();
  const listKey = examKey(EXAM_KEYS.undian, config.kind, ctx.belt);
  const [items, setItems] = useStoredState<DrawItem[]>(listKey, ctx.owner, () =>
    config.draw(Math.random).map((item) => ({ ...item, nilai: 0, selesai: false })),
  );
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const current = items.findIndex((item) => !item.selesai);
  const scores = items.map((item) => item.nilai);
  const allScored = items.every((item) => item.nilai > 0);
  // Over the rows scored so far; once all are scored (the only time it is saved) it is the final average.
  const average = itemAverageScore(
    scores.filter((s) => s > 0),
    0,
  );

  // A finished item with a score is never scored again (SPEC §4); scoring finishes the item.
  function score(position: number, value: number) {
    setItems(items.map((item, i) => (i === position ? { ...item, nilai: value, selesai: true } : item)));
  }

  async function reset() {
    if (!(await confirmReset())) return;
    removeExam(listKey);
    window.location.reload();
  }

  async function save() {
    if (!(await confirmFinish())) return;
    setBusy(true);
    const outcome = await saveWithFeedback(
      nilaiRequest({
        title: config.title,
        idUkt: ctx.idUkt,
        idTingkat: ctx.belt,
        participant: ctx.participant,
        fields: { [config.field]: average, [`${config.field}_plus`]: 0 },
      }),
    );
    setBusy(false);
    if (outcome.status === 'rejected') return;
    removeExam(listKey);
    navigate('/');
  }

  return (
    <ExamLayout
      title={config.title}
      subtitle={ctx.participant.nama}
      belt={ctx.belt}
      actions={
        <>
          <ExamButton tone="neutral" onClick={reset}>
            Reset
          </ExamButton>
          {allScored ? (
            <ExamButton tone="success" onClick={() => setOpen(true)}>
              Selesai
            </ExamButton>
          ) : (
            <ExamButton
              tone="neutral"
              aria-label="Muat ulang"
              title="Muat ulang"
              onClick={() => window.location.reload()}
            >
              ⟳
            </ExamButton>
          )}
        </>
      }
      footer={<span>Rata-rata {formatScore(average, ',')}</span>}
    >
      <RowList>
        {items.map((item, position) => (
          <ExamRow
            key={item.id}
            label={item.label}
            status={position === current ? 'current' : item.selesai ? 'done' : 'waiting'}
            score={item.nilai}
            decimal=","
          >
            {position === current && (
              <ScoreButtons
                scale={ROW_SCALE}
                label={`Nilai ${item.label}`}
                value={null}
                onSelect={(value) => score(position, value)}
              />
            )}
          </ExamRow>
        ))}
      </RowList>
      {open && (
        <ResultDialog
          title={`Hasil ${config.title}`}
          lines={[
            { label: 'Jumlah Soal', value: items.length },
            { label: 'Rata-rata', value: formatScore(average, ',') },
          ]}
          finalScore={formatScore(average, ',')}
          busy={busy}
          onConfirm={save}
          onClose={() => setOpen(false)}
        />
      )}
    </ExamLayout>
  );
}
