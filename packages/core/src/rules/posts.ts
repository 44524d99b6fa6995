/** A test post (posUjian): 0 none chosen, 1 KESHAN, 2 TEKNIK, 3 FISIK, 4 SAMBUNG. */
export type Post = 0 | 1 | 2 | 3 | 4;

/** The four posts an examiner can stand at (SPEC §2, exam hub). */
export const POSTS: readonly { id: Exclude<Post, 0>; nama: string }[] = [
  { id: 1, nama: 'KESHAN' },
  { id: 2, nama: 'TEKNIK' },
  { id: 3, nama: 'FISIK' },
  { id: 4, nama: 'SAMBUNG' },
];

/** True when the value is a post number 0–4. */
export function isPost(value: unknown): value is Post {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 4;
}

/** The hub header for a chosen post, e.g. 'POS UJIAN TEKNIK'; empty when none is chosen. */
export function postHeader(post: Post): string {
  const found = POSTS.find((p) => p.id === post);
  return found ? `POS UJIAN ${found.nama}` : '';
}

/** The post-flag field of a take (SPEC §7 siswaUpdate): who took the participant at which post. */
export type PostFlag = 'sudah_keshan' | 'sudah_tes' | 'sudah_fisik' | 'sudah_sambung';

/** The field of the participant-update call that records who took a participant at a post (SPEC §7). */
export function postFlagField(post: Post): PostFlag {
  switch (post) {
    case 1:
      return 'sudah_keshan';
    case 3:
      return 'sudah_fisik';
    case 4:
      return 'sudah_sambung';
    default:
      return 'sudah_tes';
  }
}
