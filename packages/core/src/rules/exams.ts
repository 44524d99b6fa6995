import {
  type GrupOf,
  grupOf,
  type KolomNilai,
  NILAI_KOLOM,
  type NilaiKolom,
  type Undian,
} from './nilai-kolom';
import type { KomponenKey } from './pass-rule';
import type { Post, PostFlag } from './posts';

/** Exam category (SPEC §9): 1 keshan, 2 technique, 3 fisik, 4 sambung. */
export type ExamKat = 1 | 2 | 3 | 4;

/** Which score group of the score record an exam writes: its column without `nilai_` (KESHAN and KSHAN 'kshan'). */
export type ScoreGroup = GrupOf<NilaiKolom>;

/** One exam screen linked from the hub. */
export interface ExamLink {
  key: string;
  kat: ExamKat;
  path: string;
  label: string;
  group: ScoreGroup;
  /** The component it scores and the column its score is kept in (NILAI_KOLOM). */
  komponen: KomponenKey;
  kolom: NilaiKolom;
  /** A draw exam's pool (its screen is the draw exam screen), from NILAI_KOLOM. */
  undian?: Undian;
}

/** Every exam screen of the hub, in the hub's order (SPEC §2); KSHAN sits with UJI KESHAN at post 1. From NILAI_KOLOM. */
export const EXAMS: readonly ExamLink[] = [...NILAI_KOLOM]
  .sort((a, b) => a.ujian.urut - b.ujian.urut)
  .map((k) => {
    const ujian: KolomNilai['ujian'] = k.ujian;
    return {
      key: ujian.key ?? k.key,
      kat: k.pos,
      path: ujian.path,
      label: ujian.label,
      group: grupOf(k.kolom),
      komponen: k.key,
      kolom: k.kolom,
      ...(ujian.undian && { undian: ujian.undian }),
    };
  });

/** The restricted examiner value of penguji.dewan (SPEC §6): sees and writes only keshan. */
export const DEWAN_RESTRICTED = 2;

/**
 * The exam links the hub shows at a post (SPEC §6): post 1 keshan only, post 2 everything but
 * keshan, fisik and sambung, post 3 fisik only, post 4 sambung only; none before a post is chosen.
 * A dewan 2 examiner sees only the keshan exams.
 */
export function examsForPost(post: Post, examiner: { dewan?: number | string | null } = {}): ExamLink[] {
  if (post === 0) return [];
  const restricted = Number(examiner.dewan) === DEWAN_RESTRICTED;
  return EXAMS.filter((e) => e.kat === post && (!restricted || e.kat === 1));
}

/** True when an examiner may write a score group (a dewan 2 examiner only keshan). */
export function mayWriteGroup(group: ScoreGroup, examiner: { dewan?: number | string | null }): boolean {
  return Number(examiner.dewan) !== DEWAN_RESTRICTED || group === 'kshan';
}

/**
 * True when an examiner may take a participant at the post a flag names: a dewan 2 examiner
 * scores only keshan, so taking them elsewhere would only block the examiners who may score.
 */
export function mayTakeAt(flag: PostFlag, examiner: { dewan?: number | string | null }): boolean {
  return Number(examiner.dewan) !== DEWAN_RESTRICTED || flag === 'sudah_keshan';
}

/** True when the post shows the participant picker (not on the sambung post, SPEC §2). */
export function postShowsPicker(post: Post): boolean {
  return post !== 4;
}
