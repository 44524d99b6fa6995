import { type ReactNode, useEffect, useRef } from 'react';
import { Icon } from '../../../components/ui/icon';

/**
 * A form over the page: full screen on a phone, a centred panel on a laptop. Not a native
 * <dialog>: its top layer would hide the SweetAlert confirmations opened from inside it.
 */
export function Sheet({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(
      'input, select, textarea, button:not([data-close])',
    );
    (first ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      // A SweetAlert open above the sheet takes its own Escape.
      if (e.key === 'Escape' && !document.querySelector('.swal2-container')) close.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, []);

  return (
    <div className="fixed inset-0 z-40 flex items-stretch justify-center bg-black/40 md:items-center md:p-6">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        className="flex max-h-dvh w-full flex-col overflow-hidden bg-neutral-50 outline-none md:max-w-xl md:rounded-2xl md:shadow-xl"
      >
        <div className="flex items-center gap-2 border-b border-neutral-200 bg-white px-4 py-2">
          <h2 className="min-w-0 flex-1 truncate text-lg font-bold">{title}</h2>
          <button
            type="button"
            data-close
            aria-label="Tutup"
            onClick={onClose}
            className="grid size-11 place-items-center rounded-lg hover:bg-neutral-100"
          >
            <Icon path="M6 6l12 12M18 6L6 18" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto p-4">{children}</div>
      </div>
    </div>
  );
}
