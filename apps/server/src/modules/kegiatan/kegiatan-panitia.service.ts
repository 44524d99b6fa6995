import type { KegiatanInput, PanitiaKegiatan } from '@ukt/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UktTable } from '../../db/types';
import type { Writer } from '../../db/writer';
import { conflict } from '../../lib/errors';
import {
  findKegiatanById,
  insertKegiatanWithNewId,
  listKegiatan,
  updateKegiatan,
} from './kegiatan.repository';
import { kegiatanMissing } from './kegiatan.service';
import { countKegiatan, type KegiatanCounts, kegiatanHasNilai } from './kegiatan-panitia.repository';

// The console's Kegiatan page (DESIGN §9): events with their counts; create, edit, archive.

const NO_COUNTS: KegiatanCounts = { peserta: 0, penguji: 0, dinilai: 0 };

function toPanitiaKegiatan(row: Selectable<UktTable>, counts: KegiatanCounts = NO_COUNTS): PanitiaKegiatan {
  return {
    id_ukt: String(row.id_ukt),
    nama_ukt: row.nama_ukt,
    nama_kegiatan: row.nama_kegiatan,
    tanggal_tes: row.tanggal_tes,
    akhir_tes: row.akhir_tes,
    id_tingkat: String(row.id_tingkat),
    arsip: row.arsip === 1,
    jumlah_peserta: counts.peserta,
    jumlah_penguji: counts.penguji,
    peserta_dinilai: counts.dinilai,
    disahkan: row.disahkan_at !== null,
  };
}

/** The organisation's events, newest first, active ones ('0'), archived ones ('1') or all. */
export async function listPanitiaKegiatan(
  db: Kysely<Database>,
  idOrganisasi: number,
  arsip: '0' | '1' | 'semua',
): Promise<PanitiaKegiatan[]> {
  const rows = await listKegiatan(db, idOrganisasi, arsip === 'semua' ? {} : { arsip: arsip === '1' });
  const counts = await countKegiatan(db, idOrganisasi);
  return rows.map((row) => toPanitiaKegiatan(row, counts.get(row.id_ukt)));
}

/** One event of the organisation with its counts; 404 for another organisation's or an unknown id. */
export async function getPanitiaKegiatan(
  db: Kysely<Database>,
  idOrganisasi: number,
  idUkt: number,
): Promise<PanitiaKegiatan> {
  const row = await findKegiatanById(db, idOrganisasi, idUkt);
  if (!row) throw kegiatanMissing(idUkt);
  const counts = await countKegiatan(db, idOrganisasi, idUkt);
  return toPanitiaKegiatan(row, counts.get(idUkt));
}

const valuesOf = (input: KegiatanInput) => ({
  nama_ukt: input.nama_ukt,
  nama_kegiatan: input.nama_kegiatan,
  tanggal_tes: input.tanggal_tes,
  akhir_tes: input.akhir_tes,
  id_tingkat: input.id_tingkat,
});

/** Creates an event under the next free id_ukt; answers it. */
export async function createKegiatan(
  db: Kysely<Database>,
  writer: Writer,
  idOrganisasi: number,
  input: KegiatanInput,
): Promise<PanitiaKegiatan> {
  const idUkt = await writer.run((trx) =>
    insertKegiatanWithNewId(trx, { ...valuesOf(input), id_organisasi: idOrganisasi }),
  );
  return getPanitiaKegiatan(db, idOrganisasi, idUkt);
}

/**
 * Changes an event. Its belt level stays once anyone in it has a score: scores are stored per
 * belt level, so changing it would hide them from the examiners' screens (409).
 */
export async function editKegiatan(
  db: Kysely<Database>,
  writer: Writer,
  idOrganisasi: number,
  idUkt: number,
  input: KegiatanInput,
): Promise<PanitiaKegiatan> {
  await writer.run(async (trx) => {
    const stored = await findKegiatanById(trx, idOrganisasi, idUkt);
    if (!stored) throw kegiatanMissing(idUkt);
    if (stored.id_tingkat !== input.id_tingkat && (await kegiatanHasNilai(trx, idUkt))) {
      throw conflict(
        'Tingkat kegiatan ini tidak dapat diubah karena sudah ada nilai peserta. Bila tingkatnya keliru, buat kegiatan baru.',
      );
    }
    await updateKegiatan(trx, idUkt, valuesOf(input));
  });
  return getPanitiaKegiatan(db, idOrganisasi, idUkt);
}

/** Archives an event (out of the examiners' list, data kept) or brings it back. */
export async function setKegiatanArsip(
  db: Kysely<Database>,
  writer: Writer,
  idOrganisasi: number,
  idUkt: number,
  arsip: boolean,
): Promise<PanitiaKegiatan> {
  await writer.run(async (trx) => {
    if (!(await findKegiatanById(trx, idOrganisasi, idUkt))) throw kegiatanMissing(idUkt);
    await updateKegiatan(trx, idUkt, { arsip: arsip ? 1 : 0 });
  });
  return getPanitiaKegiatan(db, idOrganisasi, idUkt);
}
