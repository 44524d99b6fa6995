// Upload bodies as the phone and the console send them (recordings, images).

/** One file part; the name, file name and type default per kind of upload. */
export interface FilePart {
  name?: string;
  data: Buffer;
  filename?: string;
  type?: string;
}

/** A multipart body with text fields and file parts, each part's gaps filled from `defaults`. */
function encode(
  fields: Record<string, string>,
  files: FilePart[],
  defaults: Required<Omit<FilePart, 'data'>>,
) {
  const boundary = '----ukt-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? defaults.name}"; filename="${file.filename ?? defaults.filename}"\r\nContent-Type: ${file.type ?? defaults.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A recording upload: the text fields and an optional audio part (a webm file by default). */
export const multipart = (fields: Record<string, string>, file?: FilePart) =>
  encode(fields, file ? [file] : [], { name: 'audio', filename: 'rekaman.webm', type: 'audio/webm' });

/** An image upload of the console: image parts named `gambar` (PNG by default), and text fields. */
export const multipartImages = (files: FilePart[], fields: Record<string, string> = {}) =>
  encode(fields, files, { name: 'gambar', filename: 'gambar.png', type: 'image/png' });

/** A spreadsheet upload of the console: the text fields, then one file part named `berkas`. */
export const multipartSheet = (
  filename: string,
  data: Buffer | string,
  fields: Record<string, string> = {},
) =>
  encode(fields, [{ data: Buffer.isBuffer(data) ? data : Buffer.from(data) }], {
    name: 'berkas',
    filename,
    type: 'application/octet-stream',
  });
