/** An audio container recognised by its first bytes. */
export interface AudioKind {
  ext: 'webm' | 'ogg' | 'm4a' | 'mp4' | 'wav' | 'mp3';
  mime: string;
}

/** Every extension a stored recording can have. */
export const AUDIO_EXTS: AudioKind['ext'][] = ['webm', 'ogg', 'm4a', 'mp4', 'wav', 'mp3'];

/** The MIME type recordings of an extension are served with. */
export const AUDIO_MIME: Record<AudioKind['ext'], string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

const ascii = (buf: Buffer, from: number, to: number) => buf.subarray(from, to).toString('latin1');

/**
 * Recognises an audio recording by its content (DESIGN §4: never by name or declared type):
 * WebM/Matroska (what Chrome records), Ogg, MP4/M4A (Safari), WAV and MP3.
 */
export function sniffAudio(buf: Buffer): AudioKind | null {
  if (buf.length < 12) return null;
  const kind = (ext: AudioKind['ext']): AudioKind => ({ ext, mime: AUDIO_MIME[ext] });
  if (buf.readUInt32BE(0) === 0x1a45dfa3) return kind('webm');
  if (ascii(buf, 0, 4) === 'OggS') return kind('ogg');
  if (ascii(buf, 4, 8) === 'ftyp') return kind(ascii(buf, 8, 11) === 'M4A' ? 'm4a' : 'mp4');
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WAVE') return kind('wav');
  if (ascii(buf, 0, 3) === 'ID3') return kind('mp3');
  // A bare MPEG audio frame: 11 sync bits, then a layer that is not 'reserved'.
  if (buf[0] === 0xff && ((buf[1] as number) & 0xe0) === 0xe0 && ((buf[1] as number) & 0x06) !== 0)
    return kind('mp3');
  return null;
}
