import { API } from '@ukt/core';
import { showDialog, showError, showSuccess } from '../../../lib/dialogs';
import { type OutboxRequest, type QueuedReason, type SubmitResult, submit } from '../../../lib/outbox';

/** Texts of the three outcomes of a save. */
export interface SaveTexts {
  sent?: string;
  rejectedTitle?: string;
  /** Shown instead of the server's message on a refusal, which is then added after it. */
  rejected?: string;
}

/** What a kept-on-the-phone save says, by why it waits (no signal, or a server that cannot store now). */
const QUEUED_TEXT: Record<QueuedReason, string> = {
  offline: 'Tidak ada sinyal. Nilai tersimpan di HP dan akan dikirim otomatis saat ada sinyal.',
  server:
    'Server sedang tidak dapat menyimpan. Nilai tersimpan di HP dan dikirim lagi nanti secara otomatis.',
};

/**
 * Tells the examiner a write is kept on the phone. No signal: the spec's 2 s dialog. A server that
 * answered but could not store (503, DESIGN §4) stays until 'OK': the phone has signal, so the
 * examiner would otherwise take the save for done.
 */
export async function showQueued(reason: QueuedReason, text = QUEUED_TEXT[reason]): Promise<void> {
  if (reason === 'offline') return showSuccess(text, 'Tersimpan di HP');
  await showDialog({ icon: 'info', title: 'Tersimpan di HP', text, confirmButtonText: 'OK' });
}

/**
 * Saves through the outbox and tells the examiner how it went: received ('Nilai berhasil disimpan'),
 * kept on the phone for later, or refused with the server's message.
 */
export async function saveWithFeedback(request: OutboxRequest, texts: SaveTexts = {}): Promise<SubmitResult> {
  const result = await submit(request);
  if (result.status === 'sent') await showSuccess(texts.sent ?? 'Nilai berhasil disimpan');
  else if (result.status === 'queued') await showQueued(result.reason);
  else {
    const message = texts.rejected ? `${texts.rejected} (${result.message})` : result.message;
    await showError(message, texts.rejectedTitle);
  }
  return result;
}

/** The outbox request that saves one score group of a participant (POST /DataSiswa/NilaiSiswa). */
export function nilaiRequest(input: {
  title: string;
  idUkt: number;
  idTingkat: number;
  participant: { id_siswa: string; nama: string };
  /** The group's fields, e.g. { nilai_jurus: 66, nilai_jurus_plus: 3 } (SPEC §3 posted groups). */
  fields: Record<string, number>;
}): OutboxRequest {
  return {
    path: API.nilai.href(),
    label: `${input.title} – ${input.participant.nama}`,
    participantId: input.participant.id_siswa,
    body: {
      id_siswa: Number(input.participant.id_siswa),
      id_ukt: input.idUkt,
      id_tingkat: input.idTingkat,
      ...input.fields,
    },
  };
}
