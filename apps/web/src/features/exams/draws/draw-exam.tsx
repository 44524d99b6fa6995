import { formatScore, ROW_SCALE } from '@ukt/core';
import { useState } from 'react';
import { EXAM_KEYS, examKey, removeExam } from '../../../lib/exam-storage';
import type { ExamContext } from '../shared/exam-gate';
import { ExamLayout } from '../shared/exam-layout';
import { ResultDialog } from '../shared/result-dialog';
import { RowActions } from '../shared/row-actions';
import { ExamRow, RowList } from '../shared/row-list';
import { nilaiRequest, saveWithFeedback } from '../shared/save-score';
import { ScoreButtons } from '../shared/score-buttons';
import { scoredAverage } from '../shared/scored-average';
import { useExamFinish } from '../shared/use-exam-finish';
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
  const listKey = examKey(EXAM_KEYS.undian, config.kind, ctx.belt);
  const [items, setItems] = useStoredState<DrawItem[]>(listKey, ctx.owner, () =>
    config.draw(Math.random).map((item) => ({ ...item, nilai: 0, selesai: false })),
  );
  const [open, setOpen] = useState(false);
  const { busy, finish, reset } = useExamFinish(() => removeExam(listKey));
  const current = items.findIndex((item) => !item.selesai);
  const allScored = items.every((item) => item.nilai > 0);
  const average = scoredAverage(items.map((item) => item.nilai));

  // A finished item with a score is never scored again (SPEC §4): only an unfinished one takes a
  // score, and scoring finishes it. Checked against the stored list so a double tap scores once.
  function score(position: number, value: number) {
    setItems((previous) =>
      previous.map((item, i) =>
        i === position && !item.selesai ? { ...item, nilai: value, selesai: true } : item,
      ),
    );
  }

  function save() {
    return finish(() =>
      saveWithFeedback(
        nilaiRequest({
          title: config.title,
          idUkt: ctx.idUkt,
          idTingkat: ctx.belt,
          participant: ctx.participant,
          fields: { [config.field]: average, [`${config.field}_plus`]: 0 },
        }),
      ),
    );
  }

  return (
    <ExamLayout
      title={config.title}
      ctx={ctx}
      actions={<RowActions allScored={allScored} onReset={reset} onFinish={() => setOpen(true)} />}
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
