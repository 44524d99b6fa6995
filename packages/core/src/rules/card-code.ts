/**
 * The participant card's QR (DESIGN.md §11): `UKT:<id_ukt>:<id_siswa>:<8 chars of HMAC>`, opaque
 * and holding no personal data. Only the server can sign one (it holds the secret); the examiner
 * app checks a scanned code against the card code the roster carries for that participant, so a
 * forged or foreign card is refused offline too.
 */
export interface CardCode {
  idUkt: number;
  idSiswa: number;
  signature: string;
}

const CARD_CODE = /^UKT:(\d{1,9}):(\d{1,12}):([0-9a-f]{8})$/;

/** Reads a scanned text as a card code; null when it is not one (another barcode, damage). */
export function parseCardCode(text: string): CardCode | null {
  const match = CARD_CODE.exec(text.trim());
  if (!match) return null;
  return { idUkt: Number(match[1]), idSiswa: Number(match[2]), signature: match[3] as string };
}

export function formatCardCode(code: CardCode): string {
  return `UKT:${code.idUkt}:${code.idSiswa}:${code.signature}`;
}
