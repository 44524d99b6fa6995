import { type KomponenKey, komponenLabel, type RekapStatus } from './pass-rule';

// A participant's reasons, short, in the same words on the Rekap page, in the .xlsx and .csv and
// on the recap PDF (docs/decisions/144). The pass rule keeps one reason per missing component (the
// API's `alasan`); a person reads which components are missing in one line.

/** What a participant's short reasons are made from: the recap row's status, scores and reasons. */
export interface AlasanPeserta {
  status: RekapStatus;
  /** Score by component; null or missing means not scored. */
  nilai: Partial<Record<KomponenKey, number | null>>;
  /** The pass rule's reasons ('SENAM belum dinilai', 'FISIK 48,5 < 50', 'Nilai akhir 55 < 60'). */
  alasan: readonly string[];
}

/**
 * A participant's reasons in one line: 'Belum dinilai: semua komponen' or 'Belum dinilai: SENAM,
 * SAMBUNG' (the rule's components in recap order) while scores are missing; the rule's reasons
 * joined by '; ' ('FISIK 48,5 < 50; Nilai akhir 55 < 60') when not passed; '' for one who passed
 * or withdrew.
 */
export function alasanSingkat(peserta: AlasanPeserta, komponen: readonly KomponenKey[]): string {
  if (peserta.status === 'Belum lengkap') {
    const belum = komponen.filter((key) => peserta.nilai[key] === null || peserta.nilai[key] === undefined);
    if (belum.length === 0) return peserta.alasan.join('; ');
    const daftar = belum.length === komponen.length ? 'semua komponen' : belum.map(komponenLabel).join(', ');
    return `Belum dinilai: ${daftar}`;
  }
  return peserta.status === 'Tidak Lulus' ? peserta.alasan.join('; ') : '';
}
