import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { SlideUpPanel } from '../../components/ui/slide-up-panel';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { useUnsentCheck } from '../../features/auth/hooks/use-unsent-check';

/**
 * 'Sign Out' as a slide-up panel (DESIGN §12): refused while scores wait on the phone unsent and
 * unexported, with the export one tap away; then the sign-out of SPEC §4. Also the way out of a
 * forgotten lock PIN, hence `layer`.
 */
export function SignOutPanel({ onClose, layer }: { onClose: () => void; layer?: string }) {
  const { check, exportNow } = useUnsentCheck();
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);

  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  return (
    <SlideUpPanel title="Keluar dari aplikasi" onClose={onClose} {...(layer ? { layer } : {})}>
      <div className="flex flex-col gap-4 text-sm text-neutral-700">
        {check.state === 'checking' && <p role="status">Memeriksa nilai yang belum terkirim…</p>}
        {check.state === 'unsent' && (
          <div role="alert" className="rounded-xl bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-200">
            <p className="font-bold">Nilai belum terkirim</p>
            <p>
              {check.unsent} nilai masih tersimpan di HP dan belum diterima server. Ekspor dulu agar tidak
              hilang, atau tunggu sampai terkirim.
            </p>
          </div>
        )}
        {check.state === 'safe' && check.exported > 0 && (
          <p role="status" className="rounded-xl bg-emerald-50 p-3 text-emerald-950 ring-1 ring-emerald-200">
            {check.exported} nilai tersimpan di file. Bagikan file itu ke panitia. Nilai tetap di HP ini dan
            dikirim saat Anda masuk lagi. Keluar sekarang?
          </p>
        )}
        {check.state === 'safe' && check.exported === 0 && (
          <p>Data ujian di HP ini dihapus. Untuk masuk lagi, pakai nomor WhatsApp Anda.</p>
        )}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Batal
          </Button>
          {check.state === 'unsent' ? (
            <Button onClick={run(exportNow)} disabled={busy}>
              Ekspor nilai tertunda
            </Button>
          ) : (
            <Button variant="danger" onClick={run(signOut)} disabled={busy || check.state === 'checking'}>
              {busy ? 'Keluar…' : 'Keluar'}
            </Button>
          )}
        </div>
      </div>
    </SlideUpPanel>
  );
}
