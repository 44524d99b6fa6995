import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@ukt/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CodeBoxes } from '../../../components/ui/code-boxes';
import { useCountdown } from '../../../lib/use-countdown';
import { StaticShell } from './static-shell';

/** /VerifyOtp: the static code page of SPEC §2 (no calls); Continue shows the account-verified view. */
export function VerifyOtpPage() {
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(''));
  const [verified, setVerified] = useState(false);
  const { left, restart } = useCountdown(OTP_RESEND_SECONDS);

  if (verified) {
    return (
      <StaticShell title="Account Verification">
        <p className="rounded-2xl bg-white p-5 text-center text-sm shadow-sm">
          Your account has been verified.
        </p>
      </StaticShell>
    );
  }
  return (
    <StaticShell title="Verification Code">
      <p className="text-center text-sm text-neutral-600">A code has been sent to your phone</p>
      <CodeBoxes value={digits} onChange={setDigits} />
      <p className="text-center text-sm text-neutral-600">
        {left > 0 ? (
          <>
            Resend in <span className="font-semibold">{left}</span>s
          </>
        ) : (
          <button
            type="button"
            onClick={restart}
            className="min-h-11 px-2 font-semibold text-neutral-900 underline decoration-brand decoration-2 underline-offset-4"
          >
            Resend
          </button>
        )}
      </p>
      <Button onClick={() => setVerified(true)} className="h-12">
        Continue
      </Button>
    </StaticShell>
  );
}
