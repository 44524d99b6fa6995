import { z } from '../zod';
import { API } from './paths';

// The pending-scores file (format ukt-pending, version 1, docs/decisions/072): the phone's
// 'Ekspor nilai tertunda' writes it, `ukt import pending FILE` replays it through the API.

/** A route pattern as a whole-path regular expression; each :param is a database id. */
function routeRegExp(route: string): RegExp {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z_]+/g, '\\d{1,10}');
  return new RegExp(`^${escaped}$`);
}

/** The write calls an exported item may replay; anything else in a file is refused. */
export const PENDING_WRITE_ROUTES: readonly RegExp[] = [
  API.nilai,
  API.nilaiFisik,
  API.siswaUpdate,
  API.keshanJawaban,
  API.keshanUploadAudio,
].map((p) => routeRegExp(p.route));

/** A FormData entry: text, or a file as base64 with its type and name. */
export const PendingFormEntry = z.union([
  z.tuple([z.string(), z.string()]),
  z.tuple([z.string(), z.object({ base64: z.string(), type: z.string() }), z.string()]),
]);
export type PendingFormEntry = z.infer<typeof PendingFormEntry>;

/** One unsent write of the phone's outbox, as exported. */
export const PendingItem = z.object({
  key: z.string().regex(/^[\x21-\x7e]{1,200}$/, { error: 'kunci tidak valid' }),
  examinerId: z.coerce.string().regex(/^\d{1,10}$/, { error: 'id penguji tidak valid' }),
  path: z
    .string()
    .refine((p) => PENDING_WRITE_ROUTES.some((re) => re.test(p)), { error: 'bukan panggilan simpan' }),
  label: z.string().default(''),
  participantId: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  state: z.enum(['pending', 'rejected']).optional(),
  lastError: z.string().nullable().optional(),
  body: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('json'), value: z.unknown() }),
    z.object({ kind: z.literal('form'), entries: z.array(PendingFormEntry) }),
  ]),
});
export type PendingItem = z.infer<typeof PendingItem>;

/** The whole file. */
export const PendingFile = z.object({
  format: z.literal('ukt-pending', { error: 'bukan file ekspor nilai tertunda' }),
  version: z.literal(1, { error: 'versi file tidak dikenal' }),
  exported_at: z.string().optional(),
  items: z.array(PendingItem),
});
export type PendingFile = z.infer<typeof PendingFile>;
