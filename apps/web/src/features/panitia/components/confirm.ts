import { showDialog } from '../../../lib/dialogs';

/**
 * Asks before a destructive console action (archive, deactivate, withdraw, release); true when
 * confirmed. The confirm button names the action, so a tap on it cannot be misread.
 */
export async function confirmAction(title: string, text: string, confirmText: string): Promise<boolean> {
  const result = await showDialog({
    icon: 'warning',
    title,
    text,
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: 'Batal',
    focusCancel: true,
  });
  return result.isConfirmed;
}
