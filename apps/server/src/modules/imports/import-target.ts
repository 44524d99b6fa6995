import type { ImporKolom } from '@ukt/core';

/** What storing one row does. */
export type RowOutcome = 'baru' | 'diperbarui' | 'tetap';

/** How many rows an import adds, changes, and leaves as they are. */
export type ImportReport = Record<RowOutcome, number>;

/** What an applied import did, and the optional columns its file did not carry (their stored values stayed). */
export interface ImportResult extends ImportReport {
  kept: readonly ImporKolom[];
}

/** What to import: kegiatan (events), penguji (examiners), siswa of an event, soal of a belt. */
export type ImportTarget =
  | { kind: 'kegiatan' }
  | { kind: 'penguji' }
  | { kind: 'siswa'; idUkt: number }
  | { kind: 'soal'; idTingkat: number };

/** One field an update changes, as the committee reads it: its label, the stored and the new value. */
export interface ImportChange {
  field: string;
  label: string;
  lama: string;
  baru: string;
}
