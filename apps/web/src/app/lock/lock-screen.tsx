import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { isPin, PIN_LENGTH, unlock } from '../../lib/app-lock';
import { logoUrl, useOrganisasi } from '../../lib/organisasi';
import { useSession } from '../../lib/session';
import { PinInput } from './pin-input';

/**
 * The locked app (DESIGN §12): covers every screen until the examiner's PIN is typed. A wrong PIN
 * says so; 'Lupa PIN?' leads to signing out (with the unsent-score warning), the only way around it.
 */
export function LockScreen({ onForgot }: { onForgot: () => void }) {
  const { examiner } = useSession();
  const organisasi = useOrganisasi();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const check = async (typed: string) => {
    if (!isPin(typed)) return setError(`Ketik ${PIN_LENGTH} angka PIN Anda.`);
    setBusy(true);
    const ok = await unlock(typed).catch(() => false);
    setBusy(false);
    if (ok) return;
    setPin('');
    setError('PIN salah. Coba lagi.');
    input.current?.focus();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void check(pin);
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="lock-title"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 overflow-y-auto bg-neutral-100 p-6"
    >
      <img src={logoUrl(organisasi)} alt="" width={72} height={72} className="size-18 object-contain" />
      <div className="text-center">
        <h1 id="lock-title" className="text-xl font-bold text-neutral-900">
          Aplikasi terkunci
        </h1>
        <p className="mt-1 text-sm text-neutral-600">{examiner?.nama_dpt}</p>
      </div>
      <form onSubmit={submit} className="flex w-full max-w-xs flex-col items-center gap-4" noValidate>
        <PinInput
          ref={input}
          label="Masukkan PIN"
          value={pin}
          invalid={error !== null}
          onChange={(v) => {
            setPin(v);
            setError(null);
            if (v.length === PIN_LENGTH) void check(v);
          }}
        />
        <p role="alert" className="min-h-5 text-center text-sm font-semibold text-red-700">
          {error}
        </p>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Memeriksa…' : 'Buka'}
        </Button>
        <Button variant="ghost" className="w-full" onClick={onForgot}>
          Lupa PIN? Keluar
        </Button>
      </form>
    </div>
  );
}
