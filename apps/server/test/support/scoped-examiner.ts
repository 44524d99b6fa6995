import { SITI, type TestApp } from './app';

// The demo examiner bound to one perwapus and cabang (SITI): many tests score the participants that
// examiner may take.

/** The scoped demo examiner's row. */
export function findScopedExaminer(t: TestApp) {
  return t.app.db.selectFrom('penguji').selectAll().where('no_wa', '=', SITI).executeTakeFirstOrThrow();
}

/**
 * The scoped examiner's row and the participants of event 1 in that perwapus and cabang (the ones
 * the examiner may take), by no_urut, with their ids alone in `ids`.
 */
export async function participantsInScope(t: TestApp) {
  const siti = await findScopedExaminer(t);
  const participants = await t.app.db
    .selectFrom('siswa')
    .select(['id_siswa', 'nama', 'no_urut'])
    .where('id_ukt', '=', 1)
    .where('id_perwapus', '=', siti.id_perwapus as number)
    .where('id_cabang', '=', siti.id_cabang as number)
    .orderBy('no_urut')
    .execute();
  return { siti, participants, ids: participants.map((r) => r.id_siswa) };
}
