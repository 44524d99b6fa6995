import { API, fieldLabel, Kegiatan, PanitiaKegiatan } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';
import { insertUkt } from '../../support/ukt';

const KegiatanList = z.object({ success: z.literal(true), data: z.array(PanitiaKegiatan) });
const KegiatanOne = z.object({ success: z.literal(true), message: z.string(), data: PanitiaKegiatan });

const input = (over: Record<string, unknown> = {}) => ({
  nama_ukt: 'UKT Sabuk Jambon Ke Hijau',
  nama_kegiatan: 'Ujian Kenaikan Tingkat II',
  tanggal_tes: '2026-12-05',
  akhir_tes: '2026-12-06',
  id_tingkat: 2,
  ...over,
});

describe.each(DATABASES)('console events on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let agus: string;
  let otherOrgEvent: number;
  beforeAll(async () => {
    ({ t, admin, siti, agus } = await startSignedIn(kind));
    otherOrgEvent = await insertUkt(t, 2, 'UKT organisasi lain');
  });
  afterAll(async () => t.close());

  const list = async (query = '') => {
    const res = await api(t, admin, 'GET', `${API.panitia.kegiatan.href()}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return KegiatanList.parse(res.json()).data;
  };
  const examinerList = async () => {
    const res = await api(t, siti, 'GET', API.kegiatan.href());
    expect(res.statusCode, res.body).toBe(200);
    return z.array(Kegiatan).parse(res.json().data);
  };
  const event = async (id: number | string, query = '?arsip=semua') =>
    (await list(query)).find((k) => k.id_ukt === String(id));

  const calls = () =>
    [
      ['GET', API.panitia.kegiatan.href(), undefined],
      ['POST', API.panitia.kegiatan.href(), input()],
      ['PUT', API.panitia.kegiatanById.href(1), input()],
      ['POST', API.panitia.kegiatanArsip.href(1), { arsip: true }],
    ] as const;

  it('answers 401 without a token and 403 to examiners who are not committee admins', async () => {
    for (const [method, path, payload] of calls()) {
      const anonymous = await api(t, undefined, method, path, payload);
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      for (const token of [siti, agus]) {
        const res = await api(t, token, method, path, payload);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(body(res).message).toContain('hanya untuk admin panitia');
      }
    }
    // Nothing was created or archived by the refused calls.
    expect((await list('?arsip=semua')).map((k) => k.id_ukt)).toEqual(['2', '1']);
  });

  it("lists the organisation's events newest first with their counts, never another organisation's", async () => {
    const events = await list();
    expect(events).toEqual([
      expect.objectContaining({
        id_ukt: '2',
        id_tingkat: '4',
        arsip: false,
        jumlah_peserta: 80,
        jumlah_penguji: 0,
        peserta_dinilai: 0,
      }),
      expect.objectContaining({
        id_ukt: '1',
        nama_ukt: 'UKT Sabuk Polos Ke Jambon',
        id_tingkat: '1',
        arsip: false,
        jumlah_peserta: 120,
        jumlah_penguji: 0,
        peserta_dinilai: 0,
      }),
    ]);
    expect(events.some((k) => k.id_ukt === String(otherOrgEvent))).toBe(false);
  });

  it('counts examiners who took or scored anyone, scored participants, and leaves withdrawn ones out', async () => {
    // Siti takes participant 1 and scores them; Agus (dewan 2) scores KSHAN for participant 2.
    expect(
      (await api(t, siti, 'POST', API.siswaUpdate.href(1), { id_ukt: 1, sudah_tes: 1 })).statusCode,
    ).toBe(200);
    const jurus = { id_siswa: 1, id_ukt: 1, id_tingkat: 1, nilai_jurus: 72.5, nilai_jurus_plus: 2 };
    expect((await api(t, siti, 'POST', API.nilai.href(), jurus)).statusCode).toBe(200);
    const kshan = { id_siswa: 2, id_ukt: 1, id_tingkat: 5, nilai_kshan: 80, nilai_kshan_plus: 0 };
    const scored = await api(t, agus, 'POST', API.nilai.href(), kshan);
    expect(scored.statusCode, scored.body).toBe(200);
    // The admin takes participant 3 only (a take counts as examining).
    expect(
      (await api(t, admin, 'POST', API.siswaUpdate.href(3), { id_ukt: 1, sudah_fisik: 1 })).statusCode,
    ).toBe(200);
    expect(await event(1)).toMatchObject({ jumlah_peserta: 120, jumlah_penguji: 3, peserta_dinilai: 2 });

    await t.app.db.updateTable('siswa').set({ mundur: 1 }).where('id_siswa', '=', 2).execute();
    expect(await event(1)).toMatchObject({ jumlah_peserta: 119, jumlah_penguji: 3, peserta_dinilai: 1 });
    await t.app.db.updateTable('siswa').set({ mundur: 0 }).where('id_siswa', '=', 2).execute();
    expect(await event(2)).toMatchObject({ jumlah_peserta: 80, jumlah_penguji: 0, peserta_dinilai: 0 });
  });

  it('creates an event under a server-made id_ukt that examiners then see', async () => {
    const res = await api(t, admin, 'POST', API.panitia.kegiatan.href(), input());
    expect(res.statusCode, res.body).toBe(200);
    const created = KegiatanOne.parse(res.json()).data;
    expect(created).toEqual({
      id_ukt: expect.stringMatching(/^\d+$/),
      nama_ukt: 'UKT Sabuk Jambon Ke Hijau',
      nama_kegiatan: 'Ujian Kenaikan Tingkat II',
      tanggal_tes: '2026-12-05',
      akhir_tes: '2026-12-06',
      id_tingkat: '2',
      arsip: false,
      jumlah_peserta: 0,
      jumlah_penguji: 0,
      peserta_dinilai: 0,
      disahkan: false,
    });
    // Past every id in use, whichever organisation has it.
    expect(Number(created.id_ukt)).toBeGreaterThan(Math.max(2, otherOrgEvent));
    expect((await examinerList()).map((k) => k.id_ukt)).toContain(created.id_ukt);

    const single = await api(t, admin, 'POST', API.panitia.kegiatan.href(), input({ akhir_tes: '' }));
    expect(KegiatanOne.parse(single.json()).data.akhir_tes).toBeNull();
  });

  it('refuses bad events with a 400 that names the field, and stores none of them', async () => {
    const before = (await list('?arsip=semua')).length;
    const cases: [Record<string, unknown>, string][] = [
      [input({ nama_ukt: '' }), 'nama_ukt'],
      [input({ nama_ukt: 5 }), 'nama_ukt'],
      [input({ tanggal_tes: '2026-02-30' }), 'tanggal_tes'],
      [input({ tanggal_tes: '05-12-2026' }), 'tanggal_tes'],
      [input({ akhir_tes: '2026-12-01' }), 'akhir_tes'],
      [input({ id_tingkat: 5 }), 'id_tingkat'],
      [input({ id_tingkat: 'dua' }), 'id_tingkat'],
      [input({ id_tingkat: true }), 'id_tingkat'],
      [{ nama_ukt: 'x' }, 'nama_kegiatan'],
    ];
    for (const [payload, field] of cases) {
      const res = await api(t, admin, 'POST', API.panitia.kegiatan.href(), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      // The field by the name the form gives it ('Nama UKT'), never its key (docs/decisions/107).
      expect(body(res).message).toContain(fieldLabel(field));
    }
    expect(await list('?arsip=semua')).toHaveLength(before);
    expect((await api(t, admin, 'GET', `${API.panitia.kegiatan.href()}?arsip=ya`)).statusCode).toBe(400);
  });

  it('edits an event, and answers 404 for an unknown or another organisation’s id', async () => {
    const res = await api(
      t,
      admin,
      'PUT',
      API.panitia.kegiatanById.href(2),
      input({ nama_ukt: 'UKT Putih (diubah)', id_tingkat: 4, akhir_tes: null }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(KegiatanOne.parse(res.json()).data).toMatchObject({
      id_ukt: '2',
      nama_ukt: 'UKT Putih (diubah)',
      akhir_tes: null,
      id_tingkat: '4',
      jumlah_peserta: 80,
    });
    expect((await examinerList()).find((k) => k.id_ukt === '2')?.nama_ukt).toBe('UKT Putih (diubah)');

    for (const id of [999_999, otherOrgEvent]) {
      const missing = await api(t, admin, 'PUT', API.panitia.kegiatanById.href(id), input());
      expect(missing.statusCode).toBe(404);
      expect(body(missing).message).toBe(`Kegiatan dengan ID ${id} tidak ditemukan.`);
    }
    const other = await t.app.db
      .selectFrom('ukt')
      .select('nama_ukt')
      .where('id_ukt', '=', otherOrgEvent)
      .executeTakeFirstOrThrow();
    expect(other.nama_ukt).toBe('UKT organisasi lain');
    expect((await api(t, admin, 'PUT', API.panitia.kegiatanById.href('abc'), input())).statusCode).toBe(400);
  });

  it('keeps the belt level of an event that has scores (409), changing nothing else either', async () => {
    const res = await api(
      t,
      admin,
      'PUT',
      API.panitia.kegiatanById.href(1),
      input({ nama_ukt: 'Tidak tersimpan', id_tingkat: 3 }),
    );
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toContain('Tingkat kegiatan ini tidak dapat diubah');
    expect(await event(1)).toMatchObject({ nama_ukt: 'UKT Sabuk Polos Ke Jambon', id_tingkat: '1' });
    // Same belt: the rest may change.
    const ok = await api(
      t,
      admin,
      'PUT',
      API.panitia.kegiatanById.href(1),
      input({ nama_ukt: 'UKT Polos (diubah)', id_tingkat: 1 }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('archives an event out of the examiners’ list, keeps its data for the console, and brings it back', async () => {
    const res = await api(t, admin, 'POST', API.panitia.kegiatanArsip.href(1), { arsip: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(KegiatanOne.parse(res.json()).data).toMatchObject({
      id_ukt: '1',
      arsip: true,
      jumlah_peserta: 120,
    });

    expect((await examinerList()).map((k) => k.id_ukt)).not.toContain('1');
    expect((await list()).map((k) => k.id_ukt)).not.toContain('1');
    expect((await list('?arsip=1')).map((k) => k.id_ukt)).toEqual(['1']);
    expect(await event(1)).toMatchObject({ arsip: true, jumlah_penguji: 3, peserta_dinilai: 2 });
    // The data stays: its participants and scores are still there.
    const nilai = await api(t, admin, 'GET', `${API.nilai.href()}?id_siswa=1&id_tingkat=1&id_ukt=1`);
    expect(nilai.json().data.nilai_jurus).toBe(72.5);

    const back = await api(t, admin, 'POST', API.panitia.kegiatanArsip.href(1), { arsip: false });
    expect(KegiatanOne.parse(back.json()).data.arsip).toBe(false);
    expect((await examinerList()).map((k) => k.id_ukt)).toContain('1');
  });

  it('refuses a bad archive call: unknown or foreign id (404), not a boolean (400)', async () => {
    for (const id of [999_999, otherOrgEvent]) {
      const res = await api(t, admin, 'POST', API.panitia.kegiatanArsip.href(id), { arsip: true });
      expect(res.statusCode).toBe(404);
    }
    const foreign = await t.app.db
      .selectFrom('ukt')
      .select('arsip')
      .where('id_ukt', '=', otherOrgEvent)
      .executeTakeFirstOrThrow();
    expect(foreign.arsip).toBe(0);
    for (const payload of [{ arsip: 'ya' }, { arsip: 1 }, {}]) {
      const res = await api(t, admin, 'POST', API.panitia.kegiatanArsip.href(2), payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toContain('Arsip');
    }
  });

  it('documents every call under the panitia tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const paths = doc.paths as Record<string, Record<string, { tags?: string[] }>>;
    const at = (route: string) => paths[`/uktNEW/api${route.replace(/:(\w+)/g, '{$1}')}`] ?? {};
    expect(at(API.panitia.kegiatan.route).get?.tags).toEqual(['panitia']);
    expect(at(API.panitia.kegiatan.route).post?.tags).toEqual(['panitia']);
    expect(at(API.panitia.kegiatanById.route).put?.tags).toEqual(['panitia']);
    expect(at(API.panitia.kegiatanArsip.route).post?.tags).toEqual(['panitia']);
  });
});
