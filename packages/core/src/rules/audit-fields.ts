import { fieldLabel } from '../labels';
import { KOMPONEN_NILAI } from './komponen';
import { formatNilai, formatNilaiKolom } from './numbers';
import { KOMPONEN } from './pass-rule';

// The score fields of the audit log by the names the committee knows them (docs/decisions/106),
// and which of its rows are only a first save's defaults rather than a change.

/** A component's score field by the recap's name of the component (KESHAN and KSHAN share one). */
const SCORE_LABELS: Record<string, string> = {};
for (const k of KOMPONEN) {
  const field = KOMPONEN_NILAI[k.key].field;
  SCORE_LABELS[field] = SCORE_LABELS[field] ? `${SCORE_LABELS[field]} / ${k.label}` : k.label;
}

/**
 * Each score field an audit row can name, as the audit page shows it: a component's score by the
 * recap's name, its bonus as the examiner's screen calls it ('Nilai tambahan KRIPEN'), the physical
 * exam's readings with what they measure.
 */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  ...SCORE_LABELS,
  ...Object.fromEntries(
    Object.entries(SCORE_LABELS)
      .filter(([field]) => field !== 'nilai_fisik2' && field !== 'nilai_sambung')
      .map(([field, label]) => [`${field}_plus`, `Nilai tambahan ${label}`]),
  ),
  nilai_toyak: 'TOYAK',
  nilai_teknik: 'TEKNIK',
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

/** An audit row's field as the committee reads it, e.g. 'nilai_kripen_plus' → 'Nilai tambahan KRIPEN'. */
export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? fieldLabel(field);
}

/**
 * The fields that hold a component's score: a first save of one of these is a score even when it
 * is 0. Any other field (a bonus, a raw reading) first written as 0 (nothing → 0) is the save
 * filling in its default, not a change anyone made; the audit page leaves such rows out unless asked.
 */
export const AUDIT_SCORE_FIELDS: readonly string[] = [
  ...new Set(Object.values(KOMPONEN_NILAI).map((k) => k.field)),
];

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
