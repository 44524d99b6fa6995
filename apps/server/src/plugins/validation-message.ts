import { fieldMessage } from '@ukt/core';
import type { FastifySchemaValidationError } from 'fastify/types/schema';

type Issue = {
  code?: string;
  path?: PropertyKey[];
  message: string;
  keys?: string[];
  errors?: Issue[][];
  expected?: string;
  values?: unknown[];
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
};

/** A sentence of the schema library itself (zod's Indonesian or English locale): it names no field. */
const LIBRARY =
  /diharapkan|^(Input|String|Angka) tidak valid|^Kunci tidak|^Nilai tidak valid di|^(Invalid|Too (big|small))/;

/** What a field of the wrong type should hold, for the library's own message ('Input tidak valid: diharapkan …'). */
const EXPECTED: Record<string, string> = {
  string: 'harus berupa teks',
  number: 'harus berupa angka',
  int: 'harus berupa bilangan bulat',
  boolean: 'harus true atau false',
  array: 'harus berupa daftar',
  object: 'harus berupa objek',
};

// What held the bad value, in words a reader of the message knows (never 'body' or 'query').
const SOURCE: Record<string, string> = {
  body: 'Data tidak valid',
  querystring: 'Alamat tidak valid',
  params: 'Alamat tidak valid',
  headers: 'Header tidak valid',
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

/** What a rule the schema gave no words for asks, relative to its field (the field's name goes in front). */
function ownWords(issue: Issue): string {
  const text = issue.origin === 'string';
  switch (issue.code) {
    case 'invalid_type':
      return EXPECTED[issue.expected ?? ''] ?? 'tidak valid';
    case 'invalid_value': {
      // Plain words are worth listing; keys ('toyak_senam') are not.
      const values = (issue.values ?? []).map(String);
      const plain = values.length > 0 && values.length <= 6 && values.every((v) => /^[A-Za-z0-9 ]+$/.test(v));
      return plain
        ? `harus ${values.slice(0, -1).join(', ')}${values.length > 1 ? ' atau ' : ''}${values.at(-1)}`
        : 'tidak dikenal';
    }
    case 'too_big':
      return text ? `paling panjang ${issue.maximum} karakter` : `paling banyak ${issue.maximum}`;
    case 'too_small':
      return text ? `paling sedikit ${issue.minimum} karakter` : `paling sedikit ${issue.minimum}`;
    default:
      return 'tidak valid';
  }
}

function describe(issue: Issue, data: unknown): string {
  // A union of whole bodies (the score groups of a post) says which group was meant; a field's union
  // (a date or empty) has its own message.
  if (issue.code === 'invalid_union' && issue.errors && !(issue.path ?? []).length) {
    const notObject = issue.errors.every((b) => b[0]?.code === 'invalid_type' && !b[0]?.path?.length);
    if (notObject && !(issue.path ?? []).length) return 'Data harus berupa objek JSON';
    const branch = bestBranch(issue.errors);
    if (!branch?.[0]) return 'Kirim tepat satu kelompok nilai (misalnya nilai jurus dan nilai tambahannya)';
    const inner = branch[0];
    return describe({ ...inner, path: [...(issue.path ?? []), ...(inner.path ?? [])] }, data);
  }
  if (issue.code === 'unrecognized_keys') {
    return `Kolom tidak dikenal: ${(issue.keys ?? []).map((key) => `"${key}"`).join(', ')}`;
  }
  const path = issue.path ?? [];
  if (!path.length && issue.code === 'invalid_type') return 'Data harus berupa objek JSON';
  const missing = path.length > 0 && valueAt(data, path) === undefined;
  // A rule the schema gave no words for: the library's sentence names no field.
  const message = missing ? 'wajib diisi' : LIBRARY.test(issue.message) ? ownWords(issue) : issue.message;
  // Each field by its Indonesian name (docs/decisions/107): 'Nama UKT wajib diisi'.
  return fieldMessage(path, message);
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
  return `${SOURCE[context ?? ''] ?? 'Data tidak valid'}: ${describe(issue, data)}`;
}
