import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

// Control characters (NUL and the rest of C0, and DEL; not tab, line feed or carriage return) have
// no place in a name, a search or an answer. PostgreSQL refuses a NUL in text with a 500, so they
// are a 400 here, before any schema or handler sees the request.
const MAX_DEPTH = 8;

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}

/** The path of the first string in a value that holds a control character, or null. */
export function controlCharacterPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return hasControl(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (hasControl(key)) return [...path, key];
    const found = controlCharacterPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

const SOURCES = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

/** Throws a 400 naming the field when any string of the path, query or JSON body holds a control character. */
export function assertNoControlCharacters(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): void {
  for (const [source, label] of SOURCES) {
    const path = controlCharacterPath(request[source]);
    if (path) {
      const field = path.join('.') || 'isi';
      throw badRequest(`Data tidak valid (${label}): ${field} berisi karakter kontrol yang tidak diizinkan`);
    }
  }
}

/** Checks every request's path, query and body for control characters before validation. */
export const controlCharactersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => assertNoControlCharacters(request));
});
