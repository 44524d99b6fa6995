import { expect, type Locator, type Page } from '@playwright/test';
import { API } from '@ukt/core';
import { actorOf, apiLogin } from './api';
import { PENGUJI } from './examiners';
import { currentServer } from './fixtures';
import type { TestServer } from './server';

export { API };

/** Opens the committee console from the side menu, as an admin does. */
export async function openConsole(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Panitia' }).click();
  await expect(page).toHaveURL(/\/panitia\/kegiatan$/);
  await expect(page.getByRole('heading', { name: 'Kegiatan', level: 1 })).toBeVisible();
}

/** Goes to a console page by its link in the side bar (on a phone, in the unfolded 'Menu halaman'). */
export async function openTab(page: Page, name: string, heading = name): Promise<void> {
  const menu = page.getByRole('button', { name: /^Menu halaman/ });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
  await page.getByRole('navigation', { name: 'Halaman panitia' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** Chooses an entry of a list row's 'Aksi' menu (the Kegiatan list's Ubah, Arsipkan, Rekap, …). */
export async function rowAction(row: Locator, name: string): Promise<void> {
  await row.getByRole('button', { name: /^Aksi/ }).click();
  await row.getByRole('menuitem', { name, exact: true }).click();
}

/** Closes the SweetAlert showing `text` (success dialogs close themselves after 2 s; this is faster). */
export async function closeDialog(page: Page, text: string | RegExp): Promise<void> {
  const popup = page.locator('.swal2-popup');
  await expect(popup).toContainText(text);
  await page.keyboard.press('Escape');
  await expect(page.locator('.swal2-container')).toHaveCount(0);
}

/** Confirms the SweetAlert confirmation whose confirm button reads `button`. */
export async function confirmDialog(page: Page, button: string): Promise<void> {
  await page.locator('.swal2-popup').getByRole('button', { name: button }).click();
}

/** A participants file as CSV (the import reads .csv as well as .xlsx). */
export function pesertaCsv(rows: (string | number)[][]): Buffer {
  const header = ['no_urut', 'nama', 'perwapus', 'cabang', 'ranting', 'rayon', 'provinsi'];
  return Buffer.from([header, ...rows].map((r) => r.join(',')).join('\n'), 'utf8');
}

/** A row of the demo's first rayon (apps/server/src/demo/names.ts). */
export function pesertaRow(noUrut: number | string, nama: string): (string | number)[] {
  return [
    noUrut,
    nama,
    'Perwapus Madiun Raya',
    'Cabang Kota Madiun',
    'Ranting Taman',
    'Rayon Demangan',
    'Jawa Timur',
  ];
}

/** The console's API as the signed-in admin of a page. */
export async function consoleApi(page: Page) {
  return actorOf(page, currentServer());
}

/**
 * The demo's examiner (not the admin) signs in by API and takes the first `count` participants of the
 * demo event at TEKNIK (post 2); gives back that examiner's API client and the rows taken.
 */
export async function takeAtTeknik(server: TestServer, count: number) {
  const examiner = await apiLogin(server, PENGUJI.noWa);
  const list = await examiner.get<{ data: { id_siswa: string }[] }>(API.siswa.href(), {
    id_ukt: 1,
    hal: 1,
    posUjian: 2,
  });
  const taken = list.body.data.slice(0, count);
  if (taken.length < count)
    throw new Error('the demo event has too few participants in the examiner’s region');
  for (const s of taken) {
    const res = await examiner.post(API.siswaUpdate.href(s.id_siswa), {
      sudah_tes: examiner.idPemilih,
      id_ukt: 1,
    });
    expect(res.status).toBe(200);
  }
  return { examiner, taken };
}
