import { type Belt, type ExamLink, komponenTingkat, type NilaiRecord } from '@ukt/core';

/**
 * How the hub shows an exam of the chosen participant: a write of it waits on the phone
 * ('pending'), the server has its score ('sent'), or only the phone's roster copy says it is
 * scored, by whom and how much unknown here ('scored').
 */
export interface ExamState {
  mark: 'pending' | 'sent' | 'scored';
  /** The score shown beside the exam, when the phone knows it. */
  nilai: number | null;
}

/** Where the score record keeps an exam's score: its column (fisik its average), at its belt level (KSHAN under level 5). */
export function examScorePlace(exam: ExamLink, belt: Belt): { field: string; idTingkat: number } {
  return { field: exam.kolom, idTingkat: komponenTingkat(exam.komponen, belt) };
}

/** The server's score records of the participant, and when they were asked for. */
export interface ServerRecords {
  belt: NilaiRecord | null;
  kshan: NilaiRecord | null;
  at: number;
}

/** A score of the participant as the phone keeps it (lib/outbox): where, how much, when received. */
export interface PhoneScore {
  field: string;
  idTingkat: number;
  nilai: number | null;
  sentAt: number;
}

/** What the hub knows about the participant's scores, from the server and from the phone. */
export interface ExamSources {
  /** The server's records; null while they are not known (no signal, still loading). */
  server: ServerRecords | null;
  /** Exams with a write waiting on the phone, with the score the newest carries (null: none). */
  waiting: ReadonlyMap<string, number | null>;
  /** The scores this phone sent of the participant and the server received. */
  sent: readonly PhoneScore[];
  /** The exams (hub keys) the phone's roster copy marks as scored. */
  scored: ReadonlySet<string>;
}

/**
 * Each exam's state (docs/decisions/127). A write waiting on the phone wins; then the newer of the
 * server's record and the phone's record of what it sent; with neither, the roster copy's mark.
 * As on the server's record, a score of 0 is no score (SPEC §4 completion display).
 */
export function examStates(
  exams: readonly ExamLink[],
  belt: Belt,
  sources: ExamSources,
): Record<string, ExamState> {
  const states: Record<string, ExamState> = {};
  for (const exam of exams) {
    if (sources.waiting.has(exam.key)) {
      states[exam.key] = { mark: 'pending', nilai: sources.waiting.get(exam.key) ?? null };
      continue;
    }
    const place = examScorePlace(exam, belt);
    const sent = sources.sent.find((s) => s.field === place.field && s.idTingkat === place.idTingkat);
    const record = exam.key === 'kshan' ? sources.server?.kshan : sources.server?.belt;
    const onServer = Number(record?.[place.field as keyof NilaiRecord] ?? 0);
    if (sent && (!sources.server || sent.sentAt >= sources.server.at)) {
      if (sent.nilai !== 0) states[exam.key] = { mark: 'sent', nilai: sent.nilai };
    } else if (sources.server) {
      if (onServer) states[exam.key] = { mark: 'sent', nilai: onServer };
    } else if (sources.scored.has(exam.key)) {
      states[exam.key] = { mark: 'scored', nilai: null };
    }
  }
  return states;
}
