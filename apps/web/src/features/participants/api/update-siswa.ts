import { type Post, postFlagField } from '@ukt/core';
import { type ApiEnvelope, apiPost } from '../../../lib/api-client';

/** POST /DataSiswa/siswaUpdate/{id_siswa}: takes a participant at the post for this examiner (SPEC §7). */
export function updateSiswa(
  idSiswa: string,
  post: Post,
  idPemilih: string,
  idUkt: number,
): Promise<ApiEnvelope> {
  return apiPost<ApiEnvelope>(`/DataSiswa/siswaUpdate/${encodeURIComponent(idSiswa)}`, {
    [postFlagField(post)]: idPemilih,
    id_ukt: idUkt,
  });
}
