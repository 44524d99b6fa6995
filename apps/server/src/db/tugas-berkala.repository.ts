import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from './types';

// Timed work that one process of the database does for all (docs/decisions/160): the scheduled
// backup, the hourly clean-up. Each task is a row of tugas_berkala holding a lease: the process
// that holds it runs the task and renews it at every look; one that stops gives it back, and one
// that dies loses it when it ends, so another process, on any machine, takes over. terakhir_at,
// when the task last ran, is shared too: whoever holds it next knows whether it is due.
// The only SQL of tugas_berkala.

const holders = new WeakMap<object, string>();

/** This server's name in the leases, one per app (several apps share a test process): host, pid and a random part. */
export function leaseHolderOf(app: object): string {
  let name = holders.get(app);
  if (!name) {
    name = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    holders.set(app, name);
  }
  return name;
}

/**
 * Takes or renews the lease of task `nama` for `pemegang` until now + leaseMs, in one statement,
 * unless another holds it still; answers when the task last ran (null: never), or undefined
 * when another process holds it.
 */
export async function claimTugas(
  db: Kysely<Database>,
  nama: string,
  pemegang: string,
  now: number,
  leaseMs: number,
): Promise<{ terakhirAt: number | null } | undefined> {
  const row = await db
    .insertInto('tugas_berkala')
    .values({ nama, pemegang, sampai_at: now + leaseMs, terakhir_at: null })
    .onConflict((oc) =>
      oc
        .column('nama')
        .doUpdateSet({ pemegang, sampai_at: now + leaseMs })
        .where((eb) =>
          eb.or([
            eb('tugas_berkala.pemegang', '=', pemegang),
            eb('tugas_berkala.pemegang', 'is', null),
            eb('tugas_berkala.sampai_at', '<=', now),
          ]),
        ),
    )
    .returning('terakhir_at')
    .executeTakeFirst();
  return row && { terakhirAt: row.terakhir_at === null ? null : Number(row.terakhir_at) };
}

/** Records that the holder ran task `nama`, started at `at`. */
export async function finishTugas(db: Kysely<Database>, nama: string, pemegang: string, at: number) {
  await db
    .updateTable('tugas_berkala')
    .set({ terakhir_at: at })
    .where('nama', '=', nama)
    .where('pemegang', '=', pemegang)
    .execute();
}

/** Gives the lease back (a server stopping): another process takes the task at its next look. */
export async function releaseTugas(db: Kysely<Database>, nama: string, pemegang: string) {
  await db
    .updateTable('tugas_berkala')
    .set({ pemegang: null, sampai_at: 0 })
    .where('nama', '=', nama)
    .where('pemegang', '=', pemegang)
    .execute();
}
