import { expect, type Page, test } from '@playwright/test';
import { apiLogin } from '../../support/api';
import { API } from '../../support/console';
import { ADMIN, PENGUJI } from '../../support/examiners';
import { dismissDialog } from '../../support/login';
import { type PgTestServer, startPgServer } from '../../support/pg-server';
import { shot } from '../../support/shots';

// Progres after the server's own link to PostgreSQL was cut (docs/decisions/160): the page's stream
// stays open, the server stops hearing other writes (its LISTEN connection is gone) and says so; a
// take made then is announced to nobody. When the link is back the page reads the progress again
// by itself and shows that take, without another write and without a reload.

test.describe.configure({ timeout: 120_000 });

/** A count cell of the Progres page: exam `ujian`, column `kolom`. */
const count = (page: Page, ujian: string, kolom: 'belum_diambil' | 'diambil' | 'dinilai') =>
  page.locator(`tr[data-ujian="${ujian}"] [data-kolom="${kolom}"]`);

let server: PgTestServer;
test.beforeEach(async () => {
  server = await startPgServer();
});
test.afterEach(async () => {
  await server.stop();
});

test('Progres on PostgreSQL catches up a write made while the server could not listen', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${server.baseURL}${await server.linkFor(ADMIN.noWa)}`);
  await dismissDialog(page, 'berhasil diverifikasi');
  await expect(page).toHaveURL(/\/event$/);
  await page.goto(`${server.baseURL}/panitia/progres?ukt=1`);
  const badge = page.getByRole('status').filter({ hasText: /Langsung|Tidak langsung|Menyambung/ });
  await expect(badge).toHaveAttribute('data-live', 'langsung');
  await expect(count(page, 'jurus', 'diambil')).toHaveText('0');

  const siti = await apiLogin(server, PENGUJI.noWa);
  const list = await siti.get<{ data: { id_siswa: string }[] }>(API.siswa.href(), {
    id_ukt: 1,
    hal: 1,
    posUjian: 2,
  });
  const [first, second] = list.body.data.map((p) => p.id_siswa) as [string, string];
  const takes = (id: string) => siti.post(API.siswaUpdate.href(id), { sudah_tes: siti.idPemilih, id_ukt: 1 });

  // A take while live shows at once (and leaves the server's announcing connection open).
  expect((await takes(first)).status).toBe(200);
  await expect(count(page, 'jurus', 'diambil')).toHaveText('1', { timeout: 5_000 });

  // The database takes no new connection and the server's listener is cut: not live.
  await server.allowConnections(false);
  await server.cutListener();
  await expect(badge).toHaveAttribute('data-live', 'terputus');
  await expect(badge).toContainText('Tidak langsung');
  expect((await takes(second)).status).toBe(200);
  // Announced, but heard by nobody: the page still counts one.
  await page.waitForTimeout(1_500);
  await expect(count(page, 'jurus', 'diambil')).toHaveText('1');
  await shot(page, 'panitia-28-progres-pg-terputus');

  // The link is back: live again, and the page has read the take it never heard of.
  await server.allowConnections(true);
  await expect(badge).toHaveAttribute('data-live', 'langsung', { timeout: 15_000 });
  await expect(count(page, 'jurus', 'diambil')).toHaveText('2');
  await shot(page, 'panitia-29-progres-pg-pulih');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(badge).toBeInViewport();
  await shot(page, 'panitia-29-progres-pg-pulih-hp');
});
