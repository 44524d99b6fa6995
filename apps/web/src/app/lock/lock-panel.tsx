import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { SlideUpPanel } from '../../components/ui/slide-up-panel';
import { canLock, isPin, lockNow, setPinAndLock, useAppLock } from '../../lib/app-lock';
import { PinInput } from './pin-input';

/**
 * 'Kunci Aplikasi' as a slide-up panel (DESIGN §12): the first time, the examiner sets a 4-digit PIN
 * (typed twice) and the app locks; afterwards it locks with that PIN, or a new one may be set.
 */
export function LockPanel({ onClose }: { onClose: () => void }) {
  const { hasPin } = useAppLock();
  const [choosing, setChoosing] = useState(!hasPin);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!isPin(pin)) return setError('PIN harus 4 angka. Ketik 4 angka.');
    if (pin !== again) return setError('PIN tidak sama. Ketik PIN yang sama di kedua kolom.');
    setBusy(true);
    try {
      await setPinAndLock(pin);
      onClose();
    } catch {
      setError('PIN tidak bisa disimpan di HP ini. Coba lagi.');
    } finally {
      setBusy(false);
    }
  };

  if (!canLock()) {
    return (
      <SlideUpPanel title="Kunci aplikasi" onClose={onClose}>
        <p className="mb-4 text-sm text-neutral-700">
          {window.isSecureContext === false
            ? 'Kunci aplikasi hanya bisa dipakai bila aplikasi dibuka lewat alamat https://. Minta alamat https kepada panitia.'
            : 'Browser ini tidak bisa menyimpan PIN dengan aman: buka aplikasi lewat alamat https untuk memakai kunci.'}
        </p>
        <Button variant="secondary" className="w-full" onClick={onClose}>
          Tutup
        </Button>
      </SlideUpPanel>
    );
  }

  if (!choosing) {
    return (
      <SlideUpPanel title="Kunci aplikasi" onClose={onClose}>
        <p className="mb-4 text-sm text-neutral-700">
          Setelah dikunci, aplikasi meminta PIN Anda sebelum bisa dipakai lagi. Nilai yang tertunda tetap
          dikirim.
        </p>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={() => setChoosing(true)}>
            Ganti PIN
          </Button>
          <Button
            onClick={() => {
              lockNow();
              onClose();
            }}
          >
            Kunci sekarang
          </Button>
        </div>
      </SlideUpPanel>
    );
  }

  return (
    <SlideUpPanel title="Kunci aplikasi" onClose={onClose}>
      <form onSubmit={(e) => void save(e)} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-neutral-700">
          Buat PIN 4 angka. PIN hanya disimpan di HP ini (tersandi). Lupa PIN berarti keluar dan masuk lagi.
        </p>
        <PinInput
          label="PIN baru"
          value={pin}
          invalid={error !== null}
          onChange={(v) => {
            setPin(v);
            setError(null);
          }}
        />
        <PinInput
          label="Ulangi PIN"
          value={again}
          invalid={error !== null}
          onChange={(v) => {
            setAgain(v);
            setError(null);
          }}
        />
        {error && (
          <p role="alert" className="text-center text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Batal
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Menyimpan…' : 'Simpan & kunci'}
          </Button>
        </div>
      </form>
    </SlideUpPanel>
  );
}
