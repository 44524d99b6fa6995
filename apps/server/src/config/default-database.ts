import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

// DATABASE_URL unset: the SQLite file is DATA_DIR/ukt.db, so DATA_DIR holds all the data and
// `atur DATA_DIR=` moves everything (docs/decisions/157). Before, the default was ./data/ukt.db of
// the folder the process started in (apps/server for the npm scripts), outside a DATA_DIR set
// elsewhere: such an installation keeps its database there and is told how to move it; with a
// database in both places the app refuses to choose.

/** The database file's name inside DATA_DIR when DATABASE_URL is not set. */
export const DEFAULT_DATABASE_FILE = 'ukt.db';

/** The SQLite file of DATABASE_URL's default, what the start-up log says about it, or why none can be chosen. */
export interface DefaultDatabase {
  file: string;
  /** How to move a database left in the old place into DATA_DIR; undefined when it is there already. */
  note?: string;
  /** Set when there is a database in both places: the app must not pick one. */
  problem?: string;
}

/** A SQLite database and the files that belong to it, as a list to move together. */
const withCompanions = (file: string) => `${file} (beserta ${file}-wal dan ${file}-shm bila ada)`;

/** The database the app uses when DATABASE_URL is not set, for DATA_DIR `dataDir` and a start in `cwd`. */
export function defaultDatabase(dataDir: string, cwd: string = process.cwd()): DefaultDatabase {
  const file = join(dataDir, DEFAULT_DATABASE_FILE);
  const old = resolve(cwd, 'data', DEFAULT_DATABASE_FILE);
  if (old === file || !existsSync(old)) return { file };
  if (existsSync(file)) {
    return {
      file,
      problem: `Ada dua database: ${old} (tempat lama, di luar DATA_DIR) dan ${file} (di DATA_DIR). Tidak ada yang diubah. Pilih satu: pakai yang lama dengan npm run ukt -- atur DATABASE_URL=sqlite:${old}, atau pindahkan yang lama keluar dari ${resolve(cwd, 'data')} agar ${file} yang dipakai.`,
    };
  }
  return {
    file: old,
    note: `Database masih di tempat lama ${old}, di luar DATA_DIR ${dataDir}, dan tetap dipakai. Agar semua data ada di satu folder: hentikan server, pindahkan ${withCompanions(old)} ke ${dataDir}, lalu jalankan server lagi.`,
  };
}
