import { outsideTugasMessage, type PostAt, tugasAllows, tugasAllowsSoal } from '@ukt/core';
import { forbidden } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';

// The server holds examiners to their assignment (docs/decisions/125). The assignments come with
// the session (auth/session.service.ts), so a check costs no statement. Committee admins are not
// held: the console lets them change any assignment, their own included, and any score.

const heldBy = (examiner: AuthPenguji) => (examiner.isAdmin ? null : examiner.tugas);

/**
 * The refusal, never kept as the answer to an Idempotency-Key (like a ratification's, decision
 * 041): once the committee changes the assignment, the same key — the phone's exported item
 * replayed by `ukt import pending` — really runs.
 */
const outside = (tugas: NonNullable<AuthPenguji['tugas']>) =>
  Object.assign(forbidden(outsideTugasMessage(tugas)), { replay: false });

/**
 * Fails with 403, naming where the examiner is assigned, unless their assignments let them work at
 * the event, and at the post when one is named. An examiner without any assignment passes.
 */
export function assertInTugas(examiner: AuthPenguji, idUkt: number, post?: PostAt): void {
  const tugas = heldBy(examiner);
  if (tugas && !tugasAllows(tugas, idUkt, post)) throw outside(tugas);
}

/** Fails with 403 unless the examiner is assigned to post KESHAN of an event of this belt (or has no assignment). */
export function assertSoalInTugas(examiner: AuthPenguji, idTingkat: number): void {
  const tugas = heldBy(examiner);
  if (tugas && !tugasAllowsSoal(tugas, idTingkat)) throw outside(tugas);
}
