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
): Record<string, number> {
  const [records, setRecords] = useState<{ belt: NilaiRecord | null; kshan: NilaiRecord | null }>({
    belt: null,
    kshan: null,
  });
  const needsKshan = exams.some((e) => e.key === 'kshan');
  const needsBelt = exams.some((e) => e.key !== 'kshan');

  useEffect(() => {
    setRecords({ belt: null, kshan: null });
    if (!idSiswa || idUkt === null) return;
    const controller = new AbortController();
    const load = (tingkat: number, wanted: boolean) =>
      wanted ? getNilai({ id_siswa: idSiswa, id_tingkat: tingkat, id_ukt: idUkt }, controller.signal) : null;
    Promise.all([load(belt, needsBelt), load(KSHAN_TINGKAT, needsKshan)])
      .then(([beltRecord, kshanRecord]) =>
        setRecords({ belt: beltRecord ?? null, kshan: kshanRecord ?? null }),
      )
      .catch((error: unknown) => {
        // Without the scores the hub still works; the checks simply stay off.
        if (!controller.signal.aborted) console.error(error);
      });
    return () => controller.abort();
  }, [idSiswa, belt, idUkt, needsBelt, needsKshan]);

  const scores: Record<string, number> = {};
  for (const exam of exams) {
    const record = exam.key === 'kshan' ? records.kshan : records.belt;
    const value = Number(record?.[scoreField(exam)] ?? 0);
    if (value) scores[exam.key] = value;
  }
  return scores;
}
