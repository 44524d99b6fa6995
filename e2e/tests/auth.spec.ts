import { ADMIN, PENGUJI } from '../support/examiners';
import { expect, test } from '../support/fixtures';
import { dismissDialog } from '../support/login';
import { shot } from '../support/shots';

const popup = '.swal2-popup';

test('signs in with the code from the WhatsApp outbox', async ({ page, server }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
  await expect(page.getByText('We will send you an OTP on this phone number.')).toBeVisible();
  await expect(page.getByText('+62', { exact: true })).toBeVisible();
  await shot(page, '01-login');

  const field = page.getByLabel('Nomor WhatsApp');
  await field.pressSequentially('0811-0000 0001x');
  await expect(field).toHaveValue('081100000001');

  // Hold the request until the busy state has been seen, then let it through.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/uktNEW/api/auth/otp-login/1', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/otp$/);
  await expect(page.locator('.swal2-title')).toHaveText('Berhasil');
  await expect(page.locator(popup)).toContainText('Kode OTP telah dikirimkan ke nomor HP Anda');
  await shot(page, '02-otp-sent-dialog');
  // The dialog closes by itself after 2 s; Escape closes it at once if it is still there.
  await page.keyboard.press('Escape');
  await expect(page.locator(popup)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Verify Phone Number' })).toBeVisible();
  await expect(page.getByText(`+${ADMIN.noWa}`)).toBeVisible();

  const code = await server.otpFor(ADMIN.noWa);
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await shot(page, '03-otp');
  await page.getByRole('button', { name: 'Verifikasi & Lanjutkan' }).click();
  await expect(page.locator(popup)).toContainText('Berhasil');
  await dismissDialog(page, 'OTP berhasil diverifikasi');
  await expect(page).toHaveURL(/\/event$/);

  const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
  expect(cookies.token).toBeTruthy();
  expect(decodeURIComponent(cookies.user ?? '')).toBe(ADMIN.nama);
  expect(cookies.no_wa).toBeUndefined();
});

test('a refused login shows the server message; a network error only re-enables the button', async ({
  page,
}) => {
  await page.goto('/login');
  // Nothing typed: the server refuses with its own message.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('.swal2-title')).toHaveText('Gagal');
  await expect(page.locator(popup)).toContainText('Nomor WhatsApp');
  await page.keyboard.press('Escape');
  await expect(page.locator(popup)).toHaveCount(0);

  await page.route('**/uktNEW/api/auth/otp-login/1', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Nomor WhatsApp').fill(PENGUJI.noWa.slice(2));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  await expect(page.getByRole('alert')).toContainText('Tidak dapat terhubung');
  await expect(page.locator(popup)).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong code is refused with the server message and the screen stays', async ({ page, server }) => {
  await page.goto('/login');
  await page.getByLabel('Nomor WhatsApp').fill(PENGUJI.noWa.slice(2));
  await page.getByRole('button', { name: 'Login' }).click();
  await dismissDialog(page, 'Kode OTP telah dikirimkan');
  const code = await server.otpFor(PENGUJI.noWa);
  const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(wrong);
  await page.getByRole('button', { name: 'Verifikasi & Lanjutkan' }).click();
  await expect(page.locator('.swal2-title')).toHaveText('Gagal');
  await expect(page.locator('.swal2-html-container')).not.toBeEmpty();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/otp$/);
  await expect(page.getByRole('button', { name: 'Verifikasi & Lanjutkan' })).toBeEnabled();
});

test('Kirim Ulang waits 60 seconds, then resends; Ganti Nomor returns to login', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  // The page's time stands still from here: on a busy machine the login and the dialog take
  // seconds, and only the fast-forwards below may move the countdown.
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByLabel('Nomor WhatsApp').fill(PENGUJI.noWa.slice(2));
  await page.getByRole('button', { name: 'Login' }).click();
  await dismissDialog(page, 'Kode OTP telah dikirimkan');

  const resend = page.getByRole('button', { name: /^Kirim Ulang/ });
  await expect(resend).toHaveText('Kirim Ulang (60 detik)');
  await expect(resend).toBeDisabled();
  await page.clock.fastForward(30_000);
  await expect(resend).toHaveText('Kirim Ulang (30 detik)');
  await page.clock.fastForward(31_000);
  await expect(resend).toHaveText('Kirim Ulang');
  await expect(resend).toBeEnabled();

  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/auth/otp-login/1'));
  await resend.click();
  expect((await sent).postDataJSON()).toEqual({ no_wa: PENGUJI.noWa });
  await dismissDialog(page, 'OTP berhasil dikirim ulang');
  await expect(resend).toBeDisabled();

  await page.getByRole('button', { name: 'Ganti Nomor' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/otp');
  await expect(page).toHaveURL(/\/login$/);
});
