import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A sheet that slides up from the bottom over a dimmed page (the seed's slide-up panels, DESIGN §12):
 * named by its title, focused when it opens, closed by Escape, the backdrop or the caller's buttons.
 * Focus returns to what had it before, so keyboard and screen-reader users stay where they were.
 */
export function SlideUpPanel({
  title,
  onClose,
  children,
  layer = 'z-50',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The stacking layer (a panel over the lock screen needs a higher one). */
  layer?: string;
}) {
  const titleId = useId();
  const sheet = useRef<HTMLDivElement>(null);
  // Mounted off-screen, then moved up on the next frame: that is what makes it slide.
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const frame = requestAnimationFrame(() => setShown(true));
    sheet.current?.focus();
    return () => {
      cancelAnimationFrame(frame);
      before?.focus();
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) =>
      e.key === 'Escape' && !document.querySelector('.swal2-container') && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={`fixed inset-0 ${layer} flex items-end justify-center`}>
      <button
        type="button"
        tabIndex={-1}
        aria-label="Tutup"
        onClick={onClose}
        className={`absolute inset-0 bg-black/50 transition-opacity duration-200 ${shown ? 'opacity-100' : 'opacity-0'}`}
      />
      <div
        ref={sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative max-h-[90dvh] w-full max-w-lg overflow-y-auto rounded-t-3xl bg-white px-5 pt-3 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl outline-none transition-transform duration-200 ease-out ${shown ? 'translate-y-0' : 'translate-y-full'}`}
      >
        <div aria-hidden="true" className="mx-auto mb-3 h-1.5 w-12 rounded-full bg-neutral-300" />
        <h2 id={titleId} className="mb-2 text-lg font-bold text-neutral-900">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
