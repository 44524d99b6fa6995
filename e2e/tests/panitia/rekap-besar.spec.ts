import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN } from '../../support/examiners';
import { runUkt } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import type { TestServer } from '../../support/server';
import { shot } from '../../support/shots';

// The recap of an exam day's real size (issue 32, docs/decisions/141): 2,000 participants draw
// only the rows in view; the header and the participant stay in view while the table scrolls
// either way; a line and a shade say more columns lie to the side; the first rows sit above the
// fold of a 1366×768 laptop.

test.use({ actionTimeout: 15_000 });

const EVENT = 602;
const COUNT = 2_000;
const FIRST = ['Ahmad', 'Budi', 'Citra', 'Dewi', 'Eko', 'Fitri', 'Gilang', 'Hana', 'Indra', 'Joko'];
const MIDDLE = ['Adi', 'Bayu', 'Cahya', 'Dian', 'Endah', 'Fajar', 'Galih', 'Hadi', 'Intan', 'Jaya'];
const LAST = [
  'Santoso',
  'Wibowo',
  'Lestari',
  'Purnomo',
  'Rahayu',
  'Setiawan',
  'Kusuma',
  'Hidayat',
  'Saputra',
  'Wijaya',
  'Nugroho',
  'Pratama',
  'Utami',
  'Susanto',
  'Hartono',
  'Maharani',
  'Firmansyah',
  'Anggraini',
  'Kurniawan',
  'Permata',
];

/** The n-th participant's name (n from 0): every one of the 2,000 different. */
const nama = (n: number) =>
  `${FIRST[n % 10]} ${MIDDLE[Math.floor(n / 10) % 10]} ${LAST[Math.floor(n / 100) % 20]}`;

/** An event of belt 1 with COUNT participants in four ranting, through the `ukt import` command line. */
async function bigEvent(server: TestServer): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const events = join(server.dataDir, 'events-besar.csv');
  writeFileSync(
    events,
    `id_ukt,nama_ukt,nama_kegiatan,tanggal_tes,akhir_tes,id_tingkat\n${EVENT},UKT Besar,Ujian Besar,${today},${today},1\n`,
  );
  const people = join(server.dataDir, 'peserta-besar.csv');
  const rows = Array.from(
    { length: COUNT },
    (_, n) => `${n + 1},${nama(n)},Perwapus Uji,Cabang Uji,Ranting ${'ABCD'[n % 4]},Rayon Uji,Jawa Timur`,
  );
  writeFileSync(people, ['no_urut,nama,perwapus,cabang,ranting,rayon,provinsi', ...rows].join('\n'));
  await runUkt(server, ['import', 'events', events]);
  await runUkt(server, ['import', 'participants', people, '--event', String(EVENT)]);
}

test('a recap of 2,000 participants: a window of rows, header and name in view, search, at 1366 and 1920', async ({
  page,
  server,
}) => {
  await bigEvent(server);
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, ADMIN.noWa);
  await page.goto(`/panitia/rekap?ukt=${EVENT}`);
  await expect(page.getByRole('heading', { name: 'Rekap nilai', level: 1 })).toBeVisible();

  const table = page.getByRole('table', { name: 'Rekap nilai peserta' });
  const rows = table.locator('tr[data-id-siswa]');
  await expect(rows.first()).toBeVisible();
  // Every participant counted for assistive technology, only a window of them drawn.
  await expect(table).toHaveAttribute('aria-rowcount', String(COUNT + 1));
  const drawn = await rows.count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(60);
  await expect(rows.first()).toHaveAttribute('aria-rowindex', '2');
  await expect(rows.first()).toContainText(`1. ${nama(0)}`);
  // The first rows above the fold: the toolbar and buttons leave room for them.
  const third = await rows.nth(2).boundingBox();
  expect((third?.y ?? 768) + (third?.height ?? 0), 'the third row within the screen').toBeLessThanOrEqual(
    768,
  );
  // More components than the screen holds: a line says so, a shade marks the edge.
  await expect(page.getByText(/^Ada kolom lain di kanan/)).toBeVisible();
  await shot(page, 'rekap-besar-1366');

  // Scrolled down inside its frame: the header stays on top, later rows replace the first ones.
  const header = table.locator('thead th').first();
  const headerBefore = await header.boundingBox();
  await table.evaluate((t) => {
    const frame = t.parentElement as HTMLElement;
    frame.scrollTop = frame.scrollHeight / 2;
  });
  await expect(table.locator('tr[aria-rowindex="2"]')).toHaveCount(0);
  // The rows drawn now are from the middle of the list, each at its place.
  const far = rows.nth(5);
  const index = Number(await far.getAttribute('aria-rowindex'));
  expect(index).toBeGreaterThan(800);
  expect(index).toBeLessThan(1200);
  await expect(far).toContainText(`${index - 1}. ${nama(index - 2)}`);
  expect((await header.boundingBox())?.y).toBe(headerBefore?.y);
  expect(await rows.count()).toBeLessThan(60);

  // Scrolled sideways to the last component: the participant stays at the left; the cue turns.
  const nameCell = far.locator('td').first();
  const nameBefore = await nameCell.boundingBox();
  await page.getByRole('button', { name: 'Geser tabel ke kanan' }).click();
  await expect(page.getByText(/^Ada kolom lain di kiri/)).toBeVisible();
  await table.evaluate((t) => {
    const frame = t.parentElement as HTMLElement;
    frame.scrollLeft = frame.scrollWidth;
  });
  await expect(page.getByText(/^Ada kolom lain di kiri:/)).toBeVisible();
  expect((await nameCell.boundingBox())?.x).toBe(nameBefore?.x);
  expect((await header.boundingBox())?.y).toBe(headerBefore?.y);
  await shot(page, 'rekap-besar-1366-geser');

  // A search finds one participant deep in the list, by name and by number. Ctrl+F, which in the
  // browser would find only the drawn rows, comes to the page's search first.
  const search = page.getByRole('searchbox', { name: 'Cari peserta' });
  await expect(search).not.toBeFocused();
  await page.keyboard.press('Control+f');
  await expect(search).toBeFocused();
  await page.keyboard.type(nama(1776).toLowerCase());
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(1);
  await search.fill(nama(1776).toLowerCase());
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`1777. ${nama(1776)}`);
  await search.fill('1999');
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`1999. ${nama(1998)}`);
  await search.fill('');
  await expect(table).toHaveAttribute('aria-rowcount', String(COUNT + 1));

  // At 1920 the table takes the width and the first rows the height.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(rows.first()).toBeVisible();
  // Every component fits: no columns hidden, nothing to point at.
  await expect(page.getByText(/^Ada kolom lain/)).toHaveCount(0);
  await expect(page.locator('[data-bayang]')).toHaveCount(0);
  const frame = await table.evaluate((t) => (t.parentElement as HTMLElement).getBoundingClientRect().width);
  expect(frame, 'the recap uses the width of a 1920 screen').toBeGreaterThan(1550);
  await shot(page, 'rekap-besar-1920');

  // On a phone the cards are windowed the same way, each telling its place in the list.
  await page.setViewportSize({ width: 360, height: 740 });
  const cards = page.getByRole('list', { name: 'Rekap nilai peserta' }).locator('li[data-id-siswa]');
  await expect(cards.first()).toHaveAttribute('aria-setsize', String(COUNT));
  await expect(cards.first()).toContainText(nama(0));
  expect(await cards.count()).toBeLessThan(30);
});
