import { showDialog } from '../../../lib/dialogs';

/**
 * The warning before a KESHAN test with unanswered questions is finished (decision 112): how many
 * are still open, and a way back to the first of them. 'finish' only for 'Tetap selesai' (the
 * spec's 'Apakah anda yakin…?' confirmation follows it, so finishing with open questions takes two
 * explicit taps), 'answer' for the way back, null when the dialog is closed otherwise.
 */
export async function confirmUnanswered(
  unanswered: number,
  total: number,
  firstOpen: number,
): Promise<'finish' | 'answer' | null> {
  const result = await showDialog({
    icon: 'warning',
    title: 'Masih ada soal kosong',
    text: `${unanswered} dari ${total} soal belum dijawab. Soal yang belum dijawab bernilai 0.`,
    showDenyButton: true,
    confirmButtonText: 'Tetap selesai',
    denyButtonText: `Ke soal ${firstOpen}`,
    // An accidental tap or Enter goes back to the questions, never on to finishing.
    focusDeny: true,
    reverseButtons: true,
  });
  if (result.isConfirmed) return 'finish';
  return result.isDenied ? 'answer' : null;
}
