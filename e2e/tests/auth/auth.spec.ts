import { ADMIN, DEWAN2, PENGUJI } from '../../support/examiners';
import { startFakeFonnte } from '../../support/fake-whatsapp';
import { expect, test } from '../../support/fixtures';
import { dismissDialog } from '../../support/login';
import { shot } from '../../support/shots';

const popup = '.swal2-popup';
// Where the code goes, as both screens say it (docs/decisions/155).
const LAPTOP_DIALOG =
  'Kode OTP tidak dikirim lewat WhatsApp: kode tampil di laptop panitia. Mintalah kodenya ke panitia.';
const LAPTOP_LINE = 'Kode tampil di laptop panitia: mintalah ke panitia';

test('without a gateway both screens say the code is on the committee laptop, and it signs in', async ({
  page,
  server,
}) => {
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
  // The test server has no gateway (OTP_DELIVERY=file): the code is in the laptop's window.
  await expect(page.locator(popup)).toContainText(LAPTOP_DIALOG);
  await expect(page.locator(popup)).not.toContainText('telah dikirimkan ke nomor HP');
  await shot(page, '02-otp-sent-dialog');
  // The dialog closes by itself after 2 s; Escape closes it at once if it is still there.
  await page.keyboard.press('Escape');
  await expect(page.locator(popup)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Verify Phone Number' })).toBeVisible();
  await expect(page.getByText(`+${ADMIN.noWa}`)).toBeVisible();
  await expect(page.getByText(LAPTOP_LINE)).toBeVisible();
  await expect(page.getByText('Kode dikirim ke WhatsApp')).toHaveCount(0);
  // Said again after a reload: where the code went is kept beside the pending number.
  await page.reload();
  await expect(page.getByText(LAPTOP_LINE)).toBeVisible();

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
  await dismissDialog(page, LAPTOP_DIALOG);
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
  // seconds, and only the fast-forwards below may move the countdown. The pause lies 10 s ahead, so
  // a slow page load cannot have passed it already (pausing in the page's past fails).
  await page.clock.pauseAt(Date.now() + 10_000);
  await page.getByLabel('Nomor WhatsApp').fill(PENGUJI.noWa.slice(2));
  await page.getByRole('button', { name: 'Login' }).click();
  await dismissDialog(page, LAPTOP_DIALOG);

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

test('a number written the committee way signs in; a landline is refused naming the field', async ({
  page,
  server,
}) => {
  await page.goto('/login');
  const field = page.getByLabel('Nomor WhatsApp');
  // Pasted as a committee's list writes it: the field keeps the digits, the server reads 62 0811… as 62811….
  await field.fill('+62 0811-0000-0002');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await dismissDialog(page, LAPTOP_DIALOG);
  await expect(page.getByText(`+${PENGUJI.noWa}`)).toBeVisible();
  const code = await server.otpFor(PENGUJI.noWa);
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verifikasi & Lanjutkan' }).click();
  await dismissDialog(page, 'OTP berhasil diverifikasi');
  await expect(page).toHaveURL(/\/event$/);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Nomor WhatsApp').fill('(021) 555 1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('.swal2-title')).toHaveText('Gagal');
  await expect(page.locator(popup)).toContainText(
    'Nomor WhatsApp bukan nomor HP: nomor telepon rumah atau kantor tidak punya WhatsApp',
  );
  await shot(page, 'login-nomor-rumah');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('through a WhatsApp gateway', () => {
  const TOKEN = 'fonnte-RAHASIA-login-5566';

  test('both screens say WhatsApp, as the spec writes it, and the code from WhatsApp signs in', async ({
    page,
    server,
  }) => {
    const fake = await startFakeFonnte(TOKEN);
    try {
      await server.restart(fake.env);
      await page.goto('/login');
      await page.getByLabel('Nomor WhatsApp').fill(ADMIN.noWa.slice(2));
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/otp$/);
      await expect(page.locator('.swal2-title')).toHaveText('Berhasil');
      await expect(page.locator(popup)).toContainText('Kode OTP telah dikirimkan ke nomor HP Anda');
      await shot(page, 'login-wa-dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByText('Kode dikirim ke WhatsApp')).toBeVisible();
      await expect(page.getByText(LAPTOP_LINE)).toHaveCount(0);
      await shot(page, 'login-wa-otp');

      await expect.poll(() => fake.received.filter((m) => m.to === ADMIN.noWa).length).toBe(1);
      const text = fake.received.find((m) => m.to === ADMIN.noWa)?.text ?? '';
      const code = /Kode OTP UKT Penguji Anda: (\d{4})/.exec(text)?.[1] as string;
      await page.getByLabel('Digit 1').click();
      await page.keyboard.type(code);
      await page.getByRole('button', { name: 'Verifikasi & Lanjutkan' }).click();
      await dismissDialog(page, 'OTP berhasil diverifikasi');
      await expect(page).toHaveURL(/\/event$/);
    } finally {
      await fake.close();
    }
  });

  test('while the gateway fails, both screens say so and to ask the committee for a card or link', async ({
    page,
    server,
  }) => {
    const fake = await startFakeFonnte(TOKEN);
    try {
      await server.restart(fake.env);
      // The gateway refuses the token: two examiners' codes fail, as the console would show.
      fake.mode = 'token';
      for (const noWa of [PENGUJI.noWa, DEWAN2.noWa]) {
        const res = await page.request.post(`${server.baseURL}/uktNEW/api/auth/otp-login/1`, {
          data: { no_wa: noWa },
        });
        expect(res.status()).toBe(200);
      }
      await expect.poll(() => fake.received.length).toBe(2);
      // A number nobody has gets the same answer as anyone's, once the outbox has written the failures.
      let unknown = 0;
      await expect
        .poll(async () => {
          const res = await page.request.post(`${server.baseURL}/uktNEW/api/auth/otp-login/1`, {
            data: { no_wa: `0899000000${String(++unknown).padStart(2, '0')}` },
          });
          return (await res.json()).pengiriman;
        })
        .toBe('whatsapp-gangguan');

      await page.goto('/login');
      await page.getByLabel('Nomor WhatsApp').fill(ADMIN.noWa.slice(2));
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/otp$/);
      await expect(page.locator('.swal2-title')).toHaveText('WhatsApp gangguan');
      await expect(page.locator(popup)).toContainText(
        'Kode OTP dikirim lewat WhatsApp, tetapi pengiriman WhatsApp sedang gangguan. Bila kode tidak datang dalam 1 menit, minta kartu login atau tautan login ke panitia.',
      );
      await shot(page, 'login-wa-gangguan-dialog');
      // It waits for OK: a failing WhatsApp is worth reading.
      await page.waitForTimeout(2_500);
      await expect(page.locator(popup)).toBeVisible();
      await page.getByRole('button', { name: 'OK' }).click();
      await expect(page.locator(popup)).toHaveCount(0);
      await expect(
        page.getByText(
          'WhatsApp sedang gangguan: bila kode tidak datang, minta kartu login atau tautan login ke panitia',
        ),
      ).toBeVisible();
      await shot(page, 'login-wa-gangguan-otp');
    } finally {
      await fake.close();
    }
  });
});
