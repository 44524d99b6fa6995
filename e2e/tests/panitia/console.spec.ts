import ExcelJS from 'exceljs';
import {
  API,
  closeDialog,
  confirmDialog,
  consoleApi,
  openConsole,
  openTab,
  pesertaCsv,
  pesertaRow,
} from '../../support/console';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

test.use({ actionTimeout: 15_000 });

const NEW_NO_WA = '6281234500099';
const NEW_NAMA = 'Rina Wulandari';

// The "Done when", end to end: an admin runs an event from the console and an examiner
// they add signs in with the link they send, until they are deactivated.
test('a committee admin sets up an event, imports participants, adds and deactivates an examiner', async ({
  page,
  server,
  browser,
}) => {
  await loginAs(page, ADMIN.noWa);
  await openConsole(page);
  const api = await consoleApi(page);

  // --- Kegiatan: create an event.
  await page.getByRole('button', { name: '+ Kegiatan baru' }).click();
  const form = page.getByRole('dialog', { name: 'Kegiatan baru' });
  await form.getByLabel('Nama UKT').fill('UKT Konsol Uji');
  await form.getByLabel('Nama kegiatan').fill('Ujian Kenaikan Tingkat II');
  await form.getByLabel('Tanggal tes').fill('2026-12-06');
  await form.getByLabel('Tingkat (sabuk)').selectOption('2');
  await shot(page, 'panitia-02-kegiatan-form');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await closeDialog(page, 'Kegiatan berhasil dibuat');
  const list = page.getByRole('list', { name: 'Daftar kegiatan' });
  const card = list.getByRole('listitem').filter({ hasText: 'UKT Konsol Uji' });
  await expect(card).toContainText('Jambon Ke Hijau');
  await expect(card).toContainText('0 / 0 ada nilai');
  const idUkt = await card.getAttribute('data-id-ukt');
  expect(idUkt).toMatch(/^\d+$/);
  await shot(page, 'panitia-01-kegiatan');

  // --- Impor: the participants template, then a file with two bad rows.
  await openTab(page, 'Impor');
  await page.getByLabel('Jenis data').selectOption('peserta');
  await page.getByLabel('Kegiatan').selectOption(idUkt ?? '');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /Unduh templat Peserta/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('templat-peserta.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet(1);
  expect(sheet, 'the template has a sheet').toBeDefined();
  const header = (sheet?.getRow(1).values as unknown[] | undefined)?.filter(Boolean);
  expect(header).toEqual(['No. Urut', 'Nama', 'Perwapus', 'Cabang', 'Ranting', 'Rayon', 'Provinsi']);

  const file = page.getByLabel(/File impor/);
  await file.setInputFiles({
    name: 'peserta.csv',
    mimeType: 'text/csv',
    buffer: pesertaCsv([pesertaRow(1, 'Ani Lestari'), pesertaRow(2, ''), pesertaRow('dua', 'Bayu Pratama')]),
  });
  const errors = page.getByRole('region', { name: /Kesalahan/ });
  // Each error in a row of its own: the line, the column and what is wrong, beside the row as the file gives it.
  await expect(errors.locator('[data-baris="3"][data-kolom="Nama"]')).toContainText('Nama: wajib diisi');
  await expect(errors.locator('tr, li').filter({ hasText: 'Nama: wajib diisi' })).toContainText('Baris 3');
  await expect(errors.locator('[data-baris="4"][data-kolom="No. Urut"]')).toContainText('No. Urut:');
  await expect(errors.locator('tr, li').filter({ hasText: 'No. Urut:' })).toContainText('Baris 4');
  await expect(page.locator('[data-count="Kesalahan"]')).toHaveText('2');
  await expect(page.getByRole('button', { name: 'Impor', exact: true })).toBeDisabled();
  await errors.scrollIntoViewIfNeeded();
  await shot(page, 'panitia-03-impor-errors');
  // Nothing was written.
  const before = await api.get<{ meta: { total: number } }>(API.panitia.peserta.href(idUkt ?? ''));
  expect(before.status).toBe(200);
  expect(before.body.meta.total).toBe(0);

  // The fixed file previews clean and imports.
  await file.setInputFiles({
    name: 'peserta.csv',
    mimeType: 'text/csv',
    buffer: pesertaCsv([
      pesertaRow(1, 'Ani Lestari'),
      pesertaRow(2, 'Citra Dewi'),
      pesertaRow(3, 'Bayu Pratama'),
    ]),
  });
  await expect(page.locator('[data-count="Baru"]')).toHaveText('3');
  await expect(page.locator('[data-count="Kesalahan"]')).toHaveText('0');
  await expect(page.getByRole('list', { name: 'Pratinjau baris' })).toContainText('Citra Dewi');
  await shot(page, 'panitia-04-impor-preview');
  await page.getByRole('button', { name: 'Impor', exact: true }).click();
  await closeDialog(page, '3 baru, 0 diperbarui, 0 tetap');
  await expect(page.getByText('Impor selesai: 3 baru')).toBeVisible();

  // --- Peserta: the imported rows.
  await openTab(page, 'Peserta');
  await page.getByLabel('Kegiatan').selectOption(idUkt ?? '');
  const peserta = page.getByRole('list', { name: 'Daftar peserta' });
  for (const nama of ['Ani Lestari', 'Citra Dewi', 'Bayu Pratama']) await expect(peserta).toContainText(nama);
  await expect(page.getByText('3 peserta')).toBeVisible();
  await shot(page, 'panitia-05-peserta');

  // --- Penguji: add an examiner with perwapus and cabang.
  await openTab(page, 'Penguji');
  await page.getByRole('button', { name: '+ Penguji baru' }).click();
  const pengujiForm = page.getByRole('dialog', { name: 'Penguji baru' });
  await pengujiForm.getByLabel('Nomor WhatsApp').fill('0812-3450-0099');
  await pengujiForm.getByLabel('Nama').fill(NEW_NAMA);
  await pengujiForm.getByLabel('Perwapus').selectOption({ label: 'Perwapus Madiun Raya' });
  await pengujiForm.getByLabel('Cabang').selectOption({ label: 'Cabang Kota Madiun' });
  await shot(page, 'panitia-06-penguji-form');
  await pengujiForm.getByRole('button', { name: 'Simpan' }).click();
  await closeDialog(page, 'Penguji berhasil ditambahkan');
  await page.getByRole('searchbox', { name: 'Cari' }).fill('Rina');
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  const row = page
    .getByRole('list', { name: 'Daftar penguji' })
    .getByRole('listitem')
    .filter({ hasText: NEW_NAMA });
  // The number as the login cards print it.
  await expect(row).toContainText('+62 812-3450-0099');
  await expect(row).toContainText('Perwapus Madiun Raya');
  await expect(row).toContainText('Cabang Kota Madiun');
  await expect(row).toContainText('Aktif');
  await shot(page, 'panitia-07-penguji');

  // Its login link: copy, QR, and WhatsApp with the link in the message.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: 'Tautan login' }).click();
  const tautan = page.getByRole('dialog', { name: 'Tautan login' });
  const linkBox = tautan.getByLabel('Tautan login');
  await expect(linkBox).toHaveValue(new RegExp(`^${server.baseURL}/ut/[^/?]+$`));
  const link = await linkBox.inputValue();
  await tautan.getByRole('button', { name: 'Salin' }).click();
  await expect(tautan.getByRole('button', { name: 'Tersalin ✓' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(tautan.getByRole('img', { name: `QR tautan login ${NEW_NAMA}` })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await shot(page, 'panitia-08-tautan');
  // wa.me is outside the test's world: answer it here and look at what the popup asked for.
  await page
    .context()
    .route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp', contentType: 'text/html' }));
  const opening = page.waitForEvent('popup');
  await tautan.getByRole('link', { name: 'Kirim via WhatsApp' }).click();
  const popup = await opening;
  const wa = new URL(popup.url());
  expect(`${wa.origin}${wa.pathname}`).toBe(`https://wa.me/${NEW_NO_WA}`);
  expect(wa.searchParams.get('text')).toContain(link);
  await popup.close();
  await tautan.getByRole('button', { name: 'Tutup' }).click();

  // --- The examiner signs in with the link on their own phone and sees the new event.
  const phone = await browser.newContext({ baseURL: server.baseURL });
  const examiner = await phone.newPage();
  await examiner.goto(new URL(link).pathname);
  await closeDialog(examiner, 'berhasil diverifikasi');
  await expect(examiner).toHaveURL(/\/event$/);
  await expect(examiner.locator(`[data-id-ukt="${idUkt}"]`)).toContainText(/UKT Konsol Uji/i);

  // --- The admin deactivates them; their next request is refused and /login says why.
  await row.getByRole('button', { name: 'Nonaktifkan' }).click();
  await expect(page.locator('.swal2-popup')).toContainText(`${NEW_NAMA} langsung keluar`);
  await confirmDialog(page, 'Ya, nonaktifkan');
  await closeDialog(page, 'Penguji dinonaktifkan');
  await expect(row).toContainText('Nonaktif');
  await expect(row.getByRole('button', { name: 'Tautan login' })).toBeDisabled();

  await examiner.reload();
  await expect(examiner).toHaveURL(/\/login$/);
  await expect(examiner.getByRole('alert')).toHaveText(
    'Akun Anda dinonaktifkan panitia. Hubungi panitia bila ini keliru.',
  );
  await shot(examiner, 'panitia-09-login-dinonaktifkan');
  await phone.close();
});
