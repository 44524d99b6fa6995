import { z } from 'zod';

/** A database id as it arrives in a path, query or body: a positive whole number, or its digits. */
export const Id = z.coerce
  .number({ error: 'harus berupa angka' })
  .int({ error: 'harus bilangan bulat' })
  .positive({ error: 'harus lebih dari 0' })
  .max(2_147_483_647, { error: 'terlalu besar' });

/** An optional filter id: missing, empty or '0' mean "no filter". */
export const OptionalId = z.preprocess(
  (value) => (value === '' || value === '0' || value === 0 || value === null ? undefined : value),
  Id.optional(),
);

/** A belt level 1–5 as it arrives ('3' or 3). */
export const Tingkat = z.coerce
  .number({ error: 'harus berupa angka' })
  .int({ error: 'harus bilangan bulat' })
  .min(1, { error: 'harus 1 sampai 5' })
  .max(5, { error: 'harus 1 sampai 5' });

/** The envelope of every answer (DESIGN §4). */
export const ApiResult = z.object({ success: z.boolean(), message: z.string().optional() });

/** Wraps a data schema in the answer envelope. */
export function apiResult<T extends z.ZodType>(data: T) {
  return ApiResult.extend({ data });
}

/** An answer that carries only success and a message. */
export type ApiMessage = z.infer<typeof ApiResult>;
