import { confirmFinish, dismissDialog, openExam, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';

// A stuck action fails with its own message instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

test('no signal: the score waits on the phone and is sent when the signal returns', async ({ page }) => {
  const { idSiswa } = await openExam(page, { event: 1, post: 2, path: '/UjianKripen' });
  await expect(page.locator('ol > li')).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    await page.locator('li[aria-current="step"]').getByRole('button', { name: '70', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Selesai' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();

  await page.context().setOffline(true);
  await confirmFinish(page);
  await dismissDialog(page, 'Nilai tersimpan di HP');
  await expect(page).toHaveURL(/\/$/);
  const pending = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('ukt-outbox');
        open.onsuccess = () => {
          const count = open.result.transaction('items').objectStore('items').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(pending).toBe(1);

  await page.context().setOffline(false); // the browser fires 'online'; the outbox sends what waits
  await expect
    .poll(async () => (await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 })).nilai_kripen)
    .toBe(70);
});
