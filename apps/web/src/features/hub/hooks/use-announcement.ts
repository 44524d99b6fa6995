import { useCallback, useEffect, useState } from 'react';

/** SPEC §9: the hub's modal opens 3000 ms after the hub appears. */
export const ANNOUNCEMENT_DELAY_MS = 3000;

// 'Sembunyikan' hides the announcement for this browser session (SPEC §2's session flag). The flag
// holds the hidden text itself, so a new announcement from the committee still shows.
const HIDDEN_KEY = 'ukt:pengumuman-disembunyikan';

/** The announcement closed with 'Tutup' on this load: not shown again until the app is reopened. */
let closedThisLoad: string | null = null;

function hiddenText(): string | null {
  try {
    return sessionStorage.getItem(HIDDEN_KEY);
  } catch {
    return null;
  }
}

/**
 * The hub's announcement modal (DESIGN §12): open 3 s after the hub appears when there is an
 * announcement not hidden for this session nor closed on this load.
 */
export function useAnnouncement(text: string): {
  open: boolean;
  close: () => void;
  hide: () => void;
} {
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    const id = window.setTimeout(() => setDue(true), ANNOUNCEMENT_DELAY_MS);
    return () => window.clearTimeout(id);
  }, []);

  const close = useCallback(() => {
    closedThisLoad = text;
    setDismissed(text);
  }, [text]);
  const hide = useCallback(() => {
    try {
      sessionStorage.setItem(HIDDEN_KEY, text);
    } catch {
      // storage refused (private mode): hidden until the app is reopened
    }
    close();
  }, [text, close]);

  const open = due && text !== '' && text !== dismissed && text !== closedThisLoad && text !== hiddenText();
  return { open, close, hide };
}
