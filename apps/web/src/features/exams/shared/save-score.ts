import { showError, showSuccess } from '../../../lib/dialogs';
import { type OutboxRequest, type SubmitResult, submit } from '../../../lib/outbox';

/** Texts of the three outcomes of a save. */
export interface SaveTexts {
  sent?: string;
  queued?: string;
  rejectedTitle?: string;
  /** Shown instead of the server's message on a refusal, which is then added after it. */
  rejected?: string;
}

/**
 * Saves through the outbox and tells the examiner how it went: received ('Nilai berhasil disimpan'),
 * kept on the phone for later, or refused with the server's message.
 */
export async function saveWithFeedback(request: OutboxRequest, texts: SaveTexts = {}): Promise<SubmitResult> {
  const result = await submit(request);
  if (result.status === 'sent') await showSuccess(texts.sent ?? 'Nilai berhasil disimpan');
  else if (result.status === 'queued') {
    await showSuccess(
      texts.queued ?? 'Tidak ada sinyal. Nilai tersimpan di HP dan akan dikirim otomatis saat ada sinyal.',
      'Tersimpan di HP',
    );
  } else {
    const message = texts.rejected ? `${texts.rejected} (${result.message})` : result.message;
    await showError(message, texts.rejectedTitle);
  }
  return result;
}
