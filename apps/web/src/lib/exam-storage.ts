/**
 * In-progress exam state kept in localStorage (SPEC §3 keys, DESIGN §7): small, synchronous,
 * survives a reload. Every value is stored with the owner it belongs to (event + participant) so
 * a state left over from another participant is never shown, even if a clear was missed.
 */

/** Every key an exam screen writes; clearExamState removes these and their ':suffix' variants. */
export const EXAM_KEYS = {
  /** Physical exam progress (SPEC §3 ListFISIK). */
  fisik: 'ListFISIK',
  /** Cached KESHAN questions of a belt (SPEC §3 SOAL). */
  soal: 'SOAL',
  /** KESHAN answers given so far, and the question font size chosen. */
  jawaban: 'jawabanKESHAN',
  font: 'fontKESHAN',
  /** Remaining time of every exam clock, suffixed by the clock's name. */
  waktu: 'sisaWaktu',
  /** Forms, gymnastics and dagger rows, suffixed by kind and belt. */
  baris: 'ListBaris',
  /** Sequence index of the forms, gymnastics and dagger rows, suffixed by kind. */
  urutan: 'urutan',
  /** The draw exams' items, suffixed by kind and belt (kept per belt until Reset). */
  undian: 'ListUndian',
  /** Pasang answers. */
  pasang: 'ListPasang',
  /** Sambung participants (SPEC §3 peserta1/peserta2) and their scores. */
  peserta1: 'peserta1',
  peserta2: 'peserta2',
  sambung: 'nilaiSambung',
  /** KSHAN question scores. */
  kshan: 'nilaiKSHAN',
} as const;

/** One of the exam key names above. */
export type ExamKey = (typeof EXAM_KEYS)[keyof typeof EXAM_KEYS];

interface Envelope<T> {
  v: 1;
  owner: string;
  value: T;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame): the exam still runs in memory
  }
}

/** The full storage key of an exam key with an optional suffix, e.g. examKey('ListBaris', 'jurus', 3). */
export function examKey(name: ExamKey, ...suffix: (string | number)[]): string {
  return [name, ...suffix].join(':');
}

/** The owner tag of exam state: the event and participant it belongs to. */
export function examOwner(idUkt: number | null, participantId?: string | null): string {
  return `${idUkt ?? '-'}/${participantId ?? '-'}`;
}

/** Reads an exam value written for this owner, or the fallback when missing, corrupt or someone else's. */
export function readExam<T>(key: string, owner: string, fallback: T): T {
  const text = storage()?.getItem(key);
  if (!text) return fallback;
  try {
    const parsed = JSON.parse(text) as Partial<Envelope<T>>;
    return parsed.v === 1 && parsed.owner === owner && parsed.value !== undefined ? parsed.value : fallback;
  } catch {
    return fallback;
  }
}

/** Stores an exam value for this owner. */
export function writeExam<T>(key: string, owner: string, value: T): void {
  const envelope: Envelope<T> = { v: 1, owner, value };
  try {
    storage()?.setItem(key, JSON.stringify(envelope));
  } catch {
    // Quota exceeded: the screen keeps working from memory; only a reload would lose progress.
  }
}

/** Removes one exam value (and, with prefix, every ':suffix' variant of it). */
export function removeExam(key: string, prefix = false): void {
  const store = storage();
  if (!store) return;
  for (const existing of Object.keys(store)) {
    if (existing === key || (prefix && existing.startsWith(`${key}:`))) store.removeItem(existing);
  }
}

/** Clears every in-progress exam key (participant change, 'Ganti pos', logout). */
export function clearExamState(): void {
  for (const name of Object.values(EXAM_KEYS)) removeExam(name, true);
}
