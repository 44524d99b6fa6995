import { NILAI_KOLOM } from './nilai-kolom';
import { formatNilai, round2 } from './numbers';

// The pass rule of an event (DESIGN §10): which components count, their weights and minimums, the
// minimum final score and the grade bands. A pure function turns a participant's scores into a
// final score, a band, a status and the reasons (docs/decisions/038).

/** A scored component of the exam, in recap order: its key and its name (NILAI_KOLOM, docs/decisions/167). */
export const KOMPONEN: readonly { key: KomponenKey; label: string }[] = NILAI_KOLOM.map(({ key, label }) => ({
  key,
  label,
}));

/** The key of a component. */
export type KomponenKey = (typeof NILAI_KOLOM)[number]['key'];

/** The components a pass rule may count (NILAI_KOLOM's `dihitung`), in recap order. */
export const KOMPONEN_DIHITUNG: readonly KomponenKey[] = NILAI_KOLOM.filter((k) => k.dihitung).map(
  (k) => k.key,
);

/** The label of a component as the recap and the reasons show it, e.g. 'FISIK'. */
export function komponenLabel(key: KomponenKey): string {
  return KOMPONEN.find((k) => k.key === key)?.label ?? key;
}

/** One component the rule counts: its weight and, if any, the score it must reach. */
export interface KomponenRule {
  key: KomponenKey;
  bobot: number;
  minimum: number | null;
}

/** A grade band: every final score up to `sampai` (inclusive) and above the band before it. */
export interface Predikat {
  sampai: number;
  nama: string;
}

/** The pass rule stored with an event. */
export interface PassRule {
  komponen: KomponenRule[];
  nilai_minimum: number;
  predikat: Predikat[];
}

/** The default grade bands (DESIGN §10): up to 50 Kurang, 51–60 Sedang, … 91–100 Sangat Memuaskan. */
export const DEFAULT_PREDIKAT: readonly Predikat[] = [
  { sampai: 50, nama: 'Kurang' },
  { sampai: 60, nama: 'Sedang' },
  { sampai: 70, nama: 'Cukup Baik' },
  { sampai: 80, nama: 'Baik' },
  { sampai: 90, nama: 'Memuaskan' },
  { sampai: 100, nama: 'Sangat Memuaskan' },
];

/** The default minimum final score, which the committee confirms when it creates an event. */
export const DEFAULT_NILAI_MINIMUM = 60;

/**
 * The default rule for an event's belt: every component the pass rule may count, equal weights, no
 * component minimum, final score at least 60, the default bands. The app scores the same exams at
 * every belt (SPEC §6), so the default is the same for each; the committee removes what it does
 * not test.
 */
export function defaultPassRule(_tingkat: number): PassRule {
  return {
    komponen: KOMPONEN_DIHITUNG.map((key) => ({ key, bobot: 1, minimum: null })),
    nilai_minimum: DEFAULT_NILAI_MINIMUM,
    predikat: DEFAULT_PREDIKAT.map((p) => ({ ...p })),
  };
}

/** A participant's scores by component; null or missing means not scored (never 0). */
export type KomponenScores = Partial<Record<KomponenKey, number | null>>;

/** What the rule makes of a participant's scores. */
export type PassStatus = 'Lulus' | 'Tidak Lulus' | 'Belum lengkap';

/** The outcome of the pass rule for one participant. */
export interface PassResult {
  /** Weighted average of the counted components, two decimals; null while one is missing. */
  nilai_akhir: number | null;
  /** The grade band of the final score; null while one is missing. */
  predikat: string | null;
  status: PassStatus;
  /** Why the status is not Lulus, e.g. 'FISIK 48,5 < 50', 'SAMBUNG belum dinilai' (a decimal comma, as on paper). */
  alasan: string[];
}

/** The band a final score falls in: the first whose upper bound it does not exceed. */
export function predikatOf(rule: PassRule, nilai: number): string {
  const bands = [...rule.predikat].sort((a, b) => a.sampai - b.sampai);
  return (bands.find((b) => nilai <= b.sampai) ?? bands.at(-1))?.nama ?? '';
}

/**
 * Applies a pass rule to a participant's scores (DESIGN §10): 'Belum lengkap' while a counted
 * component has no score; otherwise the weighted final score and its band, and 'Tidak Lulus' with
 * every reason when a component is below its minimum or the final score below the rule's minimum.
 */
export function applyPassRule(rule: PassRule, scores: KomponenScores): PassResult {
  const counted = rule.komponen.filter((k) => k.bobot > 0);
  const missing = counted.filter((k) => scores[k.key] === null || scores[k.key] === undefined);
  if (missing.length) {
    return {
      nilai_akhir: null,
      predikat: null,
      status: 'Belum lengkap',
      alasan: missing.map((k) => `${komponenLabel(k.key)} belum dinilai`),
    };
  }
  const totalBobot = counted.reduce((sum, k) => sum + k.bobot, 0);
  const weighted = counted.reduce((sum, k) => sum + k.bobot * (scores[k.key] as number), 0);
  const nilai = totalBobot > 0 ? round2(weighted / totalBobot) : 0;
  const alasan: string[] = [];
  for (const k of counted) {
    const score = scores[k.key] as number;
    if (k.minimum !== null && score < k.minimum) {
      alasan.push(`${komponenLabel(k.key)} ${formatNilai(score)} < ${formatNilai(k.minimum)}`);
    }
  }
  if (nilai < rule.nilai_minimum)
    alasan.push(`Nilai akhir ${formatNilai(nilai)} < ${formatNilai(rule.nilai_minimum)}`);
  return {
    nilai_akhir: nilai,
    predikat: predikatOf(rule, nilai),
    status: alasan.length ? 'Tidak Lulus' : 'Lulus',
    alasan,
  };
}

/** What the recap shows for a participant: the pass rule's status, or 'Mundur' for one who withdrew. */
export type RekapStatus = PassStatus | 'Mundur';

/** Every status of the recap, in the order it sorts by. */
export const REKAP_STATUS = [
  'Lulus',
  'Tidak Lulus',
  'Belum lengkap',
  'Mundur',
] as const satisfies readonly RekapStatus[];

/** A participant's line of the recap: the pass rule's outcome, or 'Mundur'. */
export interface RekapResult extends Omit<PassResult, 'status'> {
  status: RekapStatus;
}

/**
 * A participant's result in the recap: one who withdrew (mundur) stands as 'Mundur', with no final
 * score, band or reasons whatever was scored before, and is still listed (kept in the records);
 * everyone else by the pass rule.
 */
export function rekapResult(rule: PassRule, scores: KomponenScores, mundur: boolean): RekapResult {
  if (mundur) return { nilai_akhir: null, predikat: null, status: 'Mundur', alasan: [] };
  return applyPassRule(rule, scores);
}
