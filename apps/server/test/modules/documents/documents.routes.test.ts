import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@ukt/core';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run';
import { verifyCardCode } from '../../../src/lib/card-code';
import { api, body, DATABASES, SITI, startSignedIn, type TestApp } from '../../support/app';
import { wibDay } from '../../support/clock';
import { ROOT_DIR } from '../../support/paths';
import { findScopedExaminer } from '../../support/scoped-examiner';
import { LULUS_SCORES, writeScores } from '../../support/scores';

// The committee's PDFs (DESIGN §11) read the way a person reads them: the text poppler extracts,
// and the QR codes decoded from the pages rendered as images. Each document's first page is also
// saved, scaled to a phone's 360 px, for review.

const SCREENSHOTS = join(ROOT_DIR, 'e2e', 'test-output');
const DRAF = 'DRAF — belum disahkan panitia';
const NOT_FOUND = { success: false, message: 'Sertifikat tidak ditemukan.' };

/** Runs a poppler-utils tool (pdftotext, pdfinfo, pdftoppm). */
const poppler = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: 'utf8' });

/** Every component scored 50: a participant who fails. */
const GAGAL = Object.fromEntries(Object.keys(LULUS_SCORES).map((k) => [k, 50])) as typeof LULUS_SCORES;

/** A rendered PDF page. */
function renderPage(path: string, page: number, dpi: number): PNG {
  const out = `${path}-p${page}-${dpi}`;
  poppler('pdftoppm', [
    '-png',
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    path,
    out,
  ]);
  return PNG.sync.read(readFileSync(`${out}.png`));
}

/** The text of a QR code inside a rectangle of a page image (in pixels; the whole page by default), or null. */
function decodeQr(
  png: PNG,
  { x, y, width, height } = { x: 0, y: 0, width: png.width, height: png.height },
): string | null {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * png.width + x) * 4;
    data.set(png.data.subarray(from, from + width * 4), row * width * 4);
  }
  return jsQR(data, width, height)?.data ?? null;
}

/** The 8 card cells of a rendered card page (2 across, 4 down, 24 pt margins). */
function cardCells(png: PNG, dpi: number) {
  const margin = Math.round((24 * dpi) / 72);
  const w = Math.floor((png.width - 2 * margin) / 2);
  const h = Math.floor((png.height - 2 * margin) / 4);
  return Array.from({ length: 8 }, (_, i) => ({
    x: margin + (i % 2) * w,
    y: margin + Math.floor(i / 2) * h,
    width: w,
    height: h,
  }));
}

/** The bottom-left corner of a rendered piagam page, where its QR is. */
function piagamQr(png: PNG): string | null {
  const px = (pt: number) => Math.round((pt * png.width) / 841.89);
  return decodeQr(png, { x: px(30), y: px(400), width: px(200), height: px(175) });
}

describe.each(DATABASES)('documents on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let dir: string;
  /** Participants of event 1 by no_urut (none withdrawn but no 8). */
  let siswa: { id_siswa: number; no_urut: number; nama: string; id_ranting: number }[];
  const nama = (no: number) => siswa.find((s) => s.no_urut === no)?.nama as string;

  /** Downloads a document and keeps it as a file; answers its path. */
  const download = async (path: string, name: string, token = admin) => {
    const res = await api(t, token, 'GET', path);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.pdf"$/);
    const file = join(dir, `${name}.pdf`);
    writeFileSync(file, res.rawPayload);
    return file;
  };
  const textOf = (file: string, page?: number) =>
    poppler('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), '-layout', file, '-']);
  const pagesOf = (file: string) => Number(poppler('pdfinfo', [file]).match(/Pages:\s+(\d+)/)?.[1]);
  /** Saves the first page scaled to fit 360 × 740 as e2e/test-output/pdf-<name>.png. */
  const screenshot = (file: string, name: string) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    poppler('pdftoppm', [
      ...['-png', '-f', '1', '-l', '1', '-singlefile', '-scale-to-x', '360', '-scale-to-y', '-1'],
      file,
      join(SCREENSHOTS, `pdf-${name}`),
    ]);
  };
  const sahkan = async () => {
    const res = await api(t, admin, 'POST', API.panitia.sahkan.href(1), {});
    expect(res.statusCode, res.body).toBe(200);
  };
  const batalSahkan = async () => {
    const res = await api(t, admin, 'POST', API.panitia.batalSahkan.href(1), { alasan: 'Ada nilai keliru' });
    expect(res.statusCode, res.body).toBe(200);
  };
  const verifikasi = (kode: string, ip = '10.20.0.1') =>
    t.app.inject({ method: 'GET', url: `/uktNEW/api${API.verifikasi.href(kode)}`, remoteAddress: ip });

  beforeAll(async () => {
    ({ t, admin, siti } = await startSignedIn(kind));
    dir = mkdtempSync(join(tmpdir(), 'ukt-dokumen-'));
    await writeScores(t, admin, 1, 1, 1, LULUS_SCORES);
    await writeScores(t, admin, 1, 1, 2, GAGAL);
    await writeScores(t, admin, 1, 1, 3, { senam: 60, sambung: 65 });
    await writeScores(t, admin, 1, 1, 5, { ...LULUS_SCORES, keshan: 95, jurus: 84 });
    const mundur = await api(t, admin, 'POST', API.panitia.pesertaMundur.href(1, 8), { mundur: true });
    expect(mundur.statusCode, mundur.body).toBe(200);
    siswa = await t.app.db
      .selectFrom('siswa')
      .select(['id_siswa', 'no_urut', 'nama', 'id_ranting'])
      .where('id_ukt', '=', 1)
      .orderBy('no_urut')
      .execute();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are for committee admins only, and name what is missing', async () => {
    for (const path of [
      API.panitia.kartuPeserta.href(1),
      API.panitia.kartuLogin.href(),
      API.panitia.piagam.href(1),
      API.panitia.beritaAcara.href(1),
    ]) {
      expect((await api(t, undefined, 'GET', path)).statusCode, path).toBe(401);
      expect((await api(t, siti, 'GET', path)).statusCode, path).toBe(403);
    }
    const missing = await api(t, admin, 'GET', API.panitia.beritaAcara.href(99));
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('Kegiatan dengan ID 99 tidak ditemukan.');
    const noRanting = await api(t, admin, 'GET', API.panitia.kartuPeserta.href(1, 99999));
    expect(noRanting.statusCode).toBe(404);
    expect(body(noRanting).message).toBe('Ranting dengan id 99999 tidak ditemukan.');
    // Every call is in the OpenAPI document; the public check needs no token.
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const paths = doc.paths as Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    const at = (route: string) => paths[`/uktNEW/api${route.replace(/:(\w+)/g, '{$1}')}`]?.get;
    for (const route of ['kartuPeserta', 'kartuLogin', 'piagam', 'beritaAcara'] as const)
      expect(at(API.panitia[route].route)?.tags, route).toEqual(['panitia']);
    expect(at(API.verifikasi.route)?.security).toEqual([]);
    const nobody = await api(t, admin, 'GET', API.panitia.kartuLogin.href('tidak ada yang bernama ini'));
    expect(nobody.statusCode).toBe(409);
    expect(body(nobody).message).toContain('Tidak ada penguji aktif');
  });

  it('prints participant cards 8 to a page, each QR a signed card code of that participant', async () => {
    const file = await download(API.panitia.kartuPeserta.href(1), 'kartu-peserta');
    const aktif = siswa.filter((s) => s.no_urut !== 8);
    expect(pagesOf(file)).toBe(Math.ceil(aktif.length / 8));
    const first = textOf(file, 1);
    expect(first).toContain('UKT Sabuk Polos Ke Jambon');
    expect(first).toContain('Sabuk Polos ke Jambon');
    expect(first).toContain('KARTU PESERTA UKT');
    for (const s of aktif.slice(0, 8)) expect(first).toContain(s.nama);
    const all = textOf(file);
    expect(all).not.toContain(nama(8));
    expect(all).toContain(nama(120));

    const dpi = 150;
    const png = renderPage(file, 1, dpi);
    const codes = cardCells(png, dpi).map((cell) => decodeQr(png, cell));
    expect(codes.map((code) => verifyCardCode(t.app.secret, code ?? ''))).toEqual(
      aktif.slice(0, 8).map((s) => ({ idUkt: 1, idSiswa: s.id_siswa, signature: expect.any(String) })),
    );
    // A code with another participant's number under the same signature is no card code.
    const forged = (codes[0] as string).replace(`:${aktif[0]?.id_siswa}:`, `:${aktif[1]?.id_siswa}:`);
    expect(verifyCardCode(t.app.secret, forged)).toBeNull();
    screenshot(file, 'kartu-peserta');

    // One ranting's cards only.
    const idRanting = aktif[0]?.id_ranting as number;
    const ranting = aktif.filter((s) => s.id_ranting === idRanting);
    const perRanting = await download(API.panitia.kartuPeserta.href(1, idRanting), 'kartu-ranting');
    const rantingText = textOf(perRanting);
    for (const s of ranting) expect(rantingText).toContain(s.nama);
    for (const s of aktif.filter((x) => x.id_ranting !== idRanting).slice(0, 10))
      expect(rantingText).not.toContain(s.nama);
    expect(pagesOf(perRanting)).toBe(Math.ceil(ranting.length / 8));
  });

  it('prints login cards whose QR opens a session once and only once', async () => {
    const file = await download(API.panitia.kartuLogin.href(SITI), 'kartu-login');
    const text = textOf(file);
    const siti = await findScopedExaminer(t);
    expect(text).toContain(siti.nama);
    expect(text).toContain('+62 811-0000-0002');
    expect(text).toContain('KARTU LOGIN PENGUJI');
    expect(text).toMatch(/Berlaku sampai \d{1,2} \w+ \d{4}/);
    const png = renderPage(file, 1, 150);
    const url = decodeQr(png, cardCells(png, 150)[0]);
    const token = new RegExp(`^${t.config.publicUrl}/ut/([A-Za-z0-9_-]+)$`).exec(url ?? '')?.[1];
    expect(token, url ?? 'no QR').toBeTruthy();
    expect(text).not.toContain(token as string);

    const first = await api(t, undefined, 'POST', API.tokenLogin.href(), { data: token });
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json().token as string;
    expect((await api(t, session, 'GET', API.kegiatan.href())).statusCode).toBe(200);
    const again = await api(t, undefined, 'POST', API.tokenLogin.href(), { data: token });
    expect(again.statusCode).toBe(401);

    // Everyone's cards: one per active examiner, each a different link.
    const everyone = await download(API.panitia.kartuLogin.href(), 'kartu-login-semua');
    const aktif = await t.app.db.selectFrom('penguji').select('nama').where('aktif', '=', 1).execute();
    const all = textOf(everyone);
    for (const p of aktif) expect(all).toContain(p.nama);
    screenshot(everyone, 'kartu-login');
  });

  it('marks piagam and berita acara DRAF before ratification and issues no codes', async () => {
    const piagam = await download(API.panitia.piagam.href(1), 'piagam-draf');
    const text = textOf(piagam);
    // Participants 1 and 5 passed; 2 failed, 3 is incomplete: a page each for 1 and 5 only.
    expect(pagesOf(piagam)).toBe(2);
    expect(text).toContain(nama(1));
    expect(text).toContain(nama(5));
    for (const no of [2, 3, 4, 8]) expect(text).not.toContain(nama(no));
    expect(text).toContain(`Nomor: ${DRAF}`);
    expect(text).toContain('QR verifikasi terbit');
    expect(text).toContain('LULUS');
    expect(text).toContain('kenaikan Sabuk Polos ke Jambon');
    expect(text).toContain('Ketua Panitia UKT');
    expect(decodeQr(renderPage(piagam, 1, 100))).toBeNull();
    expect(piagamQr(renderPage(piagam, 1, 150))).toBeNull();
    expect(await t.app.db.selectFrom('sertifikat').selectAll().execute()).toEqual([]);
    screenshot(piagam, 'piagam-draf');

    const minutes = await download(API.panitia.beritaAcara.href(1), 'berita-acara-draf');
    const m = textOf(minutes);
    expect(m).toContain(DRAF);
    expect(m).toContain('BERITA ACARA');
    expect(m).toMatch(/Lulus\s+2\n/);
    expect(m).toMatch(/Tidak Lulus\s+1\n/);
    expect(m).toMatch(/Belum lengkap \(ada komponen belum dinilai\)\s+116\n/);
    expect(m).toMatch(/Mundur \(tidak dinilai\)\s+1\n/);
    expect(m).toMatch(/Jumlah peserta\s+120\n/);
    for (const no of [1, 2, 3, 119, 120]) expect(m).toContain(nama(no));
    // The withdrawn participant stands in the list as Mundur.
    expect(m).toMatch(new RegExp(`${nama(8)}.*Mundur`));
    expect(m).toContain('Perwakilan Dewan Penguji');
    const pages = pagesOf(minutes);
    expect(m).toContain(`halaman ${pages} dari ${pages}`);
    for (let p = 1; p <= pages; p++) expect(textOf(minutes, p), `page ${p}`).toContain(DRAF);
    screenshot(minutes, 'berita-acara-draf');

    const none = await api(t, admin, 'GET', API.panitia.piagam.href(2));
    expect(none.statusCode).toBe(409);
    expect(body(none).message).toContain('Belum ada peserta berstatus Lulus');
  });

  it('numbers the piagam once ratified, with a QR to its public check', async () => {
    await sahkan();
    const file = await download(API.panitia.piagam.href(1), 'piagam');
    const text = textOf(file);
    expect(text).not.toContain('DRAF');
    const year = new Date(t.app.clock()).getUTCFullYear();
    expect(textOf(file, 1)).toContain(`Nomor: 001/UKT-1/${year}`);
    expect(textOf(file, 2)).toContain(`Nomor: 002/UKT-1/${year}`);
    const url = piagamQr(renderPage(file, 1, 150));
    const kode = new RegExp(`^${t.config.publicUrl}/verifikasi/([A-Z2-9]{20})$`).exec(url ?? '')?.[1];
    expect(kode, url ?? 'no QR').toBeTruthy();
    expect(text).toContain(url as string);
    screenshot(file, 'piagam');

    const stored = await t.app.db.selectFrom('sertifikat').selectAll().orderBy('urut').execute();
    expect(stored.map((s) => s.id_siswa)).toEqual(
      [1, 5].map((no) => siswa.find((s) => s.no_urut === no)?.id_siswa),
    );
    expect(stored[0]?.kode).toBe(kode);
    // Codes are random, not a sequence: the two share no long prefix.
    expect(stored[0]?.kode.slice(0, 6)).not.toBe(stored[1]?.kode.slice(0, 6));

    const res = await verifikasi(kode as string);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        nama: nama(1),
        sabuk: 'Sabuk Polos ke Jambon',
        kegiatan: 'UKT Sabuk Polos Ke Jambon',
        status: 'Lulus',
      },
    });

    // A second download prints the same numbers and codes.
    const again = await download(API.panitia.piagam.href(1), 'piagam-lagi');
    expect(piagamQr(renderPage(again, 1, 150))).toBe(url);
    expect(await t.app.db.selectFrom('sertifikat').selectAll().execute()).toHaveLength(2);

    const minutes = await download(API.panitia.beritaAcara.href(1), 'berita-acara');
    const m = textOf(minutes);
    expect(m).not.toContain('DRAF');
    expect(m).toMatch(/Disahkan panitia \d{1,2} \w+ \d{4}/);
    expect(m).toContain(nama(1));
    screenshot(minutes, 'berita-acara');
  });

  it('prints the signatories, scores as 79,17, and never signs before the exam day', async () => {
    const set = await api(t, admin, 'PUT', API.panitia.organisasiPenandatangan.href(), {
      ketua_panitia: { jabatan: '', nama: 'Drs. Bambang Sutrisno' },
      ketua_organisasi: { jabatan: 'Ketua Cabang Madiun', nama: 'H. Sugeng Riyadi' },
      penguji: { jabatan: '', nama: 'Sri Wahyuni' },
    });
    expect(set.statusCode, set.body).toBe(200);
    // The event, already ratified today, turns out to be held three days from now.
    const day = new Date(t.app.clock() + 3 * 86_400_000);
    const iso = wibDay(t, 3);
    const long = new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'Asia/Jakarta' }).format(
      day,
    );
    const before = await t.app.db
      .selectFrom('ukt')
      .select(['tanggal_tes', 'akhir_tes'])
      .where('id_ukt', '=', 1)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('ukt')
      .set({ tanggal_tes: iso, akhir_tes: null })
      .where('id_ukt', '=', 1)
      .execute();
    try {
      const file = await download(API.panitia.piagam.href(1), 'piagam-penandatangan');
      const text = textOf(file, 1);
      for (const words of [
        'Ketua Panitia UKT',
        'Drs. Bambang Sutrisno',
        'Ketua Cabang Madiun',
        'H. Sugeng Riyadi',
      ])
        expect(text).toContain(words);
      expect(text).toContain(`diuji pada ${long}`);
      expect(text).toContain(`Madiun, ${long}`);
      // Scores with a decimal comma, never a point.
      expect(text).toMatch(/nilai akhir \d{2}(,\d{1,2})?\b/);
      expect(text).not.toMatch(/nilai akhir \d+\.\d/);
      // The address under the QR is the configured one, on one readable line, and the QR says the same.
      const url = piagamQr(renderPage(file, 1, 150)) as string;
      expect(url.startsWith(`${t.config.publicUrl}/verifikasi/`)).toBe(true);
      expect(text).toContain(url);
      expect(text).toContain('Periksa keaslian piagam');
      const png = join(dir, 'piagam-penandatangan-60');
      poppler('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, png]);
      mkdirSync(SCREENSHOTS, { recursive: true });
      writeFileSync(join(SCREENSHOTS, 'pdf-piagam-penandatangan.png'), readFileSync(`${png}.png`));

      const minutes = await download(API.panitia.beritaAcara.href(1), 'berita-acara-penandatangan');
      const m = textOf(minutes);
      for (const words of [
        'Drs. Bambang Sutrisno',
        'Sekretaris Panitia',
        'Perwakilan Dewan Penguji',
        'Sri Wahyuni',
      ])
        expect(m).toContain(words);
      expect(m).toContain(`Madiun, ${long}`);
      expect(m).toContain(`Pada ${long} telah dilaksanakan`);
      expect(m).not.toMatch(/\b\d{1,3}\.\d{2}\b/);
      expect(m).toMatch(/\b\d{2},\d{1,2}\b/);
      screenshot(minutes, 'berita-acara-penandatangan');

      // One event's own signatories: what it names replaces the organisation's, the rest stays.
      const eventPath = API.panitia.kegiatanPenandatangan.href(1);
      const own = await api(t, admin, 'PUT', eventPath, {
        ketua_panitia: { jabatan: '', nama: 'Ir. Joko Santoso' },
        sekretaris_panitia: { jabatan: 'Sekretaris UKT', nama: 'Rina Kusuma' },
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data.kegiatan.ketua_panitia).toEqual({ jabatan: '', nama: 'Ir. Joko Santoso' });
      expect(own.json().data.organisasi.ketua_panitia.nama).toBe('Drs. Bambang Sutrisno');
      const eventMinutes = textOf(await download(API.panitia.beritaAcara.href(1), 'berita-acara-kegiatan'));
      for (const words of ['Ir. Joko Santoso', 'Sekretaris UKT', 'Rina Kusuma', 'Sri Wahyuni'])
        expect(eventMinutes).toContain(words);
      expect(eventMinutes).not.toContain('Drs. Bambang Sutrisno');
      const eventPiagam = textOf(await download(API.panitia.piagam.href(1), 'piagam-kegiatan'), 1);
      expect(eventPiagam).toContain('Ir. Joko Santoso');
      expect(eventPiagam).toContain('H. Sugeng Riyadi');
      expect((await api(t, siti, 'GET', eventPath)).statusCode).toBe(403);
      expect((await api(t, admin, 'PUT', API.panitia.kegiatanPenandatangan.href(999), {})).statusCode).toBe(
        404,
      );
      // Emptied again, the organisation's apply.
      const cleared = await api(t, admin, 'PUT', eventPath, {});
      expect(cleared.statusCode).toBe(200);
      expect(
        (await t.app.db.selectFrom('ukt').select('penandatangan').where('id_ukt', '=', 1).executeTakeFirst())
          ?.penandatangan,
      ).toBeNull();
      expect(textOf(await download(API.panitia.beritaAcara.href(1), 'berita-acara-lagi'))).toContain(
        'Drs. Bambang Sutrisno',
      );
    } finally {
      await t.app.db
        .updateTable('ukt')
        .set({ tanggal_tes: before.tanggal_tes, akhir_tes: before.akhir_tes })
        .where('id_ukt', '=', 1)
        .execute();
    }
  });

  it('checks a code publicly: a real one shows four fields, anything else the same 404', async () => {
    const [real] = await t.app.db.selectFrom('sertifikat').selectAll().orderBy('urut').execute();
    const kode = real?.kode as string;
    const ok = await verifikasi(kode, '10.20.1.1');
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json().data).sort()).toEqual(['kegiatan', 'nama', 'sabuk', 'status']);
    expect(ok.headers['cache-control']).toBe('no-store');

    const swapped = kode.at(-1) === 'A' ? 'B' : 'A';
    for (const other of [
      'ABCDEFGHJKMNPQRSTUVW', // the right shape, never issued
      kode.slice(0, -1) + swapped, // one letter changed
      kode.toLowerCase(),
      `${kode}X`,
      'UKT:1:1:deadbeef', // a participant card's code
      "1' or '1'='1",
    ]) {
      const res = await verifikasi(other, '10.20.1.1');
      expect(res.statusCode, other).toBe(404);
      expect(res.json(), other).toEqual(NOT_FOUND);
    }

    // Un-ratified: the code still exists, its status says the committee is reviewing it.
    await batalSahkan();
    expect((await verifikasi(kode, '10.20.1.1')).json().data.status).toBe('Sedang ditinjau ulang panitia');
    await sahkan();
    expect((await verifikasi(kode, '10.20.1.1')).json().data.status).toBe('Lulus');
  });

  it('makes the same documents from the ukt command', async () => {
    const url = new URL(t.config.databaseUrl);
    if (kind === 'postgres') url.searchParams.set('options', `-c search_path=${t.pgSchema}`);
    const config = {
      ...t.config,
      databaseUrl: kind === 'postgres' ? url.toString() : t.config.databaseUrl,
      invocationDir: dir,
    };
    const out: string[] = [];
    const err: string[] = [];
    const ukt = (...args: string[]) =>
      runCli(args, config, { out: (l) => out.push(l), err: (l) => err.push(l) });

    expect(await ukt('help')).toBe(0);
    for (const usage of [
      'cards --event ID [--ranting ID] [--out FILE]',
      'login-cards [--cari TEXT] [--out FILE]',
      'certificates --event ID [--out FILE]',
      'minutes --event ID [--out FILE]',
    ])
      expect(out.at(-1)).toContain(usage);

    const idRanting = siswa[0]?.id_ranting as number;
    const cards = join(dir, 'kartu-cli.pdf');
    expect(
      await ukt('cards', '--event', '1', '--ranting', String(idRanting), '--out', cards),
      err.join(),
    ).toBe(0);
    const ranting = siswa.filter((s) => s.id_ranting === idRanting && s.no_urut !== 8);
    expect(out.at(-1)).toBe(`${ranting.length} kartu peserta ditulis ke ${cards}`);
    expect(textOf(cards)).toContain(ranting[0]?.nama);

    // Without --out the file gets its own name where the command was typed.
    expect(await ukt('minutes', '--event', '1'), err.join()).toBe(0);
    const minutes = join(dir, 'berita-acara-1.pdf');
    expect(out.at(-1)).toBe(`120 peserta dalam berita acara ditulis ke ${minutes}`);
    expect(textOf(minutes)).toContain('BERITA ACARA');

    expect(await ukt('certificates', '--event', '1', '--out', join(dir, 'piagam-cli.pdf')), err.join()).toBe(
      0,
    );
    expect(textOf(join(dir, 'piagam-cli.pdf'))).toContain(nama(5));
    expect(await ukt('certificates', '--event', '2')).toBe(1);
    expect(err.at(-1)).toContain('Belum ada peserta berstatus Lulus');

    const login = join(dir, 'login-cli.pdf');
    expect(await ukt('login-cards', '--cari', 'Siti', '--out', login), err.join()).toBe(0);
    expect(out.at(-1)).toBe(`1 kartu login ditulis ke ${login}`);
    expect(await ukt('cards')).toBe(1);
    expect(err.at(-1)).toContain('--event wajib diisi');
  });

  it('limits checks per address to 30 a minute', async () => {
    const ip = '10.20.2.2';
    for (let i = 0; i < 30; i++) expect((await verifikasi('ABCDEFGHJKMNPQRSTUVW', ip)).statusCode).toBe(404);
    const limited = await verifikasi('ABCDEFGHJKMNPQRSTUVW', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain('Tunggu satu menit');
    // Other addresses are unaffected, and the window passes.
    expect((await verifikasi('ABCDEFGHJKMNPQRSTUVW', '10.20.2.3')).statusCode).toBe(404);
    t.advance(61_000);
    expect((await verifikasi('ABCDEFGHJKMNPQRSTUVW', ip)).statusCode).toBe(404);
  });
});
