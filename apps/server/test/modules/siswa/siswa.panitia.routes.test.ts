import { API, PageMeta, PanitiaPeserta, PanitiaPesertaList, SiswaRow } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';

describe.each(DATABASES)('console participants on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let agus: string;
  beforeAll(async () => {
    ({ t, admin, siti, agus } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const peserta = async (query = '', idUkt = 1) => {
    const res = await api(t, admin, 'GET', `${API.panitia.peserta.href(idUkt)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return PanitiaPesertaList.parse(res.json());
  };
  const put = (token: string, path: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/uktNEW/api${path}`,
      headers: { 'access-token': token },
      payload: payload as Record<string, unknown>,
    });
  const examinerList = async (token: string, query: string) => {
    const res = await api(t, token, 'GET', `/DataSiswa/siswa?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return z.object({ data: z.array(SiswaRow), meta: PageMeta }).parse(res.json());
  };
  const audit = (idSiswa: number, field: string) =>
    t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id_siswa', '=', idSiswa)
      .where('field', '=', field)
      .orderBy('id')
      .execute();

  it('lists an event’s participants 20 a page with every region name, filtered and searched', async () => {
    const first = await peserta();
    expect(first.meta).toEqual({ hal: 1, per_page: 20, total: 120, total_pages: 6 });
    expect(first.data.map((p) => p.no_urut)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const one = first.data[0] as PanitiaPeserta;
    expect(one).toMatchObject({ id_siswa: '1', mundur: false, pos: { sudah_tes: null } });
    expect(one.perwapus && one.cabang && one.ranting && one.rayon).toBeTruthy();

    const byRayon = await peserta(`?id_rayon=${one.id_rayon}`);
    expect(byRayon.meta.total).toBeGreaterThan(0);
    for (const p of byRayon.data) expect(p.rayon).toBe(one.rayon);
    const byCabang = await peserta(`?id_cabang=${one.id_cabang}&hal=2`);
    for (const p of byCabang.data) expect(p.id_cabang).toBe(one.id_cabang);
    const part = one.nama.split(' ')[0]?.slice(1, 4).toUpperCase() as string;
    for (const p of (await peserta(`?cari=${encodeURIComponent(part)}`)).data)
      expect(p.nama.toLowerCase()).toContain(part.toLowerCase());
    expect((await peserta('?cari=17')).data.map((p) => p.no_urut)).toContain(17);
    expect((await peserta('?status=mundur')).meta.total).toBe(0);
    expect((await api(t, admin, 'GET', API.panitia.peserta.href(99))).statusCode).toBe(404);
    expect((await api(t, admin, 'GET', `${API.panitia.peserta.href(1)}?status=pergi`)).statusCode).toBe(400);
  });

  it('adds a participant under the next free no_urut, refuses a taken one (409), and edits them', async () => {
    const rayon = (await peserta()).data[0] as PanitiaPeserta;
    const added = await api(t, admin, 'POST', API.panitia.peserta.href(1), {
      nama: '  Hana   Safitri ',
      id_rayon: Number(rayon.id_rayon),
    });
    expect(added.statusCode, added.body).toBe(201);
    const hana = PanitiaPeserta.parse(added.json().data);
    expect(hana).toMatchObject({
      no_urut: 121,
      nama: 'Hana   Safitri',
      provinsi: '',
      id_perwapus: rayon.id_perwapus,
      id_cabang: rayon.id_cabang,
      id_ranting: rayon.id_ranting,
      id_rayon: rayon.id_rayon,
      mundur: false,
    });
    expect((await examinerList(admin, 'id_ukt=1&nama=hana safitri')).data.map((r) => r.nama)).toEqual([
      'Hana   Safitri',
    ]);

    const clash = await api(t, admin, 'POST', API.panitia.peserta.href(1), {
      no_urut: 5,
      nama: 'Dobel',
      id_rayon: Number(rayon.id_rayon),
    });
    expect(clash.statusCode).toBe(409);
    expect(body(clash).message).toContain('No. urut 5 sudah dipakai');
    const foreign = await api(t, admin, 'POST', API.panitia.peserta.href(1), { nama: 'X', id_rayon: 99999 });
    expect(foreign.statusCode).toBe(400);
    expect(body(foreign).message).toContain('rayon 99999 bukan rayon organisasi ini');
    const blank = await api(t, admin, 'POST', API.panitia.peserta.href(1), { nama: ' ', id_rayon: 1 });
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toContain('Nama wajib diisi');

    const other = (await peserta('?hal=6')).data.find(
      (p) => p.id_cabang !== rayon.id_cabang,
    ) as PanitiaPeserta;
    const path = API.panitia.pesertaById.href(1, hana.id_siswa);
    const edited = await put(admin, path, {
      no_urut: 200,
      nama: 'Hana Safitri',
      provinsi: 'Jawa Timur',
      id_rayon: Number(other.id_rayon),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(PanitiaPeserta.parse(edited.json().data)).toMatchObject({
      no_urut: 200,
      nama: 'Hana Safitri',
      provinsi: 'Jawa Timur',
      id_cabang: other.id_cabang,
      rayon: other.rayon,
    });
    expect((await put(admin, path, { no_urut: 5, nama: 'Hana', id_rayon: 1 })).statusCode).toBe(409);
    expect(
      (await put(admin, API.panitia.pesertaById.href(2, hana.id_siswa), { nama: 'H', id_rayon: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await put(siti, path, { nama: 'H', id_rayon: 1 })).statusCode).toBe(403);
  });

  it('withdraws a participant: out of every examiner list at once, takes and scores refused, kept in records', async () => {
    // Participant 2 is in Siti's cabang (demo data spreads participants over the cabang in turn).
    const before = await examinerList(siti, 'id_ukt=1&posUjian=2');
    expect(before.data.map((r) => r.id_siswa)).toContain('2');
    expect(
      (
        await api(t, siti, 'POST', '/DataSiswa/NilaiSiswa', {
          id_siswa: 2,
          id_ukt: 1,
          id_tingkat: 1,
          nilai_sambung: 70,
        })
      ).statusCode,
    ).toBe(200);

    const res = await api(t, admin, 'POST', API.panitia.pesertaMundur.href(1, 2), { mundur: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(PanitiaPeserta.parse(res.json().data).mundur).toBe(true);

    const after = await examinerList(siti, 'id_ukt=1&posUjian=2');
    expect(after.data.map((r) => r.id_siswa)).not.toContain('2');
    expect(after.meta.total).toBe(before.meta.total - 1);
    expect((await examinerList(admin, 'id_ukt=1&nama=2')).data.map((r) => r.id_siswa)).not.toContain('2');

    const refusals = [
      api(t, siti, 'POST', '/DataSiswa/siswaUpdate/2', { id_ukt: 1, sudah_tes: 2 }),
      api(t, siti, 'POST', '/DataSiswa/NilaiSiswa', {
        id_siswa: 2,
        id_ukt: 1,
        id_tingkat: 1,
        nilai_sambung: 75,
      }),
      api(t, agus, 'POST', '/keshan/jawaban', {
        id_ukt: 1,
        id_siswa: 2,
        id_tingkat: 1,
        jawaban: [{ id_soal: 1, jawaban: 'a' }],
      }),
    ];
    for (const refused of await Promise.all(refusals)) {
      expect(refused.statusCode).toBe(409);
      expect(body(refused).message).toBe('Peserta ini sudah mundur dari kegiatan.');
    }
    // Kept in records: the score record and the console (status filter).
    const record = await api(t, siti, 'GET', '/DataSiswa/NilaiSiswa?id_siswa=2&id_tingkat=1&id_ukt=1');
    expect(record.json().data.nilai_sambung).toBe(70);
    expect((await peserta('?status=mundur')).data.map((p) => p.id_siswa)).toEqual(['2']);
    expect((await peserta('?status=aktif')).data.map((p) => p.id_siswa)).not.toContain('2');
    expect(await audit(2, 'mundur')).toMatchObject([
      { old_value: 0, new_value: 1, source: 'koreksi', reason: 'Peserta mundur', id_pemilih: 1 },
    ]);

    const back = await api(t, admin, 'POST', API.panitia.pesertaMundur.href(1, 2), { mundur: false });
    expect(PanitiaPeserta.parse(back.json().data).mundur).toBe(false);
    expect((await examinerList(siti, 'id_ukt=1&posUjian=2')).data.map((r) => r.id_siswa)).toContain('2');
    expect(
      (await api(t, siti, 'POST', '/DataSiswa/siswaUpdate/2', { id_ukt: 1, sudah_tes: 2 })).statusCode,
    ).toBe(200);
    expect(
      (await api(t, admin, 'POST', API.panitia.pesertaMundur.href(1, 2), { mundur: 'ya' })).statusCode,
    ).toBe(400);
  });

  it('releases a participant held at a post: audited, and free in every examiner list at once', async () => {
    expect(
      (await api(t, siti, 'POST', '/DataSiswa/siswaUpdate/3', { id_ukt: 1, sudah_fisik: 2 })).statusCode,
    ).toBe(200);
    const held = (await examinerList(admin, 'id_ukt=1&posUjian=3')).data.find((r) => r.id_siswa === '3');
    expect(held).toMatchObject({ sudah_fisik: '2', sudah_ujian: 1 });
    const shown = (await peserta()).data.find((p) => p.id_siswa === '3') as PanitiaPeserta;
    expect(shown.pos.sudah_fisik).toEqual({ id_pemilih: '2', nama: 'Siti Rahayu' });
    expect(
      (await api(t, admin, 'POST', '/DataSiswa/siswaUpdate/3', { id_ukt: 1, sudah_fisik: 1 })).statusCode,
    ).toBe(409);

    const res = await api(t, admin, 'POST', API.panitia.pesertaLepas.href(1, 3), { pos: 'sudah_fisik' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toContain('dilepas di pos FISIK');
    expect(PanitiaPeserta.parse(res.json().data).pos.sudah_fisik).toBeNull();
    const free = (await examinerList(admin, 'id_ukt=1&posUjian=3')).data.find((r) => r.id_siswa === '3');
    expect(free).toMatchObject({ sudah_fisik: null, sudah_ujian: 0 });
    expect(await audit(3, 'sudah_fisik')).toMatchObject([
      {
        id_pemilih: 1,
        old_value: 2,
        new_value: 0,
        reason: 'Dilepas panitia',
        source: 'koreksi',
        id_tingkat: 1,
      },
    ]);
    expect(
      (await api(t, admin, 'POST', '/DataSiswa/siswaUpdate/3', { id_ukt: 1, sudah_fisik: 1 })).statusCode,
    ).toBe(200);

    const idle = await api(t, admin, 'POST', API.panitia.pesertaLepas.href(1, 3), { pos: 'sudah_sambung' });
    expect(idle.statusCode).toBe(200);
    expect(body(idle).message).toContain('tidak sedang dipegang');
    expect(await audit(3, 'sudah_sambung')).toEqual([]);
    expect(
      (await api(t, admin, 'POST', API.panitia.pesertaLepas.href(1, 3), { pos: 'sudah_x' })).statusCode,
    ).toBe(400);
    expect(
      (await api(t, admin, 'POST', API.panitia.pesertaLepas.href(1, 9999), { pos: 'sudah_tes' })).statusCode,
    ).toBe(404);
  });

  it('is for committee admins only (403) and needs a token (401)', async () => {
    const calls = [
      () => api(t, siti, 'GET', API.panitia.peserta.href(1)),
      () => api(t, siti, 'POST', API.panitia.peserta.href(1), { nama: 'X', id_rayon: 1 }),
      () => api(t, agus, 'POST', API.panitia.pesertaMundur.href(1, 1), { mundur: true }),
      () => api(t, siti, 'POST', API.panitia.pesertaLepas.href(1, 1), { pos: 'sudah_tes' }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
    expect((await api(t, undefined, 'GET', API.panitia.peserta.href(1))).statusCode).toBe(401);
    expect(
      (await api(t, undefined, 'POST', API.panitia.pesertaLepas.href(1, 1), { pos: 'sudah_tes' })).statusCode,
    ).toBe(401);
  });
});
