import { API, IMPOR_KONFIRMASI_DINILAI_FIELD, type ImporJenis, ImporPratinjau } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { multipartSheet } from '../../support/multipart';
import { writeScores } from '../../support/scores';
import { storedSiswa } from '../../support/stored-siswa';

// What an import changes, shown before it is written (docs/decisions/149): old → new per field for
// every kind, and the changes to the name or region of a participant who already has scores
// listed apart and written only when the committee confirms as many.

const HEADER = 'no_urut,nama,perwapus,cabang,ranting,rayon,provinsi';

describe.each(DATABASES)('import changes on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** The participant who has a score (set by the confirmation test). */
  let scoredNo = 0;
  beforeAll(async () => {
    ({ t, admin } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const send = (path: string, data: string, fields: Record<string, string> = {}) => {
    const { payload, headers } = multipartSheet('berkas.csv', data, fields);
    return t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${path}`,
      payload,
      headers: { ...headers, 'access-token': admin },
    });
  };
  const preview = async (jenis: ImporJenis, query: string, csv: string) => {
    const res = await send(API.panitia.imporPratinjau.href(jenis, query), csv);
    expect(res.statusCode, res.body).toBe(200);
    return ImporPratinjau.parse(res.json().data);
  };
  const apply = (csv: string, fields: Record<string, string> = {}) =>
    send(API.panitia.impor.href('peserta', '?id_ukt=1'), csv, fields);

  const line = async (no: number, change: { nama?: string; ranting?: string } = {}) => {
    const r = await storedSiswa(t, no);
    return [
      no,
      change.nama ?? r.nama,
      r.perwapus,
      r.cabang,
      change.ranting ?? r.ranting,
      r.rayon,
      r.provinsi,
    ].join(',');
  };
  const idOf = async (no: number) => (await storedSiswa(t, no)).id_siswa;
  /** Participants of event 1 without any score or answer sheet, by number. */
  const unscored = async () => {
    const rows = await t.app.db
      .selectFrom('siswa')
      .select('no_urut')
      .where('id_ukt', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('nilai')
              .select('id_nilai')
              .whereRef('nilai.id_siswa', '=', 'siswa.id_siswa')
              .where('nilai.del', '=', 0),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('keshan_jawaban')
              .select('id_soal')
              .whereRef('keshan_jawaban.id_siswa', '=', 'siswa.id_siswa'),
          ),
        ),
      )
      .orderBy('no_urut')
      .execute();
    return rows.map((r) => r.no_urut);
  };

  it('shows old → new for every changed field of participants, examiners, events and questions', async () => {
    const [no] = await unscored();
    const before = await storedSiswa(t, no as number);
    const peserta = await preview(
      'peserta',
      '?id_ukt=1',
      [HEADER, await line(no as number, { nama: 'siti aminah', ranting: 'Ranting Sumber Baru' })].join('\n'),
    );
    expect(peserta).toMatchObject({ diperbarui: 1, jumlah_dinilai: 0, dinilai: [] });
    expect(peserta.baris[0]).toMatchObject({ status: 'diperbarui', dinilai: false });
    expect(peserta.baris[0]?.perubahan).toEqual([
      { kolom: 'nama', label: 'Nama', lama: before.nama, baru: 'Siti Aminah' },
      { kolom: 'ranting', label: 'Ranting', lama: before.ranting, baru: 'Ranting Sumber Baru' },
    ]);

    const ukt = await t.app.db
      .selectFrom('ukt')
      .selectAll()
      .where('id_ukt', '=', 1)
      .executeTakeFirstOrThrow();
    const kegiatan = await preview(
      'kegiatan',
      '',
      [
        'id_ukt,nama_ukt,nama_kegiatan,tanggal_tes,akhir_tes,id_tingkat',
        [1, 'UKT Ganti Nama', ukt.nama_kegiatan, ukt.tanggal_tes, ukt.akhir_tes ?? '', ukt.id_tingkat].join(
          ',',
        ),
      ].join('\n'),
    );
    expect(kegiatan.baris[0]?.perubahan).toEqual([
      { kolom: 'nama_ukt', label: expect.any(String), lama: ukt.nama_ukt, baru: 'UKT Ganti Nama' },
    ]);

    const examiner = await t.app.db
      .selectFrom('penguji')
      .leftJoin('perwapus', 'perwapus.id', 'penguji.id_perwapus')
      .leftJoin('cabang', 'cabang.id', 'penguji.id_cabang')
      .select([
        'penguji.no_wa',
        'penguji.nama',
        'penguji.panitia',
        'penguji.dewan',
        'perwapus.nama as perwapus',
        'cabang.nama as cabang',
      ])
      .where('penguji.id_organisasi', '=', 1)
      .orderBy('penguji.id_pemilih')
      .executeTakeFirstOrThrow();
    const penguji = await preview(
      'penguji',
      '',
      [
        'no_wa,nama,perwapus,cabang,panitia,dewan',
        [
          examiner.no_wa,
          'Penguji Berganti',
          examiner.perwapus ?? '',
          examiner.cabang ?? '',
          examiner.panitia,
          examiner.dewan,
        ].join(','),
      ].join('\n'),
    );
    expect(penguji.baris[0]?.perubahan).toEqual([
      { kolom: 'nama', label: 'Nama', lama: examiner.nama, baru: 'Penguji Berganti' },
    ]);

    const soal = await t.app.db
      .selectFrom('soal')
      .selectAll()
      .where('id_organisasi', '=', 1)
      .where('id_tingkat', '=', 1)
      .orderBy('no')
      .executeTakeFirstOrThrow();
    const jawaban = soal.jawaban_benar === 'a' ? 'b' : 'a';
    const soalPreview = await preview(
      'soal',
      '?tingkat=1',
      [
        'no,soal_tanya,a,b,c,d,jawaban_benar',
        [soal.no, soal.soal_tanya, soal.a, soal.b, soal.c, soal.d, jawaban].map((v) => `"${v}"`).join(','),
      ].join('\n'),
    );
    expect(soalPreview.baris[0]?.perubahan).toEqual([
      { kolom: 'jawaban_benar', label: expect.any(String), lama: soal.jawaban_benar, baru: jawaban },
    ]);
  });

  it('lists a renamed participant who has scores apart, and the import waits for its own confirmation (409), writing nothing', async () => {
    const [free, other] = await unscored();
    // Participant `scoredNo` has a score; `free` and `other` have none.
    scoredNo = free === 1 ? (other as number) + 1 : 1;
    const idScored = await idOf(scoredNo);
    await writeScores(t, admin, 1, 1, idScored, { jurus: 75 });
    const renamed = await storedSiswa(t, scoredNo);
    const freeBefore = await storedSiswa(t, free as number);
    const csv = [
      HEADER,
      await line(scoredNo, { nama: 'siti aminah' }),
      await line(free as number, { nama: 'Nama Bebas Baru' }),
      '9150,Peserta Baru Sekali,P1,C1,R1,Y1,Jawa Timur',
    ].join('\n');

    const data = await preview('peserta', '?id_ukt=1', csv);
    expect(data).toMatchObject({ diperbarui: 2, baru: 1, jumlah_dinilai: 1 });
    expect(data.dinilai.map((d) => [d.baris, d.data.no_urut, d.perubahan])).toEqual([
      [2, scoredNo, [{ kolom: 'nama', label: 'Nama', lama: renamed.nama, baru: 'Siti Aminah' }]],
    ]);
    expect(data.baris.map((b) => b.dinilai)).toEqual([true, false, false]);

    const stored = async () => ({
      scored: (await storedSiswa(t, scoredNo)).nama,
      free: (await storedSiswa(t, free as number)).nama,
      added: await t.app.db
        .selectFrom('siswa')
        .select('id_siswa')
        .where('id_ukt', '=', 1)
        .where('no_urut', '=', 9150)
        .execute(),
      regions: await t.app.db.selectFrom('perwapus').select('id').where('nama', '=', 'P1').execute(),
    });
    const untouched = { scored: renamed.nama, free: freeBefore.nama, added: [], regions: [] };

    const refused = await apply(csv);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(body(refused).message).toContain('Impor ditahan, tidak ada yang disimpan');
    expect(body(refused).message).toContain('1 peserta yang sudah dinilai');
    expect(body(refused).message).toContain(`nomor ${scoredNo}`);
    expect(await stored()).toEqual(untouched);

    // A confirmation of another number (the file changed since its preview) is no confirmation.
    const otherCount = await apply(csv, { [IMPOR_KONFIRMASI_DINILAI_FIELD]: '2' });
    expect(otherCount.statusCode, otherCount.body).toBe(409);
    expect(body(otherCount).message).toContain('Yang dikonfirmasi 2 peserta');
    expect(await stored()).toEqual(untouched);

    const done = await apply(csv, { [IMPOR_KONFIRMASI_DINILAI_FIELD]: '1' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ baru: 1, diperbarui: 2, tetap: 0 });
    const after = await stored();
    expect([after.scored, after.free, after.added.length]).toEqual(['Siti Aminah', 'Nama Bebas Baru', 1]);
  });

  it('needs no confirmation for an unscored participant, nor for a scored one whose name and region stay', async () => {
    const [free] = await unscored();
    expect(free).not.toBe(scoredNo);
    const csv = [HEADER, await line(free as number, { nama: 'Nama Bebas Lagi' }), await line(scoredNo)].join(
      '\n',
    );
    const data = await preview('peserta', '?id_ukt=1', csv);
    expect(data).toMatchObject({ diperbarui: 1, tetap: 1, jumlah_dinilai: 0 });
    const done = await apply(csv);
    expect(done.statusCode, done.body).toBe(200);
    expect((await storedSiswa(t, free as number)).nama).toBe('Nama Bebas Lagi');
  });
});
