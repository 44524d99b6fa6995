import { fieldMessage } from '@ukt/core';

/** A form's messages by field name. */
export type FieldErrors = Record<string, string>;

/** What a failed core-schema check (zod's safeParse) reports. */
interface SchemaIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/**
 * The first message of each field of a failed core-schema check, as the form shows them: a
 * sentence naming the field as the console labels it ('Tingkat harus 1 sampai 4', docs/decisions/107).
 */
export function fieldErrors(error: SchemaIssues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= fieldMessage(issue.path, issue.message);
  }
  return errors;
}
