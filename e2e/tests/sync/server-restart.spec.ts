import { ADMIN, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import {
  auditCount,
  finishDrawExam,
  pendingCount,
  serverDb,
  storedKeys,
  takeParticipant,
  waitForServiceWorker,
} from '../../support/sync';

test.use({ actionTimeout: 15_000 });

/** How many score changes the server has recorded so far. */
const audited = (server: Parameters<typeof storedKeys>[0]) =>
  serverDb(server, (db) => (db.prepare('SELECT COUNT(*) AS n FROM audit_log').get() as { n: number }).n);

test('the server dies while the outbox is sending and comes back: nothing lost, nothing doubled', async ({
  page,
  server,
}) => {
  // A first request that died after its key was reserved is only retried after 60 s (DESIGN §4).
  test.setTimeout(150_000);
  await loginAs(page, ADMIN, { event: 1, post: 2 });
  await waitForServiceWorker(page);
  const idSiswa = await takeParticipant(page, 0);

  // The server goes away: saves wait on the phone (the app itself now comes from the service worker).
  await server.kill();
  await finishDrawExam(page, '/UjianKripen', 70, 'Nilai tersimpan di HP');
  await finishDrawExam(page, '/UjianToyakJurus', 80, 'Nilai tersimpan di HP');
  await finishDrawExam(page, '/UjianToyakSenam', 60, 'Nilai tersimpan di HP');
  await expect(pendingCount(page)).toHaveText('3');

  // Back, then killed again the moment the first score lands, with the rest still being sent.
  const before = audited(server);
  await server.restart();
  await page.getByRole('button', { name: 'Nilai tertunda: 3' }).click();
  void page.getByRole('button', { name: 'Kirim sekarang' }).click();
  const until = Date.now() + 30_000;
  while (audited(server) === before && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
  await server.kill();
  await server.restart();

  // The outbox retries by itself (backoff) until everything is acknowledged.
  await expect(pendingCount(page)).toHaveText('0', { timeout: 120_000 });
  const nilai = await readNilai(page, { id_siswa: idSiswa, id_tingkat: 1, id_ukt: 1 });
  expect([nilai.nilai_kripen, nilai.nilai_toyak_jurus, nilai.nilai_toyak_senam]).toEqual([70, 80, 60]);
  for (const field of ['nilai_kripen', 'nilai_toyak_jurus', 'nilai_toyak_senam']) {
    expect(auditCount(server, idSiswa, field)).toBe(1);
  }
  // One take and three scores: four keys, each with its one stored answer.
  const keys = storedKeys(server);
  expect(keys).toHaveLength(4);
  expect(keys.every((k) => k.status_code === 200)).toBe(true);
});
