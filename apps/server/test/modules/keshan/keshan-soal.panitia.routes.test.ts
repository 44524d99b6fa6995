import { API, PanitiaSoal, SoalEditHasil } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { importSoal, otherAnswer, soalCsv } from '../../support/soal';

describe.each(DATABASES)('console KESHAN questions on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let agus: string;
  let soal: PanitiaSoal[];
  beforeAll(async () => {
    ({ t, admin, siti, agus } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const put = (token: string | undefined, path: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/uktNEW/api${path}`,
      headers: token ? { 'access-token': token } : {},
      payload: payload as Record<string, unknown>,
    });
  const edit = (s: PanitiaSoal, change: Partial<PanitiaSoal>) =>
    put(admin, API.panitia.soalById.href(1, s.id_soal), {
      soal_tanya: s.soal_tanya,
      a: s.a,
      b: s.b,
      c: s.c,
      d: s.d,
      jawaban_benar: s.jawaban_benar,
      ...change,
    });
  const nilaiKshan = async (idSiswa: number) =>
    (await api(t, admin, 'GET', `/DataSiswa/NilaiSiswa?id_siswa=${idSiswa}&id_tingkat=1&id_ukt=1`)).json()
      .data.nilai_kshan as number;
  const kshanAudit = (idSiswa: number) =>
    t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id_siswa', '=', idSiswa)
      .where('field', '=', 'nilai_kshan')
      .orderBy('id')
      .execute();

  it('shows a belt’s questions with their keys, by no', async () => {
    const res = await api(t, admin, 'GET', API.panitia.soal.href(1));
    expect(res.statusCode, res.body).toBe(200);
    soal = PanitiaSoal.array().parse(res.json().data);
    expect(soal.map((s) => s.no)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(soal.every((s) => s.id_tingkat === '1')).toBe(true);
  });

  it('keeps every sheet an examiner sends, replacing a re-sent one', async () => {
    // Participant 1: questions 1–12 right, 13–15 wrong, 16–20 blank → 60.
    const jawaban = soal.map((s, i) => ({
      id_soal: Number(s.id_soal),
      jawaban: i < 12 ? s.jawaban_benar : i < 15 ? otherAnswer(s.jawaban_benar) : null,
    }));
    for (const attempt of [1, 2]) {
      const res = await api(t, agus, 'POST', '/keshan/jawaban', {
        id_ukt: 1,
        id_siswa: 1,
        id_tingkat: 1,
        jawaban,
      });
      expect(res.statusCode, `${attempt}: ${res.body}`).toBe(200);
      expect(res.json().data.nilai).toBe(60);
    }
    // Participant 4 answered only question 1, right → 5.
    const four = [{ id_soal: Number(soal[0]?.id_soal), jawaban: soal[0]?.jawaban_benar }];
    expect(
      (
        await api(t, agus, 'POST', '/keshan/jawaban', {
          id_ukt: 1,
          id_siswa: 4,
          id_tingkat: 1,
          jawaban: four,
        })
      ).statusCode,
    ).toBe(200);
    const sheet = await t.app.db
      .selectFrom('keshan_jawaban')
      .selectAll()
      .where('id_siswa', '=', 1)
      .orderBy('id_soal')
      .execute();
    expect(sheet).toHaveLength(20);
    expect(sheet[0]).toMatchObject({ id_ukt: 1, id_tingkat: 1, jawaban: soal[0]?.jawaban_benar });
    expect(sheet[19]?.jawaban).toBeNull();
    expect(await nilaiKshan(1)).toBe(60);
    expect(await nilaiKshan(4)).toBe(5);
  });

  it('re-grades the stored sheets when a key changes: -5 or +5, audited, and counted', async () => {
    const q1 = soal[0] as PanitiaSoal;
    // Participants 1 and 4 answered q1 right: the new key makes both wrong.
    const res = await edit(q1, { jawaban_benar: otherAnswer(q1.jawaban_benar) });
    expect(res.statusCode, res.body).toBe(200);
    const hasil = SoalEditHasil.parse(res.json().data);
    expect(hasil).toMatchObject({
      dinilai_ulang: 2,
      soal: { id_soal: q1.id_soal, jawaban_benar: otherAnswer(q1.jawaban_benar) },
    });
    expect(body(res).message).toContain('2 nilai KESHAN berubah');
    expect(await nilaiKshan(1)).toBe(55);
    expect(await nilaiKshan(4)).toBe(0);
    expect((await kshanAudit(1)).at(-1)).toMatchObject({
      id_pemilih: 1,
      old_value: 60,
      new_value: 55,
      source: 'koreksi',
      reason: 'Kunci jawaban soal no 1 diubah',
    });

    // q13 was answered with the letter after its key: making that the key gives participant 1 +5.
    const q13 = soal[12] as PanitiaSoal;
    const up = SoalEditHasil.parse(
      (await edit(q13, { jawaban_benar: otherAnswer(q13.jawaban_benar) })).json().data,
    );
    expect(up.dinilai_ulang).toBe(1);
    expect(await nilaiKshan(1)).toBe(60);
    expect((await kshanAudit(1)).at(-1)).toMatchObject({
      old_value: 55,
      new_value: 60,
      reason: 'Kunci jawaban soal no 13 diubah',
    });

    // A blank answer never moves; nor does a change of wording.
    const q20 = soal[19] as PanitiaSoal;
    expect(
      SoalEditHasil.parse((await edit(q20, { jawaban_benar: otherAnswer(q20.jawaban_benar) })).json().data)
        .dinilai_ulang,
    ).toBe(0);
    const worded = await edit(q1, {
      soal_tanya: 'Pertanyaan yang diperbaiki?',
      jawaban_benar: otherAnswer(q1.jawaban_benar),
    });
    expect(SoalEditHasil.parse(worded.json().data)).toMatchObject({
      dinilai_ulang: 0,
      soal: { soal_tanya: 'Pertanyaan yang diperbaiki?' },
    });
    expect(body(worded).message).toBe('Soal disimpan.');
    expect(await kshanAudit(4)).toHaveLength(2);

    // The examiners' set shows the new wording, never a key.
    const examiner = await api(t, agus, 'GET', '/keshan/soal/1');
    expect(examiner.body).toContain('Pertanyaan yang diperbaiki?');
    expect(examiner.body).not.toContain('jawaban_benar');
  });

  it('re-grades on an import of the belt’s questions too (audited as impor)', async () => {
    const current = PanitiaSoal.array().parse(
      (await api(t, admin, 'GET', API.panitia.soal.href(1))).json().data,
    );
    const q2 = current[1] as PanitiaSoal;
    const res = await importSoal(t, admin, soalCsv(current, [2]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ baru: 0, diperbarui: 1, tetap: 19 });
    expect(await nilaiKshan(1)).toBe(55);
    expect((await kshanAudit(1)).at(-1)).toMatchObject({
      id_pemilih: 1,
      old_value: 60,
      new_value: 55,
      source: 'impor',
      reason: 'Soal KESHAN diimpor: kunci jawaban soal no 2 berubah',
    });
    expect(q2.jawaban_benar).not.toBe(otherAnswer(q2.jawaban_benar));
  });

  it('leaves the sheets of a ratified event as they are', async () => {
    const ratify = (at: string | null) =>
      t.app.db.updateTable('ukt').set({ disahkan_at: at }).where('id_ukt', '=', 1).execute();
    await ratify(new Date().toISOString());
    try {
      const current = PanitiaSoal.array().parse(
        (await api(t, admin, 'GET', API.panitia.soal.href(1))).json().data,
      );
      const q3 = current[2] as PanitiaSoal;
      const res = await edit(q3, { jawaban_benar: otherAnswer(q3.jawaban_benar) });
      expect(res.statusCode, res.body).toBe(200);
      expect(SoalEditHasil.parse(res.json().data).dinilai_ulang).toBe(0);
      expect(body(res).message).toContain('1 kegiatan yang sudah disahkan tidak dinilai ulang');
      expect(await nilaiKshan(1)).toBe(55);
    } finally {
      await ratify(null);
    }
  });

  it('refuses bad input (400), unknown questions (404), non-admins (403) and no token (401)', async () => {
    const q1 = soal[0] as PanitiaSoal;
    const bad = await edit(q1, { jawaban_benar: 'e' as 'a' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Kunci jawaban harus a, b, c atau d');
    const empty = await edit(q1, { a: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toContain('Pilihan A wajib diisi');
    const wrongBelt = await put(admin, API.panitia.soalById.href(2, q1.id_soal), { ...q1 });
    expect(wrongBelt.statusCode).toBe(404);
    expect((await put(admin, API.panitia.soalById.href(1, 99999), { ...q1 })).statusCode).toBe(404);
    expect((await api(t, admin, 'GET', API.panitia.soal.href(6))).statusCode).toBe(400);
    expect((await api(t, siti, 'GET', API.panitia.soal.href(1))).statusCode).toBe(403);
    expect((await put(agus, API.panitia.soalById.href(1, q1.id_soal), { ...q1 })).statusCode).toBe(403);
    expect((await api(t, undefined, 'GET', API.panitia.soal.href(1))).statusCode).toBe(401);
    expect((await put(undefined, API.panitia.soalById.href(1, q1.id_soal), { ...q1 })).statusCode).toBe(401);
  });
});
