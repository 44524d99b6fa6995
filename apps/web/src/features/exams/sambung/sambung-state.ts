import type { Peserta } from '@ukt/core';

/** A participant chosen in a sambung panel, as stored under peserta1/peserta2 (SPEC §3). */
export type SambungPeserta = Peserta & { nama_ranting: string; nama_rayon: string };

/** The two scores of the pair, null until given. */
export interface SambungScores {
  1: number | null;
  2: number | null;
}

/** The participant-update body that tells the server who a participant is paired with (SPEC §7 post 4). */
export function pairingBody(idUkt: number, otherId: string): { sudah_sambung: number; id_ukt: number } {
  return { sudah_sambung: Number(otherId), id_ukt: idUkt };
}
