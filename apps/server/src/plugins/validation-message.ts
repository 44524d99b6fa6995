import type { FastifySchemaValidationError } from 'fastify/types/schema';

type Issue = { code?: string; path?: PropertyKey[]; message: string; keys?: string[]; errors?: Issue[][] };

const SOURCE: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Picks the union branch the client evidently meant: the one with no unknown fields, fewest issues. */
function bestBranch(branches: Issue[][]): Issue[] | null {
  const plausible = branches.filter((b) => !b.some((i) => i.code === 'unrecognized_keys'));
  if (plausible.length !== 1) return null;
  return plausible[0] ?? null;
}

function describe(issue: Issue, data: unknown): string {
  if (issue.code === 'invalid_union' && issue.errors) {
    const notObject = issue.errors.every((b) => b[0]?.code === 'invalid_type' && !b[0]?.path?.length);
    if (notObject && !(issue.path ?? []).length) return 'data harus berupa objek JSON';
    const branch = bestBranch(issue.errors);
    if (!branch?.[0]) return 'kirim tepat satu kelompok nilai (misalnya nilai_jurus dan nilai_jurus_plus)';
    const inner = branch[0];
    return describe({ ...inner, path: [...(issue.path ?? []), ...(inner.path ?? [])] }, data);
  }
  if (issue.code === 'unrecognized_keys') return `kolom tidak dikenal: ${(issue.keys ?? []).join(', ')}`;
  const path = issue.path ?? [];
  if (!path.length && issue.code === 'invalid_type') return 'data harus berupa objek JSON';
  const field = path.map(String).join('.');
  const missing = path.length > 0 && valueAt(data, path) === undefined;
  const message = missing ? 'wajib diisi' : issue.message;
  return field ? `${field} ${message}` : message;
}

/** One Indonesian sentence naming the first bad field of a failed schema validation. */
export function validationMessage(
  validation: FastifySchemaValidationError[],
  context: string | undefined,
  data: unknown,
): string {
  const first = validation[0] as unknown as { message: string; params?: Issue; instancePath?: string };
  const params = first.params ?? ({} as Issue);
  const path = (first.instancePath ?? '').split('/').filter(Boolean);
  const issue: Issue = {
    ...params,
    code: (first as { keyword?: string }).keyword,
    path,
    message: first.message,
  };
  const where = SOURCE[context ?? ''] ?? 'data';
  return `Data tidak valid (${where}): ${describe(issue, data)}`;
}
