import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { AturanLulus, PanitiaKegiatan } from '@ukt/core';
import type { ApiActor } from '../../support/api';
import { API, closeDialog, consoleApi } from '../../support/console';
import { ADMIN, DEWAN2, PENGUJI } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import type { TestServer } from '../../support/server';
import { shot } from '../../support/shots';

// The console's PDF buttons (DESIGN §9, §11): the file comes from the API with the session's
// access-token header and is saved under the server's name.

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ukt-dokumen-e2e-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

const OUT = fileURLToPath(new URL('../../test-output/', import.meta.url));

/** Clicks a download button and answers the saved file's name, its text (pdftotext) and its path. */
async function download(page: Page, button: string): Promise<{ name: string; text: string; path: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return {
    name: file.suggestedFilename(),
    text: execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }),
    path,
  };
}

/** Page 1 of a PDF rendered at 60 dpi as e2e/test-output/<name>.png, for review. */
function renderFirstPage(path: string, name: string): void {
  const out = join(dir, name);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', path, out]);
  copyFileSync(`${out}.png`, join(OUT, `${name}.png`));
}

/** A calendar day `days` from now in WIB (YYYY-MM-DD) and as Indonesians write it. */
function dayAhead(days: number): { iso: string; long: string } {
  const at = new Date(Date.now() + days * 86_400_000);
  return {
    iso: new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10),
    long: new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'Asia/Jakarta' }).format(at),
  };
}

/**
 * Event 1 set up over the API: a pass rule counting SENAM once and JURUS twice, participants 1 and 2
 * at 78 and (80 + 2 × 79) / 3 = 79.33 (both pass, everyone else incomplete), and its test day
 * moved three days ahead.
 */
async function setUpEvent(server: TestServer, admin: ApiActor, tanggal: string): Promise<void> {
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${server.baseURL}/uktNEW/api${path}`, {
      method,
      headers: { 'access-token': admin.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const current = await admin.get<{ data: AturanLulus }>(API.panitia.aturan.href(1));
  const komponen = [
    { key: 'senam', bobot: 1, minimum: null },
    { key: 'jurus', bobot: 2, minimum: null },
  ];
  const rule = { ...current.body.data.aturan, komponen };
  expect((await send('PUT', API.panitia.aturan.href(1), rule)).status).toBe(200);
  for (const [id_siswa, senam, jurus] of [
    [1, 78, 78],
    [2, 80, 79],
  ]) {
    // One score group a call, as the phone sends them.
    for (const scores of [
      { nilai_senam: senam, nilai_senam_plus: 0 },
      { nilai_jurus: jurus, nilai_jurus_plus: 0 },
    ]) {
      const res = await admin.post(API.nilai.href(), { id_siswa, id_ukt: 1, id_tingkat: 1, ...scores });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  }
  const list = await admin.get<{ data: PanitiaKegiatan[] }>(API.panitia.kegiatan.href());
  const k = list.body.data.find((e) => e.id_ukt === '1') as PanitiaKegiatan;
  const moved = await send('PUT', API.panitia.kegiatanById.href(1), {
    nama_ukt: k.nama_ukt,
    nama_kegiatan: k.nama_kegiatan,
    tanggal_tes: tanggal,
    akhir_tes: null,
    id_tingkat: Number(k.id_tingkat),
  });
  expect(moved.status).toBe(200);
}

test('Peserta: PDF kartu peserta of the event, or of the chosen ranting', async ({ page }) => {
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/peserta?ukt=1');
  await expect(page.getByText('120 peserta')).toBeVisible();
  const list = await (await consoleApi(page)).get<{ data: { nama: string }[] }>(API.panitia.peserta.href(1));
  const nama = list.body.data[0]?.nama as string;
  await shot(page, 'dokumen-peserta-tombol');

  const all = await download(page, 'PDF kartu peserta');
  expect(all.name).toBe('kartu-peserta-1.pdf');
  expect(all.text).toContain('KARTU PESERTA UKT');
  expect(all.text).toContain(nama);

  await page.getByRole('button', { name: 'Filter wilayah dan status' }).click();
  for (const level of ['Perwapus', 'Cabang', 'Ranting']) {
    const select = page.getByLabel(level, { exact: true });
    await expect(select.locator('option').nth(1)).toBeAttached();
    await select.selectOption({ index: 1 });
  }
  const ranting = await page.getByLabel('Ranting', { exact: true }).locator('option:checked').textContent();
  await expect(page.getByText(/^\d+ peserta$/)).not.toHaveText('120 peserta');
  const count = Number((await page.getByText(/^\d+ peserta$/).textContent())?.split(' ')[0]);
  const one = await download(page, 'PDF kartu peserta ranting terpilih');
  expect(one.name).toMatch(/^kartu-peserta-1-ranting-\d+\.pdf$/);
  expect(one.text.split('KARTU PESERTA UKT').length - 1).toBe(count);
  expect(one.text).toContain(ranting?.trim());
});

test('Penguji: PDF kartu login of the examiners found', async ({ page }) => {
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/penguji');
  await expect(page.getByText('3 penguji')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cari' }).fill('Siti');
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect(page.getByText('1 penguji')).toBeVisible();
  await shot(page, 'dokumen-penguji-tombol');

  const cards = await download(page, 'PDF kartu login');
  expect(cards.name).toBe('kartu-login-penguji.pdf');
  expect(cards.text).toContain(PENGUJI.nama);
  expect(cards.text).toContain('+62 811-0000-0002');
  expect(cards.text).not.toContain(DEWAN2.nama);
});

test('Organisasi, Rekap: signatories on paper, a ratification that tells, and dates that agree', async ({
  page,
  server,
}) => {
  const ujian = dayAhead(3);
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, ADMIN.noWa);
  await setUpEvent(server, await consoleApi(page), ujian.iso);

  // The signatories, once, on the Organisasi page.
  await page.goto('/panitia/organisasi');
  const form = page.getByRole('form', { name: 'Penandatangan dokumen' });
  await expect(form).toBeVisible();
  const group = (legend: RegExp) => form.getByRole('group', { name: legend });
  await group(/^Ketua Panitia UKT/)
    .getByLabel('Nama')
    .fill('Drs. Bambang Sutrisno');
  await group(/^Ketua Cabang/)
    .getByLabel('Jabatan')
    .fill('Ketua Cabang Kota Madiun');
  await group(/^Ketua Cabang/)
    .getByLabel('Nama')
    .fill('H. Sugeng Riyadi');
  await form.getByRole('button', { name: 'Simpan penandatangan' }).scrollIntoViewIfNeeded();
  await shot(page, 'dokumen-penandatangan-1366');
  await form.getByRole('button', { name: 'Simpan penandatangan' }).click();
  await closeDialog(page, 'Penandatangan berhasil disimpan');

  // Sahkan shows what it would seal and waits for an explicit confirmation.
  await page.goto('/panitia/rekap?ukt=1');
  await page.getByRole('button', { name: 'Sahkan nilai' }).click();
  const sheet = page.getByRole('dialog', { name: 'Sahkan nilai kegiatan' });
  await expect(sheet.getByTestId('sahkan-lengkap')).toContainText('118 dari 120 peserta belum lengkap');
  await expect(sheet.getByTestId('sahkan-lengkap')).toContainText('Lulus 2');
  await expect(sheet.getByTestId('sahkan-tanggal')).toContainText(
    `Hari ujian terakhir (${ujian.long}) belum lewat`,
  );
  await expect(sheet.getByTestId('sahkan-tanggal')).toContainText('Hari dihitung menurut WIB.');
  // Before the exam day a tick is not enough: "Sahkan lebih awal" with a reason, or correct the dates.
  const confirm = sheet.getByRole('button', { name: 'Sahkan lebih awal' });
  await expect(confirm).toBeDisabled();
  await shot(page, 'dokumen-sahkan-1366');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await shot(page, 'dokumen-sahkan-1920');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'dokumen-sahkan-360');
  await page.setViewportSize({ width: 1366, height: 768 });
  await sheet.getByRole('checkbox', { name: /Saya sudah membaca peringatan/ }).check();
  await expect(confirm).toBeDisabled();
  await sheet.getByRole('checkbox', { name: /Sahkan lebih awal/ }).check();
  const alasan = sheet.getByLabel('Alasan mengesahkan lebih awal');
  await alasan.fill('ok');
  await confirm.click();
  await expect(sheet.getByText(/paling sedikit 5 karakter/)).toBeVisible();
  await alasan.fill('Piagam dibagikan pada malam penutupan');
  await confirm.click();
  await closeDialog(page, 'Nilai kegiatan disahkan');
  await expect(page.getByTestId('status-kegiatan')).toHaveText('Disahkan');

  // The piagam: signatories by name, the score in Indonesian style, signed on the exam day.
  const piagam = await download(page, 'PDF piagam');
  expect(piagam.name).toBe('piagam-1.pdf');
  for (const words of ['Drs. Bambang Sutrisno', 'Ketua Cabang Kota Madiun', 'H. Sugeng Riyadi'])
    expect(piagam.text).toContain(words);
  expect(piagam.text).toContain('nilai akhir 79,33');
  expect(piagam.text).toContain(`diuji pada ${ujian.long}`);
  expect(piagam.text).toContain(`Madiun, ${ujian.long}`);
  expect(piagam.text).toContain(`${server.baseURL}/verifikasi/`);
  renderFirstPage(piagam.path, 'dokumen-piagam-1366');

  // This event's own secretary, on the Rekap page; the organisation's stay for the rest.
  await page.getByRole('button', { name: 'Penandatangan', exact: true }).click();
  const own = page.getByRole('form', { name: 'Penandatangan kegiatan ini' });
  const sekretaris = own.getByRole('group', { name: /^Sekretaris Panitia/ });
  await expect(own.getByRole('group', { name: /^Ketua Panitia UKT/ }).getByLabel('Nama')).toHaveAttribute(
    'placeholder',
    'Drs. Bambang Sutrisno',
  );
  await sekretaris.getByLabel('Nama').fill('Rina Kusuma');
  await shot(page, 'dokumen-penandatangan-kegiatan-1366');
  await own.getByRole('button', { name: 'Simpan untuk kegiatan ini' }).click();
  await closeDialog(page, 'Penandatangan kegiatan ini berhasil disimpan');

  const berita = await download(page, 'PDF berita acara');
  expect(berita.text).toContain('Rina Kusuma');
  expect(berita.text).toContain('Drs. Bambang Sutrisno');
  expect(berita.text).toContain(`Madiun, ${ujian.long}`);
  expect(berita.text).toContain('79,33');
  expect(berita.text).not.toContain('79.33');
  expect(berita.text).toContain('Disahkan panitia lebih awal');
  expect(berita.text.replace(/\s+/g, ' ')).toContain('dengan alasan: Piagam dibagikan pada malam penutupan');
  renderFirstPage(berita.path, 'dokumen-berita-acara-1366');

  // The audit names the ratification as such.
  const audit = await (await consoleApi(page)).get<{ data: { sumber: string }[] }>(API.panitia.audit.href(), {
    id_ukt: 1,
    field: 'sahkan',
  });
  expect(audit.body.data.map((r) => r.sumber)).toEqual(['pengesahan']);
});
