import { isAdminPanitia } from '@ukt/core';
import { useSession } from '../lib/session';

/** The side menu's 'Panitia' entry (the console, DESIGN §9), shown to committee admins only. */
export function PanitiaMenuItem({ onOpen }: { onOpen: () => void }) {
  const { examiner } = useSession();
  if (!isAdminPanitia(examiner?.panitia)) return null;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="min-h-12 w-full rounded-lg px-4 text-left font-medium hover:bg-neutral-100"
      >
        Panitia
      </button>
    </li>
  );
}
