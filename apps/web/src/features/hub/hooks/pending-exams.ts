import type { Belt, ExamLink } from '@ukt/core';
import { API } from '@ukt/core';
import { type OutboxItem, scoreOfWrite } from '../../../lib/outbox';
import { examScorePlace } from './exam-states';

/** The exam an outbox item belongs to, with the score it carries; null for anything else (e.g. a take). */
function examOf(
  item: OutboxItem,
  exams: readonly ExamLink[],
  belt: Belt,
  idUkt: number,
): { key: string; nilai: number | null } | null {
  // A KSHAN recording carries no score, but it is the KSHAN exam's work waiting on the phone.
  if (item.path === API.keshanUploadAudio.href()) {
    return exams.some((exam) => exam.key === 'kshan') ? { key: 'kshan', nilai: null } : null;
  }
  const score = scoreOfWrite(item);
  if (!score || score.idUkt !== idUkt) return null;
  const exam = exams.find((e) => {
    const place = examScorePlace(e, belt);
    return place.field === score.field && place.idTingkat === score.idTingkat;
  });
  // A refused write still shows as work on the phone (the outbox sheet says why), but its score is none.
  return exam ? { key: exam.key, nilai: item.state === 'pending' ? score.nilai : null } : null;
}

/**
 * The exams of a participant with work still on the phone ('Tersimpan di HP', waiting or refused),
 * each with the score the newest waiting item that carries one holds (null: none, e.g. a KESHAN
 * answer sheet, which the server grades, or only refused writes).
 */
export function waitingExams(
  items: readonly OutboxItem[] | null,
  participantId: string | null,
  exams: readonly ExamLink[],
  belt: Belt,
  idUkt: number | null,
): Map<string, number | null> {
  const waiting = new Map<string, number | null>();
  if (!participantId || idUkt === null) return waiting;
  // Oldest first, so a later score of the same exam replaces an earlier one.
  for (const item of items ?? []) {
    if (item.participantId !== participantId) continue;
    const found = examOf(item, exams, belt, idUkt);
    if (found && (found.nilai !== null || !waiting.has(found.key))) waiting.set(found.key, found.nilai);
  }
  return waiting;
}
