import type { Post, PostFlag } from './posts';

/** Exam category (SPEC §9): 1 keshan, 2 technique, 3 fisik, 4 sambung. */
export type ExamKat = 1 | 2 | 3 | 4;

/** Which score group of the score record an exam writes. */
export type ScoreGroup =
  | 'kshan'
  | 'senam'
  | 'pasang'
  | 'jurus'
  | 'kripen'
  | 'blati'
  | 'toyak_senam'
  | 'toyak_jurus'
  | 'fisik'
  | 'sambung';

/** One exam screen linked from the hub. */
export interface ExamLink {
  key: string;
  kat: ExamKat;
  path: string;
  label: string;
  group: ScoreGroup;
}

/** Every exam screen of the hub, in the hub's order (SPEC §2); KSHAN sits with UJI KESHAN at post 1. */
export const EXAMS: readonly ExamLink[] = [
  { key: 'keshan', kat: 1, path: '/SoalUjian', label: 'UJI KESHAN', group: 'kshan' },
  { key: 'kshan', kat: 1, path: '/UjianKSHAN', label: 'UJI KSHAN', group: 'kshan' },
  { key: 'senam', kat: 2, path: '/UjianSenam', label: 'UJI SENAM', group: 'senam' },
  { key: 'pasang', kat: 2, path: '/UjianPasang', label: 'UJI PASANG JURUS', group: 'pasang' },
  { key: 'jurus', kat: 2, path: '/UjianJurus', label: 'UJI JURUS', group: 'jurus' },
  { key: 'kripen', kat: 2, path: '/UjianKripen', label: 'UJI KRIPEN', group: 'kripen' },
  { key: 'belati', kat: 2, path: '/UjianBelati', label: 'UJI BELATI', group: 'blati' },
  { key: 'toyakSenam', kat: 2, path: '/UjianToyakSenam', label: 'UJI SENAM TOYAK', group: 'toyak_senam' },
  { key: 'toyakJurus', kat: 2, path: '/UjianToyakJurus', label: 'UJI JURUS TOYAK', group: 'toyak_jurus' },
  { key: 'fisik', kat: 3, path: '/UjianFisik', label: 'UJI FISIK', group: 'fisik' },
  { key: 'sambung', kat: 4, path: '/UjianSambung', label: 'UJI SAMBUNG', group: 'sambung' },
];

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
