import { type Belt, type ExamLink, KSHAN_TINGKAT, type NilaiRecord } from '@ukt/core';
import { useEffect, useState } from 'react';
import { getNilai } from '../api/get-nilai';

/** The record field that holds an exam's score: fisik shows its average nilai_fisik2. */
function scoreField(exam: ExamLink): keyof NilaiRecord {
  return (exam.group === 'fisik' ? 'nilai_fisik2' : `nilai_${exam.group}`) as keyof NilaiRecord;
}

/**
 * The score of each exam for the current participant, read from the server (SPEC §4 completion
 * display). KSHAN's record is kept under id_tingkat 5, the others under the event's belt.
 */
export function useExamScores(
  exams: readonly ExamLink[],
  idSiswa: string | null,
  belt: Belt,
  idUkt: number | null,
  /** Reloads the scores when it changes (the outbox sent something). */
  outboxSize = 0,
): Record<string, number> {
  // Records are tagged with whose they are, so a reload after a sync keeps the old checks on screen
  // while another participant's never show.
  const [records, setRecords] = useState<{ of: string; belt: NilaiRecord | null; kshan: NilaiRecord | null }>(
    {
      of: '',
      belt: null,
      kshan: null,
    },
  );
  const of = `${idSiswa}|${belt}|${idUkt}`;
  const needsKshan = exams.some((e) => e.key === 'kshan');
  const needsBelt = exams.some((e) => e.key !== 'kshan');

  // biome-ignore lint/correctness/useExhaustiveDependencies: outboxSize is the reload trigger
  useEffect(() => {
    if (!idSiswa || idUkt === null) return;
    const controller = new AbortController();
    const load = (tingkat: number, wanted: boolean) =>
      wanted ? getNilai({ id_siswa: idSiswa, id_tingkat: tingkat, id_ukt: idUkt }, controller.signal) : null;
    Promise.all([load(belt, needsBelt), load(KSHAN_TINGKAT, needsKshan)])
      .then(([beltRecord, kshanRecord]) =>
        setRecords({
          of: `${idSiswa}|${belt}|${idUkt}`,
          belt: beltRecord ?? null,
          kshan: kshanRecord ?? null,
        }),
      )
      .catch((error: unknown) => {
        // Without the scores the hub still works; the checks simply stay off.
        if (!controller.signal.aborted) console.error(error);
      });
    return () => controller.abort();
  }, [idSiswa, belt, idUkt, needsBelt, needsKshan, outboxSize]);

  const scores: Record<string, number> = {};
  if (records.of !== of) return scores;
  for (const exam of exams) {
    const record = exam.key === 'kshan' ? records.kshan : records.belt;
    const value = Number(record?.[scoreField(exam)] ?? 0);
    if (value) scores[exam.key] = value;
  }
  return scores;
}
