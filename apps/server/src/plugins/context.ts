import type { Penugasan } from '@ukt/core';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config/env';
import type { DialectName } from '../db/dialect';
import type { Database } from '../db/types';
import type { Writer } from '../db/writer';
import type { Clock } from '../lib/clock';
import { unauthorized } from '../lib/errors';

/** The examiner a request acts for: always the token's owner, never a body field (DESIGN §4). */
export interface AuthPenguji {
  id_pemilih: number;
  id_organisasi: number;
  nama: string;
  no_wa: string;
  id_perwapus: number | null;
  id_cabang: number | null;
  panitia: string;
  dewan: number;
  img_profile: string;
  /** panitia 'adminstrator' or 'Admin': may look beyond their own perwapus and cabang (SPEC §6). */
  isAdmin: boolean;
  /**
   * The events and posts the examiner is assigned to, read with the session (docs/decisions/125);
   * null when they have no assignment at all: every event and post.
   */
  tugas: readonly Penugasan[] | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    secret: string;
    clock: Clock;
    db: Kysely<Database>;
    dialect: DialectName;
    /** The PostgreSQL schema every table lives in when not the default (tests isolate so). */
    pgSchema: string | undefined;
    /** Write transactions; on SQLite those arriving together share one commit. */
    writer: Writer;
  }
  interface FastifyRequest {
    examiner: AuthPenguji | null;
  }
}

/** The request's examiner; routes behind `authenticate` may rely on it. */
export function pengujiOf(request: FastifyRequest): AuthPenguji {
  if (!request.examiner) throw unauthorized();
  return request.examiner;
}
