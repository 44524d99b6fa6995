import { z } from '../zod';

/**
 * A whole number as it arrives in a path, query or body: a JSON integer or a string of digits.
 * Stricter than coercion, which would take `true` as 1, `[5]` as 5 or '0x10' as 16.
 */
export function wholeNumber(min: number, max: number, range: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z
      // An empty form field (a select left at "Pilih …") is missing, not a wrong number.
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === '' ? 'wajib diisi' : 'harus berupa angka',
      })
      .int({ error: 'harus bilangan bulat' })
      .min(min, { error: range })
      .max(max, { error: range }),
  );
}

/** A database id: a positive whole number, or its digits. */
export const Id = wholeNumber(1, 2_147_483_647, 'harus lebih dari 0');

/** An optional filter id: missing, empty or '0' mean "no filter". */
export const OptionalId = z.preprocess(
  (value) => (value === '' || value === '0' || value === 0 || value === null ? undefined : value),
  Id.optional(),
);

/** A belt level 1–5 as it arrives ('3' or 3). */
export const Tingkat = wholeNumber(1, 5, 'harus 1 sampai 5');

/** The envelope of every answer (DESIGN §4). */
export const ApiResult = z.object({ success: z.boolean(), message: z.string().optional() });

/** Wraps a data schema in the answer envelope. */
export function apiResult<T extends z.ZodType>(data: T) {
  return ApiResult.extend({ data });
}

/** An answer that carries only success and a message. */
export type ApiMessage = z.infer<typeof ApiResult>;
