import { API, PanitiaPenguji, PanitiaPengujiList, TautanLogin } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SESSION_CACHE_MS } from '../../../src/modules/auth/session.service';
import {
  ADMIN,
  AGUS,
  api,
  body,
  DATABASES,
  SITI,
  startApp,
  startSignedIn,
  type TestApp,
} from '../../support/app';
import { findScopedExaminer } from '../../support/scoped-examiner';

const PengujiOne = z.object({ success: z.literal(true), message: z.string(), data: PanitiaPenguji });
const TautanOne = z.object({ success: z.literal(true), data: TautanLogin });
const NONAKTIF = 'Akun Anda dinonaktifkan panitia. Hubungi panitia bila ini keliru.';
const MIN = 60_000;

describe.each(DATABASES)('console examiners on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let agus: string;
  let perwapus: { id: number; nama: string };
  let cabang: { id: number; nama: string };
  let otherCabang: number;
  let foreignPerwapus: number;
  let foreignPenguji: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    ({ t, admin, siti, agus } = await startSignedIn(kind));
    const db = t.app.db;
    const pengujiRows = await db.selectFrom('penguji').select(['id_pemilih', 'no_wa']).execute();
    ids = Object.fromEntries(pengujiRows.map((r) => [r.no_wa, r.id_pemilih]));
    const siti0 = await findScopedExaminer(t);
    perwapus = await db
      .selectFrom('perwapus')
      .select(['id', 'nama'])
      .where('id', '=', siti0.id_perwapus as number)
      .executeTakeFirstOrThrow();
    cabang = await db
      .selectFrom('cabang')
      .select(['id', 'nama'])
      .where('id', '=', siti0.id_cabang as number)
      .executeTakeFirstOrThrow();
    // A cabang of the other demo perwapus, and another organisation's perwapus and examiner.
    const elsewhere = await db
      .selectFrom('cabang')
      .select('id')
      .where('id_parent', '!=', perwapus.id)
      .executeTakeFirstOrThrow();
    otherCabang = elsewhere.id;
    foreignPerwapus = (
      await db
        .insertInto('perwapus')
        .values({ id_parent: 2, nama: 'Perwapus Lain' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    foreignPenguji = (
      await db
        .insertInto('penguji')
        .values({
          id_organisasi: 2,
          no_wa: '6281999999999',
          nama: 'Penguji Organisasi Lain',
          id_perwapus: foreignPerwapus,
          id_cabang: null,
          panitia: 'Penguji',
          dewan: 1,
          img_profile: '',
          created_at: new Date().toISOString(),
        })
        .returning('id_pemilih')
        .executeTakeFirstOrThrow()
    ).id_pemilih;
  });
  afterAll(async () => t.close());

  const input = (over: Record<string, unknown> = {}) => ({
    no_wa: '0812-3456-7001',
    nama: 'Dewi Lestari',
    id_perwapus: perwapus.id,
    id_cabang: cabang.id,
    panitia: 'Penguji',
    dewan: 1,
    ...over,
  });
  const search = async (query: string) => {
    const res = await api(t, admin, 'GET', `${API.panitia.penguji.href()}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return PanitiaPengujiList.parse(res.json());
  };
  const one = async (noWa: string) => (await search(`?cari=${noWa}`)).data[0] as PanitiaPenguji;
  const count = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('penguji')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sendCode = (noWa: string) =>
    t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${API.otpLogin.href(1)}`,
      payload: { no_wa: noWa },
      remoteAddress: '10.7.0.1',
    });
  const checkCode = (noWa: string, kode: string) =>
    t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${API.otpVerify.href(1)}`,
      payload: { no_wa: noWa, kode },
      remoteAddress: '10.7.0.1',
    });
  const tautan = async (idPemilih: number, payload: Record<string, unknown> = {}) => {
    const res = await api(t, admin, 'POST', API.panitia.pengujiTautan.href(idPemilih), payload);
    expect(res.statusCode, res.body).toBe(200);
    return TautanOne.parse(res.json()).data;
  };
  const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1) as string;

  it('answers 401 without a token and 403 to examiners who are not committee admins', async () => {
    const calls = [
      ['GET', API.panitia.penguji.href(), undefined],
      ['POST', API.panitia.penguji.href(), input()],
      ['PUT', API.panitia.pengujiById.href(ids[SITI] as number), input()],
      ['POST', API.panitia.pengujiAktif.href(ids[ADMIN] as number), { aktif: false }],
      ['POST', API.panitia.pengujiTautan.href(ids[SITI] as number), {}],
    ] as const;
    for (const [method, path, payload] of calls) {
      expect((await api(t, undefined, method, path, payload)).statusCode, `${method} ${path}`).toBe(401);
      for (const token of [siti, agus]) {
        expect((await api(t, token, method, path, payload)).statusCode, `${method} ${path}`).toBe(403);
      }
    }
    expect(await count()).toBe(4);
    expect((await one(ADMIN)).aktif).toBe(true);
  });

  it("lists the organisation's examiners by name with region names, activity, and paging facts", async () => {
    const page = await search('');
    expect(page.meta).toEqual({ hal: 1, per_page: 20, total: 3, total_pages: 1 });
    expect(page.data.map((p) => p.nama)).toEqual(['Agus Wijaya', 'Budi Santoso', 'Siti Rahayu']);
    const sitiRow = page.data[2] as PanitiaPenguji;
    expect(sitiRow).toMatchObject({
      id_pemilih: String(ids[SITI]),
      no_wa: SITI,
      perwapus: perwapus.nama,
      id_perwapus: String(perwapus.id),
      cabang: cabang.nama,
      id_cabang: String(cabang.id),
      panitia: 'Penguji',
      dewan: 1,
      aktif: true,
    });
    // Everyone signed in when the test started.
    for (const p of page.data) expect(p.aktivitas_terakhir).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it('finds examiners by part of a name or of a number, in any usual spelling', async () => {
    expect((await search('?cari=siti')).data.map((p) => p.no_wa)).toEqual([SITI]);
    expect((await search('?cari=RAHAY')).data.map((p) => p.no_wa)).toEqual([SITI]);
    expect((await search('?cari=0811-0000-0002')).data.map((p) => p.no_wa)).toEqual([SITI]);
    expect(
      (await search(`?cari=${encodeURIComponent('+62 811 0000 0003')}`)).data.map((p) => p.no_wa),
    ).toEqual([AGUS]);
    expect((await search('?cari=00000001')).data.map((p) => p.no_wa)).toEqual([ADMIN]);
    expect((await search('?cari=%25')).meta.total).toBe(0);
    expect((await search('?cari=Lain')).meta.total).toBe(0);
    expect((await api(t, admin, 'GET', `${API.panitia.penguji.href()}?hal=0`)).statusCode).toBe(400);
    expect(
      (await api(t, admin, 'GET', `${API.panitia.penguji.href()}?cari=${'x'.repeat(101)}`)).statusCode,
    ).toBe(400);
  });

  it('adds an examiner with a normalised number, who can then sign in', async () => {
    const res = await api(t, admin, 'POST', API.panitia.penguji.href(), input());
    expect(res.statusCode, res.body).toBe(200);
    const added = PengujiOne.parse(res.json()).data;
    expect(added).toMatchObject({
      no_wa: '6281234567001',
      nama: 'Dewi Lestari',
      perwapus: perwapus.nama,
      cabang: cabang.nama,
      aktif: true,
      aktivitas_terakhir: null,
    });
    const token = await t.login('6281234567001');
    expect((await api(t, token, 'GET', API.kegiatan.href())).statusCode).toBe(200);
    expect((await one('6281234567001')).aktivitas_terakhir).not.toBeNull();

    // An admin needs no region.
    const adminAdded = await api(
      t,
      admin,
      'POST',
      API.panitia.penguji.href(),
      input({
        no_wa: '081234567002',
        nama: 'Admin Dua',
        panitia: 'adminstrator',
        id_perwapus: '',
        id_cabang: '',
      }),
    );
    expect(PengujiOne.parse(adminAdded.json()).data).toMatchObject({ id_perwapus: null, cabang: null });
  });

  it('refuses a number already in use, in whatever spelling (409), adding nothing', async () => {
    const before = await count();
    for (const noWa of [SITI, '0811 0000 0002', '+62 812-3456-7001']) {
      const res = await api(t, admin, 'POST', API.panitia.penguji.href(), input({ no_wa: noWa }));
      expect(res.statusCode, noWa).toBe(409);
      expect(body(res).message).toMatch(/sudah dipakai penguji (Siti Rahayu|Dewi Lestari)/);
    }
    expect(await count()).toBe(before);
  });

  it('refuses bad examiners with a 400 naming the field, adding nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [input({ no_wa: '12345' }), 'Nomor WhatsApp'],
      [input({ no_wa: 'nomor saya' }), 'Nomor WhatsApp'],
      [input({ no_wa: 81234567009 }), 'Nomor WhatsApp'],
      [input({ nama: '' }), 'Nama'],
      [input({ panitia: 'Boss' }), 'Peran panitia'],
      [input({ dewan: 0 }), 'Dewan'],
      [input({ dewan: 'satu' }), 'Dewan'],
      [input({ id_cabang: undefined }), 'Cabang'],
      [input({ id_perwapus: undefined, id_cabang: undefined }), 'Cabang'],
      // Exists, but not under this perwapus / not this organisation's / not at all.
      [input({ no_wa: '081234567010', id_cabang: otherCabang }), 'Cabang'],
      [input({ no_wa: '081234567011', id_perwapus: foreignPerwapus }), 'Perwapus'],
      [input({ no_wa: '081234567012', id_perwapus: 999_999 }), 'Perwapus'],
      [input({ no_wa: '081234567013', id_cabang: 999_999 }), 'Cabang'],
      [input({ no_wa: '081234567014', panitia: 'Admin', id_perwapus: '' }), 'Perwapus'],
    ];
    for (const [payload, field] of cases) {
      const res = await api(t, admin, 'POST', API.panitia.penguji.href(), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(String(body(res).message).toLowerCase(), JSON.stringify(payload)).toContain(field.toLowerCase());
      // Fields by their Indonesian names, never the wire's (no_wa, id_perwapus …).
      expect(body(res).message, JSON.stringify(payload)).not.toMatch(/\b(no_wa|id_\w+)/);
    }
    expect(await count()).toBe(before);
  });

  it('edits an examiner; the change applies to their open session at once', async () => {
    const id = ids[SITI] as number;
    // Siti's token is in this process's session cache (default on) from this request.
    expect((await api(t, siti, 'GET', API.panitia.kegiatan.href())).statusCode).toBe(403);
    const res = await api(
      t,
      admin,
      'PUT',
      API.panitia.pengujiById.href(id),
      input({ no_wa: SITI, nama: 'Siti R.', panitia: 'Admin' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(PengujiOne.parse(res.json()).data).toMatchObject({
      nama: 'Siti R.',
      panitia: 'Admin',
      no_wa: SITI,
    });
    expect((await api(t, siti, 'GET', API.panitia.kegiatan.href())).statusCode).toBe(200);
    const back = await api(
      t,
      admin,
      'PUT',
      API.panitia.pengujiById.href(id),
      input({ no_wa: SITI, nama: 'Siti Rahayu', panitia: 'Penguji' }),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect((await api(t, siti, 'GET', API.panitia.kegiatan.href())).statusCode).toBe(403);
  });

  it('refuses bad edits: unknown or foreign id (404), a taken number (409), an admin dropping their own role (400)', async () => {
    for (const id of [999_999, foreignPenguji]) {
      const res = await api(
        t,
        admin,
        'PUT',
        API.panitia.pengujiById.href(id),
        input({ no_wa: '081234567020' }),
      );
      expect(res.statusCode).toBe(404);
    }
    const foreign = await t.app.db
      .selectFrom('penguji')
      .select('nama')
      .where('id_pemilih', '=', foreignPenguji)
      .executeTakeFirstOrThrow();
    expect(foreign.nama).toBe('Penguji Organisasi Lain');

    const taken = await api(
      t,
      admin,
      'PUT',
      API.panitia.pengujiById.href(ids[SITI] as number),
      input({ no_wa: AGUS }),
    );
    expect(taken.statusCode).toBe(409);
    expect((await one(SITI)).nama).toBe('Siti Rahayu');

    const self = await api(
      t,
      admin,
      'PUT',
      API.panitia.pengujiById.href(ids[ADMIN] as number),
      input({ no_wa: ADMIN, nama: 'Budi Santoso', panitia: 'Penguji' }),
    );
    expect(self.statusCode).toBe(400);
    expect(body(self).message).toContain('peran admin Anda sendiri');
    expect((await one(ADMIN)).panitia).toBe('Admin');
    expect((await api(t, admin, 'PUT', API.panitia.pengujiById.href('x'), input())).statusCode).toBe(400);
  });

  it('makes a single-use 24-hour login link with a WhatsApp message that carries it', async () => {
    const link = await tautan(ids[SITI] as number);
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/ut\/[A-Za-z0-9_-]{43}$/);
    const wa = new URL(link.whatsapp);
    expect(`${wa.origin}${wa.pathname}`).toBe(`https://wa.me/${SITI}`);
    expect(wa.searchParams.get('text')).toBe(
      `Assalamu'alaikum Siti Rahayu, ini tautan masuk aplikasi UKT Penguji (sekali pakai, berlaku 24 jam): ${link.url}`,
    );
    expect(link.whatsapp).toContain(encodeURIComponent(link.url));
    const hours = (Date.parse(link.berlaku_sampai) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThan(26);

    const use = () => api(t, undefined, 'POST', API.tokenLogin.href(), { data: tokenOf(link.url) });
    const first = await use();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data[0].no_wa).toBe(SITI);
    expect((await use()).statusCode).toBe(401);

    const belt = await tautan(ids[SITI] as number, { sabuk: 3 });
    expect(belt.url).toMatch(/\/utss\/[A-Za-z0-9_-]{43}\?vard=3$/);
    expect(
      (await api(t, admin, 'POST', API.panitia.pengujiTautan.href(ids[SITI] as number), { sabuk: 9 }))
        .statusCode,
    ).toBe(400);
    for (const id of [999_999, foreignPenguji]) {
      expect((await api(t, admin, 'POST', API.panitia.pengujiTautan.href(id), {})).statusCode).toBe(404);
    }
  });

  it('deactivates an examiner: their token answers 401 with the message at once, sign-in is blocked', async () => {
    const id = ids[SITI] as number;
    const token = await t.login(SITI);
    const link = await tautan(id); // made before, so it must stop working too
    t.advance(2 * MIN);
    expect((await sendCode(SITI)).statusCode).toBe(200); // a code sent before, still valid after
    const pendingCode = t.outbox.filter((m) => m.to === SITI).at(-1)?.code as string;
    // Both tokens are cached by this process (the session cache is on, as in production).
    expect((await api(t, token, 'GET', API.kegiatan.href())).statusCode).toBe(200);
    expect((await api(t, siti, 'GET', API.kegiatan.href())).statusCode).toBe(200);

    const res = await api(t, admin, 'POST', API.panitia.pengujiAktif.href(id), { aktif: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(PengujiOne.parse(res.json()).data.aktif).toBe(false);

    for (const old of [token, siti]) {
      const refused = await api(t, old, 'GET', API.kegiatan.href());
      expect(refused.statusCode).toBe(401);
      expect(body(refused)).toEqual({ success: false, message: NONAKTIF });
    }
    const live = await t.app.db
      .selectFrom('sesi')
      .select('token_hash')
      .where('id_pemilih', '=', id)
      .where('used_at', 'is', null)
      .execute();
    expect(live).toEqual([]);

    // A code sent before the deactivation and the link made before it both refuse, saying why.
    const verify = await checkCode(SITI, pendingCode);
    expect(verify.statusCode).toBe(403);
    expect(body(verify).message).toBe(NONAKTIF);
    // A code request gets the answer an unknown number gets, and nothing is sent.
    t.advance(2 * MIN);
    const sent = t.outbox.length;
    const known = await sendCode(SITI);
    const unknown = await sendCode('6289876543210');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(t.outbox.length).toBe(sent);
    const viaLink = await api(t, undefined, 'POST', API.tokenLogin.href(), { data: tokenOf(link.url) });
    expect(viaLink.statusCode).toBe(403);
    expect(body(viaLink).message).toBe(NONAKTIF);
    // No new link for them.
    const noLink = await api(t, admin, 'POST', API.panitia.pengujiTautan.href(id), {});
    expect(noLink.statusCode).toBe(409);
    expect(body(noLink).message).toContain('Aktifkan dulu');
    expect((await one(SITI)).aktif).toBe(false);
  });

  it('reactivates an examiner: they can sign in again, old sessions stay ended', async () => {
    const id = ids[SITI] as number;
    const res = await api(t, admin, 'POST', API.panitia.pengujiAktif.href(id), { aktif: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(PengujiOne.parse(res.json()).data.aktif).toBe(true);
    const old = await api(t, siti, 'GET', API.kegiatan.href());
    expect(old.statusCode).toBe(401);
    expect(body(old).message).not.toBe(NONAKTIF);
    t.advance(2 * MIN);
    const token = await t.login(SITI);
    expect((await api(t, token, 'GET', API.kegiatan.href())).statusCode).toBe(200);
    expect((await tautan(id)).url).toContain('/ut/');
  });

  it('reaches another process within SESSION_CACHE_MS (decision 018)', async () => {
    const id = ids[AGUS] as number;
    const other = await startApp(kind, {}, t);
    try {
      const token = await t.login(AGUS);
      expect((await api(other, token, 'GET', API.kegiatan.href())).statusCode).toBe(200);
      expect(
        (await api(t, admin, 'POST', API.panitia.pengujiAktif.href(id), { aktif: false })).statusCode,
      ).toBe(200);
      expect((await api(t, token, 'GET', API.kegiatan.href())).statusCode).toBe(401);
      other.advance(SESSION_CACHE_MS + 1);
      const there = await api(other, token, 'GET', API.kegiatan.href());
      expect(there.statusCode).toBe(401);
      expect(body(there).message).toBe(NONAKTIF);
    } finally {
      await other.close();
      await api(t, admin, 'POST', API.panitia.pengujiAktif.href(id), { aktif: true });
    }
  });

  it('refuses bad activation calls: deactivating oneself (400), unknown or foreign ids (404), non-booleans (400)', async () => {
    const self = await api(t, admin, 'POST', API.panitia.pengujiAktif.href(ids[ADMIN] as number), {
      aktif: false,
    });
    expect(self.statusCode).toBe(400);
    expect(body(self).message).toContain('menonaktifkan akun Anda sendiri');
    expect((await api(t, admin, 'GET', API.panitia.penguji.href())).statusCode).toBe(200);
    for (const id of [999_999, foreignPenguji]) {
      expect(
        (await api(t, admin, 'POST', API.panitia.pengujiAktif.href(id), { aktif: false })).statusCode,
      ).toBe(404);
    }
    const foreign = await t.app.db
      .selectFrom('penguji')
      .select('aktif')
      .where('id_pemilih', '=', foreignPenguji)
      .executeTakeFirstOrThrow();
    expect(foreign.aktif).toBe(1);
    for (const payload of [{ aktif: 'false' }, { aktif: 0 }, {}]) {
      const res = await api(t, admin, 'POST', API.panitia.pengujiAktif.href(ids[AGUS] as number), payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toContain('Aktif');
    }
  });

  it('pages 20 examiners at a time, and never lists another organisation’s', async () => {
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('penguji')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          id_organisasi: 1,
          no_wa: `62813000000${String(i).padStart(2, '0')}`,
          nama: `Penguji Uji ${String(i).padStart(2, '0')}`,
          id_perwapus: perwapus.id,
          id_cabang: cabang.id,
          panitia: 'Penguji',
          dewan: 1,
          img_profile: '',
          created_at: now,
        })),
      )
      .execute();
    const all = await search('');
    const total = all.meta.total;
    expect(all.data).toHaveLength(20);
    expect(all.meta.total_pages).toBe(Math.ceil(total / 20));
    const second = await search('?hal=2');
    expect(second.data).toHaveLength(total - 20);
    expect(new Set([...all.data, ...second.data].map((p) => p.id_pemilih)).size).toBe(total);
    expect([...all.data, ...second.data].some((p) => p.id_pemilih === String(foreignPenguji))).toBe(false);
    const uji = await search('?cari=penguji%20uji&hal=2');
    expect(uji.meta).toEqual({ hal: 2, per_page: 20, total: 25, total_pages: 2 });
    expect(uji.data.map((p) => p.nama)).toEqual([20, 21, 22, 23, 24].map((i) => `Penguji Uji ${i}`));
  });

  it('shows the later of the last sign-in and the last score write as last activity', async () => {
    const before = (await one(SITI)).aktivitas_terakhir as string;
    t.advance(61 * MIN); // past the per-number limit of 5 codes an hour
    const token = await t.login(SITI);
    const afterLogin = (await one(SITI)).aktivitas_terakhir as string;
    expect(Date.parse(afterLogin)).toBeGreaterThan(Date.parse(before));
    t.advance(30 * MIN);
    expect(
      (await api(t, token, 'POST', API.siswaUpdate.href(4), { id_ukt: 1, sudah_tes: 1 })).statusCode,
    ).toBe(200);
    const write = { id_siswa: 4, id_ukt: 1, id_tingkat: 1, nilai_senam: 80, nilai_senam_plus: 1 };
    expect((await api(t, token, 'POST', API.nilai.href(), write)).statusCode).toBe(200);
    const afterWrite = (await one(SITI)).aktivitas_terakhir as string;
    expect(Date.parse(afterWrite) - Date.parse(afterLogin)).toBeGreaterThanOrEqual(30 * MIN);
  });

  it('documents every call under the panitia tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const paths = doc.paths as Record<string, Record<string, { tags?: string[] }>>;
    const at = (route: string) => paths[`/uktNEW/api${route.replace(/:(\w+)/g, '{$1}')}`] ?? {};
    expect(at(API.panitia.penguji.route).get?.tags).toEqual(['panitia']);
    expect(at(API.panitia.penguji.route).post?.tags).toEqual(['panitia']);
    expect(at(API.panitia.pengujiById.route).put?.tags).toEqual(['panitia']);
    expect(at(API.panitia.pengujiAktif.route).post?.tags).toEqual(['panitia']);
    expect(at(API.panitia.pengujiTautan.route).post?.tags).toEqual(['panitia']);
  });
});
