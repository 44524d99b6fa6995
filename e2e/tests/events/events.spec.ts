import { actorOf } from '../../support/api';
import { ADMIN } from '../../support/examiners';
import { openExam } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

// An oracle independent of packages/core: the browser's own Indonesian long date.
const longDate = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const BELT_WORDS: Record<string, string> = {
  '1': 'Sabuk Polos Ke Jambon',
  '2': 'Jambon Ke Hijau',
  '3': 'Hijau Ke Putih',
  '4': 'Putih Ke Calon Warga',
};

interface Kegiatan {
  id_ukt: string;
  nama_ukt: string;
  nama_kegiatan: string;
  tanggal_tes: string;
  akhir_tes: string | null;
  id_tingkat: string;
}

test('event cards show upper-cased names, the Indonesian date or range and the belt in words', async ({
  page,
  server,
}) => {
  await loginAs(page, ADMIN.noWa);
  await expect(page.getByRole('heading', { name: 'Pilih Kegiatan Acara' })).toBeVisible();
  const api = await actorOf(page, server);
  const { body } = await api.get<{ data: Kegiatan[] }>('/DataSiswa/UKT');
  expect(body.data.length).toBeGreaterThan(1);
  let ranges = 0;
  for (const event of body.data) {
    const card = page.locator(`[data-id-ukt="${event.id_ukt}"]`);
    await expect(card.getByRole('heading')).toHaveText(event.nama_ukt.toUpperCase());
    await expect(card).toContainText(event.nama_kegiatan.toUpperCase());
    const sameDay = !event.akhir_tes || event.akhir_tes.slice(0, 10) === event.tanggal_tes.slice(0, 10);
    if (!sameDay) ranges++;
    const date = sameDay
      ? longDate(event.tanggal_tes)
      : `${longDate(event.tanggal_tes)} - ${longDate(event.akhir_tes ?? '')}`;
    await expect(card).toContainText(date);
    await expect(card).toContainText(BELT_WORDS[event.id_tingkat] ?? '?');
    await expect(card.getByRole('button', { name: 'Pilih Kegiatan' })).toBeVisible();
  }
  expect(ranges, 'the demo data has a multi-day event').toBeGreaterThan(0);
  await shot(page, '04-event');

  await page.locator('[data-id-ukt="2"]').getByRole('button', { name: 'Pilih Kegiatan' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Putih Ke Calon Warga')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('Sabuk'))).toBe('4');
});

test('the side menu shows the photo, name and role, and changes the event', async ({ page }) => {
  await loginAs(page, ADMIN.noWa, { event: 2 });
  await page.getByRole('button', { name: 'Buka menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeVisible();
  const photo = menu.getByRole('img', { name: 'Foto profil' });
  const idPemilih = decodeURIComponent(
    (await page.context().cookies()).find((c) => c.name === 'id')?.value ?? '',
  );
  await expect(photo).toHaveAttribute('src', new RegExp(`^/img/1/${idPemilih}\\?time=\\d+$`));
  await expect(photo).toHaveAttribute('width', '100');
  await expect(photo).toHaveAttribute('height', '80');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(menu).toContainText(ADMIN.nama);
  await expect(menu.getByText('Penguji', { exact: true })).toBeVisible();
  await shot(page, '05-side-menu');

  await menu.getByRole('button', { name: 'Ganti Event Kegiatan' }).click();
  await expect(page).toHaveURL(/\/event$/);
  await page.locator('[data-id-ukt="1"]').getByRole('button', { name: 'Pilih Kegiatan' }).click();
  await expect(page.getByText('Sabuk Polos Ke Jambon')).toBeVisible();
});

test('changing the event forgets the participant taken in the old one', async ({ page }) => {
  await openExam(page, { event: 1, post: 2, path: '/' });
  await expect(page.getByRole('button', { name: 'Ganti Peserta' })).toBeVisible();
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('button', { name: 'Ganti Event Kegiatan' })
    .click();
  await page.locator('[data-id-ukt="2"]').getByRole('button', { name: 'Pilih Kegiatan' }).click();
  // Same post, new event: the picker again, not the old event's participant (decision 090).
  await expect(page.getByRole('heading', { name: 'POS UJIAN TEKNIK' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pilih Peserta' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ganti Peserta' })).toHaveCount(0);
});
