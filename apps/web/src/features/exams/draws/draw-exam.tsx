import { formatScore, itemAverageScore, ROW_SCALE } from '@ukt/core';
import { useState } from 'react';
import { EXAM_KEYS, examKey, removeExam } from '../../../lib/exam-storage';
import { BonusInput } from '../shared/bonus-input';
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

// SPEC §9 scores these tests as "item score average plus bonus"; the bonus is taken as the forms take it.
const BONUS_LABEL = 'Nilai Tambahan Dari Penilai 1-5';

/** A draw exam's screen, one implementation configured per test (SPEC §2, §4, §9; core's NILAI_KOLOM `undian`). */
export function DrawExam({ config, ctx }: { config: DrawExamConfig; ctx: ExamContext }) {
  const listKey = examKey(EXAM_KEYS.undian, config.kind, ctx.belt);
  const [items, setItems] = useStoredState<DrawItem[]>(listKey, ctx.owner, () =>
    config.draw(Math.random).map((item) => ({ ...item, nilai: 0, selesai: false })),
  );
  const [result, setResult] = useState<{ bonus: number } | null>(null);
  const { busy, finish, reset } = useExamFinish(() => removeExam(listKey));
  const current = items.findIndex((item) => !item.selesai);
  const allScored = items.every((item) => item.nilai > 0);
  const scores = items.map((item) => item.nilai);
  const average = scoredAverage(scores);

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
    if (!result) return;
    const final = itemAverageScore(scores, result.bonus);
    return finish(() =>
      saveWithFeedback(
        nilaiRequest({
          title: config.title,
          idUkt: ctx.idUkt,
          idTingkat: ctx.belt,
          participant: ctx.participant,
          fields: { [config.field]: final, [`${config.field}_plus`]: result.bonus },
        }),
      ),
    );
  }

  return (
    <ExamLayout
      title={config.title}
      ctx={ctx}
      actions={<RowActions allScored={allScored} onReset={reset} onFinish={() => setResult({ bonus: 0 })} />}
      footer={<span>Rata-rata {formatScore(average)}</span>}
    >
      <RowList>
        {items.map((item, position) => (
          <ExamRow
            key={item.id}
            label={item.label}
            status={position === current ? 'current' : item.selesai ? 'done' : 'waiting'}
            score={item.nilai}
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
      {result && (
        <ResultDialog
          title={`Hasil ${config.title}`}
          lines={[
            { label: 'Jumlah Soal', value: items.length },
            { label: 'Rata-rata', value: formatScore(average) },
          ]}
          extra={
            <BonusInput label={BONUS_LABEL} value={result.bonus} onChange={(bonus) => setResult({ bonus })} />
          }
          finalScore={formatScore(itemAverageScore(scores, result.bonus))}
          busy={busy}
          onConfirm={save}
          onClose={() => setResult(null)}
        />
      )}
    </ExamLayout>
  );
}
