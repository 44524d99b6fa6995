import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { API } from '@ukt/core';
import { actorOf } from '../../support/api';
import { closeDialog, confirmDialog } from '../../support/console';
import { ADMIN } from '../../support/examiners';
import { runUkt } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

// The committee's own start in the console (docs/decisions/154): while the demo is there, the first
// page says so and removes it ("Hapus data demo", with a confirmation, under the committee's own name
// and admin); then it leads to the first steps (an event, examiners, participants), gone once done.

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 768 };
const OWN_ADMIN = '6281234567890';

/** No serious or critical axe violation on the page as it is. */
async function axe(page: Page, name: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
  expect(blocking, `axe on ${name}`).toEqual([]);
}

test('Hapus data demo: under the committee’s own name and admin, the demo admin is signed out, and the first steps lead on until done', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/kegiatan');
  const demo = page.getByRole('region', { name: 'Data demo' });
  await expect(demo).toContainText('2 kegiatan, 200 peserta dan 3 penguji di sini hanya untuk mencoba');
  await expect(page.getByRole('region', { name: 'Langkah pertama' })).toHaveCount(0);
  await shot(page, 'panitia-mulai-demo-1366');
  await page.setViewportSize(PHONE);
  await shot(page, 'panitia-mulai-demo-360');

  await demo.getByRole('button', { name: 'Hapus data demo' }).click();
  const sheet = page.getByRole('dialog', { name: 'Hapus data demo' });
  await expect(sheet.getByLabel('Nama organisasi')).toHaveValue('');
  await sheet.getByLabel('Nama organisasi').fill('Perguruan Harapan');
  // Signed in as the demo admin, without an admin number of its own: refused with the reason, nothing gone.
  await sheet.getByRole('button', { name: 'Hapus data demo' }).click();
  await expect(page.locator('.swal2-popup')).toContainText('200 peserta dan 3 penguji demo beserta nilainya');
  await shot(page, 'panitia-mulai-konfirmasi-360');
  await confirmDialog(page, 'Ya, hapus data demo');
  await expect(sheet.getByRole('alert')).toContainText('Sebutkan nomor WhatsApp admin panitia Anda sendiri');
  await shot(page, 'panitia-mulai-hapus-360');
  await axe(page, 'the removal sheet');

  await sheet.getByLabel('Nomor WhatsApp admin panitia').fill('0812-3456-7890');
  await sheet.getByRole('button', { name: 'Hapus data demo' }).click();
  await confirmDialog(page, 'Ya, hapus data demo');
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText(
      'Data demo dihapus: 2 kegiatan, 200 peserta dan 3 penguji. Organisasi kini "Perguruan Harapan".',
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  await shot(page, 'panitia-mulai-keluar-360');

  // The committee's own admin: no demo, the first steps instead.
  await loginAs(page, OWN_ADMIN);
  await page.goto('/panitia/kegiatan');
  const steps = page.getByRole('region', { name: 'Langkah pertama' });
  await expect(steps).toContainText('Perguruan Harapan siap dipakai');
  await expect(page.getByRole('region', { name: 'Data demo' })).toHaveCount(0);
  await expect(steps.getByRole('listitem')).toHaveText([
    '1Buat kegiatan',
    '2Impor penguji',
    '3Impor peserta',
  ]);
  await expect(steps.getByRole('link', { name: 'Impor penguji' })).toHaveAttribute('href', '/panitia/impor');
  await expect(steps.getByRole('link', { name: 'Impor peserta' })).toHaveAttribute('href', '/panitia/impor');
  await shot(page, 'panitia-mulai-langkah-360');
  await axe(page, 'the first steps');
  await page.setViewportSize(LAPTOP);
  await shot(page, 'panitia-mulai-langkah-1366');

  await steps.getByRole('button', { name: 'Buat kegiatan' }).click();
  const form = page.getByRole('dialog', { name: 'Kegiatan baru' });
  await form.getByLabel('Nama UKT').fill('UKT Sabuk Hijau 2027');
  await form.getByLabel('Nama kegiatan').fill('Ujian Kenaikan Tingkat II');
  await form.getByLabel('Tanggal tes').fill('2027-01-10');
  await form.getByLabel('Tingkat (sabuk)').selectOption('2');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await closeDialog(page, 'Kegiatan berhasil dibuat.');
  await expect(steps.getByRole('img', { name: 'Selesai' })).toHaveCount(1);
  await expect(steps.getByText('Buat kegiatan')).toHaveClass(/line-through/);
  await shot(page, 'panitia-mulai-langkah-1-1366');

  // Examiners and participants imported (the command line imports what the Impor page does): the panel goes.
  const own = await actorOf(page, server);
  const events = (await own.get<{ data: { id_ukt: string }[] }>(API.panitia.kegiatan.href())).body.data;
  const idUkt = events[0]?.id_ukt as string;
  const examiners = join(server.dataDir, 'penguji.csv');
  writeFileSync(
    examiners,
    'no_wa,nama,perwapus,cabang,panitia,dewan\n081299990001,Rina Lestari,Madiun,Kota,Penguji,1\n',
  );
  const participants = join(server.dataDir, 'peserta.csv');
  writeFileSync(
    participants,
    'no_urut,nama,perwapus,cabang,ranting,rayon,provinsi\n1,Dimas Pratama,Madiun,Kota,Taman,Taman 1,Jawa Timur\n',
  );
  await runUkt(server, ['import', 'examiners', examiners]);
  await runUkt(server, ['import', 'participants', participants, '--event', idUkt]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Kegiatan', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Daftar kegiatan' })).toContainText('UKT Sabuk Hijau 2027');
  await expect(page.getByRole('region', { name: 'Langkah pertama' })).toHaveCount(0);
  await shot(page, 'panitia-mulai-selesai-1366');
});
