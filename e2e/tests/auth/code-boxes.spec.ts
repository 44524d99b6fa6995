import type { Page } from '@playwright/test';
import { PENGUJI } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { dismissDialog } from '../../support/login';

const box = (page: Page, n: number) => page.getByLabel(`Digit ${n}`);

async function paste(page: Page, text: string) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test('the code boxes follow every keyboard rule, and the code sent is the four digits', async ({
  page,
  server,
}) => {
  await page.goto('/login');
  await page.getByLabel('Nomor WhatsApp').fill(PENGUJI.noWa.slice(2));
  await page.getByRole('button', { name: 'Login' }).click();
  await dismissDialog(page, 'kode tampil di laptop panitia');

  await box(page, 1).click();
  await page.keyboard.press('1');
  await expect(box(page, 1)).toHaveValue('1');
  await expect(box(page, 2)).toBeFocused();

  // Anything but a digit is blocked.
  for (const key of ['a', 'Shift+B', '-', ' ', '.', 'e']) await page.keyboard.press(key);
  await expect(box(page, 2)).toHaveValue('');
  await expect(box(page, 2)).toBeFocused();

  await page.keyboard.press('2');
  await expect(box(page, 2)).toHaveValue('2');
  await expect(box(page, 3)).toBeFocused();

  // Backspace on an empty box moves back; on a filled one it clears it.
  await page.keyboard.press('Backspace');
  await expect(box(page, 2)).toBeFocused();
  await expect(box(page, 2)).toHaveValue('2');
  await page.keyboard.press('Backspace');
  await expect(box(page, 2)).toHaveValue('');
  await expect(box(page, 2)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(box(page, 1)).toBeFocused();
  await expect(box(page, 1)).toHaveValue('1');

  // Arrows move between the boxes.
  await page.keyboard.press('ArrowRight');
  await expect(box(page, 2)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(box(page, 3)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(box(page, 2)).toBeFocused();

  // Typing over a filled box replaces its digit.
  await box(page, 1).focus();
  await page.keyboard.press('7');
  await expect(box(page, 1)).toHaveValue('7');

  // Pasted text is spread one digit per box.
  await box(page, 1).focus();
  await paste(page, '9 8-7x6');
  for (const [n, d] of [
    [1, '9'],
    [2, '8'],
    [3, '7'],
    [4, '6'],
  ] as const)
    await expect(box(page, n)).toHaveValue(d);
  await expect(box(page, 4)).toBeFocused();

  // Pasting the real code and verifying sends exactly those four digits.
  const code = await server.otpFor(PENGUJI.noWa);
  await box(page, 1).focus();
  await paste(page, code);
  const check = page.waitForRequest((r) => r.url().endsWith('/auth/otp-login/cek/1'));
  await page.getByRole('button', { name: 'Verifikasi & Lanjutkan' }).click();
  expect((await check).postDataJSON()).toEqual({ no_wa: PENGUJI.noWa, kode: code });
  await dismissDialog(page, 'OTP berhasil diverifikasi');
  await expect(page).toHaveURL(/\/event$/);
});
