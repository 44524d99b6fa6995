import {
  API,
  GAMBAR_MAX_BYTES,
  LoginResult,
  Organisasi,
  PanitiaOrganisasi,
  PenandatanganSet,
} from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, body, DATABASES, SITI, startSignedIn, type TestApp } from '../../support/app';
import { type FilePart, multipartImages } from '../../support/multipart';

const OrganisasiOne = z.object({ success: z.literal(true), data: PanitiaOrganisasi });

const PNG = (fill: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, fill)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 2)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0, 1, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(300, 3),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');

const input = (over: Record<string, unknown> = {}) => ({
  nama_organisasi: 'Perguruan Pencak Silat Uji',
  kota: 'Surabaya',
  warna: '#112233',
  warna2: '#445566',
  warna3: '#778899',
  warna4: '#AABBCC',
  pengumuman: 'Kumpul di lapangan pukul 07.00.',
  ...over,
});

describe.each(DATABASES)('console organisation on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let agus: string;
  beforeAll(async () => {
    ({ t, admin, siti, agus } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const upload = (slot: string, files: FilePart[], token = admin) => {
    const { payload, headers } = multipartImages(files);
    return t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${API.panitia.organisasiGambar.href(slot)}`,
      headers: { ...headers, 'access-token': token },
      payload,
    });
  };
  const current = async () => {
    const res = await api(t, admin, 'GET', API.panitia.organisasi.href());
    expect(res.statusCode, res.body).toBe(200);
    return OrganisasiOne.parse(res.json()).data;
  };
  const publicOrganisasi = async () => {
    const res = await api(t, undefined, 'GET', API.organisasi.href(1));
    expect(res.statusCode, res.body).toBe(200);
    return Organisasi.parse(res.json().data);
  };
  const fetchImage = (url: string) => t.app.inject({ method: 'GET', url });
  // The organisation's stored images (files in DATA_DIR on SQLite, rows on PostgreSQL).
  const storedFiles = async () =>
    (await t.app.media.list())
      .filter((name) => name.startsWith('organisasi/1/'))
      .map((name) => name.slice('organisasi/1/'.length));

  it('answers 401 without a token and 403 to examiners who are not committee admins', async () => {
    const calls = [
      ['GET', API.panitia.organisasi.href(), undefined],
      ['PUT', API.panitia.organisasi.href(), input()],
      ['DELETE', API.panitia.organisasiGambar.href('banner1'), undefined],
    ] as const;
    for (const [method, path, payload] of calls) {
      expect((await api(t, undefined, method, path, payload)).statusCode, `${method} ${path}`).toBe(401);
      for (const token of [siti, agus]) {
        expect((await api(t, token, method, path, payload)).statusCode, `${method} ${path}`).toBe(403);
      }
    }
    const anonymous = multipartImages([{ data: PNG(1) }]);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${API.panitia.organisasiGambar.href('logo')}`,
      ...anonymous,
    });
    expect(noToken.statusCode).toBe(401);
    for (const token of [siti, agus])
      expect((await upload('logo', [{ data: PNG(1) }], token)).statusCode).toBe(403);
    expect(await storedFiles()).toEqual([]);
    expect((await current()).nama_organisasi).toBe('Perguruan Pencak Silat Demo');
  });

  it('answers the whole record with no announcement, banners or uploaded images yet', async () => {
    const org = await current();
    expect(org).toMatchObject({
      id_organisasi: '1',
      nama_organisasi: 'Perguruan Pencak Silat Demo',
      kota: 'MADIUN',
      warna: '#FFA500',
      logo: '',
      pengumuman: '',
      banners: [],
      gambar: {
        logo: null,
        banner1: null,
        banner2: null,
        banner3: null,
        banner4: null,
        banner5: null,
        banner6: null,
      },
    });
    expect(await publicOrganisasi()).toMatchObject({ pengumuman: '', banners: [], logo: '' });
    // An answer from before these fields still parses, with their defaults.
    const { pengumuman: _p, banners: _b, ...old } = await publicOrganisasi();
    expect(Organisasi.parse(old)).toMatchObject({ pengumuman: '', banners: [] });
  });

  it('saves the branding and announcement, which the public call and the login answer then carry', async () => {
    const res = await api(t, admin, 'PUT', API.panitia.organisasi.href(), input());
    expect(res.statusCode, res.body).toBe(200);
    expect(OrganisasiOne.parse(res.json()).data).toMatchObject({
      nama_organisasi: 'Perguruan Pencak Silat Uji',
      kota: 'Surabaya',
      warna: '#112233',
      warna4: '#AABBCC',
      pengumuman: 'Kumpul di lapangan pukul 07.00.',
    });
    expect(await publicOrganisasi()).toMatchObject({
      nama_organisasi: 'Perguruan Pencak Silat Uji',
      pengumuman: 'Kumpul di lapangan pukul 07.00.',
    });
    t.advance(61 * 60_000);
    const send = await api(t, undefined, 'POST', API.otpLogin.href(1), { no_wa: SITI });
    expect(send.statusCode).toBe(200);
    const code = t.outbox.filter((m) => m.to === SITI).at(-1)?.code;
    const login = LoginResult.parse(
      (await api(t, undefined, 'POST', API.otpVerify.href(1), { no_wa: SITI, kode: code })).json(),
    );
    expect(login.organisasi.pengumuman).toBe('Kumpul di lapangan pukul 07.00.');

    const cleared = await api(t, admin, 'PUT', API.panitia.organisasi.href(), input({ pengumuman: '   ' }));
    expect(OrganisasiOne.parse(cleared.json()).data.pengumuman).toBe('');
    await api(t, admin, 'PUT', API.panitia.organisasi.href(), input());
  });

  it('refuses bad branding with a 400 naming the field as the console labels it, changing nothing', async () => {
    const before = await current();
    const cases: [Record<string, unknown>, string][] = [
      [input({ nama_organisasi: '' }), 'Nama organisasi'],
      [input({ warna: 'red' }), 'Warna utama'],
      [input({ warna3: '#12345' }), 'Warna 3'],
      [input({ warna2: undefined }), 'Warna 2'],
      [input({ pengumuman: 'x'.repeat(2001) }), 'Pengumuman'],
      [input({ pengumuman: 7 }), 'Pengumuman'],
    ];
    for (const [payload, field] of cases) {
      const res = await api(t, admin, 'PUT', API.panitia.organisasi.href(), payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body(res).message).toContain(field);
    }
    expect(await current()).toEqual(before);
  });

  it('stores a logo by its content and serves it publicly with a long cache under a versioned URL', async () => {
    const res = await upload('logo', [
      { data: PNG(1), filename: 'logo.exe', type: 'application/octet-stream' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const org = OrganisasiOne.parse(res.json()).data;
    expect(org.logo).toMatch(/^\/uktNEW\/api\/organisasi\/1\/gambar\/logo\?v=[0-9a-f]{12}$/);
    expect(org.gambar.logo).toBe(org.logo);
    expect((await publicOrganisasi()).logo).toBe(org.logo);

    const image = await fetchImage(org.logo);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG(1))).toBe(true);

    // A new logo is a new URL; the old URL gets today's image, revalidated, and its file is gone.
    const next = OrganisasiOne.parse((await upload('logo', [{ data: JPEG, filename: 'x.png' }])).json()).data;
    expect(next.logo).not.toBe(org.logo);
    const fresh = await fetchImage(next.logo);
    expect(fresh.headers['content-type']).toBe('image/jpeg');
    const stale = await fetchImage(org.logo);
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(stale.rawPayload.equals(JPEG)).toBe(true);
    expect(await storedFiles()).toEqual([`logo-${new URL(next.logo, 'http://x').searchParams.get('v')}.jpg`]);

    // The same image again changes nothing and keeps its file.
    const again = OrganisasiOne.parse((await upload('logo', [{ data: JPEG }])).json()).data;
    expect(again.logo).toBe(next.logo);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('keeps banners in slot order, and deletes one slot at a time', async () => {
    expect((await upload('banner3', [{ data: JPEG }])).statusCode).toBe(200);
    const res = await upload('banner1', [{ data: WEBP, type: 'image/webp' }]);
    const org = OrganisasiOne.parse(res.json()).data;
    expect(org.banners).toEqual([org.gambar.banner1, org.gambar.banner3]);
    expect(org.banners[0]).toMatch(/\/organisasi\/1\/gambar\/banner1\?v=/);
    expect((await publicOrganisasi()).banners).toEqual(org.banners);
    expect((await fetchImage(org.banners[0] as string)).headers['content-type']).toBe('image/webp');

    const del = await api(t, admin, 'DELETE', API.panitia.organisasiGambar.href('banner1'));
    expect(del.statusCode, del.body).toBe(200);
    const after = OrganisasiOne.parse(del.json()).data;
    expect(after.banners).toEqual([org.gambar.banner3]);
    expect(after.gambar.banner1).toBeNull();
    expect((await fetchImage(org.banners[0] as string)).statusCode).toBe(404);
    expect((await storedFiles()).some((f) => f.startsWith('banner1-'))).toBe(false);
    // Deleting an empty slot is fine.
    expect((await api(t, admin, 'DELETE', API.panitia.organisasiGambar.href('banner1'))).statusCode).toBe(
      200,
    );
    // Deleting the logo brings the default back.
    const noLogo = OrganisasiOne.parse(
      (await api(t, admin, 'DELETE', API.panitia.organisasiGambar.href('logo'))).json(),
    ).data;
    expect(noLogo.logo).toBe('');
    expect(noLogo.gambar.logo).toBeNull();
  });

  it('keeps both of two uploads made at once to different slots', async () => {
    const [a, b] = await Promise.all([
      upload('banner5', [{ data: PNG(5) }]),
      upload('banner6', [{ data: PNG(6) }]),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const org = await current();
    expect(org.gambar.banner5).not.toBeNull();
    expect(org.gambar.banner6).not.toBeNull();
  });

  it('refuses oversized and forged images, writing no file and changing nothing', async () => {
    const before = await current();
    const files = await storedFiles();
    const big = Buffer.concat([PNG(9), Buffer.alloc(GAMBAR_MAX_BYTES, 0)]);
    const tooBig = await upload('banner2', [{ data: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig).message).toBe(
      'Gambar terlalu besar. Paling besar 2 MB: perkecil gambarnya lalu unggah lagi.',
    );

    const forged: [Buffer, string][] = [
      [Buffer.from('bukan gambar sama sekali, hanya teks biasa'), 'bukan gambar PNG, JPEG atau WebP'],
      [SVG, 'bukan gambar PNG, JPEG atau WebP'],
      [Buffer.from('GIF89a0123456789'), 'bukan gambar PNG, JPEG atau WebP'],
      [Buffer.alloc(0), 'Gambar wajib diisi'],
    ];
    for (const [data, message] of forged) {
      const res = await upload('banner2', [{ data, filename: 'banner.png', type: 'image/png' }]);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toContain(message);
    }
    const two = await upload('banner2', [{ data: PNG(7) }, { data: PNG(8) }]);
    expect(two.statusCode).toBe(413);
    expect(body(two).message).toBe('Kirim satu gambar saja.');
    const json = await api(t, admin, 'POST', API.panitia.organisasiGambar.href('banner2'), { gambar: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await upload('banner7', [{ data: PNG(7) }])).statusCode).toBe(400);
    expect((await api(t, admin, 'DELETE', API.panitia.organisasiGambar.href('spanduk'))).statusCode).toBe(
      400,
    );

    expect(await current()).toEqual(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('serves images of this organisation only, and 404 for an empty slot', async () => {
    const org = await current();
    const v = new URL(org.gambar.banner3 as string, 'http://x').searchParams.get('v') as string;
    expect((await fetchImage(`/uktNEW/api${API.organisasiGambar.href(2, 'banner3', v)}`)).statusCode).toBe(
      404,
    );
    const empty = await fetchImage(`/uktNEW/api${API.organisasiGambar.href(1, 'banner4', v)}`);
    expect(empty.statusCode).toBe(404);
    expect(body(empty).message).toBe('Gambar belum diunggah panitia.');
    expect((await fetchImage(`/uktNEW/api${API.organisasiGambar.href(1, 'foto', v)}`)).statusCode).toBe(400);
  });

  it('documents every call under the panitia tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const paths = doc.paths as Record<string, Record<string, { tags?: string[] }>>;
    const at = (route: string) => paths[`/uktNEW/api${route.replace(/:(\w+)/g, '{$1}')}`] ?? {};
    expect(at(API.panitia.organisasi.route).get?.tags).toEqual(['panitia']);
    expect(at(API.panitia.organisasi.route).put?.tags).toEqual(['panitia']);
    expect(at(API.panitia.organisasiGambar.route).post?.tags).toEqual(['panitia']);
    expect(at(API.panitia.organisasiGambar.route).delete?.tags).toEqual(['panitia']);
    expect(at(API.organisasiGambar.route).get?.tags).toEqual(['organisasi']);
    expect(at(API.panitia.organisasiPenandatangan.route).get?.tags).toEqual(['panitia']);
    expect(at(API.panitia.organisasiPenandatangan.route).put?.tags).toEqual(['panitia']);
    expect(at(API.panitia.kegiatanPenandatangan.route).get?.tags).toEqual(['panitia']);
    expect(at(API.panitia.kegiatanPenandatangan.route).put?.tags).toEqual(['panitia']);
  });

  it("keeps the documents' signatories: names and titles, empty until set, for admins only", async () => {
    const path = API.panitia.organisasiPenandatangan.href();
    const read = async () => {
      const res = await api(t, admin, 'GET', path);
      expect(res.statusCode, res.body).toBe(200);
      return PenandatanganSet.parse(res.json().data);
    };
    const kosong = { jabatan: '', nama: '' };
    expect(await read()).toEqual({
      ketua_panitia: kosong,
      sekretaris_panitia: kosong,
      ketua_organisasi: kosong,
      penguji: kosong,
    });

    const saved = await api(t, admin, 'PUT', path, {
      ketua_panitia: { jabatan: '  Ketua Panitia UKT 2026 ', nama: ' Drs. Bambang Sutrisno ' },
      ketua_organisasi: { jabatan: 'Ketua Cabang Madiun', nama: 'H. Sugeng Riyadi' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved).message).toBe('Penandatangan berhasil disimpan.');
    const expected = {
      ketua_panitia: { jabatan: 'Ketua Panitia UKT 2026', nama: 'Drs. Bambang Sutrisno' },
      sekretaris_panitia: kosong,
      ketua_organisasi: { jabatan: 'Ketua Cabang Madiun', nama: 'H. Sugeng Riyadi' },
      penguji: kosong,
    };
    expect(await read()).toEqual(expected);

    // Too long a name is refused, naming the limit, and changes nothing.
    const long = await api(t, admin, 'PUT', path, { penguji: { jabatan: '', nama: 'x'.repeat(101) } });
    expect(long.statusCode).toBe(400);
    expect(body(long).message).toContain('paling panjang 100 karakter');
    expect(await read()).toEqual(expected);

    // Examiners may neither read nor change them; the public organisation record does not carry them.
    expect((await api(t, siti, 'GET', path)).statusCode).toBe(403);
    expect((await api(t, siti, 'PUT', path, {})).statusCode).toBe(403);
    expect((await api(t, undefined, 'GET', path)).statusCode).toBe(401);
    const publik = await t.app.inject({ method: 'GET', url: `/uktNEW/api${API.organisasi.href(1)}` });
    expect(publik.statusCode).toBe(200);
    expect(publik.body).not.toContain('Sugeng');
  });
});
