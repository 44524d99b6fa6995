import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, PanitiaPenguji, PanitiaPengujiList } from '@ukt/core';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createBackup } from '../../../src/modules/backup/backup.service';
import { serverBackupSource } from '../../../src/modules/backup/backup-source';
import { ADMIN, AGUS, api, body, DATABASES, SITI, startSignedIn, type TestApp } from '../../support/app';

// Examiner assignment (docs/decisions/109) through the real server and database: the console
// assigns examiners to events and posts, the phone's event list follows it (examiners without any
// assignment keep every event), the login cards of one event follow it, an admin's card holds no
// QR, a card still unused is printed again with the same QR, and the backup carries the table.

const PengujiOne = z.object({ success: z.literal(true), message: z.string(), data: PanitiaPenguji });
const EventList = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id_ukt: z.string(), nama_ukt: z.string(), pos: z.array(z.number()) })),
});
const HOUR = 60 * 60 * 1000;

const poppler = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: 'utf8' });

/** The QR texts of the 8 card cells of a card PDF's first page (null where a cell has none). */
function cardQrs(file: string): (string | null)[] {
  const dpi = 150;
  poppler('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, `${file}-p1`]);
  const png = PNG.sync.read(readFileSync(`${file}-p1.png`));
  const margin = Math.round((24 * dpi) / 72);
  const w = Math.floor((png.width - 2 * margin) / 2);
  const h = Math.floor((png.height - 2 * margin) / 4);
  return Array.from({ length: 8 }, (_, i) => {
    const x = margin + (i % 2) * w;
    const y = margin + Math.floor(i / 2) * h;
    const data = new Uint8ClampedArray(w * h * 4);
    for (let row = 0; row < h; row++) {
      const from = ((y + row) * png.width + x) * 4;
      data.set(png.data.subarray(from, from + w * 4), row * w * 4);
    }
    return jsQR(data, w, h)?.data ?? null;
  });
}

describe.each(DATABASES)('examiner assignment on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let agus: string;
  let ids: Record<string, number>;
  let dir: string;
  let cardCount = 0;

  const tugas = (idPemilih: number, payload: unknown, token = admin) =>
    api(t, token, 'PUT', API.panitia.pengujiTugas.href(idPemilih), payload);
  const events = async (token: string) => {
    const res = await api(t, token, 'GET', API.kegiatan.href());
    expect(res.statusCode, res.body).toBe(200);
    return EventList.parse(res.json()).data.map((e) => ({ id: e.id_ukt, pos: e.pos }));
  };
  const assigned = async (idUkt: number) => {
    const res = await api(t, admin, 'GET', `${API.panitia.penguji.href()}?id_ukt=${idUkt}`);
    expect(res.statusCode, res.body).toBe(200);
    return PanitiaPengujiList.parse(res.json()).data.map((p) => p.nama);
  };
  /** Downloads login cards; answers the PDF's text and its first page's QR texts. */
  const cards = async (query: string) => {
    const res = await api(t, admin, 'GET', `${API.panitia.kartuLogin.href()}${query}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const file = join(dir, `kartu-${++cardCount}.pdf`);
    writeFileSync(file, res.rawPayload);
    return {
      text: poppler('pdftotext', ['-layout', file, '-']),
      qrs: cardQrs(file),
      disposition: res.headers['content-disposition'],
    };
  };
  const signInWith = (url: string) =>
    api(t, undefined, 'POST', API.tokenLogin.href(), { data: url.split('/').at(-1) });

  beforeAll(async () => {
    ({ t, admin, siti, agus } = await startSignedIn(kind));
    const rows = await t.app.db.selectFrom('penguji').select(['id_pemilih', 'no_wa']).execute();
    ids = Object.fromEntries(rows.map((r) => [r.no_wa, r.id_pemilih]));
    dir = mkdtempSync(join(tmpdir(), 'ukt-tugas-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows an examiner only her events and posts; the unassigned keep every event', async () => {
    expect(await events(siti)).toEqual([
      { id: expect.any(String), pos: [] },
      { id: expect.any(String), pos: [] },
    ]);
    const res = await tugas(ids[SITI] as number, { tugas: [{ id_ukt: 1, pos: [3, 1] }] });
    expect(res.statusCode, res.body).toBe(200);
    const saved = PengujiOne.parse(res.json());
    expect(saved.data.tugas).toEqual([{ id_ukt: '1', pos: [1, 3] }]);
    expect(saved.message).toBe('Tugas Siti Rahayu disimpan: 1 kegiatan.');

    expect(await events(siti)).toEqual([{ id: '1', pos: [1, 3] }]);
    // Agus has no assignment at all: every event, every post, as before assignments existed.
    expect((await events(agus)).map((e) => e.id).sort()).toEqual(['1', '2']);
    expect(await assigned(1)).toEqual(['Siti Rahayu']);
    expect(await assigned(2)).toEqual([]);

    // The whole event (no post chosen), the same event twice merged, then the assignment lifted.
    expect((await tugas(ids[SITI] as number, { tugas: [{ id_ukt: 2, pos: [] }] })).statusCode).toBe(200);
    expect(await events(siti)).toEqual([{ id: '2', pos: [] }]);
    const twice = await tugas(ids[AGUS] as number, {
      tugas: [
        { id_ukt: 1, pos: [4] },
        { id_ukt: 1, pos: [2] },
      ],
    });
    expect(PengujiOne.parse(twice.json()).data.tugas).toEqual([{ id_ukt: '1', pos: [2, 4] }]);
    expect(await events(agus)).toEqual([{ id: '1', pos: [2, 4] }]);
    const lifted = await tugas(ids[SITI] as number, { tugas: [] });
    expect(PengujiOne.parse(lifted.json()).message).toBe(
      'Siti Rahayu tidak ditugaskan khusus: ia melihat semua kegiatan.',
    );
    expect((await events(siti)).map((e) => e.id).sort()).toEqual(['1', '2']);
  });

  it('refuses an unknown event, a bad post, another organisation and a non-admin', async () => {
    const unknown = await tugas(ids[SITI] as number, { tugas: [{ id_ukt: 999, pos: [] }] });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe(
      'Kegiatan nomor 999 tidak ada. Muat ulang halaman lalu pilih kegiatan dari daftar.',
    );
    const badPos = await tugas(ids[SITI] as number, { tugas: [{ id_ukt: 1, pos: [5] }] });
    expect(badPos.statusCode).toBe(400);
    expect((await tugas(987654, { tugas: [] })).statusCode).toBe(404);
    expect((await tugas(ids[SITI] as number, { tugas: [] }, siti)).statusCode).toBe(403);
    // Nothing of those reached the table.
    const rows = await t.app.db
      .selectFrom('penugasan')
      .selectAll()
      .where('id_pemilih', '=', ids[SITI] as number)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses an admin deactivating their own account', async () => {
    const res = await api(t, admin, 'POST', API.panitia.pengujiAktif.href(ids[ADMIN] as number), {
      aktif: false,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(
      'Anda tidak dapat menonaktifkan akun Anda sendiri. Minta admin panitia lain bila memang perlu.',
    );
    const me = await t.app.db
      .selectFrom('penguji')
      .select('aktif')
      .where('id_pemilih', '=', ids[ADMIN] as number)
      .executeTakeFirstOrThrow();
    expect(me.aktif).toBe(1);
  });

  // Six PDFs rendered and their QR codes read back: on a busy 2-core machine this passes 20 s.
  it('prints the cards of one event, an admin card without a QR, and reuses a card still unused', {
    timeout: 60_000,
  }, async () => {
    expect((await tugas(ids[SITI] as number, { tugas: [{ id_ukt: 1, pos: [1, 3] }] })).statusCode).toBe(200);
    expect((await tugas(ids[AGUS] as number, { tugas: [{ id_ukt: 2, pos: [] }] })).statusCode).toBe(200);

    const perEvent = await cards('?id_ukt=1');
    expect(perEvent.disposition).toBe('attachment; filename="kartu-login-penguji-1.pdf"');
    expect(perEvent.text).toContain('Siti Rahayu');
    expect(perEvent.text.replace(/\s+/g, ' ')).toContain(
      'Tugas: UKT Sabuk Polos Ke Jambon · Pos KESHAN, FISIK',
    );
    expect(perEvent.text).not.toContain('Agus Wijaya');
    const first = perEvent.qrs[0] as string;
    expect(first).toMatch(new RegExp(`^${t.config.publicUrl}/ut/[A-Za-z0-9_-]{40,}$`));

    // Printed again within the day: the same QR, so the card already handed out still works.
    t.advance(HOUR);
    const again = await cards(`?cari=${SITI}`);
    expect(again.qrs[0]).toBe(first);
    expect(await api(t, admin, 'GET', `${API.panitia.kartuLogin.href()}?id_ukt=2&cari=Siti`)).toMatchObject({
      statusCode: 409,
    });

    // Used once, it signs in once; the next print run makes a new card.
    expect((await signInWith(first)).statusCode).toBe(200);
    expect((await signInWith(first)).statusCode).toBe(401);
    const after = await cards(`?cari=${SITI}`);
    const second = after.qrs[0] as string;
    expect(second).not.toBe(first);
    // Close to its end a card is replaced; the older one is not revoked and works until then.
    t.advance(13 * HOUR);
    const late = await cards(`?cari=${SITI}`);
    expect(late.qrs[0]).not.toBe(second);
    expect((await signInWith(second)).statusCode).toBe(200);
    expect((await signInWith(late.qrs[0] as string)).statusCode).toBe(200);

    // The console's own random links are never printed as a card's.
    const link = await api(t, admin, 'POST', API.panitia.pengujiTautan.href(ids[AGUS] as number), {});
    expect(link.statusCode).toBe(200);
    const agusCard = await cards(`?cari=${AGUS}`);
    expect(agusCard.qrs[0]).not.toBe((link.json() as { data: { url: string } }).data.url);

    // The admin's card: name and number, no QR, the way admins sign in.
    const adminCard = await cards(`?cari=${ADMIN}`);
    expect(adminCard.text).toContain('Budi Santoso');
    expect(adminCard.text).toContain('KARTU ADMIN PANITIA');
    expect(adminCard.text).toContain('kode OTP');
    expect(adminCard.qrs.every((q) => q === null)).toBe(true);
    const links = await t.app.db
      .selectFrom('sesi')
      .select('token_hash')
      .where('id_pemilih', '=', ids[ADMIN] as number)
      .where('kind', '=', 'link')
      .execute();
    expect(links).toEqual([]);
  });

  it('puts the assignment into the backup archive', async () => {
    const stored = await t.app.db.selectFrom('penugasan').selectAll().execute();
    expect(stored.length).toBe(3);
    const { manifest } = await createBackup(serverBackupSource(t.app), { reason: 'manual' });
    expect(manifest.counts.penugasan).toBe(3);
  });
});
