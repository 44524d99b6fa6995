import { join } from 'node:path';
import { ADMIN, readNilai, runUkt } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import {
  auditCount,
  finishDrawExam,
  pendingCount,
  storedKeys,
  takeParticipant,
  waitForServiceWorker,
} from '../../support/sync';

test.use({ actionTimeout: 15_000 });

// When a phone never gets a signal again, the committee takes its exported file and imports it
// with `ukt import pending`; if the phone does sync later, nothing is written twice.
test('an exported score imported by the committee is saved once, even when the phone syncs later', async ({
  page,
  server,
}) => {
  await loginAs(page, ADMIN, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  const idSiswa = await takeParticipant(page, 0);

  await page.context().setOffline(true);
  await finishDrawExam(page, '/UjianKripen', 70, 'Nilai tersimpan di HP');
  await expect(pendingCount(page)).toHaveText('1');

  await page.getByRole('button', { name: 'Nilai tertunda: 1' }).click();
  const download = page.waitForEvent('download');
  await page
    .getByRole('dialog', { name: 'Nilai tertunda' })
    .getByRole('button', { name: 'Ekspor nilai tertunda' })
    .click();
  const file = join(server.dataDir, 'nilai-tertunda.json');
  await (await download).saveAs(file);
  await page.getByRole('button', { name: 'Tutup daftar nilai tertunda' }).click();

  const output = await runUkt(server, ['import', 'pending', file]);
  expect(output).toContain('Nilai tertunda: 1 tersimpan, 0 sudah ada sebelumnya, 0 ditolak.');
  expect(auditCount(server, idSiswa, 'nilai_kripen')).toBe(1);

  // The phone comes back online and sends the same item with the same key: a replay, not a write.
  await page.context().setOffline(false);
  await expect(pendingCount(page)).toHaveText('0', { timeout: 30_000 });
  expect(auditCount(server, idSiswa, 'nilai_kripen')).toBe(1);
  expect((await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 })).nilai_kripen).toBe(70);
  const keys = storedKeys(server).map((k) => k.key);
  expect(new Set(keys).size).toBe(keys.length);

  // Importing the file once more changes nothing.
  expect(await runUkt(server, ['import', 'pending', file])).toContain('0 tersimpan, 1 sudah ada sebelumnya');
  expect(auditCount(server, idSiswa, 'nilai_kripen')).toBe(1);
});
