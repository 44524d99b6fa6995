import type { ExamLink } from '@ukt/core';
import { API } from '@ukt/core';
import type { OutboxItem } from '../../../lib/outbox';

/** The exam an outbox item saves a score of (by its path and posted group), or null (e.g. a take). */
function examKeyOf(item: OutboxItem, exams: readonly ExamLink[]): string | null {
  if (item.path === API.nilaiFisik.href()) return 'fisik';
  if (item.path === API.keshanJawaban.href()) return 'keshan';
  if (item.path === API.keshanUploadAudio.href()) return 'kshan';
  if (item.path !== API.nilai.href() || item.body.kind !== 'json') return null;
  const fields = Object.keys((item.body.value ?? {}) as Record<string, unknown>);
  // KESHAN posts through /keshan/jawaban, so a nilai_kshan here is always the KSHAN exam.
  if (fields.includes('nilai_kshan')) return 'kshan';
  return exams.find((exam) => exam.key !== 'keshan' && fields.includes(`nilai_${exam.group}`))?.key ?? null;
}

/** The exams of a participant with a score still on the phone ('tersimpan di HP'). */
export function pendingExamKeys(
  items: readonly OutboxItem[] | null,
  participantId: string | null,
  exams: readonly ExamLink[],
): Set<string> {
  const keys = new Set<string>();
  if (!participantId) return keys;
  for (const item of items ?? []) {
    if (item.participantId !== participantId) continue;
    const key = examKeyOf(item, exams);
    if (key) keys.add(key);
  }
  return keys;
}
