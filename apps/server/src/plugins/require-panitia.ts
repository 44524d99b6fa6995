import type { FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors';
import { pengujiOf } from './context';

/**
 * onRequest hook of every /panitia call, after `authenticate`: only a committee admin (panitia
 * 'Admin' or 'adminstrator', SPEC §6) may use the console (DESIGN §9).
 */
export async function requirePanitia(request: FastifyRequest): Promise<void> {
  if (!pengujiOf(request).isAdmin) {
    throw forbidden('Halaman panitia hanya untuk admin panitia. Minta panitia memberi Anda akses.');
  }
}
