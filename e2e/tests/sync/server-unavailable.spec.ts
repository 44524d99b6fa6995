import { ADMIN, confirmFinish, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';
import Database from '../../support/sqlite';
import { auditCount, pendingCount, storedKeys, takeParticipant } from '../../support/sync';

test.use({ actionTimeout: 15_000 });

/** What the server answers, with a 503 and Retry-After, while its database is away (DESIGN §4). */
const UNAVAILABLE = 'Server sedang tidak dapat menyimpan; nilai tetap di HP dan akan dikirim lagi.';
/** The server's Retry-After while its database is away (docs/decisions/019). */
const RETRY_AFTER_S = 5;

test('the server answers 503 for a while: the score waits on the phone, is retried and arrives once', async ({
  page,
  server,
}) => {
  test.setTimeout(150_000);
  await loginAs(page, ADMIN, { event: 1, post: 2 });
  const idSiswa = await takeParticipant(page, 0);

  // The database goes away for writes: another process holds SQLite's write lock, so the real
  // server answers every score write 503 with Retry-After until the lock is released.
  const refusedAt: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/DataSiswa/NilaiSiswa') && response.status() === 503) {
      expect(response.headers()['retry-after']).toBe(String(RETRY_AFTER_S));
      refusedAt.push(Date.now());
    }
  });
  const locker = new Database(server.databaseUrl.replace(/^sqlite:/, ''), { fileMustExist: true });
  locker.pragma('busy_timeout = 5000');

  await page.locator('[data-exam="/UjianKripen"]').click();
  await expect(page.locator('ol > li')).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    await page.locator('li[aria-current="step"]').getByRole('button', { name: '70', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Selesai' }).click();
  locker.exec('BEGIN IMMEDIATE');
  await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
  await confirmFinish(page);

  // Not 'no signal', not refused: kept on the phone, sent again later; it stays until the examiner reads it.
  const saved = page.locator('.swal2-popup');
  await expect(saved.locator('.swal2-title')).toHaveText('Tersimpan di HP', { timeout: 15_000 });
  await expect(saved).toContainText('tersimpan di HP');
  await expect(saved).toContainText('dikirim lagi nanti');
  await expect(saved).not.toContainText('sinyal');
  await shot(page, '22-save-server-unavailable');
  await saved.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(pendingCount(page)).toHaveText('1');
  await expect(page.locator('[data-exam="/UjianKripen"] [data-sync="pending"]')).toHaveText(
    'Tersimpan di HP',
  );

  // The sheet shows the item waiting (not refused) with the server's own message.
  await page.getByRole('button', { name: 'Nilai tertunda: 1' }).click();
  const item = page.getByRole('dialog', { name: 'Nilai tertunda' }).locator('[data-outbox-item]');
  await expect(item).toHaveAttribute('data-state', 'pending');
  await expect(item).toContainText('Menunggu dikirim');
  await expect(item).toContainText(UNAVAILABLE);

  // Retried by itself, never sooner than the server's Retry-After (the first backoff alone is 2 s ± 25 %).
  await expect.poll(() => refusedAt.length, { timeout: 45_000 }).toBeGreaterThanOrEqual(3);
  await expect(item).toContainText(/[3-9]× dicoba/);
  await expect(item).toHaveAttribute('data-state', 'pending');
  await shot(page, '24-outbox-server-unavailable');
  const gaps = refusedAt.slice(1).map((at, i) => at - (refusedAt[i] as number));
  // A little slack for when the test hears of each request; the backoff alone would be 2.5 s at most.
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 250);

  // The database is back: the next retry lands, and the score is on the server exactly once.
  locker.exec('ROLLBACK');
  locker.close();
  await expect(pendingCount(page)).toHaveText('0', { timeout: 40_000 });
  await expect(item).toHaveCount(0);
  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  expect([nilai.nilai_kripen, nilai.nilai_kripen_plus]).toEqual([70, 0]);
  expect(auditCount(server, idSiswa, 'nilai_kripen')).toBe(1);
  // The take and the score: two keys, each answered once.
  const keys = storedKeys(server);
  expect(keys).toHaveLength(2);
  expect(keys.every((k) => k.status_code === 200)).toBe(true);
});
