import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { syncIdSequence } from '../db/sequences';
import type { Database } from '../db/types';
import { ensureRegion, ensureRegionPath } from '../modules/regions/regions.repository';
import { searchForm } from '../modules/siswa/siswa.repository';
import { bumpRosterVersion } from '../modules/siswa/siswa-version.repository';
import { type ImportReport, importRows, sameValues } from './import-rows';
import { ImportError } from './read-table';
import { EventRow, ExaminerRow, ParticipantRow, QuestionRow } from './row-schemas';

/** `ukt import events FILE`: creates or updates events by id_ukt. */
export function importEvents(db: Kysely<Database>, orgId: number, file: string): Promise<ImportReport> {
  return importRows(
    db,
    file,
    EventRow,
    (r) => `id_ukt ${r.id_ukt}`,
    async (trx, row: z.infer<typeof EventRow>) => {
      const stored = await trx
        .selectFrom('ukt')
        .selectAll()
        .where('id_ukt', '=', row.id_ukt)
        .executeTakeFirst();
      const values = { ...row, id_organisasi: orgId };
      if (!stored) {
        await trx.insertInto('ukt').values(values).execute();
        return 'baru';
      }
      if (stored.id_organisasi !== orgId) throw new ImportError(`id_ukt ${row.id_ukt} milik organisasi lain`);
      if (sameValues(stored, values)) return 'tetap';
      await trx.updateTable('ukt').set(values).where('id_ukt', '=', row.id_ukt).execute();
      return 'diperbarui';
    },
  ).then(async (report) => {
    await syncIdSequence(db, 'ukt', 'id_ukt');
    return report;
  });
}

/** `ukt import examiners FILE`: creates or updates examiners by number; regions by name. */
export function importExaminers(
  db: Kysely<Database>,
  orgId: number,
  file: string,
  now: string,
): Promise<ImportReport> {
  return importRows(
    db,
    file,
    ExaminerRow,
    (r) => `no_wa ${r.no_wa}`,
    async (trx, row: z.infer<typeof ExaminerRow>) => {
      const id_perwapus = row.perwapus ? await ensureRegion(trx, 'perwapus', orgId, row.perwapus) : null;
      const id_cabang =
        row.cabang && id_perwapus ? await ensureRegion(trx, 'cabang', id_perwapus, row.cabang) : null;
      const values = { nama: row.nama, panitia: row.panitia, dewan: row.dewan, id_perwapus, id_cabang };
      const stored = await trx
        .selectFrom('penguji')
        .selectAll()
        .where('id_organisasi', '=', orgId)
        .where('no_wa', '=', row.no_wa)
        .executeTakeFirst();
      if (!stored) {
        await trx
          .insertInto('penguji')
          .values({ ...values, id_organisasi: orgId, no_wa: row.no_wa, img_profile: '', created_at: now })
          .execute();
        return 'baru';
      }
      if (sameValues(stored, values)) return 'tetap';
      await trx.updateTable('penguji').set(values).where('id_pemilih', '=', stored.id_pemilih).execute();
      return 'diperbarui';
    },
  );
}

/** `ukt import participants FILE --event ID`: creates or updates participants by no_urut. */
export async function importParticipants(
  db: Kysely<Database>,
  orgId: number,
  file: string,
  idUkt: number,
): Promise<ImportReport> {
  const event = await db
    .selectFrom('ukt')
    .select('id_ukt')
    .where('id_ukt', '=', idUkt)
    .where('id_organisasi', '=', orgId)
    .executeTakeFirst();
  if (!event) throw new ImportError(`Kegiatan id_ukt ${idUkt} tidak ada. Impor kegiatan dulu.`);
  return importRows(
    db,
    file,
    ParticipantRow,
    (r) => `no_urut ${r.no_urut}`,
    async (trx, row: z.infer<typeof ParticipantRow>) => {
      const regions = await ensureRegionPath(trx, orgId, row);
      const values = { nama: row.nama, nama_cari: searchForm(row.nama), provinsi: row.provinsi, ...regions };
      const stored = await trx
        .selectFrom('siswa')
        .selectAll()
        .where('id_ukt', '=', idUkt)
        .where('no_urut', '=', row.no_urut)
        .executeTakeFirst();
      if (!stored) {
        await trx
          .insertInto('siswa')
          .values({ ...values, id_ukt: idUkt, no_urut: row.no_urut })
          .execute();
        return 'baru';
      }
      if (sameValues(stored, values)) return 'tetap';
      await trx.updateTable('siswa').set(values).where('id_siswa', '=', stored.id_siswa).execute();
      return 'diperbarui';
    },
    async (trx, report) => {
      // Cached list pages of every server process go stale with this commit.
      if (report.baru || report.diperbarui) await bumpRosterVersion(trx);
    },
  );
}

/** `ukt import questions FILE --tingkat N`: creates or updates a belt's KESHAN questions by no. */
export function importQuestions(
  db: Kysely<Database>,
  orgId: number,
  file: string,
  tingkat: number,
): Promise<ImportReport> {
  return importRows(
    db,
    file,
    QuestionRow,
    (r) => `no ${r.no}`,
    async (trx, row: z.infer<typeof QuestionRow>) => {
      const stored = await trx
        .selectFrom('soal')
        .selectAll()
        .where('id_organisasi', '=', orgId)
        .where('id_tingkat', '=', tingkat)
        .where('no', '=', row.no)
        .executeTakeFirst();
      if (!stored) {
        await trx
          .insertInto('soal')
          .values({ ...row, id_organisasi: orgId, id_tingkat: tingkat })
          .execute();
        return 'baru';
      }
      if (sameValues(stored, row)) return 'tetap';
      await trx.updateTable('soal').set(row).where('id_soal', '=', stored.id_soal).execute();
      return 'diperbarui';
    },
  );
}
