import { expect, test } from '../../support/fixtures';
import { shot } from '../../support/shots';

test('Register and VerifyOtp are static pages that make no calls', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/uktNEW/')) calls.push(r.url());
  });
  await page.clock.install();
  await page.goto('/Register');
  // The page has drawn first: with its time stopped before, the lazy page never left "Memuat…"
  // on a busy machine. From here time stands still: only the fast-forwards below move the
  // countdown, however long a busy machine takes over the steps in between.
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await page.clock.pauseAt(Date.now() + 1_000);
  for (const label of ['Name', 'Email', 'Phone Number', 'Password', 'Confirm Password']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
    'placeholder',
    '6-20 characters',
  );
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByLabel('Confirm Password', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByLabel('I agree to Terms and condition').check();
  await shot(page, '14-register');
  await page.getByRole('button', { name: 'Create An Account' }).click();

  await expect(page).toHaveURL(/\/VerifyOtp$/);
  await expect(page.getByText('A code has been sent to your phone')).toBeVisible();
  await expect(page.getByText(/Resend in\s*60\s*s/)).toBeVisible();
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type('12x34');
  for (const [n, d] of [
    [1, '1'],
    [2, '2'],
    [3, '3'],
    [4, '4'],
  ] as const) {
    await expect(page.getByLabel(`Digit ${n}`)).toHaveValue(d);
  }
  await page.clock.fastForward(20_000);
  await expect(page.getByText(/Resend in\s*40\s*s/)).toBeVisible();
  await shot(page, '15-verify-otp');
  await page.clock.fastForward(41_000);
  await expect(page.getByRole('button', { name: 'Resend' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Account Verification' })).toBeVisible();
  expect(calls).toEqual([]);
});
