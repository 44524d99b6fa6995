import { useSyncExternalStore } from 'react';
import { getSession, useSession } from './session';

// 'Kunci aplikasi' (DESIGN §12, docs/decisions/080): the examiner sets a 4-digit PIN; once locked,
// the app asks for it before anything else, across reloads. Only a salted PBKDF2 hash of the PIN
// is kept, per examiner, in localStorage, which sign-out clears: a forgotten PIN means signing out.

/** How many digits a PIN has. */
export const PIN_LENGTH = 4;

interface LockRecord {
  salt: string;
  hash: string;
  locked: boolean;
}

const keyOf = (examinerId: string) => `ukt:kunci:${examinerId}`;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the app locking or unlocking.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(examinerId: string): LockRecord | null {
  try {
    const value = JSON.parse(localStorage.getItem(keyOf(examinerId)) ?? 'null') as Partial<LockRecord> | null;
    if (!value || typeof value.salt !== 'string' || typeof value.hash !== 'string') return null;
    return { salt: value.salt, hash: value.hash, locked: value.locked === true };
  } catch {
    return null;
  }
}

function write(examinerId: string, record: LockRecord): void {
  localStorage.setItem(keyOf(examinerId), JSON.stringify(record));
  notify();
}

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** PBKDF2-SHA-256 of the PIN, salted and bound to the examiner (WebCrypto, a secure context). */
async function hashPin(pin: string, salt: string, examinerId: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: new TextEncoder().encode(`${salt}:${examinerId}`),
      iterations: 100_000,
    },
    key,
    256,
  );
  return hex(bits);
}

/** True when this browser can hash a PIN (WebCrypto needs https or localhost). */
export function canLock(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.deriveBits === 'function';
}

/** True when the text is a whole PIN: exactly PIN_LENGTH digits. */
export function isPin(text: string): boolean {
  return new RegExp(`^\\d{${PIN_LENGTH}}$`).test(text);
}

/** The signed-in examiner's lock: whether a PIN is set and whether the app is locked now. */
export function useAppLock(): { hasPin: boolean; locked: boolean } {
  const examinerId = useSession().examiner?.id_pemilih ?? '';
  // A string snapshot: useSyncExternalStore needs a stable value between changes.
  const snapshot = useSyncExternalStore(subscribe, () => {
    const record = examinerId ? read(examinerId) : null;
    return record ? (record.locked ? 'locked' : 'set') : 'none';
  });
  return { hasPin: snapshot !== 'none', locked: snapshot === 'locked' };
}

/** Stores a new PIN for the signed-in examiner (its hash only) and locks the app at once. */
export async function setPinAndLock(pin: string): Promise<void> {
  const examinerId = getSession().examiner?.id_pemilih;
  if (!examinerId || !isPin(pin)) throw new Error('PIN harus 4 angka.');
  const salt = hex(crypto.getRandomValues(new Uint8Array(16)));
  write(examinerId, { salt, hash: await hashPin(pin, salt, examinerId), locked: true });
}

/** Locks the app with the PIN already set. */
export function lockNow(): void {
  const examinerId = getSession().examiner?.id_pemilih;
  const record = examinerId ? read(examinerId) : null;
  if (examinerId && record) write(examinerId, { ...record, locked: true });
}

/** Unlocks when the PIN matches the stored hash; resolves false for a wrong PIN. */
export async function unlock(pin: string): Promise<boolean> {
  const examinerId = getSession().examiner?.id_pemilih;
  const record = examinerId ? read(examinerId) : null;
  if (!examinerId || !record) return true;
  if (!isPin(pin) || (await hashPin(pin, record.salt, examinerId)) !== record.hash) return false;
  write(examinerId, { ...record, locked: false });
  return true;
}
