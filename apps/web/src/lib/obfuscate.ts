// SPEC §9 says the persisted store is "encrypted" with a fixed secret shipped in the app. A key
// that every copy of the app carries protects nothing, so this is obfuscation: it keeps the
// examiner's data from being read at a glance in devtools, not from a determined reader
// (docs/decisions/031-persisted-session.md).
const KEY = 'ukt-penguji/store/v2';

function xor(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = (bytes[i] ?? 0) ^ KEY.charCodeAt(i % KEY.length);
  return out;
}

/** Turns a JSON-able value into the obfuscated text stored in localStorage. */
export function seal(value: unknown): string {
  const bytes = xor(new TextEncoder().encode(JSON.stringify(value)));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Reads back what seal() wrote; null when the text is missing or damaged. */
export function unseal(text: string | null): unknown {
  if (!text) return null;
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(xor(bytes)));
  } catch {
    return null;
  }
}
