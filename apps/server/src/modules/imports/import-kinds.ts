import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { syncIdSequence } from '../../db/sequences';
import type { Database } from '../../db/types';
import { notFound } from '../../lib/errors';
import {
  findKegiatanById,
  findKegiatanInAnyOrganisasi,
  insertKegiatan,
  updateKegiatan,
} from '../kegiatan/kegiatan.repository';
import { findSoal, insertSoal, updateSoal } from '../keshan/keshan.repository';
import { findPengujiByNoWa, insertPenguji, updatePenguji } from '../penguji/penguji.repository';
import { ensureRegion, findRegion, type RegionLevel } from '../regions/regions.repository';
import { findSiswaByNoUrut, insertSiswa, searchForm, updateSiswa } from '../siswa/siswa.repository';
import { bumpRosterVersion } from '../siswa/siswa-version.repository';
import type { ImportReport, ImportTarget, RowOutcome } from './imports.service';
import { KegiatanFileRow, PengujiFileRow, SiswaFileRow, SoalFileRow } from './row-schemas';

/** What storing one valid row does and the write that does it, or why the row cannot be stored. */
export type Step =
  | { outcome: RowOutcome; write?: (trx: Transaction<Database>, now: string) => Promise<void> }
  | { problem: { field: string; message: string } };

/** The id of a region by name under its parent: created (applying) or only looked up (preview). */
export type RegionIdOf = (
  db: Kysely<Database>,
  level: RegionLevel,
  idParent: number,
  nama: string,
) => Promise<number>;

/** How one kind of import file is checked, compared with what is stored, and written. */
export interface RowKind<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** What makes a row the same thing as another (a second one in a file is an error). */
  keyOf(row: z.output<S>): string;
  /** Compares a row with its stored copy; writes nothing unless `regionId` creates regions. */
  step(db: Kysely<Database>, row: z.output<S>, regionId: RegionIdOf): Promise<Step>;
  /** Runs in the import's transaction after all its rows. */
  after?(trx: Transaction<Database>, report: ImportReport): Promise<void>;
}

/** Stands for a region an import would create: no stored row has this id. */
const NEW_REGION = 0;

/** Applying an import creates the regions its rows name. */
export const createRegions: RegionIdOf = ensureRegion;

/** A preview only looks regions up; one that does not exist yet gets NEW_REGION. */
export const lookUpRegions: RegionIdOf = async (db, level, idParent, nama) =>
  idParent === NEW_REGION ? NEW_REGION : ((await findRegion(db, level, idParent, nama)) ?? NEW_REGION);

/** Compares the stored values of a row with the imported ones, field by field. */
function sameValues(stored: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.entries(next).every(([k, v]) => stored[k] === v);
}

/** The step of a row by its stored copy: new, unchanged, or changed. */
function stepOf<T extends object>(
  stored: T | undefined,
  values: Record<string, unknown>,
  insert: (trx: Transaction<Database>, now: string) => Promise<void>,
  update: (trx: Transaction<Database>, stored: T) => Promise<void>,
): Step {
  if (!stored) return { outcome: 'baru', write: insert };
  if (sameValues(stored as Record<string, unknown>, values)) return { outcome: 'tetap' };
  return { outcome: 'diperbarui', write: (trx) => update(trx, stored) };
}

/** Events by id_ukt (the committee's own ids). */
function kegiatanKind(orgId: number): RowKind<typeof KegiatanFileRow> {
  return {
    schema: KegiatanFileRow,
    keyOf: (row) => `id_ukt ${row.id_ukt}`,
    async step(db, row) {
      const stored = await findKegiatanInAnyOrganisasi(db, row.id_ukt);
      if (stored && stored.id_organisasi !== orgId)
        return { problem: { field: 'id_ukt', message: `id_ukt ${row.id_ukt} milik organisasi lain` } };
      const values = { ...row, id_organisasi: orgId };
      return stepOf(
        stored,
        values,
        (trx) => insertKegiatan(trx, values),
        (trx) => updateKegiatan(trx, row.id_ukt, values),
      );
    },
    after: (trx) => syncIdSequence(trx, 'ukt', 'id_ukt'),
  };
}

/** Examiners by number; their perwapus and cabang by name. */
function pengujiKind(orgId: number): RowKind<typeof PengujiFileRow> {
  return {
    schema: PengujiFileRow,
    keyOf: (row) => `no_wa ${row.no_wa}`,
    async step(db, row, regionId) {
      const id_perwapus = row.perwapus ? await regionId(db, 'perwapus', orgId, row.perwapus) : null;
      const id_cabang =
        row.cabang && id_perwapus !== null ? await regionId(db, 'cabang', id_perwapus, row.cabang) : null;
      const values = { nama: row.nama, panitia: row.panitia, dewan: row.dewan, id_perwapus, id_cabang };
      const stored = await findPengujiByNoWa(db, orgId, row.no_wa);
      return stepOf(
        stored,
        values,
        (trx, now) =>
          insertPenguji(trx, {
            ...values,
            id_organisasi: orgId,
            no_wa: row.no_wa,
            img_profile: '',
            created_at: now,
          }),
        (trx, { id_pemilih }) => updatePenguji(trx, id_pemilih, values),
      );
    },
  };
}

/** Participants of one event by no_urut; their regions by name. */
function siswaKind(orgId: number, idUkt: number): RowKind<typeof SiswaFileRow> {
  return {
    schema: SiswaFileRow,
    keyOf: (row) => `no_urut ${row.no_urut}`,
    async step(db, row, regionId) {
      const id_perwapus = await regionId(db, 'perwapus', orgId, row.perwapus);
      const id_cabang = await regionId(db, 'cabang', id_perwapus, row.cabang);
      const id_ranting = await regionId(db, 'ranting', id_cabang, row.ranting);
      const id_rayon = await regionId(db, 'rayon', id_ranting, row.rayon);
      const values = {
        nama: row.nama,
        nama_cari: searchForm(row.nama),
        provinsi: row.provinsi,
        id_perwapus,
        id_cabang,
        id_ranting,
        id_rayon,
      };
      const stored = await findSiswaByNoUrut(db, idUkt, row.no_urut);
      return stepOf(
        stored,
        values,
        (trx) => insertSiswa(trx, { ...values, id_ukt: idUkt, no_urut: row.no_urut }),
        (trx, { id_siswa }) => updateSiswa(trx, id_siswa, values),
      );
    },
    async after(trx, report) {
      // Cached list pages of every server process go stale with this commit.
      if (report.baru || report.diperbarui) await bumpRosterVersion(trx);
    },
  };
}

/** A belt's KESHAN questions by no. */
function soalKind(orgId: number, tingkat: number): RowKind<typeof SoalFileRow> {
  return {
    schema: SoalFileRow,
    keyOf: (row) => `no ${row.no}`,
    async step(db, row) {
      const stored = await findSoal(db, orgId, tingkat, row.no);
      return stepOf(
        stored,
        row,
        (trx) => insertSoal(trx, { ...row, id_organisasi: orgId, id_tingkat: tingkat }),
        (trx, { id_soal }) => updateSoal(trx, id_soal, row),
      );
    },
  };
}

/** The kind of rows a target imports; participants need their event to exist first. */
export async function rowKindOf(db: Kysely<Database>, orgId: number, target: ImportTarget): Promise<RowKind> {
  switch (target.kind) {
    case 'kegiatan':
      return kegiatanKind(orgId);
    case 'penguji':
      return pengujiKind(orgId);
    case 'siswa':
      if (!(await findKegiatanById(db, orgId, target.idUkt)))
        throw notFound(`Kegiatan id_ukt ${target.idUkt} tidak ada. Impor kegiatan dulu.`);
      return siswaKind(orgId, target.idUkt);
    case 'soal':
      return soalKind(orgId, target.idTingkat);
  }
}
