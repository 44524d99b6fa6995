import type { ImporWilayah } from '@ukt/core';
import { AppError, badRequest } from '../../lib/errors';

// What an import refuses, and how it says so (DESIGN §6): mistakes by line and column, and the
// two refusals of the import itself (scored participants unconfirmed, near misses undecided).
// Nothing is written when any of them is thrown.

/** A mistake in an import file: its line and column where it has them, and what is wrong. */
export interface ImportIssue {
  line: number | null;
  field: string | null;
  message: string;
  /** The row as the file gives it, by column (a preview's error file shows it beside the mistake). */
  cells?: Record<string, string>;
}

/** How many mistakes the message of a refused import lists (the CLI prints it whole). */
const MAX_LISTED = 20;

/** An issue as the committee reads it: `baris 3, kolom cabang: wajib diisi`. */
export function describeIssue({ line, field, message }: ImportIssue): string {
  if (line === null) return message;
  return field === null ? `baris ${line}: ${message}` : `baris ${line}, kolom ${field}: ${message}`;
}

/** An import refused for mistakes in its file: nothing was written. */
export class ImportRefused extends AppError {
  constructor(readonly issues: ImportIssue[]) {
    const listed = issues.slice(0, MAX_LISTED).map(describeIssue).join('\n');
    const more = issues.length > MAX_LISTED ? `\n… dan ${issues.length - MAX_LISTED} kesalahan lain` : '';
    super(400, `Impor dibatalkan, tidak ada yang disimpan:\n${listed}${more}`);
  }
}

/** Mistakes in file order (a mistake of the whole file first). */
export const byLine = (a: ImportIssue, b: ImportIssue) => (a.line ?? 0) - (b.line ?? 0);

/**
 * An import refused because it changes the name or region of participants who already have
 * scores, and the committee did not confirm as many (docs/decisions/149): nothing is written.
 */
export class ScoredUnconfirmed extends AppError {
  constructor(
    readonly nos: number[],
    confirmed: number,
  ) {
    const sorted = [...nos].sort((a, b) => a - b);
    const listed =
      sorted.slice(0, 10).join(', ') + (sorted.length > 10 ? ` dan ${sorted.length - 10} lainnya` : '');
    const why =
      confirmed > 0
        ? ` Yang dikonfirmasi ${confirmed} peserta, tetapi berkas ini mengubah ${nos.length}: pratinjau berkasnya lagi.`
        : '';
    super(
      409,
      `Impor ditahan, tidak ada yang disimpan: berkas ini mengubah nama atau wilayah ${nos.length} peserta yang sudah dinilai (nomor ${listed}).${why} Periksa kelompok "Peserta yang sudah dinilai" di pratinjau, centang "Saya yakin mengubah data ${nos.length} peserta yang sudah dinilai", lalu tekan Impor lagi.`,
    );
  }
}

/** The refusal of an import while near misses are undecided: nothing is written. */
export function undecidedRegions(regions: ImporWilayah[]): AppError {
  const named = regions
    .slice(0, 5)
    .map((w) => `"${w.nama}" (mirip "${w.mirip}")`)
    .join(', ');
  const more = regions.length > 5 ? ` dan ${regions.length - 5} lainnya` : '';
  return badRequest(
    `Impor dibatalkan, tidak ada yang disimpan: ${regions.length} nama wilayah mirip wilayah yang sudah ada dan belum diputuskan: ${named}${more}. Di pratinjau, pilih "Pakai yang ada" atau "Buat baru" untuk masing-masing, atau perbaiki namanya di berkas, lalu impor lagi.`,
  );
}
