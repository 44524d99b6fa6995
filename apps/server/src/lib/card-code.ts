import { type CardCode, formatCardCode, parseCardCode } from '@ukt/core';
import { hmac, sameDigest } from './crypto';

const signature = (secret: string, idUkt: number, idSiswa: number) =>
  hmac(secret, 'kartu-peserta', String(idUkt), String(idSiswa)).slice(0, 8);

/** The signed code printed as the QR of a participant's card (DESIGN.md §11). */
export function signCardCode(secret: string, idUkt: number, idSiswa: number): string {
  return formatCardCode({ idUkt, idSiswa, signature: signature(secret, idUkt, idSiswa) });
}

/** The code's event and participant when it is a genuine card code; null for anything else. */
export function verifyCardCode(secret: string, text: string): CardCode | null {
  const code = parseCardCode(text);
  if (!code) return null;
  return sameDigest(code.signature, signature(secret, code.idUkt, code.idSiswa)) ? code : null;
}
