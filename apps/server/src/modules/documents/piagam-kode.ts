import { randomInt } from 'node:crypto';

// The code of a piagam's public check /verifikasi/{kode} (docs/decisions/043): random, not
// derived from anything, so it cannot be guessed or enumerated; only a stored code is real.

/** Letters of a code: no 0/O or 1/I/L to misread when typed from paper. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A code's length: 20 letters of 31, about 99 bits. */
const LENGTH = 20;
const SHAPE = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);

/** A fresh code from the OS's cryptographic random source. */
export function randomKode(): string {
  let kode = '';
  for (let i = 0; i < LENGTH; i++) kode += ALPHABET[randomInt(ALPHABET.length)];
  return kode;
}

/** Whether a text has the shape of a code (anything else is not looked up). */
export const isKodeShape = (text: string) => SHAPE.test(text);
