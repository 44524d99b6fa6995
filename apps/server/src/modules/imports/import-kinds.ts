import { PESERTA_DIJAGA, PESERTA_KUNCI, TINGKAT_WILAYAH } from '@ukt/core';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { syncIdSequence } from '../../db/sequences';
import type { Database } from '../../db/types';
import { bumpRosterVersion } from '../../db/versions';
import { notFound } from '../../lib/errors';
import { findKegiatanById, findKegiatanByIds, upsertKegiatanBatch } from '../kegiatan/kegiatan.repository';
import { findSoalByNos, listJawabanBenar, upsertSoalBatch } from '../keshan/keshan.repository';
import { siswaWithJawaban } from '../keshan/keshan-jawaban.repository';
import { changedSoal, type JawabanKey, keyOf, regradeKeshan } from '../keshan/keshan-regrade.service';
import { siswaWithNilai } from '../nilai/nilai.repository';
import { findPengujiByNoWas, upsertPengujiBatch } from '../penguji/penguji.repository';
import { findSiswaByNoUruts, upsertSiswaBatch } from '../siswa/siswa.repository';
import { type SiswaRow, siswaRow } from '../siswa/siswa-row';
import type { ImportReport, ImportTarget } from './import-target';
import type { RegionCache } from './region-cache';
import { KegiatanFileRow, PengujiFileRow, SiswaFileRow, SoalFileRow } from './row-schemas';

type Db = Kysely<Database> | Transaction<Database>;
type Stored = Record<string, unknown>;

/** What a row stores (its columns, regions resolved to ids), or why it cannot be stored. */
export type RowValues = { values: Stored } | { problem: { field: string; message: string } };

/** What the import runs with besides its rows: the time, and who acts (0: the command line). */
export interface ImportContext {
  now: string;
  idPemilih: number;
}

/**
 * How one kind of import file is checked, compared with what is stored, and written: a chunk of
 * rows at a time, each step one query (docs/decisions/037).
 */
export interface RowKind<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The tables a large import of this kind fills, whose planner statistics are then renewed. */
  tables: (keyof Database)[];
  /** The column that says which stored row a file row is (a second one in a file is an error). */
  keyField: string;
  keyOf(row: z.output<S>): string | number;
  /** The stored copies of a chunk's rows, by key: one query. */
  stored(db: Db, keys: (string | number)[]): Promise<Map<string | number, Stored>>;
  /** The columns a row stores, compared with its stored copy (regions are looked up or created). */
  valuesOf(
    row: z.output<S>,
    stored: Stored | undefined,
    regions: RegionCache,
    line: number,
  ): RowValues | Promise<RowValues>;
  /** Writes a chunk's new and changed rows: one multi-row upsert. */
  write(trx: Transaction<Database>, rows: { row: z.output<S>; values: Stored }[], now: string): Promise<void>;
  /**
   * The file fields whose change on a row that already has scores (a participant examined) is
   * listed apart and written only when the committee confirms it (docs/decisions/149).
   */
  guarded?: readonly string[];
  /** Which of the stored copies (by key) already have scores: one query. */
  scored?(db: Db, stored: Stored[]): Promise<Set<string | number>>;
  /** Runs in the import's transaction before its rows. */
  begin?(trx: Transaction<Database>): Promise<void>;
  /** Runs in the import's transaction after all its rows. */
  after?(trx: Transaction<Database>, report: ImportReport, context: ImportContext): Promise<void>;
}

/** The tables an import of participants fills (the participants and the regions it creates). */
export const ROSTER_TABLES: (keyof Database)[] = ['siswa', 'perwapus', 'cabang', 'ranting', 'rayon'];

const byKey = <T extends Stored>(rows: T[], key: (row: T) => string | number) =>
  new Map<string | number, Stored>(rows.map((r) => [key(r), r]));

/** Events by id_ukt (the committee's own ids). */
function kegiatanKind(orgId: number): RowKind<typeof KegiatanFileRow> {
  return {
    schema: KegiatanFileRow,
    tables: ['ukt'],
    keyField: 'id_ukt',
    keyOf: (row) => row.id_ukt,
    stored: async (db, ids) => byKey(await findKegiatanByIds(db, ids as number[]), (r) => r.id_ukt),
    valuesOf(row, stored) {
      if (stored && stored.id_organisasi !== orgId)
        return {
          problem: { field: 'id_ukt', message: `ID kegiatan ${row.id_ukt} sudah dipakai organisasi lain` },
        };
      return { values: { ...row, id_organisasi: orgId } };
    },
    write: (trx, rows) =>
      upsertKegiatanBatch(
        trx,
        rows.map(({ row }) => ({ ...row, id_organisasi: orgId })),
      ),
    after: (trx) => syncIdSequence(trx, 'ukt', 'id_ukt'),
  };
}

/** Examiners by number; their perwapus and cabang by name. */
function pengujiKind(orgId: number): RowKind<typeof PengujiFileRow> {
  return {
    schema: PengujiFileRow,
    tables: ['penguji'],
    keyField: 'no_wa',
    keyOf: (row) => row.no_wa,
    stored: async (db, noWas) =>
      byKey(await findPengujiByNoWas(db, orgId, noWas as string[]), (r) => r.no_wa),
    async valuesOf(row, _stored, regions, line) {
      // Checked with the stored copy: a file without Perwapus keeps the stored one (docs/decisions/156).
      if (row.cabang && !row.perwapus)
        return { problem: { field: 'perwapus', message: 'Cabang diisi tanpa Perwapus' } };
      const names = [row.perwapus, row.cabang].filter(Boolean);
      const [id_perwapus = null, id_cabang = null] = await regions.path(names, line);
      return { values: { nama: row.nama, panitia: row.panitia, dewan: row.dewan, id_perwapus, id_cabang } };
    },
    write: (trx, rows, now) =>
      upsertPengujiBatch(
        trx,
        rows.map(({ row, values }) => ({
          ...(values as { nama: string; panitia: string; dewan: number }),
          id_perwapus: values.id_perwapus as number | null,
          id_cabang: values.id_cabang as number | null,
          id_organisasi: orgId,
          no_wa: row.no_wa,
          img_profile: '',
          created_at: now,
        })),
      ),
  };
}

/** Participants of one event by no_urut; their regions by name. */
function siswaKind(idUkt: number): RowKind<typeof SiswaFileRow> {
  return {
    schema: SiswaFileRow,
    tables: ROSTER_TABLES,
    keyField: PESERTA_KUNCI,
    keyOf: (row) => row.no_urut,
    stored: async (db, nos) => byKey(await findSiswaByNoUruts(db, idUkt, nos as number[]), (r) => r.no_urut),
    // The name and regions are printed on the score sheets and certificates of who was examined.
    guarded: PESERTA_DIJAGA,
    // Examined: a score that is not deleted, or a KESHAN answer sheet.
    async scored(db, rows) {
      const idSiswas = rows.map((r) => Number(r.id_siswa));
      const [scored, answered] = await Promise.all([
        siswaWithNilai(db, idUkt, idSiswas),
        siswaWithJawaban(db, idUkt, idSiswas),
      ]);
      const ids = new Set([...scored, ...answered]);
      return new Set(rows.filter((r) => ids.has(Number(r.id_siswa))).map((r) => r.no_urut as number));
    },
    valuesOf(row, _stored, regions, line) {
      const values = ([id_perwapus, id_cabang, id_ranting, id_rayon]: number[]) => ({
        values: siswaRow(row, {
          id_perwapus: id_perwapus as number,
          id_cabang: id_cabang as number,
          id_ranting: id_ranting as number,
          id_rayon: id_rayon as number,
        }),
      });
      const ids = regions.path(
        TINGKAT_WILAYAH.map((level) => row[level]),
        line,
      );
      return Array.isArray(ids) ? values(ids) : ids.then(values);
    },
    write: (trx, rows) =>
      upsertSiswaBatch(
        trx,
        rows.map(({ row, values }) => ({ ...(values as SiswaRow), id_ukt: idUkt, no_urut: row.no_urut })),
      ),
    async after(trx, report) {
      // Cached list pages of every server process go stale with this commit.
      if (report.baru || report.diperbarui) await bumpRosterVersion(trx);
    },
  };
}

/** A belt's KESHAN questions by no; a changed key re-grades the belt's stored sheets. */
function soalKind(orgId: number, tingkat: number): RowKind<typeof SoalFileRow> {
  let before: JawabanKey = new Map();
  return {
    schema: SoalFileRow,
    tables: ['soal'],
    keyField: 'no',
    keyOf: (row) => row.no,
    stored: async (db, nos) => byKey(await findSoalByNos(db, orgId, tingkat, nos as number[]), (r) => r.no),
    valuesOf: (row) => ({ values: row }),
    write: (trx, rows) =>
      upsertSoalBatch(
        trx,
        rows.map(({ row }) => ({ ...row, id_organisasi: orgId, id_tingkat: tingkat })),
      ),
    async begin(trx) {
      // The key as it was, locked: sheets are graded against it or against the new one, never between.
      before = keyOf(await listJawabanBenar(trx, orgId, tingkat, 'update'));
    },
    async after(trx, report, { now, idPemilih }) {
      if (!report.baru && !report.diperbarui) return;
      const rows = await listJawabanBenar(trx, orgId, tingkat);
      const after = keyOf(rows);
      const changed = new Set(changedSoal(before, after));
      const nos = rows.filter((r) => changed.has(r.id_soal)).map((r) => r.no);
      if (!nos.length) return;
      await regradeKeshan(trx, {
        idOrganisasi: orgId,
        idTingkat: tingkat,
        before,
        after,
        idPemilih,
        reason: `Soal KESHAN diimpor: kunci jawaban soal no ${nos.sort((a, b) => a - b).join(', ')} berubah`,
        source: 'impor',
        now,
      });
    },
  };
}

/** The kind of rows a target imports; participants need their event to exist first (404). */
export async function rowKindOf(db: Kysely<Database>, orgId: number, target: ImportTarget): Promise<RowKind> {
  switch (target.kind) {
    case 'kegiatan':
      return kegiatanKind(orgId) as unknown as RowKind;
    case 'penguji':
      return pengujiKind(orgId) as unknown as RowKind;
    case 'siswa':
      if (!(await findKegiatanById(db, orgId, target.idUkt)))
        throw notFound(`Kegiatan dengan ID ${target.idUkt} tidak ada. Impor kegiatan dulu.`);
      return siswaKind(target.idUkt) as unknown as RowKind;
    case 'soal':
      return soalKind(orgId, target.idTingkat) as unknown as RowKind;
  }
}
