import Dexie, { type EntityTable } from 'dexie';
import { randomId } from '../uuid';
import type { WrittenScore } from './score-of-write';

/**
 * A score this phone sent and the server received, kept so that the phone still shows it after a
 * reload with no signal, when the server cannot be asked (docs/decisions/127).
 */
export interface SentScore extends WrittenScore {
  /** examiner|event|participant|level|column: one row per score, the latest send wins. */
  id: string;
  examinerId: string;
  sentAt: number;
  /** The sign-in the row belongs to (SIGN_IN_KEY). */
  signIn: string;
}

const sentDb = new Dexie('ukt-terkirim') as Dexie & { scores: EntityTable<SentScore, 'id'> };

sentDb.version(1).stores({ scores: 'id, [examinerId+idUkt], signIn' });

// Logout clears the phone's state by clearing localStorage (SPEC §4), and may run before this
// module is loaded or just before the page goes away. So every row carries the id of its sign-in,
// kept in localStorage: once a logout has cleared that id, the rows are never read again, and the
// next use deletes them.
const SIGN_IN_KEY = 'nilaiTerkirim';

function currentSignIn(create: boolean): string | null {
  try {
    let id = localStorage.getItem(SIGN_IN_KEY);
    if (!id && create) {
      id = randomId();
      localStorage.setItem(SIGN_IN_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

let purgedFor: string | null | undefined;

/** Deletes the rows of earlier sign-ins, once per sign-in seen. */
async function purgeEarlierSignIns(signIn: string | null): Promise<void> {
  if (purgedFor === signIn) return;
  purgedFor = signIn;
  if (signIn) await sentDb.scores.where('signIn').notEqual(signIn).delete();
  else await sentDb.scores.clear();
}

/** Notes that the server received a score from this phone (a 2xx to its write). */
export async function recordSentScore(examinerId: string, score: WrittenScore): Promise<void> {
  const signIn = currentSignIn(true);
  if (!signIn) return;
  const id = [examinerId, score.idUkt, score.idSiswa, score.idTingkat, score.field].join('|');
  try {
    await purgeEarlierSignIns(signIn);
    await sentDb.scores.put({ ...score, id, examinerId, sentAt: Date.now(), signIn });
  } catch {
    // No IndexedDB: online the hub reads the score from the server anyway.
  }
}

/** The scores an examiner sent from this phone at an event since signing in. */
export async function sentScoresOf(examinerId: string, idUkt: number): Promise<SentScore[]> {
  const signIn = currentSignIn(false);
  try {
    await purgeEarlierSignIns(signIn);
    if (!signIn) return [];
    const rows = await sentDb.scores.where({ examinerId, idUkt }).toArray();
    return rows.filter((row) => row.signIn === signIn);
  } catch {
    return [];
  }
}
