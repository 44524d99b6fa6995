import { API, PanitiaSoal, Soal, SoalEditHasil } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { importSoal, otherAnswer, soalCsv } from '../../support/soal';
import { insertUkt } from '../../support/ukt';

describe.each(DATABASES)('KESHAN questions and answer sheets on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let agus: string;
  beforeAll(async () => {
    ({ t, admin, agus } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  it('sends 20 questions of a belt ordered by no, never with the answer key', async () => {
    for (const tingkat of [1, 2, 3, 4, 5]) {
      const res = await api(t, admin, 'GET', `/keshan/soal/${tingkat}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('jawaban_benar');
      const soal = Soal.array().parse(res.json().data);
      expect(soal.map((s) => s.no)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }
    expect((await api(t, admin, 'GET', '/keshan/soal/6')).statusCode).toBe(400);
  });

  it('grades answers on the server and stores nilai_kshan for that belt', async () => {
    const soal = Soal.array().parse((await api(t, agus, 'GET', '/keshan/soal/1')).json().data);
    const keyRows = await t.app.db
      .selectFrom('soal')
      .select(['id_soal', 'jawaban_benar'])
      .where('id_tingkat', '=', 1)
      .execute();
    const correct = new Map(keyRows.map((r) => [String(r.id_soal), r.jawaban_benar]));
    const jawaban = soal.map((s, i) => ({
      id_soal: Number(s.id_soal),
      jawaban: i < 12 ? correct.get(s.id_soal) : i < 15 ? (correct.get(s.id_soal) === 'a' ? 'b' : 'a') : null,
    }));
    const res = await api(t, agus, 'POST', '/keshan/jawaban', {
      id_ukt: 1,
      id_siswa: 1,
      id_tingkat: 1,
      jawaban,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ benar: 12, salah: 3, kosong: 5, nilai: 60 });
    const record = await api(t, agus, 'GET', '/DataSiswa/NilaiSiswa?id_siswa=1&id_tingkat=1&id_ukt=1');
    expect(record.json().data.nilai_kshan).toBe(60);
    const bad = await api(t, agus, 'POST', '/keshan/jawaban', {
      id_ukt: 1,
      id_siswa: 1,
      id_tingkat: 1,
      jawaban: [{ id_soal: 1, jawaban: 'e' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Jawaban ke-1');
  });

  it('never re-grades the sheets of a ratified event when the key changes, by the console or an import', async () => {
    // Two more events of belt 1, each with a copy of participant 1: one to ratify, one a draft.
    const one = await t.app.db
      .selectFrom('siswa')
      .selectAll()
      .where('id_siswa', '=', 1)
      .executeTakeFirstOrThrow();
    const event = async (nama: string) => {
      const id_ukt = await insertUkt(t, 1, nama);
      const { id_siswa: _, ...copy } = one;
      const { id_siswa } = await t.app.db
        .insertInto('siswa')
        .values({
          ...copy,
          id_ukt,
          sudah_keshan: null,
          sudah_tes: null,
          sudah_fisik: null,
          sudah_sambung: null,
        })
        .returning('id_siswa')
        .executeTakeFirstOrThrow();
      return { id_ukt, id_siswa };
    };
    const sah = await event('UKT yang disahkan');
    const draf = await event('UKT yang masih draf');
    const key = PanitiaSoal.array().parse((await api(t, admin, 'GET', API.panitia.soal.href(1))).json().data);
    // Every question answered right: 100 in both events.
    const jawaban = key.map((s) => ({ id_soal: Number(s.id_soal), jawaban: s.jawaban_benar }));
    for (const e of [sah, draf]) {
      const res = await api(t, agus, 'POST', '/keshan/jawaban', { ...e, id_tingkat: 1, jawaban });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.nilai).toBe(100);
    }
    // Its exam day (1 Desember 2026) may be ahead: ratified early, with the reason that needs.
    const ratified = await api(t, admin, 'POST', API.panitia.sahkan.href(sah.id_ukt), {
      lebih_awal: true,
      alasan: 'Kunci jawaban diubah sesudah pengesahan',
    });
    expect(ratified.statusCode, ratified.body).toBe(200);

    const nilaiKshan = async (e: { id_ukt: number; id_siswa: number }) =>
      (
        await t.app.db
          .selectFrom('nilai')
          .select('nilai_kshan')
          .where('id_ukt', '=', e.id_ukt)
          .where('id_siswa', '=', e.id_siswa)
          .where('id_tingkat', '=', 1)
          .executeTakeFirstOrThrow()
      ).nilai_kshan;
    const trail = (e: { id_ukt: number; id_siswa: number }) =>
      t.app.db
        .selectFrom('audit_log')
        .select(['old_value', 'new_value', 'source'])
        .where('id_ukt', '=', e.id_ukt)
        .where('id_siswa', '=', e.id_siswa)
        .where('field', '=', 'nilai_kshan')
        .orderBy('id')
        .execute();
    const sheet = (e: { id_ukt: number; id_siswa: number }) =>
      t.app.db
        .selectFrom('keshan_jawaban')
        .select(['id_soal', 'jawaban'])
        .where('id_ukt', '=', e.id_ukt)
        .where('id_siswa', '=', e.id_siswa)
        .orderBy('id_soal')
        .execute();
    const sealed = { trail: await trail(sah), sheet: await sheet(sah) };
    expect(sealed.sheet).toHaveLength(20);

    // The console changes question 1's key: the draft's sheet drops to 95, the ratified one stays.
    const q1 = key[0] as PanitiaSoal;
    const { id_soal, id_tingkat: _t, no: _n, ...fields } = q1;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/uktNEW/api${API.panitia.soalById.href(1, id_soal)}`,
      headers: { 'access-token': admin },
      payload: { ...fields, jawaban_benar: otherAnswer(q1.jawaban_benar) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(SoalEditHasil.parse(edited.json().data).dinilai_ulang).toBeGreaterThanOrEqual(1);
    expect(body(edited).message).toContain('1 kegiatan yang sudah disahkan tidak dinilai ulang');
    expect(await nilaiKshan(draf)).toBe(95);
    expect((await trail(draf)).at(-1)).toMatchObject({ old_value: 100, new_value: 95, source: 'koreksi' });

    // An import changes question 2's key: the draft drops to 90, the ratified one stays.
    const imported = await importSoal(t, admin, soalCsv(key, [1, 2]));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await nilaiKshan(draf)).toBe(90);
    expect((await trail(draf)).at(-1)).toMatchObject({ old_value: 95, new_value: 90, source: 'impor' });

    // The ratified event: its score, its audit trail and its sheet exactly as they were sealed.
    expect(await nilaiKshan(sah)).toBe(100);
    expect(await trail(sah)).toEqual(sealed.trail);
    expect(await sheet(sah)).toEqual(sealed.sheet);
  });
});
