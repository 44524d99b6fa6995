import type { Locator, Page } from '@playwright/test';
import { ADMIN, confirmFinish, dismissDialog, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';
import {
  auditCount,
  outboxOnPhone,
  pendingCount,
  waitForRosterCache,
  waitForServiceWorker,
} from '../../support/sync';

// A stuck action fails with its own message instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

/** Picks, in a panel's table, the first participant not in `skip`; returns their id_siswa. */
async function pickFirst(panel: Locator, skip: string[]): Promise<string> {
  const rows = panel.locator('tr[data-id-siswa]');
  await expect(rows.first()).toBeVisible();
  for (const id of await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-id-siswa') ?? ''))) {
    if (skip.includes(id)) continue;
    await panel
      .locator(`tr[data-id-siswa="${id}"]`)
      .getByRole('button', { name: /^Pilih / })
      .click();
    await expect(panel.getByRole('button', { name: 'Ganti' })).toBeVisible();
    return id;
  }
  throw new Error('No participant left to pick');
}

/** Scores both panels and saves the pair with no signal: kept on the phone. */
async function savePair(page: Page, panels: [Locator, Locator], scores: [number, number]) {
  for (const [i, panel] of panels.entries()) {
    await panel
      .getByRole('group', { name: `Nilai Peserta ${i + 1}` })
      .getByRole('button', { name: String(scores[i]), exact: true })
      .click();
  }
  await page.getByRole('button', { name: 'Selesai' }).click();
  await confirmFinish(page);
  await dismissDialog(page, 'Nilai tersimpan di HP');
}

test("sambung offline: two pairs in a row from the phone's list, delivered when the signal returns", async ({
  page,
  server,
}) => {
  await loginAs(page, ADMIN, { event: 1, post: 4 });
  await waitForServiceWorker(page);
  await waitForRosterCache(page, 1);
  await page.goto('/UjianSambung');
  const panel1 = page.getByRole('region', { name: 'Peserta 1' });
  const panel2 = page.getByRole('region', { name: 'Peserta 2' });
  await expect(panel1.locator('tr[data-id-siswa]').first()).toBeVisible();

  // No signal from here on, a reload included: both lists come from the phone's copy.
  await page.context().setOffline(true);
  await page.reload();
  for (const panel of [panel1, panel2]) {
    await expect(panel.getByTestId('sambung-offline')).toContainText('Offline: daftar dari HP');
    await expect(panel.locator('tr[data-id-siswa]').first()).toBeVisible();
  }
  await shot(page, 'sambung-offline-lists');

  // First pair: whoever is Peserta 1 is not offered as Peserta 2.
  const a = await pickFirst(panel1, []);
  await expect(panel2.locator(`tr[data-id-siswa="${a}"]`)).toHaveCount(0);
  const b = await pickFirst(panel2, [a]);
  await savePair(page, [panel1, panel2], [70, 80]);

  // Ready for the next pair at once, with no signal: the lists, not a connection error.
  for (const panel of [panel1, panel2]) {
    await expect(panel.getByTestId('sambung-offline')).toBeVisible();
    await expect(panel.locator('tr[data-id-siswa]').first()).toBeVisible();
    await expect(panel.getByText('Tidak dapat terhubung ke server')).toHaveCount(0);
  }
  await shot(page, 'sambung-offline-next-pair');
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, 'sambung-offline-next-pair-laptop');
  await page.setViewportSize({ width: 360, height: 740 });

  // Second pair, Peserta 2 first: whoever is Peserta 2 is not offered as Peserta 1.
  const d = await pickFirst(panel2, [a, b]);
  await expect(panel1.locator(`tr[data-id-siswa="${d}"]`)).toHaveCount(0);
  await shot(page, 'sambung-offline-peserta2-chosen');
  const c = await pickFirst(panel1, [a, b, d]);
  await savePair(page, [panel1, panel2], [60, 90]);
  // Per pair: both pairings and both scores, all waiting on the phone.
  await expect(pendingCount(page)).toHaveText('8');

  await page.context().setOffline(false);
  await expect(pendingCount(page)).toHaveText('0', { timeout: 20_000 });
  expect(await outboxOnPhone(page)).toEqual([]);
  const expected: [string, number][] = [
    [a, 70],
    [b, 80],
    [c, 60],
    [d, 90],
  ];
  for (const [id, score] of expected) {
    expect((await readNilai(page, { id_siswa: id, id_tingkat: 1, id_ukt: 1 })).nilai_sambung).toBe(score);
    expect(auditCount(server, id, 'nilai_sambung')).toBe(1);
  }
});
