import { DEWAN_RESTRICTED } from './exams';
import { KOMPONEN_NILAI, komponenTingkat } from './komponen';
import { NILAI_KOLOM } from './nilai-kolom';
import { KOMPONEN, type KomponenKey } from './pass-rule';
import type { Post } from './posts';

// The picker's to-do marks (issue 13 item 4): per post, a small letter for each exam scored at it,
// lit when the participant already has a score for that exam. "Scored" is what the progress page
// and the recap call scored: an audit row exists for the field at its belt level (decision 040).

/** One exam's mark in a picker row. */
export interface ExamMark {
  key: KomponenKey;
  /** The letter(s) shown, e.g. 'J' for jurus. */
  huruf: string;
  /** What the letter stands for, for the toggle's choices and screen readers. */
  label: string;
  /** The post the exam is scored at (SPEC §6). */
  post: Exclude<Post, 0>;
}

/** Every exam's mark, in the order a row shows them: J S B P first at TEKNIK, as the committee reads them (NILAI_KOLOM's `tanda`). */
export const EXAM_MARKS: readonly ExamMark[] = [...NILAI_KOLOM]
  .sort((a, b) => a.tanda.urut - b.tanda.urut)
  .map((k) => ({ key: k.key, huruf: k.tanda.huruf, label: k.tanda.label, post: k.pos }));

/**
 * The marks a picker row shows at a post: its exams as the hub links them (SPEC §6); a dewan 2
 * examiner, who scores only KESHAN, sees only the KESHAN post's marks.
 */
export function marksForPost(post: Post, examiner: { dewan?: number | string | null } = {}): ExamMark[] {
  const restricted = Number(examiner.dewan) === DEWAN_RESTRICTED;
  return EXAM_MARKS.filter((m) => m.post === post && (!restricted || m.post === 1));
}

/** True when the text is a component key ('jurus', 'toyak_senam' …). */
export function isKomponenKey(value: unknown): value is KomponenKey {
  return KOMPONEN.some((k) => k.key === value);
}

/** A score field written at a belt level, as the audit log records it. */
export interface WrittenField {
  field: string;
  id_tingkat: number;
}

/**
 * The exams a participant has a score for, from the fields written for them in an event of belt
 * `tingkatKegiatan`: KESHAN and KSHAN share nilai_kshan and are told apart by the level.
 */
export function dinilaiOf(written: readonly WrittenField[], tingkatKegiatan: number): KomponenKey[] {
  return KOMPONEN.map((k) => k.key).filter((key) =>
    written.some(
      (w) => w.field === KOMPONEN_NILAI[key].field && w.id_tingkat === komponenTingkat(key, tingkatKegiatan),
    ),
  );
}
