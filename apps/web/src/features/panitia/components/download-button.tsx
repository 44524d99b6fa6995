import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { showError } from '../../../lib/dialogs';

/**
 * A button that downloads a file of the console (a PDF the server makes may take a few seconds):
 * 'Menyiapkan…' while it runs, the server's message in a dialog when it fails.
 */
export function DownloadButton({
  download,
  disabled,
  label,
  children,
}: {
  download: () => Promise<unknown>;
  disabled?: boolean;
  /** The accessible name, when the visible text is shorter. */
  label?: string;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      void showError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" disabled={disabled || busy} aria-label={label} onClick={() => void run()}>
      {busy ? 'Menyiapkan…' : children}
    </Button>
  );
}
