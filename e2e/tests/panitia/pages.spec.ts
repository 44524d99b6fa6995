import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiLogin } from '../../support/api';
import {
  API,
  closeDialog,
  confirmDialog,
  consoleApi,
  openConsole,
  openTab,
  rowAction,
} from '../../support/console';
import { ADMIN, PENGUJI } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { ROOT } from '../../support/server';
import { shot } from '../../support/shots';

test.use({ actionTimeout: 15_000 });

/** The app's own icon, as a logo to upload. */
const PNG = readFileSync(join(ROOT, 'apps/web/public/icons/icon-192.png'));

test('Kegiatan: archiving asks first and hides the event from examiners until it is brought back', async ({
  page,
}) => {
  await loginAs(page, ADMIN.noWa);
  await openConsole(page);
  const list = page.getByRole('list', { name: 'Daftar kegiatan' });
  const card = list.getByRole('listitem').filter({ hasText: 'UKT Sabuk Polos Ke Jambon' });
  await expect(card).toContainText('Peserta');

  // Cancelling changes nothing.
  await rowAction(card, 'Arsipkan');
  await expect(page.locator('.swal2-popup')).toContainText('tidak lagi tampil di daftar kegiatan penguji');
  await confirmDialog(page, 'Batal');
  await expect(card).toBeVisible();

  await rowAction(card, 'Arsipkan');
  await confirmDialog(page, 'Ya, arsipkan');
  await closeDialog(page, 'Kegiatan diarsipkan');
  await expect(card).toHaveCount(0);
  const examiner = await consoleApi(page);
  const events = await examiner.get<{ data: { id_ukt: string }[] }>(API.kegiatan.href());
  expect(events.body.data.map((k) => k.id_ukt)).not.toContain('1');

  await page.getByLabel('Tampilkan kegiatan yang diarsipkan').check();
  await expect(card).toContainText('Arsip');
  await rowAction(card, 'Pulihkan');
  await confirmDialog(page, 'Ya, pulihkan');
  await closeDialog(page, 'Kegiatan dipulihkan');
  await card.getByRole('button', { name: /^Aksi/ }).click();
  await expect(card.getByRole('menuitem', { name: 'Arsipkan' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card.getByRole('menu')).toBeHidden();
});

test('Peserta on a laptop: who holds a participant at each post, release and withdraw', async ({
  page,
  server,
}) => {
  // Siti takes a participant at TEKNIK on her phone.
  const siti = await apiLogin(server, PENGUJI.noWa);
  const page1 = await siti.get<{ data: { id_siswa: string; nama: string }[] }>(API.siswa.href(), {
    id_ukt: 1,
    hal: 1,
    posUjian: 2,
  });
  const taken = page1.body.data[0];
  if (!taken) throw new Error('the demo event has no participant in Siti’s region');
  const take = await siti.post(API.siswaUpdate.href(taken.id_siswa), {
    sudah_tes: siti.idPemilih,
    id_ukt: 1,
  });
  expect(take.status).toBe(200);

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/kegiatan');
  await expect(page.getByRole('table', { name: 'Daftar kegiatan' }).getByRole('row')).toHaveCount(3);
  await shot(page, 'panitia-13-kegiatan-laptop');
  await page.goto('/panitia/penguji');
  await expect(page.getByRole('table', { name: 'Daftar penguji' }).getByRole('row')).toHaveCount(4);
  await shot(page, 'panitia-14-penguji-laptop');
  await page.goto('/panitia/peserta?ukt=1');
  const table = page.getByRole('table', { name: 'Daftar peserta' });
  await expect(table.getByRole('row')).toHaveCount(21); // the header and a page of 20
  await page.getByRole('searchbox', { name: 'Cari' }).fill(taken.nama);
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  const row = table.getByRole('row').filter({ hasText: taken.nama }).first();
  await expect(row.locator('[data-pos="sudah_tes"]')).toContainText(PENGUJI.nama);
  await page.getByRole('searchbox', { name: 'Cari' }).fill('');
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(21);
  await shot(page, 'panitia-10-peserta-laptop');
  await page.getByRole('searchbox', { name: 'Cari' }).fill(taken.nama);
  await page.getByRole('button', { name: 'Cari', exact: true }).click();

  // Every action of the row is in its one 'Aksi' menu: releasing lists only the posts that hold them.
  await row.getByRole('button', { name: `Aksi ${taken.nama}` }).click();
  const menu = page.getByRole('menu', { name: `Aksi ${taken.nama}` });
  await expect(menu.getByRole('menuitem')).toHaveText(['Ubah', 'Mundur', 'Lepas di pos TEKNIK']);
  await expect(row.getByRole('button')).toHaveText([/^Aksi/]);
  await menu.getByRole('menuitem', { name: 'Lepas di pos TEKNIK' }).click();
  await expect(page.locator('.swal2-popup')).toContainText(`dilepas dari ${PENGUJI.nama}`);
  await confirmDialog(page, 'Ya, lepas');
  await closeDialog(page, 'Peserta dilepas di pos TEKNIK');
  await expect(row.locator('[data-pos="sudah_tes"]')).toHaveCount(0);

  await rowAction(row, 'Mundur');
  await confirmDialog(page, 'Ya, mundur');
  await closeDialog(page, 'Peserta dinyatakan mundur');
  await expect(row).toContainText('Mundur');
  await row.getByRole('button', { name: `Aksi ${taken.nama}` }).click();
  await expect(menu.getByRole('menuitem')).toHaveText(['Ubah', 'Ikutkan lagi']);
  await page.keyboard.press('Escape');
  // Out of the examiners' picker, kept in the console.
  const after = await siti.get<{ data: { id_siswa: string }[] }>(API.siswa.href(), {
    id_ukt: 1,
    hal: 1,
    nama: taken.nama,
    posUjian: 2,
  });
  expect(after.body.data.map((s) => s.id_siswa)).not.toContain(taken.id_siswa);
});

test('Peserta: a participant added and edited through the form its fields come from', async ({ page }) => {
  await loginAs(page, ADMIN.noWa);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/panitia/peserta?ukt=1');
  await page.getByRole('button', { name: '+ Peserta baru' }).click();
  const form = page.getByRole('dialog', { name: 'Peserta baru' });
  // Empty: the name and the rayon are asked for by name, nothing is sent.
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(form).toContainText('Nama wajib diisi');
  await expect(form).toContainText('Pilih rayon');
  await expect(form).toContainText('Kosongkan: nomor berikutnya');
  await form.getByLabel('Nama').fill('Dewi Kartika Sari');
  await form.getByLabel('Provinsi').fill('Jawa Timur');
  for (const level of ['Perwapus', 'Cabang', 'Ranting', 'Rayon']) {
    const select = form.getByLabel(level);
    await expect(select.locator('option')).not.toHaveCount(1);
    await select.selectOption({ index: 1 });
  }
  await shot(page, 'peserta-form-baru-1366');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'peserta-form-baru-360');
  await page.setViewportSize({ width: 1366, height: 768 });
  await form.getByRole('button', { name: 'Simpan' }).click();
  // The next free number of the demo event's 120.
  await closeDialog(page, 'Peserta no 121 ditambahkan');

  const table = page.getByRole('table', { name: 'Daftar peserta' });
  await page.getByRole('searchbox', { name: 'Cari' }).fill('Dewi Kartika Sari');
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  const row = table.getByRole('row').filter({ hasText: 'Dewi Kartika Sari' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('121');

  // Edited: the form opens with what is stored.
  await rowAction(row, 'Ubah');
  const edit = page.getByRole('dialog', { name: 'Ubah peserta' });
  await expect(edit.getByLabel('Nama')).toHaveValue('Dewi Kartika Sari');
  await expect(edit.getByLabel('No urut')).toHaveValue('121');
  await expect(edit.getByLabel('Provinsi')).toHaveValue('Jawa Timur');
  // The limits are core's: the boxes take no more than the server accepts.
  await expect(edit.getByLabel('Provinsi')).toHaveAttribute('maxlength', '80');
  await expect(edit.getByLabel('Nama')).toHaveAttribute('maxlength', '120');
  await edit.getByLabel('Provinsi').fill('Jawa Tengah');
  await edit.getByRole('button', { name: 'Simpan' }).click();
  await closeDialog(page, 'Data peserta disimpan');
  await rowAction(row, 'Ubah');
  await expect(page.getByRole('dialog', { name: 'Ubah peserta' }).getByLabel('Provinsi')).toHaveValue(
    'Jawa Tengah',
  );
});

test('Soal KESHAN: a belt’s questions with their keys; a new key re-grades the stored answers', async ({
  page,
  server,
}) => {
  await loginAs(page, ADMIN.noWa);
  const admin = await consoleApi(page);
  const soal = await admin.get<{ data: { id_soal: string; no: number; jawaban_benar: string }[] }>(
    API.panitia.soal.href(1),
  );
  const first = soal.body.data.find((s) => s.no === 1);
  if (!first) throw new Error('belt 1 has no question 1');
  // Siti's participant answered question 1 right under the current key.
  const siti = await apiLogin(server, PENGUJI.noWa);
  const list = await siti.get<{ data: { id_siswa: string }[] }>(API.siswa.href(), { id_ukt: 1, hal: 1 });
  const idSiswa = list.body.data[0]?.id_siswa ?? '';
  const answered = await siti.post(API.keshanJawaban.href(), {
    id_ukt: 1,
    id_siswa: idSiswa,
    id_tingkat: 1,
    jawaban: [{ id_soal: first.id_soal, jawaban: first.jawaban_benar }],
  });
  expect(answered.status).toBe(200);

  await openConsole(page);
  await openTab(page, 'Soal KESHAN');
  const card = page.locator(`[data-id-soal="${first.id_soal}"]`);
  await expect(card).toContainText('✓ kunci');
  await shot(page, 'panitia-11-soal');
  await card.getByRole('button', { name: 'Ubah' }).click();
  const form = page.getByRole('dialog', { name: 'Ubah soal no 1' });
  const other = first.jawaban_benar === 'a' ? 'b' : 'a';
  await form.getByLabel('Kunci jawaban').selectOption(other);
  await expect(form).toContainText('Kunci berubah');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await closeDialog(page, '1 nilai dinilai ulang');
  await expect(
    page.getByRole('status').filter({ hasText: 'Soal no 1 disimpan. 1 nilai dinilai ulang.' }),
  ).toBeVisible();
  await expect(card.locator('li').filter({ hasText: '✓ kunci' })).toContainText(`${other}.`);
});

test('Organisasi: the announcement, colours and a logo with its preview', async ({ page }) => {
  await loginAs(page, ADMIN.noWa);
  await openConsole(page);
  await openTab(page, 'Organisasi');
  await page.getByLabel('Pengumuman untuk penguji').fill('Kumpul di lapangan jam 07.00.');
  await page.getByLabel('Warna 2').fill('#225588');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await closeDialog(page, 'Data organisasi berhasil disimpan');
  const organisasi = await (await consoleApi(page)).get<{ data: { pengumuman: string; warna2: string } }>(
    API.organisasi.href(1),
  );
  expect(organisasi.body.data).toMatchObject({
    pengumuman: 'Kumpul di lapangan jam 07.00.',
    warna2: '#225588',
  });

  await page
    .getByLabel('Unggah logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await closeDialog(page, 'Logo diunggah');
  await expect(page.getByRole('img', { name: 'Pratinjau logo' })).toHaveAttribute(
    'src',
    /\/gambar\/logo\?v=/,
  );
  await shot(page, 'panitia-12-organisasi');
});
