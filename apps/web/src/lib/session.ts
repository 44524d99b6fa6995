import {
  type Belt,
  DEFAULT_BELT,
  type Examiner,
  isBelt,
  isPost,
  type Organisasi,
  type Peserta,
  type Post,
} from '@ukt/core';
import { useSyncExternalStore } from 'react';
import { ORG_ID } from './config';
import { getCookie, removeCookie, setCookie } from './cookies';
import { clearLogoutMessage } from './logout-notice';
import { seal, unseal } from './obfuscate';

/** The participant of the exam in progress, with the list details the card shows when known. */
export type Participant = Peserta & { no_urut?: string; nama_ranting?: string; nama_rayon?: string };

/** The persisted client state of SPEC §3/§4. */
export interface Session {
  examiner: Examiner | null;
  organisasi: Organisasi | null;
  idUkt: number | null;
  belt: Belt;
  post: Post;
  participant: Participant | null;
  /** The phone number a code was sent to: set means "code pending" (SPEC §4). */
  number: string | null;
}

/** Version of the persisted store (SPEC §9); anything stored under another version is dropped. */
export const STORE_VERSION = 2;
/** localStorage key of the persisted store, named after the organisation (SPEC §4). */
export const STORE_KEY = `persist:organisasi-${ORG_ID}`;

const EMPTY: Session = {
  examiner: null,
  organisasi: null,
  idUkt: null,
  belt: DEFAULT_BELT,
  post: 0,
  participant: null,
  number: null,
};

function load(): Session {
  const stored = unseal(localStorage.getItem(STORE_KEY)) as {
    version?: number;
    state?: Partial<Session>;
  } | null;
  if (!stored || stored.version !== STORE_VERSION || !stored.state) return EMPTY;
  const s = stored.state;
  return {
    examiner: s.examiner ?? null,
    organisasi: s.organisasi ?? null,
    idUkt: typeof s.idUkt === 'number' ? s.idUkt : null,
    belt: isBelt(s.belt) ? s.belt : DEFAULT_BELT,
    post: isPost(s.post) ? s.post : 0,
    participant: s.participant ?? null,
    number: s.number ?? null,
  };
}

let state: Session = load();
const listeners = new Set<() => void>();

function update(patch: Partial<Session>): void {
  state = { ...state, ...patch };
  localStorage.setItem(STORE_KEY, seal({ version: STORE_VERSION, state }));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session for code outside React (API client, event handlers). */
export function getSession(): Session {
  return state;
}

/** The current session; re-renders the component when it changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession);
}

/** Stores a verified login (code or link): examiner, organisation, cookies; clears the pending code. */
export function signIn(examiner: Examiner, organisasi: Organisasi, token: string, belt?: Belt): void {
  setCookie('token', token);
  setCookie('id', examiner.id_pemilih);
  setCookie('user', examiner.nama_dpt);
  removeCookie('no_wa');
  clearLogoutMessage();
  if (belt) localStorage.setItem('Sabuk', String(belt));
  update({ examiner, organisasi, number: null, ...(belt ? { belt } : {}) });
}

/** Marks a code as sent to a number (SPEC §4 'code pending'); the number also goes to a cookie. */
export function setPendingNumber(noWa: string): void {
  setCookie('no_wa', noWa);
  update({ number: noWa });
}

/** 'Ganti Nomor': forgets the pending code. */
export function clearPendingNumber(): void {
  removeCookie('no_wa');
  update({ number: null });
}

/** Chooses an event and its belt level (SPEC §4 Event). */
export function setEvent(idUkt: number, belt: Belt): void {
  localStorage.setItem('Sabuk', String(belt));
  update({ idUkt, belt });
}

/** 'Ganti Event Kegiatan': forgets the chosen event. */
export function clearEvent(): void {
  update({ idUkt: null });
}

/** Stands the examiner at a post; 0 is "none chosen". */
export function setPost(post: Post): void {
  update({ post });
}

/** Makes a participant current, or clears the current one. */
export function setParticipant(participant: Participant | null): void {
  update({ participant });
}

/** True when the token cookie is there; without it a stored login is void (SPEC §2 guard). */
export function hasToken(): boolean {
  return getCookie('token') !== null;
}

/** Logs out on this phone (SPEC §4): all localStorage, the store, the four cookies, the state. */
export function logout(): void {
  localStorage.clear();
  for (const name of ['user', 'id', 'no_wa', 'token'] as const) removeCookie(name);
  state = EMPTY;
  for (const listener of listeners) listener();
}
