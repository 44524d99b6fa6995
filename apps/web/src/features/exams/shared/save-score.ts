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
    path: '/DataSiswa/NilaiSiswa',
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
