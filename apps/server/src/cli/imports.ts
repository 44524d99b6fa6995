import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { syncIdSequence } from '../db/sequences';
import type { Database } from '../db/types';
import {
  findEventById,
  findKegiatan,
  insertEvent,
  updateEvent,
} from '../modules/kegiatan/kegiatan.repository';
import { findQuestion, insertQuestion, updateQuestion } from '../modules/keshan/keshan.repository';
import { findPengujiByNoWa, insertExaminer, updateExaminer } from '../modules/penguji/penguji.repository';
import { ensureRegion, ensureRegionPath } from '../modules/regions/regions.repository';
import {
  findParticipantByNo,
  insertParticipant,
  searchForm,
  updateParticipant,
} from '../modules/siswa/siswa.repository';
import { bumpRosterVersion } from '../modules/siswa/siswa-version.repository';
import { type ImportReport, importRows, sameValues } from './import-rows';
import { ImportError } from './read-table';
import { EventRow, ExaminerRow, ParticipantRow, QuestionRow } from './row-schemas';

/** `ukt import events FILE`: creates or updates events by id_ukt. */
export async function importEvents(db: Kysely<Database>, orgId: number, file: string): Promise<ImportReport> {
  const report = await importRows(
    db,
    file,
    EventRow,
    (r) => `id_ukt ${r.id_ukt}`,
    async (trx, row: z.infer<typeof EventRow>) => {
      const stored = await findEventById(trx, row.id_ukt);
      const values = { ...row, id_organisasi: orgId };
      if (!stored) {
        await insertEvent(trx, values);
        return 'baru';
      }
      if (stored.id_organisasi !== orgId) throw new ImportError(`id_ukt ${row.id_ukt} milik organisasi lain`);
      if (sameValues(stored, values)) return 'tetap';
      await updateEvent(trx, row.id_ukt, values);
      return 'diperbarui';
    },
  );
  await syncIdSequence(db, 'ukt', 'id_ukt');
  return report;
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
      const stored = await findPengujiByNoWa(trx, orgId, row.no_wa);
      if (!stored) {
        await insertExaminer(trx, {
          ...values,
          id_organisasi: orgId,
          no_wa: row.no_wa,
          img_profile: '',
          created_at: now,
        });
        return 'baru';
      }
      if (sameValues(stored, values)) return 'tetap';
      await updateExaminer(trx, stored.id_pemilih, values);
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
  if (!(await findKegiatan(db, orgId, idUkt))) {
    throw new ImportError(`Kegiatan id_ukt ${idUkt} tidak ada. Impor kegiatan dulu.`);
  }
  return importRows(
    db,
    file,
    ParticipantRow,
    (r) => `no_urut ${r.no_urut}`,
    async (trx, row: z.infer<typeof ParticipantRow>) => {
      const regions = await ensureRegionPath(trx, orgId, row);
      const values = { nama: row.nama, nama_cari: searchForm(row.nama), provinsi: row.provinsi, ...regions };
      const stored = await findParticipantByNo(trx, idUkt, row.no_urut);
      if (!stored) {
        await insertParticipant(trx, { ...values, id_ukt: idUkt, no_urut: row.no_urut });
        return 'baru';
      }
      if (sameValues(stored, values)) return 'tetap';
      await updateParticipant(trx, stored.id_siswa, values);
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
      const stored = await findQuestion(trx, orgId, tingkat, row.no);
      if (!stored) {
        await insertQuestion(trx, { ...row, id_organisasi: orgId, id_tingkat: tingkat });
        return 'baru';
      }
      if (sameValues(stored, row)) return 'tetap';
      await updateQuestion(trx, stored.id_soal, row);
      return 'diperbarui';
    },
  );
}
