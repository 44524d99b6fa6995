import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, type AturanLulus } from '@ukt/core';
import { apiLogin } from '../../support/api';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import type { TestServer } from '../../support/server';
import { shot } from '../../support/shots';

// The public check of a piagam (DESIGN §11): the QR on a printed piagam opens /verifikasi/{kode},
// which anyone can open without signing in.

/**
 * Makes participant 1 of event 1 pass (a rule counting SENAM only, scored 78), ratifies the event,
 * downloads its piagam as the committee does, and answers the verification address printed under
 * the piagam's QR.
 */
async function issuePiagam(server: TestServer): Promise<{ url: string; nama: string }> {
  const admin = await apiLogin(server, ADMIN.noWa);
  const list = await admin.get<{ data: { id_siswa: string; nama: string }[] }>(API.panitia.peserta.href(1));
  const nama = list.body.data.find((s) => s.id_siswa === '1')?.nama as string;
  expect(nama).toBeTruthy();
  const current = await admin.get<{ data: AturanLulus }>(API.panitia.aturan.href(1));
  const rule = { ...current.body.data.aturan, komponen: [{ key: 'senam', bobot: 1, minimum: null }] };
  const put = await fetch(`${server.baseURL}/uktNEW/api${API.panitia.aturan.href(1)}`, {
    method: 'PUT',
    headers: { 'access-token': admin.token, 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });
  expect(put.status).toBe(200);
  const nilai = await admin.post(API.nilai.href(), {
    id_siswa: 1,
    id_ukt: 1,
    id_tingkat: 1,
    nilai_senam: 78,
    nilai_senam_plus: 0,
  });
  expect(nilai.status).toBe(200);
  expect((await admin.post(API.panitia.sahkan.href(1), {})).status).toBe(200);

  const res = await fetch(`${server.baseURL}/uktNEW/api${API.panitia.piagam.href(1)}`, {
    headers: { 'access-token': admin.token },
  });
  expect(res.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'ukt-piagam-'));
  try {
    const file = join(dir, 'piagam.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    const url = /https?:\/\/\S+\/verifikasi\/[A-Z2-9]{20}/.exec(text)?.[0];
    if (!url) throw new Error(`no verification address on the piagam:\n${text}`);
    return { url, nama };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a real piagam code shows name, belt, event and status without signing in', async ({ page, server }) => {
  const { url, nama } = await issuePiagam(server);
  expect(url.startsWith(server.baseURL)).toBe(true);

  // Hold the answer back a little, so the loading state is seen as a slow phone sees it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/uktNEW/api/verifikasi/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Verifikasi Piagam', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Memeriksa piagam…');
  await shot(page, 'verifikasi-memuat');
  release();

  const hasil = page.getByTestId('verifikasi-hasil');
  await expect(hasil).toContainText('Piagam terdaftar');
  await expect(hasil.getByRole('definition')).toHaveText([
    nama,
    'Sabuk Polos ke Jambon',
    'UKT Sabuk Polos Ke Jambon',
    'Lulus',
  ]);
  await expect(page.getByRole('term')).toHaveText(['Nama', 'Sabuk', 'Kegiatan', 'Status']);
  await expect(page.getByText('Perguruan Pencak Silat Demo')).toBeVisible();
  // Nothing but the four fields: no score, no region, no number.
  await expect(hasil).not.toContainText('Ranting');
  await expect(hasil).not.toContainText('78');
  expect(await page.context().cookies()).toEqual([]);
  await shot(page, 'verifikasi-lulus');
});

test('an unknown or altered code says the certificate is not found', async ({ page, server }) => {
  const { url } = await issuePiagam(server);
  const kode = url.slice(-20);
  const altered = `${kode.slice(0, -1)}${kode.endsWith('A') ? 'B' : 'A'}`;
  for (const wrong of [altered, 'ABCDEFGHJKMNPQRSTUVW', 'bukan-kode']) {
    await page.goto(`/verifikasi/${wrong}`);
    const notFound = page.getByTestId('verifikasi-tidak-ditemukan');
    await expect(notFound.getByRole('heading')).toHaveText('Sertifikat tidak ditemukan');
    await expect(notFound).toContainText('tanyakan kepada panitia');
    await expect(page.getByTestId('verifikasi-hasil')).toHaveCount(0);
  }
  await shot(page, 'verifikasi-tidak-ditemukan');
});
