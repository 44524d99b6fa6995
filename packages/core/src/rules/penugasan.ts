import { EXAMS, type ScoreGroup } from './exams';
import { POSTS, type Post, type PostFlag, postFlagField } from './posts';

// Examiner assignment (docs/decisions/109, 125): which events, and which posts of them, an examiner
// works at. The server holds every examiner call to it; the phone offers only what it allows.

/** A post an examiner can stand at (1 KESHAN … 4 SAMBUNG). */
export type PostAt = Exclude<Post, 0>;

/** One assignment: an event (its name for the refusal's words, its belt for the KESHAN questions) and its posts, [] for every post. */
export interface Penugasan {
  id_ukt: number;
  nama_ukt: string;
  id_tingkat: number;
  pos: readonly number[];
}

/** The post a score group is written at: the post of the exams that write it (KSHAN sits with KESHAN). */
export function postOfGroup(group: ScoreGroup): PostAt {
  const exam = EXAMS.find((e) => e.group === group);
  if (!exam) throw new Error(`Kelompok nilai tidak dikenal: ${group}`);
  return exam.kat;
}

/** The post a take's flag is set at (sudah_tes: TEKNIK). */
export function postOfFlag(flag: PostFlag): PostAt {
  const post = POSTS.find((p) => postFlagField(p.id) === flag);
  if (!post) throw new Error(`Penanda pos tidak dikenal: ${flag}`);
  return post.id;
}

/**
 * True when assignments let an examiner work at an event, and at a post of it when one is named.
 * null (no assignment at all) lets them work everywhere, as before assignments existed.
 */
export function tugasAllows(tugas: readonly Penugasan[] | null, idUkt: number, post?: PostAt): boolean {
  if (tugas === null) return true;
  const at = tugas.find((t) => t.id_ukt === idUkt);
  if (!at) return false;
  return post === undefined || at.pos.length === 0 || at.pos.includes(post);
}

/** True when assignments let an examiner read a belt's KESHAN questions: post KESHAN of an event of that belt. */
export function tugasAllowsSoal(tugas: readonly Penugasan[] | null, idTingkat: number): boolean {
  return tugas === null || tugas.some((t) => t.id_tingkat === idTingkat && tugasAllows([t], t.id_ukt, 1));
}

const namaPos = (pos: number) => POSTS.find((p) => p.id === pos)?.nama ?? `pos ${pos}`;

/** 'KESHAN', 'KESHAN dan FISIK', 'KESHAN, TEKNIK dan FISIK'. */
function joined(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} dan ${names.at(-1)}`;
}

/** One assignment in words: 'kegiatan UKT Sabuk Hijau, pos TEKNIK' or '…, semua pos'. */
function tugasText(t: Pick<Penugasan, 'nama_ukt' | 'pos'>): string {
  const pos = [...t.pos].sort((a, b) => a - b);
  return `kegiatan ${t.nama_ukt}, ${pos.length ? `pos ${joined(pos.map(namaPos))}` : 'semua pos'}`;
}

/**
 * The 403 of an examiner call outside the examiner's assignments: where they are assigned, and
 * what to do when that is out of date.
 */
export function outsideTugasMessage(tugas: readonly Pick<Penugasan, 'nama_ukt' | 'pos'>[]): string {
  return `Anda ditugaskan di ${tugas.map(tugasText).join('; ')}. Kegiatan dan pos lain tidak dapat Anda buka atau nilai; bila tugas Anda berubah, minta panitia mengubahnya.`;
}
