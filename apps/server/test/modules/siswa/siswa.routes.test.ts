import { CabangOption, PageMeta, PerwapusOption, SiswaRow } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';

describe.each(DATABASES)('participants on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let agus: string;
  beforeAll(async () => {
    ({ t, admin, siti, agus } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const list = async (token: string, query: string) => {
    const res = await api(t, token, 'GET', `/DataSiswa/siswa?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const parsed = z
      .object({ success: z.literal(true), data: z.array(SiswaRow), meta: PageMeta })
      .parse(res.json());
    return parsed;
  };

  it('lists events newest first', async () => {
    const res = await api(t, admin, 'GET', '/DataSiswa/UKT');
    const ids = res.json().data.map((e: { id_ukt: string; id_tingkat: string }) => [e.id_ukt, e.id_tingkat]);
    expect(ids).toEqual([
      ['2', '4'],
      ['1', '1'],
    ]);
  });

  it('pages 20 rows by no_urut with paging facts', async () => {
    const page2 = await list(admin, 'id_ukt=1&hal=2');
    expect(page2.data).toHaveLength(20);
    expect(page2.data[0]?.no_urut).toBe('21');
    expect(page2.meta).toEqual({ hal: 2, per_page: 20, total: 120, total_pages: 6 });
    expect((await list(admin, 'id_ukt=1&hal=9')).data).toEqual([]);
  });

  it('has demo participants in every cabang of both events', async () => {
    const cabang = CabangOption.array().parse((await api(t, admin, 'GET', '/DataSiswa/cabang')).json().data);
    expect(cabang).toHaveLength(4);
    for (const c of cabang) {
      for (const ukt of [1, 2]) {
        expect((await list(admin, `id_ukt=${ukt}&id_cabang=${c.id_cabang}`)).meta.total).toBeGreaterThan(0);
      }
    }
  });

  it('searches part of a name case-insensitively, or a no_urut', async () => {
    const first = (await list(admin, 'id_ukt=1')).data[0] as SiswaRow;
    const part = first.nama.split(' ')[0]?.slice(1, 4).toUpperCase() as string;
    const found = await list(admin, `id_ukt=1&nama=${encodeURIComponent(part)}`);
    expect(found.data.length).toBeGreaterThan(0);
    for (const row of found.data) expect(row.nama.toLowerCase()).toContain(part.toLowerCase());
    const byNo = await list(admin, 'id_ukt=1&nama=17');
    expect(byNo.data.map((r) => r.no_urut)).toContain('17');
  });

  it('treats SQL-looking and wildcard search text as plain text', async () => {
    for (const nama of ["' OR 1=1 --", '%', '_', "'; DROP TABLE siswa; --", '\\']) {
      const res = await list(admin, `id_ukt=1&nama=${encodeURIComponent(nama)}`);
      expect(res.meta.total).toBe(0);
    }
    expect((await list(admin, 'id_ukt=1')).meta.total).toBe(120);
  });

  it('locks a non-admin examiner to their own perwapus and cabang whatever the query says', async () => {
    const all = await list(admin, 'id_ukt=1');
    const cabang = CabangOption.array().parse((await api(t, admin, 'GET', '/DataSiswa/cabang')).json().data);
    const other = cabang.find((c) => c.cabang !== 'Cabang Kota Madiun') as CabangOption;
    const locked = await list(siti, `id_ukt=1&id_cabang=${other.id_cabang}&id_perwapus=2`);
    expect(locked.meta.total).toBeGreaterThan(0);
    expect(locked.meta.total).toBeLessThan(all.meta.total);
    for (const row of locked.data) expect(row.cabang).toBe('Cabang Kota Madiun');
    const adminOther = await list(admin, `id_ukt=1&id_cabang=${other.id_cabang}`);
    for (const row of adminOther.data) expect(row.cabang).toBe(other.cabang);
    const perwapus = PerwapusOption.array().parse(
      (await api(t, siti, 'GET', '/DataSiswa/perwapus')).json().data,
    );
    expect(perwapus.map((p) => p.perwapus)).toEqual(['Perwapus Madiun Raya']);
    expect((await api(t, admin, 'GET', '/DataSiswa/perwapus')).json().data).toHaveLength(2);
  });

  it('filters by ranting and rayon and lists their options', async () => {
    const ranting = (await api(t, admin, 'GET', '/DataSiswa/ranting?id_cabang=1')).json().data;
    expect(ranting.map((r: { ranting: string }) => r.ranting)).toEqual([
      'Ranting Kartoharjo',
      'Ranting Taman',
    ]);
    const rayon = (await api(t, admin, 'GET', `/DataSiswa/rayon?id_ranting=${ranting[0].id_ranting}`)).json()
      .data;
    expect(rayon).toHaveLength(2);
    const rows = await list(admin, `id_ukt=1&id_rayon=${rayon[0].id}`);
    for (const row of rows.data) expect(row.nama_rayon).toBe(rayon[0].rayon);
    const byRanting = await list(admin, `id_ukt=1&id_ranting=${ranting[0].id_ranting}`);
    for (const row of byRanting.data) expect(row.nama_ranting).toBe('Ranting Kartoharjo');
  });

  it('lets one examiner take a participant at a post and tells another who holds them (409)', async () => {
    const take = (token: string, payload: Record<string, unknown>) =>
      api(t, token, 'POST', '/DataSiswa/siswaUpdate/1', payload);
    expect((await take(siti, { id_ukt: 1, sudah_tes: '999' })).statusCode).toBe(200);
    expect((await take(siti, { id_ukt: 1, sudah_tes: 2 })).statusCode).toBe(200);
    const clash = await take(admin, { id_ukt: 1, sudah_tes: 1 });
    expect(clash.statusCode).toBe(409);
    expect(body(clash).message).toContain('Siti Rahayu');
    expect((await take(admin, { id_ukt: 1, sudah_fisik: 1 })).statusCode).toBe(200);

    const forAdmin = (await list(admin, 'id_ukt=1&posUjian=2')).data[0] as SiswaRow;
    expect(forAdmin).toMatchObject({ sudah_tes: '2', sudah_fisik: '1', sudah_ujian: 1 });
    expect((await list(siti, 'id_ukt=1&posUjian=2')).data[0]?.sudah_ujian).toBe(0);
    expect((await list(siti, 'id_ukt=1&posUjian=3')).data[0]?.sudah_ujian).toBe(1);
  });

  it('shows a take at once in lists already fetched (cached pages follow the flags)', async () => {
    const before = (await list(admin, 'id_ukt=1&posUjian=3')).data.find(
      (r) => r.id_siswa === '3',
    ) as SiswaRow;
    expect(before).toMatchObject({ sudah_fisik: null, sudah_ujian: 0 });
    expect(
      (await api(t, siti, 'POST', '/DataSiswa/siswaUpdate/3', { id_ukt: 1, sudah_fisik: 2 })).statusCode,
    ).toBe(200);
    const after = (await list(admin, 'id_ukt=1&posUjian=3')).data.find((r) => r.id_siswa === '3') as SiswaRow;
    expect(after).toMatchObject({ sudah_fisik: '2', sudah_ujian: 1 });
  });

  it('refuses participants outside a non-admin examiner’s cabang, unknown ones and unknown events', async () => {
    const outside = (await list(admin, 'id_ukt=1&id_perwapus=2')).data[0] as SiswaRow;
    const res = await api(t, agus, 'POST', `/DataSiswa/siswaUpdate/${outside.id_siswa}`, {
      id_ukt: 1,
      sudah_keshan: 3,
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await api(t, admin, 'POST', '/DataSiswa/siswaUpdate/99999', { id_ukt: 1, sudah_keshan: 1 }))
        .statusCode,
    ).toBe(404);
    const wrongEvent = await api(t, admin, 'POST', '/DataSiswa/siswaUpdate/1', {
      id_ukt: 2,
      sudah_keshan: 1,
    });
    expect(wrongEvent.statusCode).toBe(404);
    const noEvent = await api(t, admin, 'GET', '/DataSiswa/siswa?id_ukt=77');
    expect(noEvent.statusCode).toBe(404);
    expect(body(noEvent).message).toContain('Kegiatan dengan ID 77');
    const two = await api(t, admin, 'POST', '/DataSiswa/siswaUpdate/1', {
      id_ukt: 1,
      sudah_keshan: 1,
      sudah_tes: 1,
    });
    expect(two.statusCode).toBe(400);
  });
});
