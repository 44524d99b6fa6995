import { SITI, type TestApp } from './app';

// Siti, the demo examiner of one perwapus and cabang: many tests score the participants she may take.

/** Siti's examiner row. */
export function findSiti(t: TestApp) {
  return t.app.db.selectFrom('penguji').selectAll().where('no_wa', '=', SITI).executeTakeFirstOrThrow();
}

/**
 * Siti's row and the participants of event 1 in her perwapus and cabang (the ones she may take),
 * by no_urut, with their ids alone in `ids`.
 */
export async function sitisParticipants(t: TestApp) {
  const siti = await findSiti(t);
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
