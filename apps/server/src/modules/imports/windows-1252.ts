// Windows-1252, the code page Excel saves a plain "CSV" in on an Indonesian or English Windows.
// It is ISO-8859-1 except for 0x80–0x9F, where it holds 27 printable characters (’ “ ” – € …).
// Node 20's TextDecoder('windows-1252') decodes those bytes as ISO-8859-1 (or drops them), so the
// table is written here (WHATWG Encoding, index-windows-1252) and used on every Node.

/** The characters of bytes 0x80–0x9F; the five bytes Windows-1252 leaves free stay U+0080–U+009F. */
const HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021' +
  '\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014' +
  '\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/** The text of Windows-1252 bytes: every byte is a character, 0x80–0x9F by the table above. */
export function decodeWindows1252(bytes: Uint8Array): string {
  // Latin-1 gives every byte its own code point (U+0000–U+00FF); only 0x80–0x9F differ.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009F]/g, (c) => HIGH.charAt(c.charCodeAt(0) - 0x80));
}
