import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { API, closeDialog, consoleApi, openTab, rowAction, takeAtTeknik } from '../../support/console';
import { ADMIN, PENGUJI } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';
import { pendingCount, scoreDrawExam, takeParticipant } from '../../support/sync';

test.use({ actionTimeout: 15_000 });
test.describe.configure({ timeout: 180_000 }); // two people, a whole exam, a correction and a ratification

/** A count cell of the Progres page: exam `ujian`, column `kolom`. */
const count = (page: Page, ujian: string, kolom: 'belum_diambil' | 'diambil' | 'dinilai') =>
  page.locator(`tr[data-ujian="${ujian}"] [data-kolom="${kolom}"]`);

test('the committee follows the day live, corrects with a reason, ratifies, and exports what it ratified', async ({
  page: phone,
  browser,
  server,
}) => {
  // The committee's laptop: Progres of the demo event, live.
  const laptop = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'id-ID',
  });
  const admin = await laptop.newPage();
  await loginAs(admin, ADMIN.noWa);
  await admin.goto('/panitia/progres?ukt=1');
  await expect(admin.getByRole('status').filter({ hasText: 'Langsung' })).toBeVisible();
  await expect(count(admin, 'kripen', 'dinilai')).toHaveText('0');
  const total = Number(await admin.getByTestId('total-peserta').textContent());
  await expect(count(admin, 'kripen', 'belum_diambil')).toHaveText(String(total));

  // An examiner takes a participant at TEKNIK on the phone: the laptop sees it without a reload.
  await loginAs(phone, PENGUJI.noWa, { event: 1, post: 2 });
  const idSiswa = await takeParticipant(phone, 0);
  await expect(count(admin, 'kripen', 'diambil')).toHaveText('1', { timeout: 5_000 });
  await expect(count(admin, 'kripen', 'belum_diambil')).toHaveText(String(total - 1));

  // … and scores KRIPEN 70: counted as scored, and Siti's row shows her work.
  await scoreDrawExam(phone, '/UjianKripen', 70, 'Nilai berhasil disimpan');
  await expect(count(admin, 'kripen', 'dinilai')).toHaveText('1', { timeout: 5_000 });
  await expect(count(admin, 'kripen', 'diambil')).toHaveText('0');
  const siti = admin
    .getByRole('table', { name: 'Penguji kegiatan' })
    .getByRole('row')
    .filter({ hasText: PENGUJI.nama });
  await expect(siti).toContainText('1');
  // Who still lacks KRIPEN: everyone but the scored participant.
  await admin.getByRole('button', { name: 'Lihat yang belum dinilai KRIPEN' }).first().click();
  const belum = admin.getByRole('list', { name: 'Belum dinilai KRIPEN' });
  await expect(belum.locator('li')).toHaveCount(Math.min(20, total - 1));
  await expect(belum.locator(`li[data-id-siswa="${idSiswa}"]`)).toHaveCount(0);
  await shot(admin, 'panitia-20-progres-laptop');

  const rekap = await (await consoleApi(admin)).get<{ data: { id_siswa: string; nama: string }[] }>(
    API.panitia.rekap.href(1),
  );
  const nama = rekap.body.data.find((r) => r.id_siswa === idSiswa)?.nama ?? '';
  expect(nama).not.toBe('');

  // Rekap: the participant's KRIPEN is 70 and every other component '–' (not 0).
  await openTab(admin, 'Rekap', 'Rekap nilai');
  await expect(admin.getByTestId('status-kegiatan')).toHaveText('DRAF');
  const row = admin
    .getByRole('table', { name: 'Rekap nilai peserta' })
    .locator(`tr[data-id-siswa="${idSiswa}"]`);
  await expect(row.locator('[data-komponen="kripen"]')).toHaveText('70,00');
  await expect(row.locator('[data-komponen="jurus"]')).toHaveText('–');
  await expect(row).toHaveAttribute('data-status', 'Belum lengkap');
  // One short line naming what is missing, in the words the exports print.
  await expect(row.locator('[data-alasan]')).toHaveText(/^Belum dinilai: (?!.*KRIPEN)[A-Z ,]+$/);

  // Koreksi: a reason is required; then KRIPEN becomes 75.
  await rowAction(row, 'Koreksi nilai');
  const sheet = admin.getByRole('dialog', { name: 'Koreksi nilai' });
  await sheet.getByLabel('Komponen').selectOption('kripen');
  await expect(sheet.getByTestId('nilai-sekarang')).toContainText('70');
  await sheet.getByLabel('Nilai baru').fill('75');
  await sheet.getByRole('button', { name: 'Simpan koreksi' }).click();
  await expect(sheet.getByText('Alasan wajib diisi')).toBeVisible();
  await sheet.getByLabel('Alasan koreksi').fill('Salah input, lembar penilai menulis 75');
  await sheet.getByRole('button', { name: 'Simpan koreksi' }).click();
  await closeDialog(admin, /dikoreksi|Nilai/);
  await expect(row.locator('[data-komponen="kripen"]')).toHaveText('75,00');

  // Audit: who, old, new, reason, source.
  await row.getByRole('button', { name: `Aksi ${nama}` }).click();
  await admin
    .getByRole('menu', { name: `Aksi ${nama}` })
    .getByRole('menuitem', { name: 'Riwayat nilai' })
    .click();
  await expect(admin.getByRole('heading', { name: 'Audit perubahan nilai' })).toBeVisible();
  const koreksi = admin.getByRole('table', { name: 'Log audit' }).locator('tr[data-sumber="koreksi"]');
  await expect(koreksi).toHaveCount(1);
  await expect(koreksi).toContainText('KRIPEN');
  await expect(koreksi.getByTestId('perubahan')).toHaveText('70,00 → 75,00');
  await expect(koreksi).toContainText('Salah input, lembar penilai menulis 75');
  await expect(koreksi).toContainText(ADMIN.nama);
  // The phone's own write is there too, from the app.
  await expect(admin.locator('tr[data-sumber="aplikasi"][data-field="nilai_kripen"]')).toHaveCount(1);
  // Filter by field: only KRIPEN rows remain; another field shows the empty state.
  await admin.getByLabel('Nilai', { exact: true }).selectOption('nilai_jurus');
  await expect(admin.getByText('Belum ada perubahan nilai yang cocok dengan filter ini.')).toBeVisible();
  await admin.getByLabel('Nilai', { exact: true }).selectOption('nilai_kripen');
  await expect(admin.getByRole('table', { name: 'Log audit' }).locator('tbody tr')).toHaveCount(2);
  await shot(admin, 'panitia-21-audit-laptop');

  // Sahkan.
  await openTab(admin, 'Rekap', 'Rekap nilai');
  await admin.getByRole('button', { name: 'Sahkan nilai' }).click();
  const sahkanSheet = admin.getByRole('dialog', { name: 'Sahkan nilai kegiatan' });
  await expect(sahkanSheet.getByTestId('sahkan-lengkap')).toContainText('belum lengkap');
  await sahkanSheet.getByRole('checkbox').check();
  await sahkanSheet.getByRole('button', { name: 'Sahkan nilai' }).click();
  await closeDialog(admin, 'Nilai kegiatan disahkan');
  await expect(admin.getByTestId('status-kegiatan')).toHaveText('Disahkan');
  // Koreksi stays in the menu, greyed, saying why.
  await row.getByRole('button', { name: `Aksi ${nama}` }).click();
  const koreksiItem = admin.getByRole('menuitem', { name: /^Koreksi nilai/ });
  await expect(koreksiItem).toHaveAttribute('aria-disabled', 'true');
  await expect(koreksiItem).toContainText('Batalkan pengesahan dulu untuk mengoreksi');
  await expect(koreksiItem).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('dialog', { name: 'Koreksi nilai' })).toHaveCount(0);
  await admin.keyboard.press('Escape');
  await shot(admin, 'panitia-22-rekap-laptop');

  // The examiner's next write is refused, and stays on the phone as refused.
  await scoreDrawExam(phone, '/UjianKripen', 80, 'Nilai kegiatan ini sudah disahkan panitia.');
  await expect(pendingCount(phone)).toHaveText('1');
  // The result stays open after a refusal; the examiner closes it and finds the refused write kept.
  await phone
    .getByRole('dialog', { name: 'Hasil Tes Kripen' })
    .getByRole('button', { name: 'Batal' })
    .click();
  await phone.getByRole('button', { name: 'Nilai tertunda: 1' }).click();
  const item = phone.getByRole('dialog', { name: 'Nilai tertunda' }).locator('[data-outbox-item]');
  await expect(item).toHaveAttribute('data-state', 'rejected');
  await expect(item).toContainText('Nilai kegiatan ini sudah disahkan panitia.');
  await shot(phone, 'panitia-23-phone-refused-after-sahkan');

  // The .xlsx export holds the corrected value and the statuses, no longer DRAF.
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Unduh Excel (.xlsx) rekap nilai' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const found: { kripen: unknown; status: unknown }[] = [];
  const statuses = new Set<string>();
  let titles = '';
  book.eachSheet((sheet) => {
    let header: string[] = [];
    sheet.eachRow((r, n) => {
      const values = (r.values as unknown[])
        .slice(1)
        .map((v) => (v === null || v === undefined ? '' : String(v)));
      // The header row names its columns as the committee reads them (docs/decisions/107).
      if (values[0] === 'No. Urut') header = values;
      else if (header.length === 0) titles += ` ${values.join(' ')}`;
      else {
        const cell = (name: string) => r.getCell(header.indexOf(name) + 1).value;
        statuses.add(String(cell('Status')));
        if (String(cell('Nama')) === nama) {
          found.push({ kripen: cell('KRIPEN'), status: cell('Status') });
        }
      }
      void n;
    });
  });
  expect(titles).not.toContain('DRAF');
  expect(statuses.has('Belum lengkap')).toBe(true);
  expect(found.some((f) => f.kripen === 75 && f.status === 'Belum lengkap')).toBe(true);
  await laptop.close();
});

test('the pass rule is edited on the event list and the recap follows it; a phone shows cards', async ({
  page,
}) => {
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/kegiatan');
  const card = page
    .getByRole('list', { name: 'Daftar kegiatan' })
    .getByRole('listitem')
    .filter({ hasText: 'UKT Sabuk Polos Ke Jambon' });
  await rowAction(card, 'Aturan lulus');
  const sheet = page.getByRole('dialog', { name: 'Aturan kelulusan' });
  await expect(sheet).toContainText('Aturan bawaan');
  // A wrong band order is refused with its reason, nothing is stored.
  await sheet.getByLabel('Batas predikat 2').fill('40');
  await sheet.getByRole('button', { name: 'Simpan aturan' }).click();
  await expect(sheet).toContainText('Batas predikat harus naik');
  await sheet.getByLabel('Batas predikat 2').fill('60');
  // Count only KRIPEN, minimum final 50.
  for (const label of [
    'KESHAN',
    'KSHAN',
    'JURUS',
    'SENAM',
    'BELATI',
    'PASANG',
    'SENAM TOYAK',
    'JURUS TOYAK',
    'FISIK',
    'SAMBUNG',
  ]) {
    await sheet.getByRole('checkbox', { name: label, exact: true }).uncheck();
  }
  await sheet.getByLabel('Nilai akhir minimum untuk lulus').fill('50');
  await shot(page, 'panitia-24-aturan');
  await sheet.getByRole('button', { name: 'Simpan aturan' }).click();
  await closeDialog(page, 'Aturan versi 1 disimpan');

  await rowAction(card, 'Rekap');
  await expect(page.getByRole('heading', { name: 'Rekap nilai', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aturan kelulusan (v1)' })).toBeVisible();
  // Nobody has KRIPEN yet: all 'Belum lengkap', with KRIPEN as the reason; the filter by status works.
  const list = page.getByRole('list', { name: 'Rekap nilai peserta' });
  await expect(list.getByRole('listitem').first()).toContainText('KRIPEN');
  await expect(page.locator('[data-total="Lulus"]')).toContainText('0');
  await page.locator('[data-total="Lulus"]').click();
  await expect(page.getByText('Tidak ada peserta yang cocok dengan filter ini.')).toBeVisible();
  await page.locator('[data-total="Belum lengkap"]').click();
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await shot(page, 'panitia-25-rekap-phone');
  await page.goto('/panitia/progres?ukt=1');
  await expect(page.getByRole('status').filter({ hasText: 'Langsung' })).toBeVisible();
  await shot(page, 'panitia-26-progres-phone');
});

test('Progres says when it is not live, reconnects by itself and catches up', async ({ page, server }) => {
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/progres?ukt=1');
  const badge = page.getByRole('status').filter({ hasText: /Langsung|Tidak langsung|Menyambung/ });
  await expect(badge).toHaveAttribute('data-live', 'langsung');
  await expect(count(page, 'jurus', 'diambil')).toHaveText('0');

  await server.kill();
  await expect(badge).toHaveAttribute('data-live', 'terputus');
  await expect(badge).toContainText('Tidak langsung');
  await shot(page, 'panitia-27-progres-terputus');

  // A take made while the page was cut off shows once the stream is back, without a reload.
  await server.restart();
  await takeAtTeknik(server, 1);
  await expect(badge).toHaveAttribute('data-live', 'langsung', { timeout: 15_000 });
  await expect(count(page, 'jurus', 'diambil')).toHaveText('1');
});
