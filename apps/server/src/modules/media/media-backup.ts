import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { mediaTableExists } from './media.repository';
import { databaseMediaStore, isMediaName, typeOfName } from './media.store';

// Backups carry recordings and images as files under data/, named as in DATA_DIR, whichever
// database they came from (docs/decisions/164): a PostgreSQL installation's rows are written out
// as those files, and a restore into PostgreSQL reads them back into rows. So an archive moves
// between SQLite and PostgreSQL both ways, as before.

/** The table the backup leaves out of its rows: its content travels as data files instead. */
export const MEDIA_TABLE = 'berkas_media';

/** Writes every stored row of berkas_media to `dir`/{name}, a part at a time; answers the names. */
export async function stageMediaRows(db: Kysely<Database>, dir: string): Promise<string[]> {
  if (!(await mediaTableExists(db))) return [];
  const media = databaseMediaStore(db);
  const written: string[] = [];
  for (const name of await media.list()) {
    const file = await media.open(name);
    if (!file) continue; // removed since the list was read
    const to = join(dir, ...name.split('/'));
    await mkdir(dirname(to), { recursive: true });
    await pipeline(file.stream(), createWriteStream(to));
    written.push(name);
  }
  return written;
}

/** The data files of an archive that are media (the rest stay files in DATA_DIR). */
export const mediaNamesOf = (names: readonly string[]) => names.filter(isMediaName);

/** Stores the archive's media files from `dir` as rows of berkas_media, one at a time. */
export async function restoreMediaRows(db: Kysely<Database>, dir: string, names: readonly string[]) {
  const media = databaseMediaStore(db);
  for (const name of names) {
    await media.put(name, await readFile(join(dir, ...name.split('/'))), typeOfName(name));
  }
}
