import { OTP_LENGTH, OTP_RESEND_SECONDS, PENGIRIMAN_TEKS } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CodeBoxes } from '../../../components/ui/code-boxes';
import { ApiError } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/dialogs';
import { clearPendingNumber, signIn, useSession } from '../../../lib/session';
import { useCountdown } from '../../../lib/use-countdown';
import { requestOtp } from '../api/request-otp';
import { verifyOtp } from '../api/verify-otp';
import { useAuthRequest } from '../hooks/use-auth-request';
import { rememberPengiriman, storedPengiriman } from '../pengiriman';
import { AuthShell } from './auth-shell';
import { OfflineNotice } from './offline-notice';

/** /otp: the four code boxes, 'Ganti Nomor', 'Kirim Ulang' after 60 s, 'Verifikasi & Lanjutkan'. */
export function OtpPage() {
  const navigate = useNavigate();
  const { number } = useSession();
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(''));
  const { busy, offline, run } = useAuthRequest();
  const { left, restart } = useCountdown(OTP_RESEND_SECONDS);
  const noWa = number ?? '';
  // Where the code went, as the server said (docs/decisions/155): WhatsApp or the committee's laptop.
  const [pengiriman, setPengiriman] = useState(storedPengiriman);

  const verify = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      const result = await verifyOtp(noWa, digits.join(''));
      const examiner = result.data[0];
      if (!examiner) throw new ApiError(result.message || 'Data penguji tidak ditemukan', 500);
      signIn(examiner, result.organisasi, result.token);
      void showSuccess('OTP berhasil diverifikasi');
      navigate('/', { replace: true });
    });
  };

  const resend = async () => {
    restart();
    setDigits(Array(OTP_LENGTH).fill(''));
    // SPEC §8: the resend dialog is the same whatever the answer; the line above says where it went.
    const answer = await requestOtp(noWa).catch((error: unknown) => console.error(error));
    if (answer) {
      rememberPengiriman(answer.pengiriman);
      setPengiriman(answer.pengiriman);
    }
    void showSuccess('OTP berhasil dikirim ulang');
  };

  const changeNumber = () => {
    clearPendingNumber();
    navigate('/login', { replace: true });
  };

  return (
    <AuthShell title="Verify Phone Number">
      <div className="text-center text-sm text-neutral-600">
        <p>
          {pengiriman
            ? PENGIRIMAN_TEKS[pengiriman].baris
            : 'Kode dikirim ke WhatsApp atau tampil di laptop panitia'}
        </p>
        <p className="mt-1 text-lg font-semibold text-neutral-900">+{noWa}</p>
        <button
          type="button"
          onClick={changeNumber}
          className="mt-1 min-h-11 px-3 font-semibold text-neutral-900 underline decoration-brand decoration-2 underline-offset-4"
        >
          Ganti Nomor
        </button>
      </div>
      <form onSubmit={verify} className="flex flex-col gap-5">
        <CodeBoxes value={digits} onChange={setDigits} disabled={busy} />
        {offline && <OfflineNotice />}
        <Button type="submit" disabled={busy} className="h-13 text-base">
          Verifikasi &amp; Lanjutkan
        </Button>
      </form>
      <div className="text-center text-sm text-neutral-600">
        Tidak menerima kode?{' '}
        <button
          type="button"
          onClick={resend}
          disabled={left > 0}
          className="min-h-11 px-2 font-semibold text-neutral-900 underline decoration-brand decoration-2 underline-offset-4 disabled:text-neutral-400 disabled:no-underline"
        >
          {left > 0 ? `Kirim Ulang (${left} detik)` : 'Kirim Ulang'}
        </button>
      </div>
    </AuthShell>
  );
}
