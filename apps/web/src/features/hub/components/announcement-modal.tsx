import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';

/**
 * The committee's announcement as the hub's modal (SPEC §2 home modal, DESIGN §12): 'Tutup' closes
 * it for now, 'Sembunyikan' for the rest of this session.
 */
export function AnnouncementModal({
  text,
  onClose,
  onHide,
}: {
  text: string;
  onClose: () => void;
  onHide: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      before?.focus();
    };
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="pengumuman-title"
        aria-describedby="pengumuman-text"
        tabIndex={-1}
        className="flex max-h-[85dvh] w-full max-w-md flex-col overflow-y-auto rounded-2xl bg-white shadow-xl outline-none"
      >
        <div className="flex items-center gap-2 rounded-t-2xl bg-brand px-4 py-3 text-on-brand">
          <Icon path="M4 10v4h3l6 4V6L7 10H4zM16 9a4 4 0 010 6" className="size-6 shrink-0" />
          <h2 id="pengumuman-title" className="text-lg font-bold">
            Pengumuman
          </h2>
        </div>
        <p id="pengumuman-text" className="px-4 py-4 text-base whitespace-pre-line text-neutral-900">
          {text}
        </p>
        <div className="grid grid-cols-2 gap-3 border-t border-neutral-200 p-3">
          <Button variant="secondary" onClick={onHide}>
            Sembunyikan
          </Button>
          <Button onClick={onClose}>Tutup</Button>
        </div>
      </div>
    </div>
  );
}
