import { join } from 'node:path';

// Where a test finds the code it reads and the files it checks, wherever in test/ the test sits.

/** apps/server: the folder `npm start` runs in. */
export const SERVER_DIR = join(import.meta.dirname, '..', '..');
/** apps/server/src. */
export const SRC_DIR = join(SERVER_DIR, 'src');
/** The repository's root folder. */
export const ROOT_DIR = join(SERVER_DIR, '..', '..');
