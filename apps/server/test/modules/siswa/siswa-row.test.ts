import { API, PanitiaPeserta, PESERTA_FIELDS_DATA } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SISWA_ROW_COLUMNS, siswaRow } from '../../../src/modules/siswa/siswa-row';
import { api, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { multipartSheet } from '../../support/multipart';

describe('a participant’s stored row', () => {
  it('holds the fields, the name’s search form and the four region ids, the upsert’s columns', () => {
    const row = siswaRow(
      { nama: 'Siti Aminah', provinsi: 'Jawa Timur' },
      { id_perwapus: 1, id_cabang: 2, id_ranting: 3, id_rayon: 4 },
    );
    expect(row).toEqual({
      nama: 'Siti Aminah',
      provinsi: 'Jawa Timur',
      nama_cari: 'siti aminah',
      id_perwapus: 1,
      id_cabang: 2,
      id_ranting: 3,
      id_rayon: 4,
    });
    expect([...SISWA_ROW_COLUMNS].sort()).toEqual(Object.keys(row).sort());
    for (const f of PESERTA_FIELDS_DATA) expect(SISWA_ROW_COLUMNS).toContain(f.kolom);
  });
});

describe.each(DATABASES)('the import and the console store the same row on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const stored = (idSiswa: number) =>
    t.app.db
      .selectFrom('siswa')
      .select([...SISWA_ROW_COLUMNS, 'no_urut'])
      .where('id_siswa', '=', idSiswa)
      .executeTakeFirstOrThrow();

  it('for a participant saved in the console, then imported again from a file', async () => {
    const list = await api(t, admin, 'GET', `${API.panitia.peserta.href(1)}?cari=1`);
    const one = PanitiaPeserta.parse(list.json().data[0]);
    const saved = await api(t, admin, 'PUT', API.panitia.pesertaById.href(1, one.id_siswa), {
      no_urut: one.no_urut,
      nama: 'Dewi  Kartika',
      provinsi: 'Jawa Tengah',
      id_rayon: one.id_rayon,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const fromConsole = await stored(Number(one.id_siswa));
    expect(fromConsole).toMatchObject({ nama: 'Dewi  Kartika', nama_cari: 'dewi kartika' });

    const file = [
      'No. Urut,Nama,Perwapus,Cabang,Ranting,Rayon,Provinsi',
      `${one.no_urut},Dewi Kartika,${one.perwapus},${one.cabang},${one.ranting},${one.rayon},Jawa Tengah`,
    ].join('\n');
    const { payload, headers } = multipartSheet('peserta.csv', file);
    const imported = await t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${API.panitia.impor.href('peserta', '?id_ukt=1')}`,
      payload,
      headers: { ...headers, 'access-token': admin },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    // The file's name is tidied as imports tidy names; every other column is what the console stored.
    expect(await stored(Number(one.id_siswa))).toEqual({ ...fromConsole, nama: 'Dewi Kartika' });
  });
});
