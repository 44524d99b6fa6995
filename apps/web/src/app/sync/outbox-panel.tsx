import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { showDialog, showError, showSuccess } from '../../lib/dialogs';
import {
  discardOutboxItem,
  exportPending,
  flushOutbox,
  type OutboxItem,
  otherExaminersItemCount,
} from '../../lib/outbox';
import { OutboxItemRow } from './outbox-item-row';

/** The outbox sheet: every unsent write, 'Kirim sekarang', 'Ekspor nilai tertunda', 'Buang' (DESIGN §7). */
export function OutboxPanel({
  items,
  unsafeStorage,
  onClose,
}: {
  items: OutboxItem[];
  /** The browser refused persistent storage: say what that risks. */
  unsafeStorage: boolean;
  onClose: () => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const [sending, setSending] = useState(false);
  const [others, setOthers] = useState(0);
  useEffect(() => {
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) =>
      e.key === 'Escape' && !document.querySelector('.swal2-container') && onClose();
    window.addEventListener('keydown', onKey);
    void otherExaminersItemCount()
      .then(setOthers)
      .catch(() => undefined);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const sendNow = async () => {
    setSending(true);
    try {
      const left = await flushOutbox();
      if (left > 0)
        await showError('Belum bisa mengirim. Nilai tetap tersimpan di HP dan dicoba lagi otomatis.');
    } finally {
      setSending(false);
    }
  };
  const discard = async (item: OutboxItem) => {
    const answer = await showDialog({
      icon: 'warning',
      title: 'Buang nilai ini?',
      text: `"${item.label}" akan dihapus dari HP dan tidak dikirim. Ulangi ujiannya bila perlu.`,
      showDenyButton: true,
      confirmButtonText: 'Buang',
      denyButtonText: 'Batal',
    });
    if (answer.isConfirmed) await discardOutboxItem(item.key);
  };
  const exportNow = async () => {
    const count = await exportPending();
    await showSuccess(`${count} nilai diekspor ke file. Bagikan file itu ke panitia.`, 'Ekspor selesai');
  };

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/40 sm:items-center">
      <button type="button" tabIndex={-1} aria-label="Tutup" className="absolute inset-0" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Nilai tertunda"
        tabIndex={-1}
        className="relative flex max-h-[85dvh] w-full max-w-lg flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl"
      >
        <div className="flex items-center justify-between gap-2 border-b border-neutral-200 px-4 py-3">
          <h2 className="text-lg font-bold">Nilai tertunda</h2>
          <Button variant="ghost" onClick={onClose} aria-label="Tutup daftar nilai tertunda">
            Tutup
          </Button>
        </div>
        <div className="flex-1 overflow-y-auto">
          {unsafeStorage && (
            <div className="p-3 pb-0">
              <Notice>
                Browser belum menjamin penyimpanan di HP: nilai yang belum terkirim bisa terhapus bila memori
                penuh. Pasang aplikasi ke layar utama, dan kirim atau ekspor nilai secepatnya.
              </Notice>
            </div>
          )}
          {items.length === 0 ? (
            <p className="p-4 text-sm text-neutral-600">Semua nilai sudah terkirim ke server.</p>
          ) : (
            <ul aria-label="Daftar nilai tertunda" className="divide-y divide-neutral-100">
              {items.map((item) => (
                <OutboxItemRow key={item.key} item={item} onDiscard={(i) => void discard(i)} />
              ))}
            </ul>
          )}
          {others > 0 && (
            <div className="p-3">
              <Notice>
                {others} nilai milik penguji lain ada di HP ini; dikirim saat penguji itu masuk lagi.
              </Notice>
            </div>
          )}
        </div>
        <div className="grid grid-cols-2 gap-2 border-t border-neutral-200 p-3">
          <Button variant="secondary" disabled={items.length === 0} onClick={() => void exportNow()}>
            Ekspor nilai tertunda
          </Button>
          <Button
            disabled={sending || !items.some((i) => i.state === 'pending')}
            onClick={() => void sendNow()}
          >
            {sending ? 'Mengirim…' : 'Kirim sekarang'}
          </Button>
        </div>
      </div>
    </div>
  );
}
