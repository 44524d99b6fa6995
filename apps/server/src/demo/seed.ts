import { seededRng } from '@ukt/core';
import type { Kysely } from 'kysely';
import { syncIdSequence } from '../db/sequences';
import type { Database } from '../db/types';
import { bumpRosterVersion } from '../db/versions';
import { searchForm } from '../lib/search-form';
import { insertKegiatan, listKegiatan } from '../modules/kegiatan/kegiatan.repository';
import { insertSoalBatch } from '../modules/keshan/keshan.repository';
import { ensureOrganisasi } from '../modules/organisasi/organisasi.repository';
import { findPengujiByNoWa, insertPenguji } from '../modules/penguji/penguji.repository';
import { ensureRegionPath } from '../modules/regions/regions.repository';
import { insertSiswaBatch } from '../modules/siswa/siswa.repository';
import { listSiswaIds, listSoalIds, markDemo } from './demo.repository';
import { demoName, demoRegionPaths } from './names';
import { demoSoal } from './questions';

/** The demo examiners; browser tests log in with these exact numbers. */
export const DEMO_EXAMINERS = [
  { no_wa: '6281100000001', nama: 'Budi Santoso', panitia: 'Admin', dewan: 1 },
  { no_wa: '6281100000002', nama: 'Siti Rahayu', panitia: 'Penguji', dewan: 1 },
  { no_wa: '6281100000003', nama: 'Agus Wijaya', panitia: 'Penguji', dewan: 2 },
] as const;

/** The demo organisation's name; a trial run is ended under the committee's own (demo/hapus-demo.service.ts). */
export const DEMO_NAMA_ORGANISASI = 'Perguruan Pencak Silat Demo';

/** The one line a start that made the demo logs. */
export const DEMO_LOG_LINE =
  'Data demo dibuat: 3 penguji (6281100000001, 6281100000002, 6281100000003), 2 kegiatan. Hapus setelah mencoba: npm run ukt -- demo hapus';

/** Creates the organisation under the demo's name if it is missing, then fills it with the demo. */
export async function seedDemoOrganisasi(
  db: Kysely<Database>,
  idOrganisasi: number,
  now: Date,
): Promise<void> {
  await ensureOrganisasi(db, idOrganisasi, DEMO_NAMA_ORGANISASI, now.toISOString());
  await seedDemo(db, idOrganisasi, now);
}

const day = (base: Date, offset: number) =>
  new Date(base.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Fills an organisation with demo data: two events (id_ukt 1 belt 1, id_ukt 2 belt 4) around
 * today, 200 participants spread over every rayon, 20 KESHAN questions per belt and the three
 * demo examiners, each row marked as the demo's so it can be removed again (demo/hapus-demo.service.ts).
 * Deterministic, and does nothing if the organisation already has events.
 */
export async function seedDemo(db: Kysely<Database>, idOrganisasi: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if ((await listKegiatan(trx, idOrganisasi)).length) return;
    const createdAt = now.toISOString();
    const regions: Awaited<ReturnType<typeof ensureRegionPath>>[] = [];
    for (const path of demoRegionPaths()) regions.push(await ensureRegionPath(trx, idOrganisasi, path));
    const first = regions[0] as (typeof regions)[number];
    for (const level of ['perwapus', 'cabang', 'ranting', 'rayon'] as const) {
      const ids = new Set(regions.map((r) => r[`id_${level}`]));
      await markDemo(trx, idOrganisasi, level, [...ids]);
    }

    for (const e of DEMO_EXAMINERS) {
      if (await findPengujiByNoWa(trx, idOrganisasi, e.no_wa)) continue;
      await insertPenguji(trx, {
        ...e,
        id_organisasi: idOrganisasi,
        id_perwapus: first.id_perwapus,
        id_cabang: first.id_cabang,
        img_profile: '',
        created_at: createdAt,
      });
      const made = await findPengujiByNoWa(trx, idOrganisasi, e.no_wa);
      if (made) await markDemo(trx, idOrganisasi, 'penguji', [made.id_pemilih]);
    }

    const events = [
      {
        nama_ukt: 'UKT Sabuk Polos Ke Jambon',
        nama_kegiatan: 'Ujian Kenaikan Tingkat I',
        // Yesterday and today: a two-day exam whose last day is today, so it may be ratified today.
        tanggal_tes: day(now, -1),
        akhir_tes: day(now, 0),
        id_tingkat: 1,
        count: 120,
      },
      {
        nama_ukt: 'UKT Sabuk Putih Ke Calon Warga',
        nama_kegiatan: 'Ujian Kenaikan Tingkat IV',
        tanggal_tes: day(now, 7),
        akhir_tes: day(now, 7),
        id_tingkat: 4,
        count: 80,
      },
    ];
    const rng = seededRng(20261121);
    for (const [index, { count, ...event }] of events.entries()) {
      const id_ukt = index + 1;
      await insertKegiatan(trx, { id_ukt, id_organisasi: idOrganisasi, ...event });
      const rows = Array.from({ length: count }, (_, i) => {
        const region = regions[i % regions.length] as (typeof regions)[number];
        const nama = demoName(rng);
        return {
          id_ukt,
          no_urut: i + 1,
          nama,
          nama_cari: searchForm(nama),
          provinsi: 'Jawa Timur',
          ...region,
        };
      });
      await insertSiswaBatch(trx, rows);
      await markDemo(trx, idOrganisasi, 'ukt', [id_ukt]);
      await markDemo(trx, idOrganisasi, 'siswa', await listSiswaIds(trx, id_ukt));
    }
    await bumpRosterVersion(trx);

    const before = new Set(await listSoalIds(trx, idOrganisasi));
    for (let tingkat = 1; tingkat <= 5; tingkat++) {
      const rows = demoSoal(tingkat).map((q) => ({
        ...q,
        id_organisasi: idOrganisasi,
        id_tingkat: tingkat,
      }));
      await insertSoalBatch(trx, rows);
    }
    const made = (await listSoalIds(trx, idOrganisasi)).filter((id) => !before.has(id));
    await markDemo(trx, idOrganisasi, 'soal', made);
  });
  await syncIdSequence(db, 'ukt', 'id_ukt');
}
