/** A form's messages by field name. */
export type FieldErrors = Record<string, string>;

/** What a failed core-schema check (zod's safeParse) reports. */
interface SchemaIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The first message of each field of a failed core-schema check, as the form shows them. */
export function fieldErrors(error: SchemaIssues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
