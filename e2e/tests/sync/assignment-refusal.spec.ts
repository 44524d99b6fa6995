import { API } from '@ukt/core';
import { actorOf } from '../../support/api';
import { ADMIN, PENGUJI } from '../../support/examiners';
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
test.describe.configure({ timeout: 180_000 }); // a phone and the committee's laptop on a shared machine

// The server holds an examiner to her assignment (docs/decisions/125). A score the phone kept
// while offline, for an event she was then taken off, is refused when the phone syncs: it stays
// on the phone as refused with the server's words, and the committee's Progres names her phone.

test('a score kept offline for an event its examiner was taken off stays refused on the phone and shows on Progres', async ({
  page: phone,
  browser,
  server,
}) => {
  const laptop = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'id-ID',
  });
  const admin = await laptop.newPage();
  await loginAs(admin, ADMIN.noWa);

  // Siti scores KRIPEN at TEKNIK of event 1 with no signal: the score waits on the phone.
  await loginAs(phone, PENGUJI.noWa, { event: 1, post: 2 });
  await waitForServiceWorker(phone);
  await waitForRosterCache(phone, 1);
  await takeParticipant(phone, 0);
  await phone.context().setOffline(true);
  await finishDrawExam(phone, '/UjianKripen', 70, 'Nilai tersimpan di HP');
  await expect(pendingCount(phone)).toHaveText('1');
  const [kept] = await outboxOnPhone(phone);
  const sitiId = kept?.examinerId ?? '';

  // Meanwhile the committee moves her to event 2.
  const moved = await fetch(`${server.baseURL}/uktNEW/api${API.panitia.pengujiTugas.href(sitiId)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'access-token': (await actorOf(admin, server)).token },
    body: JSON.stringify({ tugas: [{ id_ukt: 2, pos: [] }] }),
  });
  expect(moved.status).toBe(200);

  // The signal returns: the phone sends the score and the server refuses it. It stays, refused.
  await phone.context().setOffline(false);
  const badge = phone.getByRole('button', { name: 'Nilai tertunda: 1' });
  await badge.click();
  const item = phone.getByRole('dialog', { name: 'Nilai tertunda' }).locator('[data-outbox-item]');
  await expect(item).toHaveAttribute('data-state', 'rejected', { timeout: 20_000 });
  await expect(item).toContainText('Ditolak server');
  await expect(item).toContainText(
    'Anda ditugaskan di kegiatan UKT Sabuk Putih Ke Calon Warga, semua pos. Kegiatan dan pos lain tidak dapat Anda buka atau nilai; bila tugas Anda berubah, minta panitia mengubahnya.',
  );
  await shot(phone, 'sync-assignment-refused');
  expect((await outboxOnPhone(phone)).map((i) => i.state)).toEqual(['rejected']);

  // The committee's Progres of event 1 names her phone and what to do.
  await admin.goto('/panitia/progres?ukt=1');
  const notice = admin.getByTestId('ditolak');
  await expect(notice).toContainText(`HP ${PENGUJI.nama} menyimpan 1 nilai yang ditolak server.`, {
    timeout: 15_000,
  });
  await expect(notice.getByRole('link', { name: 'Penguji' })).toHaveAttribute('href', '/panitia/penguji');
  await shot(admin, 'panitia-progres-ditolak');
});
