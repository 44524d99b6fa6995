import { confirmFinish, dismissDialog, openExam, readNilai } from '../../support/exams';
import { expect, test } from '../../support/fixtures';

// A stuck action fails with its own message instead of running into the test timeout.
test.use({ actionTimeout: 15_000 });

test('sambung: two panels, Ganti, a reload keeps the pair, both scores saved and paired', async ({
  page,
}) => {
  await openExam(page, { event: 1, post: 4, path: '/UjianSambung' });
  const panel1 = page.getByRole('region', { name: 'Peserta 1' });
  const panel2 = page.getByRole('region', { name: 'Peserta 2' });

  const first = panel1.locator('tr[data-id-siswa]').first();
  const idA = (await first.getAttribute('data-id-siswa')) ?? '';
  await first.getByRole('button', { name: /^Pilih / }).click();
  await expect(panel1.getByRole('button', { name: 'Ganti' })).toBeVisible();

  // The participant of panel 1 is not offered in panel 2 (and comes back after 'Ganti').
  await expect(panel2.locator('tr[data-id-siswa]').first()).toBeVisible();
  await expect(panel2.locator(`tr[data-id-siswa="${idA}"]`)).toHaveCount(0);
  const notA = panel2.locator(`tr[data-id-siswa]:not([data-id-siswa="${idA}"])`);
  await notA.nth(1).getByRole('button').click();
  await panel2.getByRole('button', { name: 'Ganti' }).click();

  // The table searches by name: the participant of the next row is found by typing it.
  const idB = (await notA.first().getAttribute('data-id-siswa')) ?? '';
  const nameB = (await notA.first().locator('td').nth(1).locator('span').first().textContent()) ?? '';
  await panel2.getByRole('searchbox').fill(nameB);
  const rowB = panel2.locator(`tr[data-id-siswa="${idB}"]`);
  await expect(panel2.locator('tr[data-id-siswa]').first()).toContainText(nameB);
  await rowB.getByRole('button').click();
  await expect(panel2.getByText(nameB)).toBeVisible();

  await expect(page.getByRole('button', { name: 'Selesai' })).toBeDisabled();
  await panel1.getByRole('group', { name: 'Nilai Peserta 1' }).getByRole('button', { name: '75' }).click();
  await page.reload();
  await expect(panel1.getByRole('button', { name: '75' })).toHaveAttribute('aria-pressed', 'true');
  await panel2.getByRole('group', { name: 'Nilai Peserta 2' }).getByRole('button', { name: '60' }).click();

  await page.getByRole('button', { name: 'Selesai' }).click();
  await confirmFinish(page);
  await dismissDialog(page, 'Nilai berhasil disimpan');
  // Ready for the next pair.
  await expect(panel1.getByRole('searchbox')).toBeVisible();
  await expect(panel2.getByRole('searchbox')).toBeVisible();

  expect((await readNilai(page, { id_siswa: idA, id_tingkat: 1, id_ukt: 1 })).nilai_sambung).toBe(75);
  expect((await readNilai(page, { id_siswa: idB, id_tingkat: 1, id_ukt: 1 })).nilai_sambung).toBe(60);

  // Both were reported to the server as taken at the sambung post.
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'token')?.value ?? '';
  const examinerId = cookies.find((c) => c.name === 'id')?.value ?? '';
  const list = await page.request.get('/uktNEW/api/DataSiswa/siswa', {
    params: { hal: 1, nama: '', posUjian: 4, id_ukt: 1 },
    headers: { 'access-token': token },
  });
  const rows = ((await list.json()) as { data: { id_siswa: string; sudah_sambung: string | null }[] }).data;
  // The server records who took them (DESIGN §4: sudah_* holds the examiner's id_pemilih).
  expect(examinerId).not.toBe('');
  for (const id of [idA, idB]) expect(rows.find((r) => r.id_siswa === id)?.sudah_sambung).toBe(examinerId);
});
