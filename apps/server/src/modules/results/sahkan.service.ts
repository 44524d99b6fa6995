import {
  formatTanggal,
  hariTandaTangan,
  hariTerakhirUjian,
  type SahkanBody,
  type SahkanRingkasan,
  sebelumHariUjian,
  type ZonaWaktu,
} from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { conflict } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
import { insertAudit, lastSahkanAudit } from '../audit/audit.repository';
import { requireKegiatan } from '../kegiatan/kegiatan.service';
import { clearDisahkan, setDisahkan } from '../kegiatan/kegiatan-sahkan.repository';
import { sumTertunda } from '../penguji/penguji-tertunda.repository';
import { buildRekap } from './rekap.service';

// Ratifying an event's scores (DESIGN §10): from then on every score write for it, take and
// release is refused with 409 (kegiatan-sahkan.service's assertNotDisahkan); un-ratifying needs a
// reason. Both are audit rows of the whole event: field 'sahkan', no participant (id_siswa 0),
// 1 ratified / 0 not, source 'pengesahan' (docs/decisions/041, 111). Before ratifying, the
// console reads what would be sealed: incomplete participants, scores phones still hold, and
// whether the exam's last day is ahead (docs/decisions/111). Before that day ratifying is refused
// unless done as "Sahkan lebih awal" with a reason: the audit row keeps it, the berita acara prints
// it (docs/decisions/140).

/** The audit reason of an early ratification starts so; what follows is the committee's reason. */
const LEBIH_AWAL = 'Sahkan lebih awal: ';

/** The committee's reason when the ratification in force was done early, else null. */
export async function alasanLebihAwal(db: Kysely<Database>, idUkt: number): Promise<string | null> {
  const last = await lastSahkanAudit(db, idUkt);
  if (!last || Number(last.new_value) !== 1 || !last.reason?.startsWith(LEBIH_AWAL)) return null;
  return last.reason.slice(LEBIH_AWAL.length);
}

/** What ratifying the event now would seal, for the console's confirmation. */
export async function sahkanRingkasan(
  db: Kysely<Database>,
  admin: AuthPenguji,
  idUkt: number,
  now: string,
  zona: ZonaWaktu,
): Promise<SahkanRingkasan> {
  const kegiatan = await requireKegiatan(db, admin, idUkt);
  const { meta } = await buildRekap(db, admin.id_organisasi, idUkt, {
    status: 'semua',
    urut: 'no_urut',
    arah: 'naik',
  });
  const { Lulus: lulus, 'Tidak Lulus': tidakLulus, 'Belum lengkap': belumLengkap } = meta.total;
  return {
    disahkan: kegiatan.disahkan_at !== null,
    peserta: lulus + tidakLulus + belumLengkap,
    lengkap: lulus + tidakLulus,
    belum_lengkap: belumLengkap,
    lulus,
    tidak_lulus: tidakLulus,
    mundur: meta.mundur,
    tertunda: await sumTertunda(db, idUkt),
    hari_terakhir_ujian: hariTerakhirUjian(kegiatan),
    sebelum_hari_ujian: sebelumHariUjian(now, kegiatan, zona),
    tanggal_tanda_tangan: hariTandaTangan(kegiatan.disahkan_at, now, kegiatan, zona),
    zona_waktu: zona,
    alasan_lebih_awal: kegiatan.disahkan_at ? await alasanLebihAwal(db, idUkt) : null,
  };
}

/** The audit row of a ratification (1, with the reason when early) or of its withdrawal (0, with the reason). */
function sahkanAudit(
  admin: AuthPenguji,
  kegiatan: { id_ukt: number; id_tingkat: number },
  now: string,
  disahkan: 0 | 1,
  reason: string | null,
) {
  return {
    at: now,
    id_pemilih: admin.id_pemilih,
    id_siswa: 0,
    id_ukt: kegiatan.id_ukt,
    id_tingkat: kegiatan.id_tingkat,
    field: 'sahkan',
    old_value: 1 - disahkan,
    new_value: disahkan,
    reason,
    source: 'pengesahan' as const,
  };
}

/**
 * Ratifies an event; 409 when it already is, and before its last exam day unless `body` asks for
 * it early with a reason.
 */
export async function sahkanKegiatan(
  db: Kysely<Database>,
  writer: Writer,
  admin: AuthPenguji,
  idUkt: number,
  body: SahkanBody,
  now: string,
  zona: ZonaWaktu,
): Promise<void> {
  const kegiatan = await requireKegiatan(db, admin, idUkt);
  const early = sebelumHariUjian(now, kegiatan, zona);
  if (early && !body.lebih_awal) {
    throw conflict(
      `Hari ujian terakhir kegiatan ini (${formatTanggal(hariTerakhirUjian(kegiatan))}) belum lewat. ` +
        'Bila tanggal kegiatan salah, perbaiki dulu di halaman Kegiatan. Bila nilai memang perlu disahkan ' +
        'sekarang, pilih "Sahkan lebih awal" dan tulis alasannya.',
    );
  }
  const reason = early && body.alasan ? `${LEBIH_AWAL}${body.alasan}` : null;
  await writer.run(async (trx) => {
    if (!(await setDisahkan(trx, idUkt, now, admin.id_pemilih))) {
      throw conflict('Kegiatan ini sudah disahkan. Batalkan pengesahan dulu bila nilai perlu diubah.');
    }
    await insertAudit(trx, [sahkanAudit(admin, kegiatan, now, 1, reason)]);
  });
}

/** Un-ratifies an event, with the reason; 409 when it is not ratified. */
export async function batalSahkanKegiatan(
  db: Kysely<Database>,
  writer: Writer,
  admin: AuthPenguji,
  idUkt: number,
  alasan: string,
  now: string,
): Promise<void> {
  const kegiatan = await requireKegiatan(db, admin, idUkt);
  await writer.run(async (trx) => {
    if (!(await clearDisahkan(trx, idUkt))) throw conflict('Kegiatan ini belum disahkan.');
    await insertAudit(trx, [sahkanAudit(admin, kegiatan, now, 0, alasan)]);
  });
}
