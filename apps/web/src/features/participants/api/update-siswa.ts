import { API, type Post, postFlagField } from '@ukt/core';
import type { OutboxRequest } from '../../../lib/outbox';

/**
 * POST /DataSiswa/siswaUpdate/{id_siswa} as an outbox write: takes a participant at the post for this
 * examiner (SPEC §7). Through the outbox so a take with no signal waits on the phone like a score.
 */
export function takeRequest(
  participant: { id_siswa: string; nama: string },
  post: Post,
  idPemilih: string,
  idUkt: number,
): OutboxRequest {
  return {
    path: API.siswaUpdate.href(participant.id_siswa),
    body: { [postFlagField(post)]: idPemilih, id_ukt: idUkt },
    label: `Ambil peserta – ${participant.nama}`,
    participantId: participant.id_siswa,
  };
}
