import { digitsOnly, normalizePhone, PHONE_PREFIX } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { showDialog, showSuccess } from '../../../lib/dialogs';
import { logoutMessage } from '../../../lib/logout-notice';
import { setPendingNumber } from '../../../lib/session';
import { requestOtp } from '../api/request-otp';
import { useAuthRequest } from '../hooks/use-auth-request';
import { rememberPengiriman } from '../pengiriman';
import { AuthShell } from './auth-shell';
import { OfflineNotice } from './offline-notice';

/** /login: the WhatsApp number behind a fixed +62 and the Login button (SPEC §2, §5, §8). */
export function LoginPage() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const { busy, offline, run } = useAuthRequest();
  // Why the server ended the last login (e.g. the committee deactivated the account), if it did.
  const [ended] = useState(logoutMessage);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const noWa = normalizePhone(phone);
    return run(async () => {
      const answer = await requestOtp(noWa);
      setPendingNumber(noWa);
      rememberPengiriman(answer.pengiriman);
      navigate('/otp', { replace: true });
      // The server's words say where the code went (docs/decisions/155); a failing WhatsApp waits for OK.
      if (answer.pengiriman === 'whatsapp-gangguan')
        void showDialog({
          icon: 'warning',
          title: 'WhatsApp gangguan',
          text: answer.message,
          confirmButtonText: 'OK',
        });
      else void showSuccess(answer.message);
    });
  };

  return (
    <AuthShell title="Phone Verification">
      <p className="text-center text-sm text-neutral-600">We will send you an OTP on this phone number.</p>
      {ended && <Notice tone="error">{ended}</Notice>}
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="no-wa" className="text-sm font-medium">
            Nomor WhatsApp
          </label>
          <span className="flex h-13 items-center overflow-hidden rounded-xl border-2 border-neutral-300 bg-white focus-within:border-brand focus-within:ring-4 focus-within:ring-brand/30">
            <span className="flex h-full items-center border-r border-neutral-200 bg-neutral-50 px-3 font-semibold text-neutral-700">
              {PHONE_PREFIX}
            </span>
            <input
              id="no-wa"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="81234567890"
              value={phone}
              onChange={(e) => setPhone(digitsOnly(e.target.value))}
              className="h-full min-w-0 flex-1 px-3 text-lg tracking-wide outline-none"
            />
          </span>
        </div>
        {offline && <OfflineNotice />}
        <Button type="submit" disabled={busy} className="h-13 text-base">
          {busy ? 'Logging in...' : 'Login'}
        </Button>
      </form>
    </AuthShell>
  );
}
