import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiLogin } from '../../support/api';
import { ADMIN, PENGUJI } from '../../support/examiners';
import { readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';
import {
  finishDrawExam,
  outboxOnPhone,
  pendingCount,
  takeParticipant,
  waitForRosterCache,
  waitForServiceWorker,
} from '../../support/sync';

test.use({ actionTimeout: 15_000 });

const signOutPanel = (page: Page) => page.getByRole('dialog', { name: 'Keluar dari aplikasi' });

/** Opens the sign-out panel from the side menu. */
const openSignOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
};

/** Signs out with nothing unsent: the panel only asks to confirm. */
const signOut = async (page: Page) => {
  await openSignOut(page);
  await signOutPanel(page).getByRole('button', { name: 'Keluar' }).click();
};

test('a participant taken offline and by someone else meanwhile: the 409 stays visible until discarded', async ({
  page,
  server,
}) => {
  await loginAs(page, PENGUJI.noWa, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  await waitForRosterCache(page, 1);
  await page.context().setOffline(true);
  const idSiswa = await takeParticipant(page, 0);

  const other = await apiLogin(server, ADMIN.noWa);
  const taken = await other.post(`/DataSiswa/siswaUpdate/${idSiswa}`, {
    sudah_tes: other.idPemilih,
    id_ukt: 1,
  });
  expect(taken.status).toBe(200);

  await page.context().setOffline(false);
  const badge = page.getByRole('button', { name: 'Nilai tertunda: 1' });
  await expect(badge).toBeVisible();
  await badge.click();
  const item = page.getByRole('dialog', { name: 'Nilai tertunda' }).locator('[data-outbox-item]');
  await expect(item).toHaveAttribute('data-state', 'rejected', { timeout: 20_000 });
  await expect(item).toContainText('Ditolak server');
  await expect(item).toContainText('sedang diuji oleh Budi Santoso');
  await shot(page, '19-outbox-rejected');

  await item.getByRole('button', { name: 'Buang' }).click();
  await page.locator('.swal2-popup').getByRole('button', { name: 'Buang' }).click();
  await expect(item).toHaveCount(0);
  await expect(pendingCount(page)).toHaveText('0');
});

test('logout with unsent scores asks for the export; another examiner never sends them', async ({
  page,
  server,
}) => {
  await loginAs(page, ADMIN.noWa, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  const idSiswa = await takeParticipant(page, 0);
  await page.context().setOffline(true);
  await finishDrawExam(page, '/UjianKripen', 70, 'Nilai tersimpan di HP');

  // Refused while the score is neither sent nor exported.
  await openSignOut(page);
  const warning = signOutPanel(page);
  await expect(warning).toContainText('1 nilai masih tersimpan di HP');
  await shot(page, '20-logout-unsent');
  await warning.getByRole('button', { name: 'Batal' }).click();
  await expect(page).not.toHaveURL(/\/login$/);

  await openSignOut(page);
  const download = page.waitForEvent('download');
  await signOutPanel(page).getByRole('button', { name: 'Ekspor nilai tertunda' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^nilai-tertunda-6281100000001-\d{8}-\d{4}\.json$/);
  const exported = JSON.parse(readFileSync(await file.path(), 'utf8'));
  expect(exported).toMatchObject({ format: 'ukt-pending', version: 1 });
  expect(new Date(exported.exported_at).toISOString()).toBe(exported.exported_at);
  expect(exported.items).toHaveLength(1);
  expect(exported.items[0]).toMatchObject({
    path: '/DataSiswa/NilaiSiswa',
    participantId: idSiswa,
    state: 'pending',
    body: { kind: 'json', value: { id_siswa: Number(idSiswa), id_ukt: 1, id_tingkat: 1, nilai_kripen: 70 } },
  });
  expect(exported.items[0].key).toMatch(/^[0-9a-f-]{36}$/);
  expect(Object.keys(exported.items[0]).sort()).toEqual(
    ['body', 'createdAt', 'examinerId', 'key', 'label', 'lastError', 'participantId', 'path', 'state'].sort(),
  );
  await signOutPanel(page).getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const adminId = exported.items[0].examinerId as string;

  // Another examiner signs in on the same phone, online: the first examiner's score stays put.
  await page.context().setOffline(false);
  await loginAs(page, PENGUJI.noWa, { event: 1 });
  await expect(pendingCount(page)).toHaveText('0');
  await page.waitForTimeout(2_000); // time for any (wrong) send to happen
  const onPhone = await outboxOnPhone(page);
  expect(onPhone.map((i) => i.examinerId)).toEqual([adminId]);
  expect((await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 })).nilai_kripen).toBe(0);

  // Back under the first examiner (a login link: one code a minute per number), it is sent.
  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(await server.linkFor(ADMIN.noWa));
  await expect(page).toHaveURL(/\/event$/i, { timeout: 15_000 });
  await expect.poll(async () => (await outboxOnPhone(page)).length, { timeout: 20_000 }).toBe(0);
  expect((await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 })).nilai_kripen).toBe(70);
});
