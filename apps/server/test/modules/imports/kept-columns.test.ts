import { API, IMPOR_KOLOM, IMPOR_KONFIRMASI_DINILAI_FIELD, type ImporJenis, ImporPratinjau } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { multipartSheet } from '../../support/multipart';
import { writeScores } from '../../support/scores';
import { storedSiswa } from '../../support/stored-siswa';

// A column the file does not carry keeps what is stored, for every kind (docs/decisions/156): a
// committee re-importing its list to fix names keeps the provinces, an examiner's region and role
// survive a list of numbers and names. A column present with empty cells still empties them, and
// a new row gets the default as before.

const KEPT = 'Kolom tidak ada di berkas, isi yang tersimpan tetap:';

describe.each(DATABASES)('import keeps the columns a file does not carry on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const send = (path: string, csv: string, fields: Record<string, string> = {}) => {
    const { payload, headers } = multipartSheet('berkas.csv', csv, fields);
    return t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${path}`,
      payload,
      headers: { ...headers, 'access-token': admin },
    });
  };
  const preview = async (jenis: ImporJenis, query: string, lines: string[]) => {
    const res = await send(API.panitia.imporPratinjau.href(jenis, query), lines.join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    return ImporPratinjau.parse(res.json().data);
  };
  const apply = async (
    jenis: ImporJenis,
    query: string,
    lines: string[],
    fields: Record<string, string> = {},
  ) => {
    const res = await send(API.panitia.impor.href(jenis, query), lines.join('\n'), fields);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).message as string;
  };
  const kept = (p: ImporPratinjau) => p.kolom_tetap.map((k) => k.label);

  it('events: without Nama Kegiatan and Tanggal Akhir an event keeps them, a new one gets them empty', async () => {
    const event = async (id: number) =>
      t.app.db.selectFrom('ukt').selectAll().where('id_ukt', '=', id).executeTakeFirstOrThrow();
    await apply('kegiatan', '', [
      'id_ukt,nama_ukt,nama_kegiatan,tanggal_tes,akhir_tes,id_tingkat',
      '701,UKT Kolom,Ujian Kenaikan Sabuk,2026-12-01,2026-12-02,2',
    ]);
    const short = [
      'ID Kegiatan,Nama UKT,Tanggal Tes,Tingkat',
      '701,UKT Kolom Baru,2026-12-01,2',
      '702,UKT Lain,2026-12-03,1',
    ];

    const p = await preview('kegiatan', '', short);
    expect(p.kolom_tetap).toEqual([
      { kolom: 'nama_kegiatan', label: 'Nama Kegiatan' },
      { kolom: 'akhir_tes', label: 'Tanggal Akhir' },
    ]);
    expect(p).toMatchObject({ baru: 1, diperbarui: 1, tetap: 0 });
    expect(p.baris[0]?.perubahan).toEqual([
      { kolom: 'nama_ukt', label: 'Nama UKT', lama: 'UKT Kolom', baru: 'UKT Kolom Baru' },
    ]);
    expect(p.baris[0]?.data).toMatchObject({
      nama_kegiatan: 'Ujian Kenaikan Sabuk',
      akhir_tes: '2026-12-02',
    });

    expect(await apply('kegiatan', '', short)).toBe(
      `Impor selesai: 1 baru, 1 diperbarui, 0 tidak berubah. ${KEPT} Nama Kegiatan, Tanggal Akhir. Untuk mengosongkannya, tambahkan kolom itu dengan sel kosong.`,
    );
    expect(await event(701)).toMatchObject({
      nama_ukt: 'UKT Kolom Baru',
      nama_kegiatan: 'Ujian Kenaikan Sabuk',
      akhir_tes: '2026-12-02',
    });
    expect(await event(702)).toMatchObject({ nama_ukt: 'UKT Lain', nama_kegiatan: '', akhir_tes: null });
    // The same file again changes nothing: an absent column is no change.
    expect(await preview('kegiatan', '', short)).toMatchObject({ baru: 0, diperbarui: 0, tetap: 2 });

    const emptied = [
      'id_ukt,nama_ukt,nama_kegiatan,tanggal_tes,akhir_tes,id_tingkat',
      '701,UKT Kolom Baru,,2026-12-01,,2',
    ];
    const q = await preview('kegiatan', '', emptied);
    expect(q.kolom_tetap).toEqual([]);
    expect(q.catatan.join(' ')).not.toContain(KEPT);
    expect(q.baris[0]?.perubahan.map((c) => [c.label, c.lama, c.baru])).toEqual([
      ['Nama Kegiatan', 'Ujian Kenaikan Sabuk', ''],
      ['Tanggal Akhir', '2026-12-02', ''],
    ]);
    expect(await apply('kegiatan', '', emptied)).toBe(
      'Impor selesai: 0 baru, 1 diperbarui, 0 tidak berubah.',
    );
    expect(await event(701)).toMatchObject({ nama_kegiatan: '', akhir_tes: null });
  });

  it('examiners: a list of numbers and names keeps their regions, role and dewan; empty cells empty them', async () => {
    const examiner = async (noWa: string) =>
      t.app.db
        .selectFrom('penguji')
        .leftJoin('perwapus', 'perwapus.id', 'penguji.id_perwapus')
        .leftJoin('cabang', 'cabang.id', 'penguji.id_cabang')
        .select([
          'penguji.nama',
          'penguji.panitia',
          'penguji.dewan',
          'perwapus.nama as perwapus',
          'cabang.nama as cabang',
        ])
        .where('penguji.no_wa', '=', noWa)
        .executeTakeFirstOrThrow();
    await apply('penguji', '', [
      'no_wa,nama,perwapus,cabang,panitia,dewan',
      '081399990001,Bambang Kolom,Perwapus Kolom,Cabang Kolom,Penguji,3',
    ]);
    const short = ['No. WhatsApp,Nama', '081399990001,Bambang Kolom Baru', '081399990002,Dewi Kolom'];

    const p = await preview('penguji', '', short);
    expect(kept(p)).toEqual(['Perwapus', 'Cabang', 'Peran', 'Dewan']);
    expect(p).toMatchObject({ baru: 1, diperbarui: 1 });
    expect(p.baris[0]?.perubahan).toEqual([
      { kolom: 'nama', label: 'Nama', lama: 'Bambang Kolom', baru: 'Bambang Kolom Baru' },
    ]);
    // The kept regions are the stored ones: nothing new to create or decide.
    expect(p.wilayah).toEqual([]);

    await apply('penguji', '', short);
    expect(await examiner('6281399990001')).toEqual({
      nama: 'Bambang Kolom Baru',
      perwapus: 'Perwapus Kolom',
      cabang: 'Cabang Kolom',
      panitia: 'Penguji',
      dewan: 3,
    });
    expect(await examiner('6281399990002')).toEqual({
      nama: 'Dewi Kolom',
      perwapus: null,
      cabang: null,
      panitia: '',
      dewan: 1,
    });

    // Only the cabang changes: it is looked for under the kept perwapus.
    const cabangOnly = ['no_wa,nama,cabang', '081399990001,Bambang Kolom Baru,Cabang Kedua'];
    const c = await preview('penguji', '', cabangOnly);
    expect(c.kesalahan).toEqual([]);
    expect(c.wilayah.map((w) => [w.tingkat, w.nama, w.induk])).toEqual([
      ['cabang', 'Cabang Kedua', ['Perwapus Kolom']],
    ]);
    await apply('penguji', '', cabangOnly);
    expect(await examiner('6281399990001')).toMatchObject({
      perwapus: 'Perwapus Kolom',
      cabang: 'Cabang Kedua',
    });

    // A new examiner with a cabang and no perwapus to keep is still refused, naming the column.
    const orphan = await send(
      API.panitia.impor.href('penguji', ''),
      ['no_wa,nama,cabang', '081399990003,Eko Kolom,Cabang Kedua'].join('\n'),
    );
    expect(orphan.statusCode).toBe(400);
    expect(body(orphan).message).toContain('baris 2, kolom Perwapus: Cabang diisi tanpa Perwapus');

    await apply('penguji', '', [
      'no_wa,nama,perwapus,cabang,panitia,dewan',
      '081399990001,Bambang Kolom Baru,,,,',
    ]);
    expect(await examiner('6281399990001')).toMatchObject({
      perwapus: null,
      cabang: null,
      panitia: '',
      dewan: 1,
    });
  });

  it('participants: a re-import without Provinsi keeps every province and asks no confirmation for examined ones', async () => {
    const header = 'no_urut,nama,perwapus,cabang,ranting,rayon,provinsi';
    await apply('peserta', '?id_ukt=1', [
      header,
      '9301,Ani Kolom,Perwapus Kolom,Cabang Kolom,Ranting Kolom,Rayon Kolom,Jawa Timur',
      '9302,Budi Kolom,Perwapus Kolom,Cabang Kolom,Ranting Kolom,Rayon Kolom,Jawa Tengah',
    ]);
    await writeScores(t, admin, 1, 1, (await storedSiswa(t, 9302)).id_siswa, { jurus: 75 });
    const noProvinsi = [
      'No. Urut,Nama,Perwapus,Cabang,Ranting,Rayon',
      '9301,Ani Kolom Lestari,Perwapus Kolom,Cabang Kolom,Ranting Kolom,Rayon Kolom',
      '9302,Budi Kolom,Perwapus Kolom,Cabang Kolom,Ranting Kolom,Rayon Kolom',
      '9303,Citra Kolom,Perwapus Kolom,Cabang Kolom,Ranting Kolom,Rayon Kolom',
    ];

    const p = await preview('peserta', '?id_ukt=1', noProvinsi);
    expect(p.kolom_tetap).toEqual([{ kolom: 'provinsi', label: 'Provinsi' }]);
    expect(p).toMatchObject({ baru: 1, diperbarui: 1, tetap: 1, jumlah_dinilai: 0, dinilai: [] });
    expect(p.baris.map((b) => [b.data.no_urut, b.status, b.data.provinsi])).toEqual([
      [9301, 'diperbarui', 'Jawa Timur'],
      [9302, 'tetap', 'Jawa Tengah'],
      [9303, 'baru', ''],
    ]);
    expect(p.baris[0]?.perubahan.map((c) => c.kolom)).toEqual(['nama']);

    // One bad row: nothing of the file is written.
    const bad = await send(
      API.panitia.impor.href('peserta', '?id_ukt=1'),
      [...noProvinsi, 'x,Dedi Kolom,Perwapus Kolom,Cabang Kolom,Ranting Kolom,Rayon Kolom'].join('\n'),
    );
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('baris 5, kolom No. Urut: harus bilangan bulat');
    expect((await storedSiswa(t, 9301)).nama).toBe('Ani Kolom');

    // No confirmation asked: the examined participant's province is no change.
    expect(await apply('peserta', '?id_ukt=1', noProvinsi)).toContain(`${KEPT} Provinsi.`);
    expect((await storedSiswa(t, 9301)).provinsi).toBe('Jawa Timur');
    expect((await storedSiswa(t, 9302)).provinsi).toBe('Jawa Tengah');
    expect((await storedSiswa(t, 9303)).provinsi).toBe('');

    // Present and empty: the provinces are emptied, the examined one only once confirmed.
    const emptied = [
      header,
      '9301,Ani Kolom Lestari,Perwapus Kolom,Cabang Kolom,Ranting Kolom,Rayon Kolom,',
      '9302,Budi Kolom,Perwapus Kolom,Cabang Kolom,Ranting Kolom,Rayon Kolom,',
    ];
    const q = await preview('peserta', '?id_ukt=1', emptied);
    expect(q.kolom_tetap).toEqual([]);
    expect(q).toMatchObject({ diperbarui: 2, jumlah_dinilai: 1 });
    expect(q.dinilai[0]?.perubahan).toEqual([
      { kolom: 'provinsi', label: 'Provinsi', lama: 'Jawa Tengah', baru: '' },
    ]);
    await apply('peserta', '?id_ukt=1', emptied, { [IMPOR_KONFIRMASI_DINILAI_FIELD]: '1' });
    expect((await storedSiswa(t, 9301)).provinsi).toBe('');
    expect((await storedSiswa(t, 9302)).provinsi).toBe('');
  });

  it('questions: every column is required, so a file without one is refused and nothing is kept or written', async () => {
    expect(IMPOR_KOLOM.soal.filter((c) => !c.wajib)).toEqual([]);
    const full = [
      'no,soal_tanya,a,b,c,d,jawaban_benar',
      '1,Apa warna sabuk pertama?,Putih,Hijau,Biru,Hitam,a',
    ];
    expect((await preview('soal', '?tingkat=3', full)).kolom_tetap).toEqual([]);
    const res = await send(
      API.panitia.imporPratinjau.href('soal', '?tingkat=3'),
      ['no,soal_tanya,a,b,c,d', '1,Apa warna sabuk pertama?,Putih,Hijau,Biru,Hitam'].join('\n'),
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain('kolom "Kunci Jawaban" tidak ada');
  });
});
