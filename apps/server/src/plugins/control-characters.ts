import { fieldMessage } from '@ukt/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

// Control characters (NUL and the rest of C0, and DEL; not tab, line feed or carriage return) have
// no place in a name, a search or an answer. PostgreSQL refuses a NUL in text with a 500, so they
// are a 400 here, before any schema or handler sees the request.
const MAX_DEPTH = 8;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this check's purpose
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

/** Whether any string in a value (keys included) holds a control character; allocates nothing. */
function holdsControl(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (CONTROL.test(key) || holdsControl((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** The path of the first string in a value that holds a control character, or null. */
export function controlCharacterPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL.test(key)) return [...path, key];
    const found = controlCharacterPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

// What held the bad value, as the validation messages say it (docs/decisions/107).
const SOURCES = [
  ['params', 'Alamat tidak valid'],
  ['query', 'Alamat tidak valid'],
  ['body', 'Data tidak valid'],
] as const;

/** Throws a 400 naming the field when any string of the path, query or JSON body holds a control character. */
export function assertNoControlCharacters(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): void {
  for (const [source, label] of SOURCES) {
    // Every request passes here: the common case (nothing found) walks each part once, building no paths.
    if (!holdsControl(request[source], 0)) continue;
    const path = controlCharacterPath(request[source]);
    if (path) {
      const message = path.length
        ? fieldMessage(path, 'berisi karakter kontrol yang tidak diizinkan')
        : 'Isi berisi karakter kontrol yang tidak diizinkan';
      throw badRequest(`${label}: ${message}`);
    }
  }
}

/** Checks every request's path, query and body for control characters before validation. */
export const controlCharactersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => assertNoControlCharacters(request));
});
