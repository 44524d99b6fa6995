import { API, PageMeta, SiswaRosterResult, SiswaRow } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { verifyCardCode } from '../../../src/lib/card-code';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { writeScores } from '../../support/scores';

// The one-call roster (issue 14 item 4) and the list's to-do marks and 'Belum dinilai' filter
// (issue 13 item 4).

describe.each(DATABASES)('roster and to-do marks on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  beforeAll(async () => {
    ({ t, admin, siti } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const roster = async (token: string, idUkt: number) => {
    const res = await api(t, token, 'GET', `${API.siswaRoster.href()}?id_ukt=${idUkt}`);
    expect(res.statusCode, res.body).toBe(200);
    return SiswaRosterResult.parse(res.json()).data;
  };
  const list = async (token: string, query: string) => {
    const res = await api(t, token, 'GET', `${API.siswa.href()}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return z.object({ data: z.array(SiswaRow), meta: PageMeta }).parse(res.json());
  };
  /** Every row of a list query, page by page. */
  const listAll = async (token: string, query: string) => {
    const rows: SiswaRow[] = [];
    for (let hal = 1; ; hal++) {
      const page = await list(token, `${query}&hal=${hal}`);
      rows.push(...page.data);
      if (hal >= page.meta.total_pages) return rows;
    }
  };

  it('answers the whole roster an examiner may see in one call, as the list scopes it', async () => {
    const all = await roster(admin, 1);
    expect(all.id_ukt).toBe(1);
    expect(all.siswa).toHaveLength(120);
    expect(all.siswa.map((s) => s.no_urut)).toEqual(
      [...all.siswa.map((s) => s.no_urut)].sort((a, b) => a - b),
    );

    const own = await roster(siti, 1);
    const ownList = await listAll(siti, 'id_ukt=1');
    expect(own.siswa.length).toBeGreaterThan(0);
    expect(own.siswa.length).toBeLessThan(all.siswa.length);
    expect(own.siswa.map((s) => String(s.id_siswa))).toEqual(ownList.map((r) => r.id_siswa));
    expect(new Set(own.cabang.map((c) => c.nama))).toEqual(new Set(['Cabang Kota Madiun']));
  });

  it('gives region ids with their names and parents once, matching the list rows', async () => {
    const all = await roster(admin, 1);
    const byId = (level: { id: number; nama: string; id_parent: number }[]) =>
      new Map(level.map((r) => [r.id, r]));
    const [perwapus, cabang, ranting, rayon] = [all.perwapus, all.cabang, all.ranting, all.rayon].map(byId);
    const rows = await listAll(admin, 'id_ukt=1');
    for (const [i, s] of all.siswa.entries()) {
      const row = rows[i] as SiswaRow;
      expect(String(s.id_siswa)).toBe(row.id_siswa);
      expect(cabang?.get(s.id_cabang)?.nama).toBe(row.cabang);
      expect(ranting?.get(s.id_ranting)?.nama).toBe(row.nama_ranting);
      expect(rayon?.get(s.id_rayon)?.nama).toBe(row.nama_rayon);
      expect(rayon?.get(s.id_rayon)?.id_parent).toBe(s.id_ranting);
      expect(ranting?.get(s.id_ranting)?.id_parent).toBe(s.id_cabang);
      expect(cabang?.get(s.id_cabang)?.id_parent).toBe(s.id_perwapus);
      expect(perwapus?.has(s.id_perwapus)).toBe(true);
    }
  });

  it("carries each participant's card code, which the server's check accepts for that participant", async () => {
    const { siswa } = await roster(admin, 2);
    for (const s of siswa.slice(0, 10)) {
      expect(verifyCardCode(t.app.secret, s.kode_kartu)).toEqual({
        idUkt: 2,
        idSiswa: s.id_siswa,
        signature: s.kode_kartu.slice(-8),
      });
    }
    const code = (siswa[0] as { kode_kartu: string }).kode_kartu;
    const forged = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    expect(verifyCardCode(t.app.secret, forged)).toBeNull();
  });

  it('marks the exams scored, in the roster and on the list, and keeps a withdrawn participant flagged', async () => {
    const before = await roster(admin, 1);
    const first = before.siswa[0] as (typeof before.siswa)[number];
    expect(first.dinilai).toEqual([]);
    await writeScores(t, admin, 1, 1, first.id_siswa, { jurus: 70, senam: 75, fisik: 60 });
    const after = await roster(admin, 1);
    expect(after.siswa[0]?.dinilai).toEqual(['jurus', 'senam', 'fisik']);
    const row = (await list(admin, 'id_ukt=1&posUjian=2')).data[0] as SiswaRow;
    expect(row).toMatchObject({ id_siswa: String(first.id_siswa), dinilai: ['jurus', 'senam', 'fisik'] });

    const withdraw = await api(t, admin, 'POST', API.panitia.pesertaMundur.href(1, 3), { mundur: true });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    const flagged = (await roster(admin, 1)).siswa.find((s) => s.id_siswa === 3);
    expect(flagged?.mundur).toBe(1);
    expect((await listAll(admin, 'id_ukt=1')).some((r) => r.id_siswa === '3')).toBe(false);
    await api(t, admin, 'POST', API.panitia.pesertaMundur.href(1, 3), { mundur: false });
  });

  it('shows a take in the roster at once', async () => {
    const { siswa } = await roster(siti, 1);
    const target = siswa.find((s) => s.sudah_tes === null && !s.mundur) as (typeof siswa)[number];
    const take = await api(t, siti, 'POST', API.siswaUpdate.href(target.id_siswa), {
      sudah_tes: 2,
      id_ukt: 1,
    });
    expect(take.statusCode, take.body).toBe(200);
    const after = (await roster(siti, 1)).siswa.find((s) => s.id_siswa === target.id_siswa);
    const row = (await list(siti, `id_ukt=1&nama=${target.no_urut}`)).data[0] as SiswaRow;
    expect(after?.sudah_tes).not.toBeNull();
    expect(String(after?.sudah_tes)).toBe(row.sudah_tes);
  });

  it("lists only those still without a score for the exam with 'belum_dinilai', and drops one once scored", async () => {
    const all = await list(admin, 'id_ukt=2&posUjian=2');
    const todo = await list(admin, 'id_ukt=2&posUjian=2&belum_dinilai=jurus');
    expect(todo.meta.total).toBe(all.meta.total);
    const target = todo.data[1] as SiswaRow;
    await writeScores(t, admin, 2, 4, Number(target.id_siswa), { jurus: 66 });
    const after = await list(admin, 'id_ukt=2&posUjian=2&belum_dinilai=jurus');
    expect(after.meta.total).toBe(all.meta.total - 1);
    expect(after.data.map((r) => r.id_siswa)).not.toContain(target.id_siswa);
    // Another exam's to-do list still holds them.
    const senam = await listAll(admin, 'id_ukt=2&posUjian=2&belum_dinilai=senam');
    expect(senam.map((r) => r.id_siswa)).toContain(target.id_siswa);
    // KESHAN and KSHAN share a column and are told apart by the level.
    await writeScores(t, admin, 2, 4, Number(target.id_siswa), { kshan: 70 });
    const keshanTodo = await listAll(admin, 'id_ukt=2&posUjian=1&belum_dinilai=keshan');
    expect(keshanTodo.map((r) => r.id_siswa)).toContain(target.id_siswa);
    const kshanTodo = await listAll(admin, 'id_ukt=2&posUjian=1&belum_dinilai=kshan');
    expect(kshanTodo.map((r) => r.id_siswa)).not.toContain(target.id_siswa);
    // Filters and search still apply inside the to-do list.
    const searched = await list(admin, `id_ukt=2&belum_dinilai=jurus&nama=${target.no_urut}`);
    expect(searched.data.map((r) => r.id_siswa)).toEqual([]);
  });

  it('refuses an unknown exam, an unknown event and a missing token', async () => {
    const bad = await api(t, admin, 'GET', `${API.siswa.href()}?id_ukt=1&belum_dinilai=lari`);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Ujian tidak dikenal');
    const unknown = await api(t, admin, 'GET', `${API.siswaRoster.href()}?id_ukt=999`);
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Kegiatan dengan ID 999 tidak ditemukan.');
    expect((await api(t, undefined, 'GET', `${API.siswaRoster.href()}?id_ukt=1`)).statusCode).toBe(401);
  });
});
