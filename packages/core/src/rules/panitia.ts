// Who is a committee admin (SPEC §6). Kept apart from the zod schemas so the login chunk can use it.

/** Roles (panitia) that may change the perwapus and cabang filters, spelled as the data has them (SPEC §6). */
export const ADMIN_PANITIA: readonly string[] = ['adminstrator', 'Admin'];

/** True when an examiner may filter participants beyond their own perwapus and cabang. */
export function isAdminPanitia(panitia: string | null | undefined): boolean {
  return ADMIN_PANITIA.includes(panitia ?? '');
}
