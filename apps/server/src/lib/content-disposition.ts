// A download's file name for any name a file can have (RFC 6266): `filename*` carries it exactly,
// in UTF-8; `filename` is an ASCII stand-in for clients that read only that. Node refuses a header
// with characters outside Latin-1, so a name written raw (an accented participant, a backup
// renamed by hand) made the answer a 500.

/** RFC 5987's attr-char: what `filename*` may carry unescaped. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/** The name percent-encoded as RFC 5987 asks (encodeURIComponent leaves ' ( ) * as they are). */
const encoded = (name: string) =>
  Array.from(new TextEncoder().encode(name), (byte) => {
    const char = String.fromCharCode(byte);
    return byte < 0x80 && ATTR_CHAR.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');

/**
 * The name in printable ASCII for `filename="…"`: anything else, a quote, a backslash or a percent
 * sign (some clients decode `%41`) becomes `_`.
 */
const fallback = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');

/** The Content-Disposition of a download saved as `name`. */
export const attachment = (name: string) =>
  `attachment; filename="${fallback(name)}"; filename*=UTF-8''${encoded(name)}`;
