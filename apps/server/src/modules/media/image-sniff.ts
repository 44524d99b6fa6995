/** An image format recognised by its first bytes. */
export interface ImageKind {
  ext: 'png' | 'jpg' | 'webp';
  mime: string;
}

/** Every extension a stored image can have. */
export const IMAGE_EXTS: ImageKind['ext'][] = ['png', 'jpg', 'webp'];

/** The MIME type images of an extension are served with. */
export const IMAGE_MIME: Record<ImageKind['ext'], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Recognises a PNG, JPEG or WebP image by its content, never by name or declared type (like
 * audio-sniff.ts): anything else, SVG included (it can carry script), is refused.
 */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length < 12) return null;
  const kind = (ext: ImageKind['ext']): ImageKind => ({ ext, mime: IMAGE_MIME[ext] });
  if (buf.subarray(0, 8).equals(PNG_SIGNATURE)) return kind('png');
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return kind('jpg');
  if (buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return kind('webp');
  return null;
}
