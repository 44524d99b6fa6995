import { API, AturanLulus, defaultPassRule, type PassRule, RekapMeta, RekapRow } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { LULUS_SCORES, TIDAK_LULUS_SCORES, writeScores } from '../../support/scores';
import { insertUkt } from '../../support/ukt';

const AturanResult = z.object({ success: z.literal(true), data: AturanLulus });
const RekapResult = z.object({ success: z.literal(true), data: z.array(RekapRow), meta: RekapMeta });

/** KESHAN, JURUS ×2, FISIK (minimum 50), SAMBUNG; final at least 60. */
const RULE: PassRule = {
  komponen: [
    { key: 'keshan', bobot: 1, minimum: null },
    { key: 'jurus', bobot: 2, minimum: null },
    { key: 'fisik', bobot: 1, minimum: 50 },
    { key: 'sambung', bobot: 1, minimum: null },
  ],
  nilai_minimum: 60,
  predikat: defaultPassRule(1).predikat,
};

describe.each(DATABASES)('console recap and pass rule on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let agus: string;
  let otherOrgEvent: number;

  const rekap = async (query = '') => {
    const res = await api(t, admin, 'GET', `${API.panitia.rekap.href(1)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return RekapResult.parse(res.json());
  };
  const row = async (noUrut: number, query = '') => {
    const found = (await rekap(query)).data.find((r) => r.no_urut === noUrut);
    if (!found) throw new Error(`no_urut ${noUrut} not in the recap`);
    return found;
  };
  const putRule = (rule: unknown, idUkt: number | string = 1) =>
    api(t, admin, 'PUT', API.panitia.aturan.href(idUkt), rule);

  beforeAll(async () => {
    ({ t, admin, siti, agus } = await startSignedIn(kind));
    otherOrgEvent = await insertUkt(t, 2, 'UKT organisasi lain');
    // Event 1 is belt 1 with 120 demo participants (no_urut = id_siswa).
    await writeScores(t, admin, 1, 1, 1, LULUS_SCORES);
    await writeScores(t, admin, 1, 1, 2, TIDAK_LULUS_SCORES);
    await writeScores(t, admin, 1, 1, 3, { senam: 60 });
    await writeScores(t, admin, 1, 1, 5, { keshan: 80, jurus: 75, fisik: 48, sambung: 70 });
  });
  afterAll(async () => t.close());

  it('answers 401 without a token, 403 to examiners who are not committee admins, 404 for another organisation', async () => {
    const calls = [
      ['GET', API.panitia.aturan.href(1), undefined],
      ['PUT', API.panitia.aturan.href(1), RULE],
      ['GET', API.panitia.rekap.href(1), undefined],
      ['GET', API.panitia.rekapEkspor.href(1, 'csv'), undefined],
    ] as const;
    for (const [method, path, payload] of calls) {
      expect((await api(t, undefined, method, path, payload)).statusCode, `${method} ${path}`).toBe(401);
      for (const token of [siti, agus]) {
        const res = await api(t, token, method, path, payload);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(body(res).message).toContain('hanya untuk admin panitia');
      }
      const other = await api(
        t,
        admin,
        method,
        path.replace('/kegiatan/1/', `/kegiatan/${otherOrgEvent}/`),
        payload,
      );
      expect(other.statusCode, `${method} ${path}`).toBe(404);
      expect(body(other).message).toBe(`Kegiatan dengan ID ${otherOrgEvent} tidak ditemukan.`);
    }
    // The refused PUTs stored nothing.
    const res = await api(t, admin, 'GET', API.panitia.aturan.href(1));
    expect(AturanResult.parse(res.json()).data.versi).toBe(0);
  });

  it('gives an event without a stored rule the default of its belt as version 0', async () => {
    const res = await api(t, admin, 'GET', API.panitia.aturan.href(1));
    expect(res.statusCode, res.body).toBe(200);
    expect(AturanResult.parse(res.json()).data).toEqual({
      versi: 0,
      aturan: defaultPassRule(1),
      diubah_at: null,
      diubah_oleh: null,
    });
  });

  it('recaps every participant with the default rule: scores, final score, band, status and reasons', async () => {
    const { data, meta } = await rekap();
    expect(data).toHaveLength(120);
    expect(data.map((r) => r.no_urut)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(meta).toEqual({
      aturan_versi: 0,
      komponen: defaultPassRule(1).komponen.map((k) => k.key),
      disahkan: false,
      total: { Lulus: 1, 'Tidak Lulus': 1, 'Belum lengkap': 118 },
      mundur: 0,
    });

    const [first, second, third, fourth] = data;
    expect(first).toMatchObject({
      id_siswa: '1',
      nilai: LULUS_SCORES,
      nilai_akhir: 73.27,
      predikat: 'Baik',
      status: 'Lulus',
      alasan: [],
    });
    expect(first?.nama).toBeTruthy();
    expect(first?.ranting).toMatch(/\S/);

    // A written 0 counts: KESHAN without a right answer, written onto a record SENAM had created.
    expect(second).toMatchObject({
      nilai: { keshan: 0, senam: 50, sambung: 50 },
      nilai_akhir: 45.45,
      predikat: 'Kurang',
      status: 'Tidak Lulus',
      alasan: ['Nilai akhir 45,45 < 60'],
    });

    // The record's default 0 is not a score: KESHAN of participant 3 is null, never 0.
    expect(third?.nilai).toMatchObject({ senam: 60, keshan: null, kshan: null, fisik: null });
    expect(third).toMatchObject({ nilai_akhir: null, predikat: null, status: 'Belum lengkap' });
    expect(third?.alasan).toHaveLength(10);
    expect(third?.alasan).toContain('KESHAN belum dinilai');
    expect(third?.alasan).not.toContain('SENAM belum dinilai');

    expect(Object.values(fourth?.nilai ?? {})).toEqual(Array(11).fill(null));
    expect(fourth?.alasan).toEqual([
      'KESHAN belum dinilai',
      'KSHAN belum dinilai',
      'JURUS belum dinilai',
      'SENAM belum dinilai',
      'BELATI belum dinilai',
      'PASANG belum dinilai',
      'SENAM TOYAK belum dinilai',
      'JURUS TOYAK belum dinilai',
      'KRIPEN belum dinilai',
      'FISIK belum dinilai',
      'SAMBUNG belum dinilai',
    ]);
  });

  it('refuses bad rules with 400 naming what is wrong, and stores none of them', async () => {
    const bad: [unknown, string][] = [
      [{ ...RULE, komponen: [] }, 'Pilih paling sedikit satu komponen'],
      [{ ...RULE, komponen: [...RULE.komponen, RULE.komponen[0]] }, 'Setiap komponen hanya boleh sekali'],
      [{ ...RULE, komponen: [{ key: 'silat', bobot: 1, minimum: null }] }, 'Komponen tidak dikenal'],
      [
        { ...RULE, komponen: [{ key: 'fisik', bobot: 0, minimum: null }] },
        'Paling sedikit satu komponen harus berbobot',
      ],
      [
        { ...RULE, komponen: [{ key: 'fisik', bobot: 1, minimum: 120 }] },
        'Nilai minimum komponen harus 0 sampai 100',
      ],
      [{ ...RULE, nilai_minimum: 'enam puluh' }, 'Nilai akhir minimum harus berupa angka'],
      [{ ...RULE, predikat: [{ sampai: 90, nama: 'Baik' }] }, 'Batas predikat terakhir harus 100'],
      [
        {
          ...RULE,
          predikat: [
            { sampai: 70, nama: 'Cukup' },
            { sampai: 60, nama: 'Kurang' },
            { sampai: 100, nama: 'Baik' },
          ],
        },
        'Batas predikat harus naik dari atas ke bawah',
      ],
      [{ ...RULE, catatan: 'x' }, 'catatan'],
    ];
    for (const [rule, message] of bad) {
      const res = await putRule(rule);
      expect(res.statusCode, JSON.stringify(rule)).toBe(400);
      expect(body(res).message).toContain('Data tidak valid: ');
      expect(body(res).message).toContain(message);
    }
    const res = await api(t, admin, 'GET', API.panitia.aturan.href(1));
    expect(AturanResult.parse(res.json()).data.versi).toBe(0);
  });

  it('stores a rule with weights and minimums as version 1, and the recap follows it', async () => {
    const res = await putRule(RULE);
    expect(res.statusCode, res.body).toBe(200);
    const stored = AturanResult.parse(res.json()).data;
    expect(stored).toMatchObject({ versi: 1, aturan: RULE, diubah_oleh: 'Budi Santoso' });
    expect(Date.parse(stored.diubah_at as string)).not.toBeNaN();
    expect(body(res).message).toBe('Aturan kelulusan versi 1 disimpan.');

    const { data, meta } = await rekap();
    expect(meta).toMatchObject({ aturan_versi: 1, komponen: ['keshan', 'jurus', 'fisik', 'sambung'] });
    expect(meta.total).toEqual({ Lulus: 1, 'Tidak Lulus': 2, 'Belum lengkap': 117 });
    const byNo = new Map(data.map((r) => [r.no_urut, r]));
    // (80 + 2 × 75 + 48 + 70) / 5 = 69.6, but FISIK is under its minimum.
    expect(byNo.get(5)).toMatchObject({
      nilai: { keshan: 80, jurus: 75, fisik: 48, sambung: 70, senam: null },
      nilai_akhir: 69.6,
      predikat: 'Cukup Baik',
      status: 'Tidak Lulus',
      alasan: ['FISIK 48 < 50'],
    });
    expect(byNo.get(1)).toMatchObject({ nilai_akhir: 76, predikat: 'Baik', status: 'Lulus', alasan: [] });
    expect(byNo.get(2)).toMatchObject({
      nilai_akhir: 40,
      status: 'Tidak Lulus',
      alasan: ['Nilai akhir 40 < 60'],
    });
    // Only the counted components are missing now; SENAM no longer matters.
    expect(byNo.get(3)?.alasan).toEqual([
      'KESHAN belum dinilai',
      'JURUS belum dinilai',
      'FISIK belum dinilai',
      'SAMBUNG belum dinilai',
    ]);
  });

  it('versions every change: a second PUT is version 2, GET shows it, and the recap follows it', async () => {
    const second: PassRule = {
      ...RULE,
      komponen: RULE.komponen.map((k) => ({ ...k, minimum: null })),
      nilai_minimum: 65,
    };
    const res = await putRule(second);
    expect(res.statusCode, res.body).toBe(200);
    expect(AturanResult.parse(res.json()).data).toMatchObject({ versi: 2, aturan: second });
    const got = AturanResult.parse((await api(t, admin, 'GET', API.panitia.aturan.href(1))).json()).data;
    expect(got).toMatchObject({ versi: 2, aturan: second, diubah_oleh: 'Budi Santoso' });

    const { meta } = await rekap();
    expect(meta.aturan_versi).toBe(2);
    expect(await row(5)).toMatchObject({ nilai_akhir: 69.6, status: 'Lulus', alasan: [] });
    expect(await row(2)).toMatchObject({ status: 'Tidak Lulus', alasan: ['Nilai akhir 40 < 65'] });
    expect(meta.total).toEqual({ Lulus: 2, 'Tidak Lulus': 1, 'Belum lengkap': 117 });
    // Versions are per event: event 2 still has its default.
    const other = AturanResult.parse((await api(t, admin, 'GET', API.panitia.aturan.href(2))).json()).data;
    expect(other).toMatchObject({ versi: 0, aturan: defaultPassRule(4) });
  });

  it('filters by status and by region; totals count every status under the region filter', async () => {
    const lulus = await rekap('?status=Lulus');
    expect(lulus.data.map((r) => r.no_urut)).toEqual([1, 5]);
    expect(lulus.meta.total).toEqual({ Lulus: 2, 'Tidak Lulus': 1, 'Belum lengkap': 117 });
    expect((await rekap('?status=Tidak%20Lulus')).data.map((r) => r.no_urut)).toEqual([2]);
    expect((await rekap('?status=Belum%20lengkap')).data).toHaveLength(117);

    const first = await t.app.db
      .selectFrom('siswa')
      .select(['id_ranting', 'id_cabang'])
      .where('id_siswa', '=', 1)
      .executeTakeFirstOrThrow();
    const inRanting = await t.app.db
      .selectFrom('siswa')
      .select('no_urut')
      .where('id_ukt', '=', 1)
      .where('id_ranting', '=', first.id_ranting)
      .orderBy('no_urut')
      .execute();
    const ranting = await rekap(`?id_ranting=${first.id_ranting}`);
    expect(ranting.data.map((r) => r.no_urut)).toEqual(inRanting.map((r) => r.no_urut));
    expect(new Set(ranting.data.map((r) => r.ranting)).size).toBe(1);
    const { Lulus, 'Tidak Lulus': gagal, 'Belum lengkap': belum } = ranting.meta.total;
    expect(Lulus + gagal + belum).toBe(inRanting.length);
    expect((await rekap(`?id_ranting=${first.id_ranting}&status=Lulus`)).data.map((r) => r.no_urut)).toEqual([
      1,
    ]);
    const cabang = await rekap(`?id_cabang=${first.id_cabang}&id_perwapus=0`);
    expect(cabang.data.length).toBeGreaterThanOrEqual(inRanting.length);

    for (const query of ['?status=lulus', '?id_ranting=abc', '?urut=skor', '?arah=atas']) {
      const res = await api(t, admin, 'GET', `${API.panitia.rekap.href(1)}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body(res).message).toContain('Alamat tidak valid: ');
    }
  });

  it('sorts by no_urut, name, final score (missing ones last) and status, both ways', async () => {
    const numbers = async (query: string) => (await rekap(query)).data.map((r) => r.no_urut);
    expect((await numbers('?urut=no_urut&arah=turun')).slice(0, 3)).toEqual([120, 119, 118]);

    const names = (await rekap('?urut=nama')).data.map((r) => r.nama);
    const collator = new Intl.Collator('id', { sensitivity: 'base', numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));
    const down = (await rekap('?urut=nama&arah=turun')).data.map((r) => r.nama);
    expect(down[0]).toBe(names.at(-1));

    const best = await rekap('?urut=nilai_akhir&arah=turun');
    expect(best.data.slice(0, 3).map((r) => [r.no_urut, r.nilai_akhir])).toEqual([
      [1, 76],
      [5, 69.6],
      [2, 40],
    ]);
    expect(best.data.at(-1)?.nilai_akhir).toBeNull();
    const worst = await rekap('?urut=nilai_akhir&arah=naik');
    expect(worst.data.slice(0, 3).map((r) => r.no_urut)).toEqual([2, 5, 1]);
    expect(worst.data.slice(3).every((r) => r.nilai_akhir === null)).toBe(true);

    const status = (await rekap('?urut=status')).data;
    expect(status.slice(0, 3).map((r) => [r.no_urut, r.status])).toEqual([
      [1, 'Lulus'],
      [5, 'Lulus'],
      [2, 'Tidak Lulus'],
    ]);
    expect((await rekap('?urut=status&arah=turun')).data.at(-1)?.status).toBe('Lulus');
  });

  it('lists a withdrawn participant as Mundur, apart from the totals, and counts them', async () => {
    const res = await api(t, admin, 'POST', API.panitia.pesertaMundur.href(1, 5), { mundur: true });
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = await rekap();
    expect(data).toHaveLength(120);
    // Their scores stay in the records and show; no final score, band or reasons.
    expect(data.find((r) => r.no_urut === 5)).toMatchObject({
      nilai: { keshan: 80, jurus: 75, fisik: 48, sambung: 70 },
      nilai_akhir: null,
      predikat: null,
      status: 'Mundur',
      alasan: [],
    });
    expect(meta.mundur).toBe(1);
    expect(meta.total).toEqual({ Lulus: 1, 'Tidak Lulus': 1, 'Belum lengkap': 117 });
    const only = await rekap('?status=Mundur');
    expect(only.data.map((r) => [r.no_urut, r.status])).toEqual([[5, 'Mundur']]);
    expect(only.meta).toMatchObject({ mundur: 1, total: meta.total });
    expect((await rekap('?status=Lulus')).data.map((r) => r.no_urut)).toEqual([1]);
    expect((await rekap('?urut=status')).data.at(-1)?.status).toBe('Mundur');
    const back = await api(t, admin, 'POST', API.panitia.pesertaMundur.href(1, 5), { mundur: false });
    expect(back.statusCode, back.body).toBe(200);
    expect((await rekap()).meta).toMatchObject({ mundur: 0, total: { Lulus: 2 } });
    expect(await row(5)).toMatchObject({ status: 'Lulus' });
  });

  it('keeps the rule of a ratified event (409) and says the recap is ratified', async () => {
    const sah = await api(t, admin, 'POST', API.panitia.sahkan.href(1), {});
    expect(sah.statusCode, sah.body).toBe(200);
    expect((await rekap()).meta.disahkan).toBe(true);
    const refused = await putRule(RULE);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toContain('sudah disahkan panitia');
    expect(
      AturanResult.parse((await api(t, admin, 'GET', API.panitia.aturan.href(1))).json()).data.versi,
    ).toBe(2);

    const batal = await api(t, admin, 'POST', API.panitia.batalSahkan.href(1), { alasan: 'Aturan keliru' });
    expect(batal.statusCode, batal.body).toBe(200);
    expect((await rekap()).meta.disahkan).toBe(false);
    expect((await putRule(RULE)).statusCode).toBe(200);
    expect((await rekap()).meta.aturan_versi).toBe(3);
  });
});
