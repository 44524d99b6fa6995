import { IMG } from '@ukt/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { clearExamState } from '../lib/exam-storage';
import { clearEvent, setParticipant, useSession } from '../lib/session';
import { PanitiaMenuItem } from './panitia-menu-item';

/**
 * The side drawer: photo 100x80, name, 'Penguji', 'Ganti Event Kegiatan', 'Sign Out' (SPEC §2);
 * 'Panitia' (the console) above them for a committee admin; 'Kunci Aplikasi' (DESIGN §12).
 * Sign Out and Kunci Aplikasi open their slide-up panels (the caller's).
 */
export function SideMenu({
  open,
  onClose,
  onSignOut,
  onLock,
}: {
  open: boolean;
  onClose: () => void;
  onSignOut: () => void;
  onLock: () => void;
}) {
  const { examiner } = useSession();
  const navigate = useNavigate();
  const panel = useRef<HTMLElement>(null);
  // The photo URL changes once per opening of the app so a new photo shows (SPEC §7 cache busting).
  const [time] = useState(() => Date.now());

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const changeEvent = () => {
    clearEvent();
    // The participant was taken in the old event; kept, their scores would go to the new one (decision 090).
    setParticipant(null);
    clearExamState();
    onClose();
    navigate('/event');
  };

  const photo = examiner ? `${IMG.href(examiner.id_organisasi, examiner.id_pemilih)}?time=${time}` : '';

  return (
    <div className={`fixed inset-0 z-40 ${open ? '' : 'pointer-events-none'}`} aria-hidden={!open}>
      <button
        type="button"
        tabIndex={-1}
        aria-label="Tutup menu"
        onClick={onClose}
        className={`absolute inset-0 bg-black/40 transition-opacity ${open ? 'opacity-100' : 'opacity-0'}`}
      />
      <nav
        ref={panel}
        tabIndex={-1}
        aria-label="Menu"
        inert={!open}
        className={`absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl outline-none transition-transform ${open ? 'translate-x-0' : '-translate-x-full'}`}
      >
        <div className="flex flex-col items-start gap-2 bg-brand p-5 pt-8 text-on-brand">
          {photo && (
            <img
              src={photo}
              alt="Foto profil"
              width={100}
              height={80}
              className="h-20 w-[100px] rounded-lg bg-white/40 object-cover ring-2 ring-white/70"
            />
          )}
          <p className="text-lg leading-tight font-bold">{examiner?.nama_dpt}</p>
          <p className="text-sm font-medium opacity-80">Penguji</p>
        </div>
        <ul className="flex flex-col p-2">
          {/* The committee console, for committee admins only (DESIGN §9). */}
          <PanitiaMenuItem
            onOpen={() => {
              onClose();
              navigate('/panitia');
            }}
          />
          <li>
            <button
              type="button"
              onClick={changeEvent}
              className="min-h-12 w-full rounded-lg px-4 text-left font-medium hover:bg-neutral-100"
            >
              Ganti Event Kegiatan
            </button>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                onClose();
                onLock();
              }}
              className="min-h-12 w-full rounded-lg px-4 text-left font-medium hover:bg-neutral-100"
            >
              Kunci Aplikasi
            </button>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                onClose();
                onSignOut();
              }}
              className="min-h-12 w-full rounded-lg px-4 text-left font-medium text-red-700 hover:bg-red-50"
            >
              Sign Out
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
