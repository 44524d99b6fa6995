import { expect as baseExpect, type Locator, type Page, type Response } from '@playwright/test';
import { openTab } from '../../support/console';
import { ADMIN, DEWAN2, PENGUJI } from '../../support/examiners';
import { type FakeGateway, startFakeFonnte } from '../../support/fake-whatsapp';
import { expect, test } from '../../support/fixtures';
import { loginAs } from '../../support/login';
import { shot } from '../../support/shots';

// The console's WhatsApp screens against a local Fonnte (docs/whatsapp.md, issue 33): codes and
// login links go through the gateway; Penguji shows each examiner's last message (antre,
// terkirim, gagal + reason) with the login link at hand for a failed one, sends login links to
// the examiners shown with a confirmation, progress and a result per examiner; Progres warns
// when messages failed; the gateway's token shows nowhere. Without a gateway, wa.me stays.

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 360, height: 740 };
const TOKEN = 'fonnte-RAHASIA-e2e-7788';

const rowOf = (page: Page, nama: string) => page.locator('[data-id-pemilih]').filter({ hasText: nama });
const digits = (noWa: string) => noWa.replace(/^62/, '');

/** The newest message the gateway took for a number, once there is one after `before`. */
async function messageTo(fake: FakeGateway, noWa: string, before = 0): Promise<string> {
  let text = '';
  await baseExpect
    .poll(
      () => {
        text = fake.received.slice(before).findLast((m) => m.to === noWa)?.text ?? '';
        return text;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return text;
}

/** Asks for a login code at /login as an examiner does; the answer is the same whether it leaves or not. */
async function askCode(page: Page, noWa: string) {
  await page.goto('/login');
  await page.getByLabel('Nomor WhatsApp').fill(digits(noWa));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/otp$/i);
  await expect(page.locator('.swal2-popup')).toContainText('Kode OTP telah dikirimkan');
  await page.keyboard.press('Escape');
}

/** Signs in through /login with the code the gateway took for the number. */
async function loginThroughGateway(page: Page, fake: FakeGateway, noWa: string) {
  const before = fake.received.length;
  await askCode(page, noWa);
  const text = await messageTo(fake, noWa, before);
  const code = /Kode OTP UKT Penguji Anda: (\d{4})/.exec(text)?.[1] ?? '';
  expect(code).toMatch(/^\d{4}$/);
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verifikasi & Lanjutkan' }).click();
  await expect(page).toHaveURL(/\/event$/i);
}

/** Everything the browser got from the server (pages, scripts, API answers) as text, to look for the token in. */
function collectAnswers(page: Page, origin: string): string[] {
  const bodies: string[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().startsWith(origin) || /\.(png|woff2?|ico)$/.test(response.url())) return;
    response
      .text()
      .then((t) => bodies.push(t))
      .catch(() => undefined);
  });
  return bodies;
}

/** Shoots the page at both sizes (with `focus` scrolled into view, when given), ending on a laptop. */
async function shots(page: Page, name: string, focus?: Locator) {
  for (const [size, viewport] of [
    ['360', PHONE],
    ['1366', LAPTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    // Just below the sticky top bar.
    if (focus)
      await focus.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
    await shot(page, `${name}-${size}`);
  }
}

test('Penguji and Progres with a gateway: states, a bulk send with its result, failures with the fallback, no token anywhere', async ({
  page,
  browser,
  server,
}) => {
  const fake = await startFakeFonnte(TOKEN);
  try {
    await server.restart(fake.env);
    const answers = collectAnswers(page, server.baseURL);
    await page.setViewportSize(LAPTOP);

    // The admin's own code comes through the gateway.
    await loginThroughGateway(page, fake, ADMIN.noWa);

    // Agus asks for a code while the gateway has a fault: the row says it is tried again, and then sent.
    const phone = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, locale: 'id-ID' });
    const sitiPage = await phone.newPage();
    const agusPhone = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, locale: 'id-ID' });
    fake.mode = '5xx';
    await askCode(await agusPhone.newPage(), DEWAN2.noWa);
    await messageTo(fake, DEWAN2.noWa);
    await agusPhone.close();
    fake.mode = 'ok';
    await page.goto('/panitia/penguji');
    const agusStatus = rowOf(page, DEWAN2.nama).getByTestId('wa-status');
    await expect(agusStatus.locator('[data-status="antre"]')).toHaveText('Kode login menunggu dikirim ulang');
    await expect(agusStatus).toContainText(
      'Server mencoba lagi otomatis; percobaan ke-1 gagal: gateway sedang bermasalah (HTTP 502): bad gateway',
    );
    await shots(page, 'panitia-wa-penguji-antre', rowOf(page, DEWAN2.nama));
    // The outbox tries again after 10 s; the page reads the states again while one waits.
    await expect(agusStatus.locator('[data-status="terkirim"]')).toContainText('Kode login terkirim', {
      timeout: 30_000,
    });

    // Siti asks for a code while the gateway refuses the token: /login answers as ever, the console shows why.
    fake.mode = 'token';
    await askCode(sitiPage, PENGUJI.noWa);
    await messageTo(fake, PENGUJI.noWa);
    fake.mode = 'ok';

    await page.reload();
    await expect(rowOf(page, ADMIN.nama).getByTestId('wa-status')).toContainText('Kode login terkirim');
    const siti = rowOf(page, PENGUJI.nama).getByTestId('wa-status');
    await expect(siti.locator('[data-status="gagal"]')).toHaveText('Kode login gagal terkirim');
    await expect(siti).toContainText(
      'Alasan: Fonnte menolak token (invalid token: ***); salin lagi token perangkat dari fonnte.com ke WA_TOKEN',
    );
    await expect(siti.getByRole('button', { name: 'Beri tautan login sekarang' })).toBeVisible();
    await expect(agusStatus).toContainText('Kode login terkirim');
    await shots(page, 'panitia-wa-penguji-gagal', rowOf(page, PENGUJI.nama));

    // Progres warns, and leads to Penguji.
    await openTab(page, 'Progres');
    const warning = page.getByTestId('wa-gagal');
    await expect(warning).toContainText('Kode login untuk 1 penguji gagal terkirim lewat WhatsApp');
    await shots(page, 'panitia-wa-progres');
    await warning.getByRole('link', { name: 'Buka halaman Penguji' }).click();
    await expect(page.getByRole('heading', { name: 'Penguji', level: 1 })).toBeVisible();

    // The fallback at hand: Siti's login link, to copy, scan or send by hand.
    await siti.getByRole('button', { name: 'Beri tautan login sekarang' }).click();
    const sheet = page.getByRole('dialog', { name: 'Tautan login' });
    await expect(sheet.getByLabel('Tautan login')).toHaveValue(new RegExp(`^${server.baseURL}/ut/[^/?]+$`));
    await expect(sheet.getByRole('link', { name: 'Kirim via WhatsApp' })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/${PENGUJI.noWa}\\?text=`),
    );
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);

    // "Kirim tautan login" to those shown who never signed in: Siti and Agus. Agus's is refused (quota).
    fake.refuseFor.add(DEWAN2.noWa);
    const before = fake.received.length;
    await expect(page.getByText('Untuk 2 penguji di daftar ini yang belum pernah masuk.')).toBeVisible();
    await page.getByRole('button', { name: 'Kirim tautan login lewat WhatsApp' }).click();
    const confirm = page.locator('.swal2-popup');
    await expect(confirm).toContainText('Kirim tautan login lewat WhatsApp?');
    await expect(confirm).toContainText(
      '2 penguji yang tampil dan belum pernah masuk masing-masing menerima tautan login pribadi',
    );
    await shots(page, 'panitia-wa-kirim-konfirmasi');
    fake.hold = true;
    await confirm.getByRole('button', { name: 'Ya, kirim ke 2 penguji' }).click();
    const hasil = page.getByTestId('wa-kirim-hasil');
    await expect(hasil.getByTestId('wa-kirim-ringkasan')).toContainText(
      /Mengirim tautan login… 0 dari 2 selesai/,
    );
    await shots(page, 'panitia-wa-kirim-proses', hasil);
    fake.release();
    await expect(hasil.getByTestId('wa-kirim-ringkasan')).toHaveText('Selesai: 1 tautan terkirim, 1 gagal.', {
      timeout: 20_000,
    });
    await expect(hasil).toContainText('Untuk yang gagal, pilih "Beri tautan login sekarang" pada barisnya');
    await expect(hasil.locator('li').filter({ hasText: PENGUJI.nama })).toContainText(
      'Tautan login terkirim',
    );
    const agus = hasil.locator('li').filter({ hasText: DEWAN2.nama });
    await expect(agus.locator('[data-status="gagal"]')).toHaveText('Tautan login gagal terkirim');
    await expect(agus).toContainText(
      'Alasan: kuota atau paket Fonnte habis (insufficient quota); isi ulang paket di fonnte.com',
    );
    await shots(page, 'panitia-wa-kirim-hasil', hasil);

    // The gateway took one message per examiner, each with that examiner's own link.
    const sent = fake.received.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([PENGUJI.noWa, DEWAN2.noWa].sort());
    const linkOf = (text: string) => new RegExp(`${server.baseURL}/ut/[^\\s/?]+`).exec(text)?.[0] ?? '';
    const sitiLink = linkOf(sent.find((m) => m.to === PENGUJI.noWa)?.text ?? '');
    const agusLink = linkOf(sent.find((m) => m.to === DEWAN2.noWa)?.text ?? '');
    expect(sitiLink).not.toBe('');
    expect(agusLink).not.toBe('');
    expect(sitiLink).not.toBe(agusLink);
    expect(sent.find((m) => m.to === PENGUJI.noWa)?.text).toContain(`Assalamu'alaikum ${PENGUJI.nama}`);

    // Siti's link from her WhatsApp signs her in on her phone.
    await sitiPage.goto(sitiLink);
    await expect(sitiPage.locator('.swal2-popup')).toContainText('berhasil diverifikasi');
    await sitiPage.keyboard.press('Escape');
    await expect(sitiPage).toHaveURL(/\/event$/);
    await sitiPage.getByRole('button', { name: 'Buka menu' }).click();
    await expect(sitiPage.getByRole('navigation', { name: 'Menu' })).toContainText(PENGUJI.nama);
    await phone.close();

    // Agus's fallback from the result: his login link at hand.
    await agus.getByRole('button', { name: 'Beri tautan login sekarang' }).click();
    await expect(sheet.getByLabel('Tautan login')).toHaveValue(new RegExp(`^${server.baseURL}/ut/[^/?]+$`));
    await shots(page, 'panitia-wa-tautan-gagal');
    await page.keyboard.press('Escape');
    await hasil.getByRole('button', { name: 'Tutup hasil' }).click();
    await expect(hasil).toHaveCount(0);
    // The list is read again: Siti signed in with her link, so only Agus is left to send to.
    await expect(rowOf(page, PENGUJI.nama).getByRole('cell').nth(4)).toHaveText(/\d{2}\.\d{2}$/);
    await expect(page.getByText('Untuk 1 penguji di daftar ini yang belum pernah masuk.')).toBeVisible();
    await expect(rowOf(page, DEWAN2.nama).getByTestId('wa-status')).toContainText(
      'Tautan login gagal terkirim',
    );
    await shots(page, 'panitia-wa-penguji-hasil', rowOf(page, DEWAN2.nama));

    // Progres now counts Agus's link.
    await openTab(page, 'Progres');
    await expect(page.getByTestId('wa-gagal')).toContainText(
      'Tautan login untuk 1 penguji gagal terkirim lewat WhatsApp',
    );

    // Once the quota is topped up, a search narrows the send to Agus alone; then nothing is failed.
    fake.refuseFor.clear();
    await openTab(page, 'Penguji');
    await page.getByPlaceholder('Nama atau nomor WhatsApp').fill('Agus');
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await expect(page.getByText('1 penguji', { exact: true })).toBeVisible();
    await expect(page.getByText('Untuk 1 penguji di daftar ini yang belum pernah masuk.')).toBeVisible();
    const beforeAgus = fake.received.length;
    await page.getByRole('button', { name: 'Kirim tautan login lewat WhatsApp' }).click();
    await confirm.getByRole('button', { name: 'Ya, kirim ke 1 penguji' }).click();
    await expect(hasil.getByTestId('wa-kirim-ringkasan')).toHaveText('Selesai: 1 tautan terkirim.', {
      timeout: 20_000,
    });
    expect(fake.received.slice(beforeAgus).map((m) => m.to)).toEqual([DEWAN2.noWa]);
    await expect(hasil.locator('li').filter({ hasText: DEWAN2.nama })).toContainText('Tautan login terkirim');
    await hasil.getByRole('button', { name: 'Tutup hasil' }).click();
    await expect(rowOf(page, DEWAN2.nama).getByTestId('wa-status')).toContainText('Tautan login terkirim');
    await openTab(page, 'Progres');
    await expect(page.getByRole('heading', { name: 'Progres', level: 1 })).toBeVisible();
    await expect(page.getByTestId('wa-gagal')).toHaveCount(0);

    // The token is on no page and in nothing the browser got (Fonnte echoed it in its refusal).
    expect(await page.content()).not.toContain(TOKEN);
    await page.goto('/panitia/penguji');
    await expect(rowOf(page, PENGUJI.nama)).toBeVisible();
    expect(await page.content()).not.toContain(TOKEN);
    expect(await page.locator('body').innerText()).not.toContain(TOKEN);
    expect(answers.some((a) => a.includes('"gateway":"fonnte"'))).toBe(true);
    expect(answers.some((a) => a.includes('invalid token: ***'))).toBe(true);
    expect(answers.filter((a) => a.includes(TOKEN))).toEqual([]);
    expect(fake.malformed).toEqual([]);
  } finally {
    await fake.close();
  }
});

test('without a gateway, Penguji sends no links itself and wa.me stays the way', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await loginAs(page, ADMIN.noWa);
  await page.goto('/panitia/penguji');
  await expect(page.getByTestId('wa-tanpa-gateway')).toContainText(
    'Tautan login belum bisa dikirim otomatis lewat WhatsApp.',
  );
  await expect(page.getByRole('button', { name: 'Kirim tautan login lewat WhatsApp' })).toHaveCount(0);
  await expect(page.getByTestId('wa-status')).toHaveCount(0);
  await shots(page, 'panitia-wa-tanpa-gateway', page.getByTestId('wa-tanpa-gateway'));
  await rowOf(page, PENGUJI.nama).getByRole('button', { name: /^Aksi/ }).click();
  await page.getByRole('menuitem', { name: 'Tautan login', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Tautan login' });
  await expect(sheet.getByRole('link', { name: 'Kirim via WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/${PENGUJI.noWa}\\?text=`),
  );
});
