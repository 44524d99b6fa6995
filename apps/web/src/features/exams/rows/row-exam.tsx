import { formatScore, itemAverageScore, ROW_SCALE, ROW_SECONDS } from '@ukt/core';
import { useState } from 'react';
import { EXAM_KEYS, examKey, removeExam } from '../../../lib/exam-storage';
import { BonusInput } from '../shared/bonus-input';
import { ClockDisplay } from '../shared/clock-display';
import type { ExamContext } from '../shared/exam-gate';
import { ExamButton, ExamLayout } from '../shared/exam-layout';
import { ResultDialog } from '../shared/result-dialog';
import { RowActions } from '../shared/row-actions';
import { ExamRow, RowList } from '../shared/row-list';
import { nilaiRequest, saveWithFeedback } from '../shared/save-score';
import { ScoreButtons } from '../shared/score-buttons';
import { scoredAverage } from '../shared/scored-average';
import { useExamClock } from '../shared/use-exam-clock';
import { useExamFinish } from '../shared/use-exam-finish';
import { useStoredState } from '../shared/use-stored-state';
import { useWakeLock } from '../shared/use-wake-lock';
import type { RowExamConfig } from './row-config';
import { type RowItem, rowsAfterScore, visibleRows } from './row-rules';

/** The forms / gymnastics / dagger screen, one implementation configured per test (SPEC §2, §4). */
export function RowExam({ config, ctx }: { config: RowExamConfig; ctx: ExamContext }) {
  const { owner, belt } = ctx;
  const listKey = examKey(EXAM_KEYS.baris, config.kind, belt);
  const indexKey = examKey(EXAM_KEYS.urutan, config.kind, belt);
  const clockPrefix = examKey(EXAM_KEYS.waktu, config.kind);
  const [rows, setRows] = useStoredState<RowItem[]>(listKey, owner, () =>
    config.items(belt).map((item) => ({ ...item, nilai: 0, selesai: false })),
  );
  const [index, setIndex] = useStoredState(indexKey, owner, () => 0);
  const current = rows[index];
  const rowClock = useExamClock({
    storageKey: examKey(EXAM_KEYS.waktu, config.kind, 'baris', current?.id ?? 'akhir'),
    owner,
    limitSeconds: ROW_SECONDS[config.kind],
    direction: 'down',
  });
  const minutes = config.minutes?.(belt);
  const examClock = useExamClock({
    storageKey: examKey(EXAM_KEYS.waktu, config.kind, 'ujian'),
    owner,
    limitSeconds: (minutes ?? 0) * 60,
    direction: 'down',
  });
  const [result, setResult] = useState<{ bonus: number } | null>(null);
  const { busy, finish, reset } = useExamFinish(() => {
    removeExam(listKey);
    removeExam(indexKey);
    removeExam(clockPrefix, true);
  });
  useWakeLock(rowClock.running || examClock.running);

  const allScored = rows.length > 0 && rows.every((row) => row.nilai > 0);
  const scores = rows.map((row) => row.nilai);
  const average = scoredAverage(scores);

  function startRow() {
    rowClock.start();
    if (minutes && !examClock.started) examClock.start();
  }

  function score(position: number, value: number) {
    const next = rowsAfterScore(rows, position, value, position === index && rowClock.expired);
    setRows(next.rows);
    if (next.advance) setIndex(index + 1);
  }

  function lanjut() {
    setRows(rows.map((row, i) => (i === index ? { ...row, selesai: true } : row)));
    setIndex(index + 1);
  }

  function save() {
    if (!result) return;
    const final = itemAverageScore(scores, result.bonus);
    return finish(() =>
      saveWithFeedback(
        nilaiRequest({
          title: config.title,
          idUkt: ctx.idUkt,
          idTingkat: belt,
          participant: ctx.participant,
          fields: { [config.field]: final, [`${config.field}_plus`]: result.bonus },
        }),
      ),
    );
  }

  const header = (
    <>
      {minutes ? (
        <ClockDisplay seconds={examClock.seconds} expired={examClock.expired} label="Waktu ujian" />
      ) : null}
      <RowActions allScored={allScored} onReset={reset} onFinish={() => setResult({ bonus: 0 })} />
    </>
  );

  return (
    <ExamLayout
      title={config.title}
      ctx={ctx}
      actions={header}
      footer={
        <span>
          Dinilai {scores.filter((s) => s > 0).length}/{rows.length} · Rata-rata {formatScore(average)}
        </span>
      }
    >
      {!allScored && index >= rows.length && (
        <p className="mb-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          Masih ada baris tanpa nilai. Beri nilai semua baris untuk menyelesaikan ujian.
        </p>
      )}
      <RowList>
        {visibleRows(rows, index).map(({ row, position }) => {
          const isCurrent = position === index;
          const canScore = isCurrent || (row.selesai && row.nilai === 0);
          return (
            <ExamRow
              key={row.id}
              label={row.label}
              status={isCurrent ? 'current' : 'done'}
              score={row.nilai}
              aside={
                isCurrent ? <ClockDisplay seconds={rowClock.seconds} expired={rowClock.expired} /> : undefined
              }
            >
              {isCurrent && !rowClock.started && (
                <ExamButton onClick={startRow} className="w-full">
                  Mulai
                </ExamButton>
              )}
              {canScore && (
                <ScoreButtons
                  scale={ROW_SCALE}
                  label={`Nilai ${row.label}`}
                  value={row.nilai || null}
                  onSelect={(v) => score(position, v)}
                />
              )}
              {isCurrent && (
                <ExamButton tone="neutral" onClick={lanjut} className="w-full">
                  Lanjut
                </ExamButton>
              )}
            </ExamRow>
          );
        })}
      </RowList>
      {result && (
        <ResultDialog
          title={`Hasil ${config.title}`}
          lines={[
            { label: 'Jumlah Soal', value: rows.length },
            { label: 'Rata-rata', value: formatScore(average) },
          ]}
          extra={
            config.bonusLabel ? (
              <BonusInput
                label={config.bonusLabel}
                value={result.bonus}
                onChange={(bonus) => setResult({ bonus })}
              />
            ) : undefined
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
