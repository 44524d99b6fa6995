import { AUDIO_EXTS, type AudioKind } from './audio-sniff';
import type { MediaFile, MediaStore } from './media.store';

/** Which recording: the event, participant and KSHAN question (1 or 2). All numbers, never user text. */
export interface AudioKey {
  id_ukt: number;
  id_siswa: number;
  id_soal: number;
}

/** A recording's name in the media store: audio/{id_ukt}/{id_siswa}-{id_soal}.{ext}. */
const nameOf = (key: AudioKey, ext: AudioKind['ext']) =>
  `audio/${key.id_ukt}/${key.id_siswa}-${key.id_soal}.${ext}`;

/**
 * Stores a recording under a server-made name (docs/decisions/164: a file in DATA_DIR on SQLite, a
 * row on PostgreSQL); a reader never sees half of it, and a new take replaces the old in one step.
 */
export async function saveAudio(
  media: MediaStore,
  key: AudioKey,
  kind: AudioKind,
  data: Buffer,
): Promise<void> {
  const others = AUDIO_EXTS.filter((ext) => ext !== kind.ext).map((ext) => nameOf(key, ext));
  await media.put(nameOf(key, kind.ext), data, kind.mime, others);
}

/** The stored recording of a key and its extension, or null. */
export async function findAudio(
  media: MediaStore,
  key: AudioKey,
): Promise<(MediaFile & { ext: AudioKind['ext'] }) | null> {
  for (const ext of AUDIO_EXTS) {
    const found = await media.open(nameOf(key, ext));
    if (found) return { ...found, ext };
  }
  return null;
}
