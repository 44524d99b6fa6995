import { API, type PanitiaPeserta } from '@ukt/core';
import { closeDialog, consoleApi, openConsole, openTab } from '../../support/console';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

// A file without an optional column keeps what is stored (docs/decisions/156): the committee
// re-imports its list without the Provinsi column to fix a name, and the preview says the
// provinces stay; after the import they are still there.

for (const [width, height] of [
  [1366, 768],
  [360, 740],
] as const) {
  test(`a participant file without Provinsi keeps every province and says so (${width}×${height})`, async ({
    page,
  }) => {
    await loginAs(page, ADMIN.noWa);
    await page.setViewportSize({ width, height });
    await openConsole(page);
    await openTab(page, 'Impor');
    await page.getByLabel('Jenis data').selectOption('peserta');
    await page.getByLabel('Kegiatan').selectOption('1');
    const api = await consoleApi(page);
    const list = async () =>
      (await api.get<{ data: PanitiaPeserta[] }>(API.panitia.peserta.href(1), { cari: '' })).body.data;
    const before = await list();
    const first = before.find((p) => p.no_urut === 1);
    const second = before.find((p) => p.no_urut === 2);
    if (!first?.provinsi || !second?.provinsi)
      throw new Error('the demo participants 1 and 2 have a province');
    const row = (p: PanitiaPeserta, nama = p.nama) =>
      [p.no_urut, nama, p.perwapus, p.cabang, p.ranting, p.rayon].join(',');
    const csv = [
      'No. Urut,Nama,Perwapus,Cabang,Ranting,Rayon',
      row(first, 'Nama Dibetulkan'),
      row(second),
    ].join('\n');

    await page
      .getByLabel(/File impor/)
      .setInputFiles({ name: 'peserta tanpa provinsi.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const notes = page.getByRole('list', { name: 'Catatan pembacaan file' });
    await expect(notes).toContainText(
      'Kolom tidak ada di berkas, isi yang tersimpan tetap: Provinsi. Untuk mengosongkannya, tambahkan kolom itu dengan sel kosong.',
    );
    await expect(page.locator('[data-count="Diperbarui"]')).toHaveText('1');
    await expect(page.locator('[data-count="Tetap"]')).toHaveText('1');
    await expect(page.locator('[data-count="Sudah dinilai"]')).toHaveText('0');
    const table = page.locator('[aria-label="Pratinjau baris"]');
    await expect(table).toContainText(`Nama: ${first.nama} → Nama Dibetulkan`);
    await expect(table).not.toContainText('Provinsi:');
    // The rows as they will be stored: each with its stored province.
    await expect(table).toContainText(first.provinsi);
    await notes.scrollIntoViewIfNeeded();
    await shot(page, `panitia-impor-kolom-tetap-${width}`);

    await page.getByRole('button', { name: 'Impor', exact: true }).click();
    await closeDialog(page, '0 baru, 1 diperbarui, 1 tetap');
    const after = await list();
    expect(after.find((p) => p.no_urut === 1)).toMatchObject({
      nama: 'Nama Dibetulkan',
      provinsi: first.provinsi,
    });
    expect(after.find((p) => p.no_urut === 2)?.provinsi).toBe(second.provinsi);
  });
}
