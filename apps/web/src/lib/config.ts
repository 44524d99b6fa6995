import { API_PREFIX } from '@ukt/core';
/** Where the API lives: same origin, under the legacy base path (SPEC §7, DESIGN §4). */
export const API_BASE = API_PREFIX;

/** The organisation this build serves (the server's UKT_ORG_ID); the login calls carry it. */
export const ORG_ID: string = import.meta.env.VITE_ORG_ID ?? '1';

/** The organisation colour used until its config is known (SPEC §9). */
export const DEFAULT_WARNA = '#FFA500';
