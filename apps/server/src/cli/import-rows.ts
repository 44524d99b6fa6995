import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/types';
import { ImportError, readTable, type TableRow } from './read-table';

/** What an import did. */
export interface ImportReport {
  baru: number;
  diperbarui: number;
  tetap: number;
}

/** What applying one valid row did. */
export type RowOutcome = 'baru' | 'diperbarui' | 'tetap';

const MAX_ERRORS = 20;

/**
 * Reads a file, validates every row (errors name line and column), then applies all rows in one
 * transaction: one bad row and nothing is written (DESIGN §6).
 */
export async function importRows<S extends z.ZodType>(
  db: Kysely<Database>,
  file: string,
  schema: S,
  keyOf: (row: z.infer<S>) => string,
  apply: (trx: Transaction<Database>, row: z.infer<S>) => Promise<RowOutcome>,
  after?: (trx: Transaction<Database>, report: ImportReport) => Promise<void>,
): Promise<ImportReport> {
  const columns = Object.keys((schema as unknown as z.ZodObject).shape ?? {});
  const rows: TableRow[] = await readTable(file, columns);
  const valid: z.infer<S>[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const parsed = schema.safeParse(row.values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      errors.push(
        `baris ${row.line}, kolom ${issue?.path.join('.') || '?'}: ${issue?.message ?? 'tidak valid'}`,
      );
      continue;
    }
    const key = keyOf(parsed.data);
    const earlier = seen.get(key);
    if (earlier !== undefined) errors.push(`baris ${row.line}: sama dengan baris ${earlier} (${key})`);
    seen.set(key, row.line);
    valid.push(parsed.data);
  }
  if (!rows.length) errors.push('berkas tidak berisi data');
  if (errors.length) {
    const more = errors.length > MAX_ERRORS ? `\n… dan ${errors.length - MAX_ERRORS} kesalahan lain` : '';
    throw new ImportError(
      `Impor dibatalkan, tidak ada yang disimpan:\n${errors.slice(0, MAX_ERRORS).join('\n')}${more}`,
    );
  }
  const report: ImportReport = { baru: 0, diperbarui: 0, tetap: 0 };
  await db.transaction().execute(async (trx) => {
    for (const row of valid) report[await apply(trx, row)]++;
    await after?.(trx, report);
  });
  return report;
}

/** Compares the stored values of a row with the imported ones, field by field. */
export function sameValues(stored: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.entries(next).every(([k, v]) => stored[k] === v);
}
