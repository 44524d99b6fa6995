/**
 * True when a statement failed on a unique constraint, for both drivers: two writes racing past
 * the same "is it free?" check, of which the database lets one win (SQLSTATE 23505 on PostgreSQL,
 * SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY on SQLite).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
