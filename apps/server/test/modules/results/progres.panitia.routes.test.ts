import { API, BelumList, defaultPassRule, type LiveEvent, OUTBOX_HEADER, Progres } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, DATABASES, type SignedInApp, startSignedIn } from '../../support/app';
import { participantsInScope } from '../../support/scoped-examiner';

// The progress page (DESIGN §10): per post and exam not taken / taken / scored, per examiner, the
// phones' unsent writes, and who still lacks an exam.

describe.each(DATABASES)('event progress on %s', (kind) => {
  let s: SignedInApp;
  let sitiId: number;
  /** Participants of event 1 in Siti's perwapus and cabang (the ones she may take), by no_urut. */
  let mine: number[];
  beforeAll(async () => {
    s = await startSignedIn(kind);
    const { siti, ids } = await participantsInScope(s.t);
    sitiId = siti.id_pemilih;
    mine = ids;
  });
  afterAll(async () => s.t.close());

  const progres = async (idUkt = 1) => {
    const res = await api(s.t, s.admin, 'GET', API.panitia.progres.href(idUkt));
    expect(res.statusCode).toBe(200);
    return Progres.parse(res.json().data);
  };
  const ujian = (p: Progres, key: string) => p.pos.flatMap((x) => x.ujian).find((u) => u.key === key);
  const take = (token: string, idSiswa: number, flag = 'sudah_tes', idUkt = 1) =>
    api(s.t, token, 'POST', `/DataSiswa/siswaUpdate/${idSiswa}`, { id_ukt: idUkt, [flag]: '1' });
  const nilai = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api(s.t, token, 'POST', '/DataSiswa/NilaiSiswa', { id_ukt: 1, id_tingkat: 1, ...payload }, headers);
  const belum = (query: string) => api(s.t, s.admin, 'GET', `${API.panitia.progresBelum.href(1)}?${query}`);
  /** Every row of the six pages of an exam's "still lacking" list (event 1 has 120 participants). */
  const everyPage = async (key: string) => {
    const pages = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (hal) => BelumList.parse((await belum(`ujian=${key}&hal=${hal}`)).json())),
    );
    return pages.flatMap((p) => p.data);
  };

  it('counts every exam of every post: not taken, taken but not scored, scored', async () => {
    const start = await progres();
    expect(start.total_peserta).toBe(120);
    expect(start.pos.map((p) => [p.nama, p.ujian.map((u) => u.key)])).toEqual([
      ['KESHAN', ['keshan', 'kshan']],
      ['TEKNIK', ['jurus', 'senam', 'belati', 'pasang', 'toyak_senam', 'toyak_jurus', 'kripen']],
      ['FISIK', ['fisik']],
      ['SAMBUNG', ['sambung']],
    ]);
    for (const u of start.pos.flatMap((p) => p.ujian)) {
      expect(u).toMatchObject({ belum_diambil: 120, diambil: 0, dinilai: 0 });
    }
    expect(start).toMatchObject({ disahkan: false, tertunda: { hp: 0, nilai: 0 }, penguji: [] });

    const [a, b] = mine as [number, number];
    expect((await take(s.siti, a)).statusCode).toBe(200);
    let now = await progres();
    for (const key of ['jurus', 'senam', 'kripen']) {
      expect(ujian(now, key)).toMatchObject({ belum_diambil: 119, diambil: 1, dinilai: 0 });
    }
    expect(ujian(now, 'sambung')).toMatchObject({ belum_diambil: 120, diambil: 0 });

    expect((await nilai(s.siti, { id_siswa: a, nilai_jurus: 70, nilai_jurus_plus: 0 })).statusCode).toBe(200);
    now = await progres();
    expect(ujian(now, 'jurus')).toMatchObject({ belum_diambil: 119, diambil: 0, dinilai: 1 });
    expect(ujian(now, 'senam')).toMatchObject({ belum_diambil: 119, diambil: 1, dinilai: 0 });
    const siti = now.penguji.find((p) => p.id_pemilih === String(sitiId));
    expect(siti).toMatchObject({ diambil: 1, dinilai: 1, tertunda: 0 });
    expect(siti?.aktivitas_terakhir).not.toBeNull();

    // Scored without a take still counts as scored.
    expect((await nilai(s.admin, { id_siswa: b, nilai_sambung: 80 })).statusCode).toBe(200);
    now = await progres();
    expect(ujian(now, 'sambung')).toMatchObject({ belum_diambil: 119, diambil: 0, dinilai: 1 });
    // A first KESHAN of 0 on a record that already exists (its default is 0) is scored too; KSHAN
    // lives under belt level 5, KESHAN under the event's: one does not count as the other.
    expect((await nilai(s.siti, { id_siswa: a, nilai_kshan: 0 })).statusCode).toBe(200);
    expect((await nilai(s.admin, { id_siswa: b, id_tingkat: 5, nilai_kshan: 72.5 })).statusCode).toBe(200);
    now = await progres();
    expect(ujian(now, 'keshan')).toMatchObject({ dinilai: 1 });
    expect(ujian(now, 'kshan')).toMatchObject({ dinilai: 1 });

    // A withdrawn participant counts nowhere.
    const out = await api(s.t, s.admin, 'POST', API.panitia.pesertaMundur.href(1, a), { mundur: true });
    expect(out.statusCode).toBe(200);
    now = await progres();
    expect(now.total_peserta).toBe(119);
    expect(ujian(now, 'jurus')).toMatchObject({ belum_diambil: 119, diambil: 0, dinilai: 0 });
    expect(now.penguji.find((p) => p.id_pemilih === String(sitiId))).toMatchObject({
      diambil: 0,
      dinilai: 0,
    });
    await api(s.t, s.admin, 'POST', API.panitia.pesertaMundur.href(1, a), { mundur: false });

    // Another event's writes are not this one's.
    expect(ujian(await progres(2), 'jurus')).toMatchObject({ belum_diambil: 80, dinilai: 0 });
  });

  it('lists who still lacks an exam, 20 a page, with who holds them and region filters', async () => {
    const [a, b, c] = mine as [number, number, number];
    expect((await take(s.siti, c)).statusCode).toBe(200);
    const first = await belum('ujian=jurus');
    expect(first.statusCode).toBe(200);
    const page = BelumList.parse(first.json());
    expect(page.meta).toEqual({ hal: 1, per_page: 20, total: 119, total_pages: 6 });
    expect(page.data).toHaveLength(20);
    expect(page.data.map((r) => r.no_urut)).toEqual(
      [...page.data.map((r) => r.no_urut)].sort((x, y) => x - y),
    );
    expect(page.data.some((r) => r.id_siswa === String(a))).toBe(false);
    const all = await everyPage('jurus');
    expect(all).toHaveLength(119);
    expect(all.find((r) => r.id_siswa === String(c))?.diambil_oleh).toBe('Siti Rahayu');
    expect(all.filter((r) => r.diambil_oleh !== null).map((r) => r.id_siswa)).toEqual([String(c)]);

    const region = await s.t.app.db
      .selectFrom('siswa')
      .select(['id_ranting', 'id_rayon'])
      .where('id_siswa', '=', c)
      .executeTakeFirstOrThrow();
    const inRanting = await s.t.app.db
      .selectFrom('siswa')
      .select('id_siswa')
      .where('id_ukt', '=', 1)
      .where('id_ranting', '=', region.id_ranting)
      .where('id_siswa', '!=', a)
      .execute();
    const byRanting = BelumList.parse((await belum(`ujian=jurus&id_ranting=${region.id_ranting}`)).json());
    expect(byRanting.meta.total).toBe(inRanting.length);
    expect(byRanting.data.every((r) => r.ranting === byRanting.data[0]?.ranting)).toBe(true);
    const byRayon = BelumList.parse((await belum(`ujian=jurus&id_rayon=${region.id_rayon}`)).json());
    expect(byRayon.data.map((r) => r.id_siswa)).toContain(String(c));

    // KESHAN was written for a (at the event's belt), KSHAN for b (at level 5).
    const keshan = (await everyPage('keshan')).map((r) => r.id_siswa);
    const kshan = (await everyPage('kshan')).map((r) => r.id_siswa);
    expect([keshan.length, keshan.includes(String(a)), keshan.includes(String(b))]).toEqual([
      119,
      false,
      true,
    ]);
    expect([kshan.length, kshan.includes(String(a)), kshan.includes(String(b))]).toEqual([119, true, false]);

    const bad = await belum('ujian=lompat');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Alamat tidak valid: Ujian tidak dikenal');
    expect((await belum('')).statusCode).toBe(400);
  });

  it('stores the outbox count a phone reports, per examiner, and ignores anything that is not one', async () => {
    const heard: LiveEvent[] = [];
    const off = s.t.app.live.subscribe('1', (m) => {
      if (m.kind === 'event') heard.push(m.event);
    });
    try {
      const report = (value: string, token = s.siti) =>
        api(s.t, token, 'GET', '/DataSiswa/siswa?id_ukt=1&posUjian=2', undefined, { [OUTBOX_HEADER]: value });
      const stored = () =>
        s.t.app.db
          .selectFrom('penguji_tertunda')
          .selectAll()
          .where('id_pemilih', '=', sitiId)
          .executeTakeFirst();
      const sitiOf = async () => (await progres()).penguji.find((p) => p.id_pemilih === String(sitiId));

      expect((await report('3')).statusCode).toBe(200);
      await expect.poll(async () => (await stored())?.jumlah).toBe(3);
      expect((await stored())?.id_ukt).toBe(1);
      const shown = await sitiOf();
      expect(shown).toMatchObject({ tertunda: 3 });
      expect(shown?.tertunda_dilaporkan).toEqual(expect.any(String));
      expect((await progres()).tertunda).toEqual({ hp: 1, nilai: 3 });
      await expect
        .poll(() => heard.find((e) => e.jenis === 'tertunda'))
        .toEqual({
          jenis: 'tertunda',
          id_ukt: '1',
          id_siswa: null,
          id_pemilih: String(sitiId),
          at: expect.any(String),
        });

      // An unchanged count is not written again within a minute (a list read must not write each time).
      const firstAt = (await stored())?.at;
      s.t.advance(1_000);
      await report('3');
      await new Promise((r) => setTimeout(r, 100));
      expect((await stored())?.at).toBe(firstAt);
      s.t.advance(60_000);
      await report('3');
      await expect.poll(async () => (await stored())?.at).not.toBe(firstAt);

      // What is not a whole number 0–10000 is ignored; so is a request without a valid token.
      for (const value of ['abc', '-1', '10001', '1.5', '', ' 2', '0x5']) await report(value);
      await report('9', 'not-a-token');
      await new Promise((r) => setTimeout(r, 100));
      expect((await stored())?.jumlah).toBe(3);

      // A successful last send of the outbox reports 0: no phone holds anything any more.
      const [, , , d] = mine as number[];
      const sent = await nilai(s.siti, { id_siswa: d, nilai_sambung: 75 }, { [OUTBOX_HEADER]: '0' });
      expect(sent.statusCode).toBe(200);
      await expect.poll(async () => (await stored())?.jumlah).toBe(0);
      expect(await sitiOf()).toMatchObject({ tertunda: 0 });
      expect((await progres()).tertunda).toEqual({ hp: 0, nilai: 0 });
      // Only a count ever leaves the phone's report: no score in any live event.
      expect(heard.every((e) => Object.keys(e).sort().join() === 'at,id_pemilih,id_siswa,id_ukt,jenis')).toBe(
        true,
      );
    } finally {
      off();
    }
  });

  it('tells complete participants (every counted component) from those with any score, and charts them per post', async () => {
    const rule = {
      ...defaultPassRule(1),
      komponen: [
        { key: 'jurus', bobot: 1, minimum: null },
        { key: 'senam', bobot: 1, minimum: null },
      ],
    };
    const put = await api(s.t, s.admin, 'PUT', API.panitia.aturan.href(1), rule);
    expect(put.statusCode, put.body).toBe(200);
    const before = await progres();
    const [c, d] = mine.slice(6, 8) as [number, number];
    for (const id of [c, d]) expect((await take(s.siti, id)).statusCode).toBe(200);
    expect((await nilai(s.siti, { id_siswa: c, nilai_jurus: 70, nilai_jurus_plus: 0 })).statusCode).toBe(200);
    expect((await nilai(s.siti, { id_siswa: c, nilai_senam: 72, nilai_senam_plus: 0 })).statusCode).toBe(200);
    expect((await nilai(s.siti, { id_siswa: d, nilai_jurus: 65, nilai_jurus_plus: 0 })).statusCode).toBe(200);

    const now = await progres();
    expect(now.peserta_ada_nilai).toBe(before.peserta_ada_nilai + 2);
    expect(now.peserta_lengkap).toBe(before.peserta_lengkap + 1);
    expect(now.peserta_lengkap).toBeLessThan(now.peserta_ada_nilai);
    // Only TEKNIK holds a counted exam: one line, cumulative, in 15-minute steps, ending at the complete count.
    expect(now.menit_per_titik).toBe(15);
    expect(now.lini_waktu.map((l) => l.nama)).toEqual(['TEKNIK']);
    const titik = now.lini_waktu[0]?.titik ?? [];
    expect(titik.length).toBeGreaterThan(0);
    for (const [i, t] of titik.entries()) {
      expect(Date.parse(t.at) % (15 * 60_000)).toBe(0);
      if (i > 0) expect(t.lengkap).toBeGreaterThanOrEqual(titik[i - 1]?.lengkap ?? 0);
    }
    expect(titik.at(-1)?.lengkap).toBe(now.peserta_lengkap);
  });

  it('is for committee admins only (403) and needs a token (401)', async () => {
    for (const path of [API.panitia.progres.href(1), `${API.panitia.progresBelum.href(1)}?ujian=jurus`]) {
      expect((await api(s.t, s.siti, 'GET', path)).statusCode).toBe(403);
      expect((await api(s.t, undefined, 'GET', path)).statusCode).toBe(401);
    }
    expect((await api(s.t, s.admin, 'GET', API.panitia.progres.href(999))).statusCode).toBe(404);
  });
});
