import { type Belt, type ExamLink, type KomponenKey, KSHAN_TINGKAT } from '@ukt/core';
import { useEffect, useState } from 'react';
import { cachedRoster, komponenOfScore } from '../../../lib/offline';
import { type OutboxItem, sentScoresOf } from '../../../lib/outbox';
import { useSession } from '../../../lib/session';
import { getNilai } from '../api/get-nilai';
import {
  type ExamState,
  examScorePlace,
  examStates,
  type PhoneScore,
  type ServerRecords,
} from './exam-states';
import { waitingExams } from './pending-exams';

/** What the phone itself keeps about the participant: the scores it sent, the roster copy's marks. */
interface PhoneRecords {
  sent: PhoneScore[];
  dinilai: readonly KomponenKey[];
}

/**
 * The state of each exam of the chosen participant (SPEC §4 completion display): the server's
 * records when it answers, and what the phone holds (the outbox, the scores it sent, the roster
 * copy), so that a reload with no signal still shows every score saved here (docs/decisions/127).
 */
export function useExamStates(
  exams: readonly ExamLink[],
  idSiswa: string | null,
  belt: Belt,
  idUkt: number | null,
  /** The examiner's outbox items; each change reloads the records (something was saved or sent). */
  items: readonly OutboxItem[] | null,
): Record<string, ExamState> {
  const examinerId = useSession().examiner?.id_pemilih ?? '';
  // Records are tagged with whose they are, so a reload after a sync keeps the old ones on screen
  // while another participant's never show.
  const of = `${examinerId}|${idSiswa}|${belt}|${idUkt}`;
  const [server, setServer] = useState<{ of: string; records: ServerRecords } | null>(null);
  const [phone, setPhone] = useState<{ of: string; records: PhoneRecords } | null>(null);
  const needsKshan = exams.some((e) => e.key === 'kshan');
  const needsBelt = exams.some((e) => e.key !== 'kshan');
  const outboxSize = items?.length ?? 0;
  const serverKnown = server?.of === of;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `of` names the participant, outboxSize is the reload trigger
  useEffect(() => {
    if (!idSiswa || idUkt === null) return;
    const controller = new AbortController();
    const at = Date.now();
    const load = (tingkat: number, wanted: boolean) =>
      wanted ? getNilai({ id_siswa: idSiswa, id_tingkat: tingkat, id_ukt: idUkt }, controller.signal) : null;
    Promise.all([load(belt, needsBelt), load(KSHAN_TINGKAT, needsKshan)])
      .then(([beltRecord, kshanRecord]) =>
        setServer({ of, records: { belt: beltRecord ?? null, kshan: kshanRecord ?? null, at } }),
      )
      // No answer (no signal, the server away): what the phone holds is shown instead.
      .catch(() => undefined);
    return () => controller.abort();
  }, [of, needsBelt, needsKshan, outboxSize]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `of` names the participant, items the outbox's last change
  useEffect(() => {
    if (!idSiswa || idUkt === null || !examinerId) return;
    let live = true;
    const load = async (): Promise<PhoneRecords> => {
      const sent = (await sentScoresOf(examinerId, idUkt)).filter((s) => String(s.idSiswa) === idSiswa);
      // The roster copy is read only while the server has not answered: online its record says more.
      const copy = serverKnown ? null : await cachedRoster(idUkt, examinerId).catch(() => null);
      const row = copy?.value.siswa.find((s) => String(s.id_siswa) === idSiswa);
      return { sent, dinilai: row?.dinilai ?? [] };
    };
    load()
      .then((records) => live && setPhone({ of, records }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [of, items, serverKnown]);

  if (!idSiswa) return {};
  const mine = phone?.of === of ? phone.records : { sent: [], dinilai: [] };
  const scored = new Set(
    exams
      .filter((exam) => {
        const place = examScorePlace(exam, belt);
        const key = komponenOfScore(place.field, place.idTingkat);
        return key !== null && mine.dinilai.includes(key);
      })
      .map((exam) => exam.key),
  );
  return examStates(exams, belt, {
    server: server?.of === of ? server.records : null,
    waiting: waitingExams(items, idSiswa, exams, belt, idUkt),
    sent: mine.sent,
    scored,
  });
}
