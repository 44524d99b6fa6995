import { randomBytes } from 'node:crypto';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AUDIO_EXTS, type AudioKind } from './audio-sniff';

/** Which recording: the event, participant and KSHAN question (1 or 2). All numbers, never user text. */
export interface AudioKey {
  id_ukt: number;
  id_siswa: number;
  id_soal: number;
}

const dirOf = (dataDir: string, key: AudioKey) => join(dataDir, 'audio', String(key.id_ukt));
const baseOf = (key: AudioKey) => `${key.id_siswa}-${key.id_soal}`;

/**
 * Stores a recording under a server-made name (DATA_DIR/audio/{id_ukt}/{id_siswa}-{id_soal}.{ext}),
 * written to a temporary file first so a reader never sees half a file; a new take replaces the old.
 */
export async function saveAudio(
  dataDir: string,
  key: AudioKey,
  kind: AudioKind,
  data: Buffer,
): Promise<void> {
  const dir = dirOf(dataDir, key);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${baseOf(key)}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temp, data).catch(async (error: unknown) => {
    // A full disk leaves part of the file behind: give that space back (docs/decisions/100).
    await unlink(temp).catch(() => undefined);
    throw error;
  });
  for (const ext of AUDIO_EXTS) {
    if (ext !== kind.ext) await unlink(join(dir, `${baseOf(key)}.${ext}`)).catch(() => undefined);
  }
  await rename(temp, join(dir, `${baseOf(key)}.${kind.ext}`));
}

/** The stored recording of a key: its path and extension, or null. */
export async function findAudio(
  dataDir: string,
  key: AudioKey,
): Promise<{ path: string; ext: AudioKind['ext'] } | null> {
  for (const ext of AUDIO_EXTS) {
    const path = join(dirOf(dataDir, key), `${baseOf(key)}.${ext}`);
    if (
      await stat(path).then(
        () => true,
        () => false,
      )
    )
      return { path, ext };
  }
  return null;
}
