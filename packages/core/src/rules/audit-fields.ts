import { NILAI_KOLOM, NILAI_KOLOM_LAMA } from './nilai-kolom';
import { formatNilai, formatNilaiKolom } from './numbers';

// The score fields of the audit log by the names the committee knows them (docs/decisions/106),
// and which of its rows are only a first save's defaults rather than a change. A field not named
// here is named as every field is (auditFieldLabel in labels.ts).

/** A component's score field by the recap's name of the component (KESHAN and KSHAN share one). */
const SCORE_LABELS: Record<string, string> = {};
for (const k of NILAI_KOLOM) {
  SCORE_LABELS[k.kolom] = SCORE_LABELS[k.kolom] ? `${SCORE_LABELS[k.kolom]} / ${k.label}` : k.label;
}

/** The columns whose extra score the examiner gives (NILAI_KOLOM's `tambahan`). */
const BONUS_COLUMNS = new Set<string>(NILAI_KOLOM.filter((k) => k.tambahan).map((k) => k.kolom));

/**
 * Each score field an audit row can name, as the audit page shows it: a component's score by the
 * recap's name, its bonus as the examiner's screen calls it ('Nilai tambahan JURUS'), the physical
 * exam's readings with what they measure.
 */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  ...SCORE_LABELS,
  ...Object.fromEntries(
    Object.entries(SCORE_LABELS)
      .filter(([field]) => BONUS_COLUMNS.has(field))
      .map(([field, label]) => [`${field}_plus`, `Nilai tambahan ${label}`]),
  ),
  ...NILAI_KOLOM_LAMA,
  nilai_mft: 'Lari MFT (level)',
  nilai_mft2: 'Lari MFT (nilai)',
  nilai_pushup: 'Push Up (jumlah)',
  nilai_pushup2: 'Push Up (nilai)',
  nilai_sperperut_atas: 'Sper Perut Atas (jumlah)',
  nilai_sperperut_atas2: 'Sper Perut Atas (nilai)',
  nilai_sperperut_bawah: 'Sper Perut Bawah (jumlah)',
  nilai_sperperut_bawah2: 'Sper Perut Bawah (nilai)',
  nilai_plank: 'Plank (detik)',
  nilai_plank2: 'Plank (nilai)',
  sahkan: 'Pengesahan',
};

/**
 * The fields that hold a component's score: a first save of one of these is a score even when it
 * is 0. Any other field (a bonus, a raw reading) first written as 0 (nothing → 0) is the save
 * filling in its default, not a change anyone made; the audit page leaves such rows out unless asked.
 */
export const AUDIT_SCORE_FIELDS: readonly string[] = [...new Set(NILAI_KOLOM.map((k) => k.kolom))];

/** The physical exam's raw readings (a level, a count, seconds), which are not scores. */
const BACAAN_FIELDS = new Set([
  'nilai_mft',
  'nilai_pushup',
  'nilai_sperperut_atas',
  'nilai_sperperut_bawah',
  'nilai_plank',
]);

/**
 * An audit row's old or new value as the audit page shows it: a score with two decimals like every
 * score column ('72,50'), a raw reading as it was counted ('35'), '–' for none (docs/decisions/144).
 */
export function formatAuditNilai(field: string, value: number | null | undefined): string {
  if (value === null || value === undefined || !BACAAN_FIELDS.has(field)) return formatNilaiKolom(value);
  return formatNilai(value);
}
